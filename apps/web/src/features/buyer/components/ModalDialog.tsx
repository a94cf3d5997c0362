import {
  useEffect,
  useId,
  useRef,
  type MouseEvent,
  type ReactNode,
  type RefObject,
  type SyntheticEvent,
} from 'react';

interface ModalDialogProps {
  title: string;
  /** Called for every way of closing: Esc, the close button, the backdrop. */
  onClose: () => void;
  /** Gets focus back when the dialog goes away, e.g. the button that opened it. */
  returnFocusRef: RefObject<HTMLElement | null>;
  /** While true, Esc and the backdrop do not close the dialog (a request is under way). */
  busy?: boolean;
  /** Wider box for lists. */
  wide?: boolean;
  children: ReactNode;
}

/**
 * A modal on the native <dialog>, mounted while open: the browser traps focus, closes on Esc and makes
 * the page behind inert. Focus starts on the element marked `data-autofocus` (or the first control)
 * and returns to the opener when the dialog unmounts.
 */
export function ModalDialog({
  title,
  onClose,
  returnFocusRef,
  busy = false,
  wide = false,
  children,
}: ModalDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    const opener = returnFocusRef;
    return () => {
      if (dialog.open) dialog.close();
      opener.current?.focus();
    };
  }, [returnFocusRef]);

  const handleCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    if (busy) event.preventDefault();
  };

  // The dialog element itself is the dimmed area around the box: a click there closes it.
  const handleBackdropClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget && !busy) onClose();
  };

  return (
    <dialog
      ref={dialogRef}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      onClose={onClose}
      onCancel={handleCancel}
      onClick={handleBackdropClick}
    >
      <div className={`modal-box ${wide ? 'sm:max-w-2xl' : ''}`}>
        <div className="mb-4 flex items-start justify-between gap-4">
          <h2 id={titleId} className="font-display text-xl font-bold">
            {title}
          </h2>
          <button
            type="button"
            className="btn btn-sm btn-circle btn-ghost -mr-2 -mt-1 shrink-0"
            aria-label="Close"
            onClick={onClose}
            disabled={busy}
          >
            <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}
