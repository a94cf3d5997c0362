/** The dialogs' `Submit` button: reads `Submit...` and cannot be pressed again while sending. */
export function SubmitButton({ sending, className = '' }: { sending: boolean; className?: string }) {
  return (
    <button
      type="submit"
      className={`btn btn-primary ${className}`}
      disabled={sending}
      aria-busy={sending || undefined}
    >
      {sending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
      {sending ? 'Submit...' : 'Submit'}
    </button>
  );
}
