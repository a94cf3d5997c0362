import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog, useConfirm } from './ConfirmDialog';

/** Asks before deleting and writes down the answer, as the pages use it. */
function DeleteButton({ onAnswer }: { onAnswer: (confirmed: boolean) => void }) {
  const [confirm, dialog] = useConfirm();
  return (
    <>
      <button
        type="button"
        onClick={async () =>
          onAnswer(
            await confirm({
              title: 'Delete product',
              message: 'The product leaves the marketplace.',
              confirmLabel: 'Delete',
              destructive: true,
            }),
          )
        }
      >
        Delete Oak table
      </button>
      {dialog}
    </>
  );
}

describe('useConfirm', () => {
  it('asks with the focus on Cancel and answers true on confirm', async () => {
    const onAnswer = vi.fn();
    render(<DeleteButton onAnswer={onAnswer} />);
    const opener = screen.getByRole('button', { name: 'Delete Oak table' });
    await userEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Delete product' });
    expect(dialog).toHaveAccessibleDescription('The product leaves the marketplace.');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    const confirmButton = screen.getByRole('button', { name: 'Delete' });
    expect(confirmButton).toHaveClass('btn-error');
    await userEvent.click(confirmButton);
    expect(onAnswer).toHaveBeenCalledWith(true);
    expect((dialog as HTMLDialogElement).open).toBe(false);
    expect(opener).toHaveFocus();
  });

  it('answers false on cancel, and asks again next time', async () => {
    const onAnswer = vi.fn();
    render(<DeleteButton onAnswer={onAnswer} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Oak table' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onAnswer).toHaveBeenLastCalledWith(false);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Oak table' }));
    expect(screen.getByRole('dialog', { name: 'Delete product' })).toHaveAttribute('open');
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onAnswer).toHaveBeenLastCalledWith(true);
    expect(onAnswer).toHaveBeenCalledTimes(2);
  });
});

describe('ConfirmDialog', () => {
  it('uses the default labels and a primary confirm button', async () => {
    const onConfirm = vi.fn();
    render(
      <ConfirmDialog
        open
        title="Verify seller"
        message="Ann gets the mark."
        onConfirm={onConfirm}
        onCancel={vi.fn()}
      />,
    );
    const confirmButton = screen.getByRole('button', { name: 'Confirm' });
    expect(confirmButton).toHaveClass('btn-primary');
    await userEvent.click(confirmButton);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('disables both choices while busy', () => {
    render(<ConfirmDialog open busy title="Delete" message="Sure?" onConfirm={vi.fn()} onCancel={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Confirm' })).toHaveAttribute('aria-busy', 'true');
  });
});
