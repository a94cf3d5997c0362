import { webMessages } from '@furniture-mart/shared';

const sizes = {
  xs: 'loading-xs',
  sm: 'loading-sm',
  md: 'loading-md',
  lg: 'loading-lg',
} as const;

export type SpinnerSize = keyof typeof sizes;

/** The turning circle alone, hidden from assistive technology: for buttons that say what is going on. */
export function SpinnerGlyph({ size = 'sm' }: { size?: SpinnerSize }) {
  return <span className={`loading loading-spinner ${sizes[size]}`} aria-hidden="true" />;
}

interface SpinnerProps {
  /** Read by screen readers; the spinner itself is decorative. */
  label?: string;
  size?: SpinnerSize;
  className?: string;
}

/** Something is loading: a spinner announced as a status with its label. */
export function Spinner({ label = webMessages.loading, size = 'md', className = '' }: SpinnerProps) {
  return (
    // The label names the region (for queries and landmarks); the hidden text is what gets announced.
    <span role="status" aria-label={label} className={`inline-flex items-center text-primary ${className}`}>
      <SpinnerGlyph size={size} />
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
