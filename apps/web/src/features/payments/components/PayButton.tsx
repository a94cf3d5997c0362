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

/** The provider's own words for a refused card, right under the form. */
export function CardError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div role="alert" className="alert alert-error alert-soft" data-testid="card-error">
      <span>{message}</span>
    </div>
  );
}
