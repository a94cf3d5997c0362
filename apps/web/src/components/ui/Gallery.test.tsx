import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fireEvent } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Photo } from '@furniture-mart/shared';
import { Gallery } from './Gallery';

const photo = (n: number): Photo => ({
  url: `/p/${n}.webp`,
  thumbUrl: `/p/${n}-thumb.webp`,
  width: 800,
  height: 600,
  thumbWidth: 160,
  thumbHeight: 120,
  middleUrl: null,
  middleWidth: null,
  middleHeight: null,
});
const three = [photo(1), photo(2), photo(3)];
const shown = () => screen.getByRole('img', { name: /^Photo \d of 3 of Oak desk$/ });

describe('Gallery', () => {
  it('shows the first photo and names it with its place', () => {
    render(<Gallery photos={three} label="Oak desk" />);
    expect(shown()).toHaveAttribute('src', '/p/1.webp');
    expect(shown()).toHaveAccessibleName('Photo 1 of 3 of Oak desk');
  });

  it('asks for the first photo first only as the main picture of a page', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Gallery photos={three} label="Oak desk" priority />);
    expect(shown()).toHaveAttribute('fetchpriority', 'high');
    shown().closest('figure')!.focus();
    await user.keyboard('{ArrowRight}');
    expect(shown()).not.toHaveAttribute('fetchpriority');
    unmount();
    render(<Gallery photos={three} label="Oak desk" />);
    expect(shown()).not.toHaveAttribute('fetchpriority');
  });

  it('moves with the arrow keys, wraps around, and jumps with Home and End', async () => {
    const user = userEvent.setup();
    render(<Gallery photos={three} label="Oak desk" />);
    shown().closest('figure')!.focus();
    await user.keyboard('{ArrowRight}');
    expect(shown()).toHaveAttribute('src', '/p/2.webp');
    await user.keyboard('{End}');
    expect(shown()).toHaveAttribute('src', '/p/3.webp');
    await user.keyboard('{ArrowRight}');
    expect(shown()).toHaveAttribute('src', '/p/1.webp');
    await user.keyboard('{ArrowLeft}');
    expect(shown()).toHaveAttribute('src', '/p/3.webp');
    await user.keyboard('{Home}');
    expect(shown()).toHaveAttribute('src', '/p/1.webp');
  });

  it('moves with the buttons and the thumbnails, marking the current one', async () => {
    const user = userEvent.setup();
    render(<Gallery photos={three} label="Oak desk" />);
    await user.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(shown()).toHaveAttribute('src', '/p/2.webp');
    expect(screen.getByRole('button', { name: 'Show photo 2' })).toHaveAttribute('aria-current', 'true');
    await user.click(screen.getByRole('button', { name: 'Show photo 3' }));
    expect(shown()).toHaveAttribute('src', '/p/3.webp');
    await user.click(screen.getByRole('button', { name: 'Previous photo' }));
    expect(shown()).toHaveAttribute('src', '/p/2.webp');
  });

  it('follows a sideways swipe but not a vertical scroll', () => {
    render(<Gallery photos={three} label="Oak desk" />);
    const figure = shown().closest('figure')!;
    fireEvent.pointerDown(figure, { clientX: 200, clientY: 100 });
    fireEvent.pointerUp(figure, { clientX: 100, clientY: 110 });
    expect(shown()).toHaveAttribute('src', '/p/2.webp');
    fireEvent.pointerDown(figure, { clientX: 100, clientY: 100 });
    fireEvent.pointerUp(figure, { clientX: 160, clientY: 300 });
    expect(shown()).toHaveAttribute('src', '/p/2.webp');
    fireEvent.pointerDown(figure, { clientX: 100, clientY: 100 });
    fireEvent.pointerUp(figure, { clientX: 200, clientY: 100 });
    expect(shown()).toHaveAttribute('src', '/p/1.webp');
  });

  it('has no controls for a single photo and shows the fallback for none', () => {
    const { rerender } = render(<Gallery photos={[photo(1)]} label="Oak desk" />);
    expect(screen.queryByRole('button')).toBeNull();
    rerender(<Gallery photos={[]} label="Oak desk" empty={<p>No photo</p>} />);
    expect(screen.getByText('No photo')).toBeInTheDocument();
  });
});
