import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SubmitButton } from './SubmitButton';

describe('SubmitButton', () => {
  it('submits its form while idle', async () => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <SubmitButton pending={false}>Add Product</SubmitButton>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Add Product' });
    expect(button).toHaveAttribute('type', 'submit');
    expect(button).toBeEnabled();
    expect(button).not.toHaveAttribute('aria-busy');
    await userEvent.click(button);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('is disabled, busy and spinning while pending', async () => {
    const onClick = vi.fn();
    render(
      <SubmitButton pending onClick={onClick}>
        Login
      </SubmitButton>,
    );
    const button = screen.getByRole('button', { name: 'Login' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button.querySelector('.loading-spinner')).not.toBeNull();
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('reads its pending label while pending', () => {
    const { rerender } = render(
      <SubmitButton pending={false} pendingLabel="Processing…">
        Pay $10.00
      </SubmitButton>,
    );
    expect(screen.getByRole('button')).toHaveTextContent('Pay $10.00');
    rerender(
      <SubmitButton pending pendingLabel="Processing…">
        Pay $10.00
      </SubmitButton>,
    );
    expect(screen.getByRole('button')).toHaveTextContent('Processing…');
  });

  it('can be a plain button and be disabled for other reasons', async () => {
    const onClick = vi.fn();
    const { rerender } = render(
      <SubmitButton type="button" pending={false} onClick={onClick} aria-label="Verify Ann">
        Verify
      </SubmitButton>,
    );
    const button = screen.getByRole('button', { name: 'Verify Ann' });
    expect(button).toHaveAttribute('type', 'button');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    rerender(
      <SubmitButton type="button" pending={false} disabled onClick={onClick} aria-label="Verify Ann">
        Verify
      </SubmitButton>,
    );
    expect(button).toBeDisabled();
    expect(button.querySelector('.loading-spinner')).toBeNull();
  });
});
