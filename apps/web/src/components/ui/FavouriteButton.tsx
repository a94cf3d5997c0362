import { t } from '@furniture-mart/shared';
interface FavouriteButtonProps {
  /** Saved now. */
  saved: boolean;
  /** What is saved, for the accessible name ("Save <title> to favourites"). */
  title: string;
  onToggle: () => void;
  pending?: boolean;
  /** `icon`: a round heart on a card; `button`: a heart with its words, on a product page. */
  variant?: 'icon' | 'button';
  className?: string;
}

/** The heart: a toggle button whose pressed state says whether the item is among the favourites. */
export function FavouriteButton({
  saved,
  title,
  onToggle,
  pending = false,
  variant = 'icon',
  className = '',
}: FavouriteButtonProps) {
  const name = saved ? t('favourites.remove', { title }) : t('favourites.save', { title });
  const heart = (
    <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true" focusable="false">
      <path
        fill={saved ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
        d="M12 20.5s-7.5-4.6-9.3-9.4C1.4 7.6 3.7 4 7.3 4c2 0 3.5 1.1 4.7 2.7C13.2 5.1 14.7 4 16.7 4c3.6 0 5.9 3.6 4.6 7.1-1.8 4.8-9.3 9.4-9.3 9.4z"
      />
    </svg>
  );
  const tone = saved ? 'text-error' : 'text-base-content/80';
  if (variant === 'button') {
    return (
      <button
        type="button"
        className={`btn btn-outline ${tone} ${className}`}
        aria-pressed={saved}
        aria-label={name}
        aria-busy={pending || undefined}
        disabled={pending}
        onClick={onToggle}
      >
        {heart}
        <span aria-hidden="true">{saved ? t('favourites.saved') : t('favourites.saveShort')}</span>
      </button>
    );
  }
  return (
    <button
      type="button"
      className={`btn btn-circle btn-sm border-base-300 bg-base-100 ${tone} ${className}`}
      aria-pressed={saved}
      aria-label={name}
      aria-busy={pending || undefined}
      disabled={pending}
      onClick={onToggle}
    >
      {heart}
    </button>
  );
}
