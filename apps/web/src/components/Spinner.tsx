import { webMessages } from '../lib/webMessages';

const sizes = {
  sm: 'loading-sm',
  md: 'loading-md',
  lg: 'loading-lg',
} as const;

interface SpinnerProps {
  /** Read by screen readers; the spinner itself is decorative. */
  label?: string;
  size?: keyof typeof sizes;
  className?: string;
}

export function Spinner({ label = webMessages.loading, size = 'md', className = '' }: SpinnerProps) {
  return (
    // The label names the region (for queries and landmarks); the hidden text is what gets announced.
    <span role="status" aria-label={label} className={`inline-flex items-center text-primary ${className}`}>
      <span className={`loading loading-spinner ${sizes[size]}`} aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/**
 * A spinner centred in the space a page would take, so the layout does not jump. While one is on
 * screen the site footer is left out (index.css), so the arriving page does not push it down.
 */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className="grid min-h-[50vh] place-items-center" data-page-loading>
      <Spinner size="lg" label={label} />
    </div>
  );
}
