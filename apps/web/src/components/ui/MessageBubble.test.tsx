import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Message } from '@furniture-mart/shared';
import { MessageBubble } from './MessageBubble';

const base: Message = {
  id: '00000000-0000-4000-8000-000000000001',
  conversationId: '00000000-0000-4000-8000-0000000000c0',
  senderId: '00000000-0000-4000-8000-000000000002',
  body: 'Is it still available?\nCan you send a photo of the back?',
  photos: [],
  createdAt: '2026-11-28T10:05:00.000Z',
  masked: false,
  removed: false,
};

describe('MessageBubble', () => {
  it("keeps the message's lines and says who wrote it", () => {
    render(<MessageBubble message={base} own={false} author="Rahim" />);
    const bubble = screen.getByTestId('message');
    expect(bubble).toHaveAttribute('data-own', 'false');
    expect(bubble).toHaveTextContent('Rahim,');
    expect(screen.getByText(/Is it still available\?/)).toHaveClass('whitespace-pre-line');
  });

  it('shows a removed message as removed, without its words or photos', () => {
    render(<MessageBubble message={{ ...base, body: '', removed: true, photos: [] }} own author="You" />);
    expect(screen.getByTestId('message')).toHaveTextContent('This message was removed by an administrator.');
  });

  it('shows photos linked to their full size, each described', () => {
    const photo = (n: number) => ({
      id: `00000000-0000-4000-8000-00000000010${n}`,
      url: `/api/conversations/c/photos/${n}`,
      thumbUrl: `/api/conversations/c/photos/${n}?size=thumb`,
      width: 800,
      height: 600,
      thumbWidth: 200,
      thumbHeight: 150,
    });
    render(<MessageBubble message={{ ...base, photos: [photo(1), photo(2)] }} own={false} author="Rahim" />);
    const images = screen.getAllByRole('img');
    expect(images.map((image) => image.getAttribute('alt'))).toEqual([
      'Photo 1 from Rahim',
      'Photo 2 from Rahim',
    ]);
    expect(images[0]!.closest('a')).toHaveAttribute('href', '/api/conversations/c/photos/1');
  });

  it('puts actions under the bubble', () => {
    render(
      <MessageBubble
        message={base}
        own={false}
        author="Rahim"
        actions={<button type="button">Report</button>}
      />,
    );
    expect(screen.getByRole('button', { name: 'Report' })).toBeInTheDocument();
  });
});
