/** A failure inside a dialog, announced to screen readers as soon as it appears. */
export function DialogAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div role="alert" className="alert alert-error alert-soft">
      <span>{message}</span>
    </div>
  );
}
