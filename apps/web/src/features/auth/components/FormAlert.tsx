/** A form-level failure, announced to screen readers as soon as it appears. */
export function FormAlert({ message, tone = 'error' }: { message: string | null; tone?: 'error' | 'info' }) {
  if (!message) return null;
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`alert ${tone === 'error' ? 'alert-error' : 'alert-info'} alert-soft`}
    >
      <span>{message}</span>
    </div>
  );
}
