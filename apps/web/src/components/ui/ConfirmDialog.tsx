import { useCallback, useId, useState, type ReactNode } from 'react';
import { Dialog } from './Dialog';
import { SubmitButton } from './SubmitButton';
import { t } from '@furniture-mart/shared';

export interface ConfirmOptions {
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Styles the confirm button as dangerous (deletions). */
  destructive?: boolean;
}

interface ConfirmDialogProps extends ConfirmOptions {
  open: boolean;
  /** While true the buttons are disabled and Esc does nothing, e.g. during the request. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before an action: focus starts on the safe choice, and every way out but Confirm is a cancel. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = t('ui.confirm'),
  cancelLabel = t('ui.cancel'),
  destructive = false,
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const messageId = useId();
  return (
    <Dialog
      title={title}
      open={open}
      onClose={onCancel}
      busy={busy}
      closeButton={false}
      describedBy={messageId}
    >
      <div id={messageId} className="text-base-content/80">
        {message}
      </div>
      <div className="modal-action">
        <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={busy} data-autofocus>
          {cancelLabel}
        </button>
        <SubmitButton
          type="button"
          pending={busy}
          className={destructive ? 'btn-error' : 'btn-primary'}
          onClick={onConfirm}
        >
          {confirmLabel}
        </SubmitButton>
      </div>
    </Dialog>
  );
}

interface PendingConfirm {
  options: ConfirmOptions;
  open: boolean;
  resolve: (confirmed: boolean) => void;
}

/**
 * Promise-style confirmation: `if (await confirm({...})) remove()`.
 * Render the returned element once in the component that calls `confirm`.
 */
export function useConfirm(): [(options: ConfirmOptions) => Promise<boolean>, ReactNode] {
  const [pending, setPending] = useState<PendingConfirm | null>(null);

  const confirm = useCallback(
    (options: ConfirmOptions) =>
      new Promise<boolean>((resolve) => {
        setPending({ options, open: true, resolve });
      }),
    [],
  );

  const settle = (confirmed: boolean) => {
    if (!pending?.open) return;
    pending.resolve(confirmed);
    // Keep the text while the dialog animates out.
    setPending({ ...pending, open: false });
  };

  const element = pending ? (
    <ConfirmDialog
      {...pending.options}
      open={pending.open}
      onConfirm={() => settle(true)}
      onCancel={() => settle(false)}
    />
  ) : null;

  return [confirm, element];
}
