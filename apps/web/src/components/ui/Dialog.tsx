import {
  useEffect,
  useId,
  useRef,
  type MouseEvent,
  type ReactNode,
  type RefObject,
  type SyntheticEvent,
} from 'react';
import { t } from '@furniture-mart/shared';

const sizes = {
  md: '',
  lg: 'sm:max-w-2xl',
  xl: 'max-w-5xl',
} as const;

export interface DialogProps {
  /** Names the dialog; shown as its heading unless `header` is false. */
  title: string;
  /** Called for every way of closing it: Esc, the close button, a click beside the box. */
  onClose: () => void;
  /** Shown while true (default); a dialog kept mounted can animate out when it turns false. */
  open?: boolean;
  /** While true, Esc, the close button and the backdrop do nothing (a request is under way). */
  busy?: boolean;
  size?: keyof typeof sizes;
  /**
   * False when the content draws its own heading and close button (a layout of its own); the title
   * still names the dialog for assistive technology.
   */
  header?: boolean;
  /** False where the content has its own way out, e.g. a confirmation's Cancel. */
  closeButton?: boolean;
  /**
   * Gets focus back when the dialog closes, read at that moment (so it may point at what replaced the
   * opener); the element focused when it opened if unset or empty.
   */
  returnFocusRef?: RefObject<HTMLElement | null>;
  /** The id of the text that describes the dialog, e.g. a confirmation's question. */
  describedBy?: string;
  /** Extra classes for the box, e.g. a padding-free layout. */
  boxClassName?: string;
  children: ReactNode;
}

/**
 * A modal on the native <dialog>: the browser traps focus, closes on Esc and makes the page behind
 * inert. Focus starts on the element marked `data-autofocus` (or the first control) and returns to the
 * opener when the dialog closes or unmounts.
 */
export function Dialog({
  title,
  onClose,
  open = true,
  busy = false,
  size = 'md',
  header = true,
  closeButton = true,
  returnFocusRef,
  describedBy,
  boxClassName = '',
  children,
}: DialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openRef = useRef(open);
  const titleId = useId();

  useEffect(() => {
    openRef.current = open;
    const dialog = dialogRef.current;
    if (!dialog || !open) return;
    const opener =
      returnFocusRef?.current ??
      (document.activeElement instanceof HTMLElement ? document.activeElement : null);
    if (!dialog.open) dialog.showModal();
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => {
      // Our own close is no news to the parent, whenever the browser reports it.
      openRef.current = false;
      if (dialog.open) dialog.close();
      // Read now on purpose: the opener's place may hold another element by now (Book Now replaced by
      // the link to the order it made).
      // eslint-disable-next-line react-hooks/exhaustive-deps
      (returnFocusRef?.current ?? opener)?.focus();
    };
  }, [open, returnFocusRef]);

  // Fires for every close, ours included; only one the parent did not ask for is reported.
  const handleClose = () => {
    if (openRef.current) onClose();
  };

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
      aria-labelledby={header ? titleId : undefined}
      aria-label={header ? undefined : title}
      aria-describedby={describedBy}
      onClose={handleClose}
      onCancel={handleCancel}
      onClick={handleBackdropClick}
    >
      <div className={`modal-box ${sizes[size]} ${boxClassName}`}>
        {header ? (
          <div className="mb-4 flex items-start justify-between gap-4">
            <h2 id={titleId} className="font-display text-xl font-bold">
              {title}
            </h2>
            {closeButton ? (
              <button
                type="button"
                className="btn btn-sm btn-circle btn-ghost -mr-2 -mt-1 shrink-0"
                aria-label={t('dialog.close')}
                onClick={onClose}
                disabled={busy}
              >
                <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true" focusable="false">
                  <path
                    d="M6 6l12 12M18 6L6 18"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                  />
                </svg>
              </button>
            ) : null}
          </div>
        ) : null}
        {children}
      </div>
    </dialog>
  );
}
