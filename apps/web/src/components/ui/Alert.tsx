import { useEffect, useRef, type ReactNode } from 'react';
import { t } from '@furniture-mart/shared';

const tones = {
  error: 'alert-error',
  success: 'alert-success',
  info: 'alert-info',
  warning: 'alert-warning',
} as const;

export type AlertTone = keyof typeof tones;

interface AlertProps {
  tone: AlertTone;
  /** The message; nothing is rendered while it is empty, so a form can always place its alert. */
  children: ReactNode;
  /**
   * How it is announced: `alert` interrupts (failures, and warnings that block the task), `status`
   * waits its turn. Errors are alerts and the rest statuses unless told.
   */
  role?: 'alert' | 'status';
  /** A button or link at the end, e.g. "Go to My Orders". */
  action?: ReactNode;
  /** Adds a "Try again" button, for a failed load. */
  onRetry?: () => void;
  /** Moves focus to the alert when it appears, for a failure whose cause the person must read first. */
  takeFocus?: boolean;
  className?: string;
  'data-testid'?: string;
}

/** A message in a coloured box: form and load failures, confirmations, notices. */
export function Alert({
  tone,
  children,
  role = tone === 'error' ? 'alert' : 'status',
  action,
  onRetry,
  takeFocus = false,
  className = '',
  'data-testid': testId,
}: AlertProps) {
  const ref = useRef<HTMLDivElement>(null);
  const empty = children === null || children === undefined || children === false || children === '';

  useEffect(() => {
    if (takeFocus && !empty) ref.current?.focus();
  }, [takeFocus, empty, children]);

  if (empty) return null;
  const hasActions = Boolean(action) || Boolean(onRetry);
  return (
    <div
      ref={ref}
      role={role}
      tabIndex={takeFocus ? -1 : undefined}
      data-testid={testId}
      className={`alert ${tones[tone]} alert-soft ${hasActions ? 'flex flex-wrap justify-between gap-3' : ''} ${takeFocus ? 'focus:outline-none' : ''} ${className}`}
    >
      <span>{children}</span>
      {hasActions ? (
        <span className="flex flex-wrap gap-2">
          {action}
          {onRetry ? (
            <button type="button" className="btn btn-sm" onClick={onRetry}>
              {t('ui.tryAgain')}
            </button>
          ) : null}
        </span>
      ) : null}
    </div>
  );
}
