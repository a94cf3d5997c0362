import { useRef, useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from './Dialog';

/** A page with a button that opens the dialog, as the features use it. */
function Opener({ busy = false, onClose }: { busy?: boolean; onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button ref={buttonRef} type="button" onClick={() => setOpen(true)}>
        Book Now
      </button>
      {open ? (
        <Dialog
          title="Book Now"
          busy={busy}
          returnFocusRef={buttonRef}
          onClose={() => {
            onClose?.();
            setOpen(false);
          }}
        >
          <input aria-label="Name" />
          <input aria-label="Phone" data-autofocus />
        </Dialog>
      ) : null}
    </>
  );
}

/** Book Now replaced by a link to the order while the dialog is open, as a booking does. */
function ReplacedOpener() {
  const [open, setOpen] = useState(false);
  const [booked, setBooked] = useState(false);
  const slotRef = useRef<HTMLElement | null>(null);
  const slot = (element: HTMLElement | null) => {
    slotRef.current = element;
  };
  return (
    <>
      {booked ? (
        <a ref={slot} href="/dashboard/orders/1">
          Open your order
        </a>
      ) : (
        <button ref={slot} type="button" onClick={() => setOpen(true)}>
          Book Now
        </button>
      )}
      {open ? (
        <Dialog title="Book Now" returnFocusRef={slotRef} onClose={() => setOpen(false)}>
          <button type="button" onClick={() => setBooked(true)}>
            Submit
          </button>
        </Dialog>
      ) : null}
    </>
  );
}

describe('Dialog', () => {
  it('gives focus to what took the opener’s place while it was open', async () => {
    render(<ReplacedOpener />);
    await userEvent.click(screen.getByRole('button', { name: 'Book Now' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('link', { name: 'Open your order' })).toHaveFocus();
  });

  it('opens as a modal named by its title, with focus on the marked control', async () => {
    render(<Opener />);
    await userEvent.click(screen.getByRole('button', { name: 'Book Now' }));
    const dialog = screen.getByRole('dialog', { name: 'Book Now' });
    expect(dialog).toHaveAttribute('open');
    expect(screen.getByRole('heading', { name: 'Book Now' })).toBeInTheDocument();
    expect(screen.getByLabelText('Phone')).toHaveFocus();
  });

  it('closes with its close button and gives focus back to the opener', async () => {
    const onClose = vi.fn();
    render(<Opener onClose={onClose} />);
    const opener = screen.getByRole('button', { name: 'Book Now' });
    await userEvent.click(opener);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('closes on a click beside the box but not inside it', async () => {
    const onClose = vi.fn();
    render(<Opener onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Book Now' }));
    await userEvent.click(screen.getByLabelText('Name'));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('dialog'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('reports a close the browser made (Esc) but not one it was asked for', () => {
    const onClose = vi.fn();
    const { rerender } = render(
      <Dialog title="Details" onClose={onClose}>
        <p>Text</p>
      </Dialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Details' }) as HTMLDialogElement;
    fireEvent(dialog, new Event('close'));
    expect(onClose).toHaveBeenCalledTimes(1);
    rerender(
      <Dialog title="Details" open={false} onClose={onClose}>
        <p>Text</p>
      </Dialog>,
    );
    expect(dialog.open).toBe(false);
    fireEvent(dialog, new Event('close'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('stays open while busy: no close button, no backdrop, no Esc', async () => {
    const onClose = vi.fn();
    render(<Opener busy onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Book Now' }));
    expect(screen.getByRole('button', { name: 'Close' })).toBeDisabled();
    fireEvent.click(screen.getByRole('dialog'));
    const cancel = new Event('cancel', { cancelable: true });
    screen.getByRole('dialog').dispatchEvent(cancel);
    expect(cancel.defaultPrevented).toBe(true);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('without a header is still named by its title', () => {
    render(
      <Dialog title="Oak table" header={false} onClose={vi.fn()}>
        <h2>Oak table</h2>
      </Dialog>,
    );
    expect(screen.getByRole('dialog', { name: 'Oak table' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });
});
