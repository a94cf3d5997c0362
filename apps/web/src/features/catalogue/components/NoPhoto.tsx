import { t } from '@furniture-mart/shared';

/** Stands in for a product without photos, so every card keeps the same shape. */
export function NoPhoto({ className = '' }: { className?: string }) {
  return (
    <svg viewBox="0 0 400 300" className={className} role="img" aria-label={t('product.noPhoto')}>
      <rect width="400" height="300" fill="#f7efe4" />
      <rect x="130" y="110" width="140" height="70" rx="18" fill="#e9dccb" />
      <rect x="112" y="150" width="36" height="62" rx="14" fill="#e0cfb8" />
      <rect x="252" y="150" width="36" height="62" rx="14" fill="#e0cfb8" />
      <rect x="140" y="172" width="120" height="36" rx="10" fill="#e9dccb" />
      <rect x="124" y="210" width="8" height="18" rx="3" fill="#d6c2a6" />
      <rect x="268" y="210" width="8" height="18" rx="3" fill="#d6c2a6" />
    </svg>
  );
}
