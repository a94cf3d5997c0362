/** A table row's action: shows a spinner and is disabled while that row's request runs. */
export function RowActionButton({
  label,
  name,
  busy,
  danger = false,
  onClick,
}: {
  label: string;
  /** Whose row it is, for the accessible name ("Delete Ann"). */
  name: string;
  busy: boolean;
  danger?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={danger ? 'btn btn-error btn-outline btn-sm' : 'btn btn-primary btn-sm'}
      aria-label={`${label} ${name}`}
      onClick={onClick}
      disabled={busy}
    >
      {busy ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
      {label}
    </button>
  );
}
