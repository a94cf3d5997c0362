import type { ComponentProps, ReactNode } from 'react';
import { SpinnerGlyph, type SpinnerSize } from './Spinner';

type SubmitButtonProps = Omit<ComponentProps<'button'>, 'children'> & {
  /** True while the action runs: the button shows a spinner and cannot be pressed again. */
  pending: boolean;
  children: ReactNode;
  /** What the button reads while pending, e.g. "Processing…"; its usual text if unset. */
  pendingLabel?: ReactNode;
  spinnerSize?: SpinnerSize;
};

/**
 * The button that starts a request: a spinner and disabled while it runs, so one press is one request.
 * A form's submit button unless `type` says otherwise (row actions, the confirm button of a dialog).
 */
export function SubmitButton({
  pending,
  children,
  pendingLabel,
  spinnerSize = 'sm',
  className = 'btn-primary',
  type = 'submit',
  disabled = false,
  ...buttonProps
}: SubmitButtonProps) {
  return (
    <button
      type={type}
      className={`btn ${className}`}
      disabled={pending || disabled}
      aria-busy={pending || undefined}
      {...buttonProps}
    >
      {pending ? <SpinnerGlyph size={spinnerSize} /> : null}
      {pending && pendingLabel !== undefined ? pendingLabel : children}
    </button>
  );
}
