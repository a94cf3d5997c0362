import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FavouriteButton } from './FavouriteButton';

describe('FavouriteButton', () => {
  it('is a toggle named for what it will do, pressed when saved', async () => {
    const onToggle = vi.fn();
    const { rerender } = render(<FavouriteButton saved={false} title="Oak desk" onToggle={onToggle} />);
    const button = screen.getByRole('button', { name: 'Save Oak desk to favourites' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(button);
    expect(onToggle).toHaveBeenCalledOnce();
    rerender(<FavouriteButton saved title="Oak desk" onToggle={onToggle} variant="button" />);
    expect(screen.getByRole('button', { name: 'Remove Oak desk from favourites' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('cannot be pressed twice while the change is on its way', () => {
    render(<FavouriteButton saved={false} title="Oak desk" onToggle={() => {}} pending />);
    expect(screen.getByRole('button')).toBeDisabled();
  });
});
