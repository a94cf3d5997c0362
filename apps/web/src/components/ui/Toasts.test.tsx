import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { notify, Toasts } from './Toasts';

describe('Toasts', () => {
  it('renders nothing until the first message, then shows it and the ones after', async () => {
    const { container } = render(<Toasts />);
    expect(container).toBeEmptyDOMElement();

    act(() => notify.success('Saved.'));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();

    act(() => notify.error('That did not work.', { id: 'same' }));
    expect(await screen.findByText('That did not work.')).toBeInTheDocument();
    act(() => notify.error('Try again.', { id: 'same' }));
    expect(await screen.findByText('Try again.')).toBeInTheDocument();
    // The same id replaces the message instead of stacking a second one.
    expect(screen.queryByText('That did not work.')).not.toBeInTheDocument();
  });
});
