import { t } from '@furniture-mart/shared';
interface VerifiedMarkProps {
  /**
   * `icon`: the check-badge after a seller's name, read out as its label. `badge`: a green pill with a
   * check and the label in words, for tables and headers.
   */
  variant?: 'icon' | 'badge';
  /** What it says; "verified seller" for the icon, "verified" for the badge. */
  label?: string;
  size?: 'sm' | 'md';
}

/** Marks something checked by the marketplace: a verified seller, a confirmed email. */
export function VerifiedMark({ variant = 'icon', label, size = 'md' }: VerifiedMarkProps) {
  if (variant === 'badge') {
    return (
      <span
        className={`badge badge-success badge-soft gap-1 font-semibold ${size === 'sm' ? 'badge-sm' : ''}`}
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-3.5" fill="currentColor">
          <path
            fillRule="evenodd"
            d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z"
            clipRule="evenodd"
          />
        </svg>
        {label ?? t('ui.verified')}
      </span>
    );
  }
  const name = label ?? t('ui.verifiedSeller');
  return (
    <svg
      viewBox="0 0 20 20"
      className={`inline-block shrink-0 text-info ${size === 'sm' ? 'h-3.5 w-3.5' : 'h-4 w-4'}`}
      role="img"
      aria-label={name}
    >
      <title>{name}</title>
      <path
        fill="currentColor"
        d="M10 1.5l2.1 1.6 2.6-.2.9 2.5 2.3 1.3-.6 2.6 1.1 2.4-2 1.7-.4 2.6-2.6.4-1.7 2-2.4-1.1-2.6.6-1.3-2.3-2.5-.9.2-2.6L1.5 10l1.6-2.1-.2-2.6 2.5-.9 1.3-2.3 2.6.6z"
      />
      <path
        d="M6.5 10.2l2.3 2.3 4.7-4.9"
        fill="none"
        stroke="#fff"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
