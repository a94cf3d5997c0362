import { useEffect, useRef } from 'react';

interface PayButtonProps {
  processing: boolean;
  disabled?: boolean;
  amountLabel: string;
}

/** Disabled while a payment is on its way, so one click cannot become two charges. */
export function PayButton({ processing, disabled = false, amountLabel }: PayButtonProps) {
  return (
    <button
      type="submit"
      className="btn btn-primary w-full"
      disabled={processing || disabled}
      aria-busy={processing}
    >
      {processing ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
      {processing ? 'Processing…' : `Pay ${amountLabel}`}
    </button>
  );
}

/**
 * The provider's own words for a refused card, right under the form. It takes the focus (the Pay button
 * it came from was disabled meanwhile), so keyboard and screen-reader users land on the reason.
 */
export function CardError({ message }: { message: string | null }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (message) ref.current?.focus();
  }, [message]);
  if (!message) return null;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      className="alert alert-error alert-soft focus:outline-none"
      data-testid="card-error"
    >
      <span>{message}</span>
    </div>
  );
}
