import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Conversation, Me } from '@furniture-mart/shared';
import { SIGNED_IN_HINT } from '@furniture-mart/shared/render';
import { MessagesPage } from './MessagesPage';

const ME = '00000000-0000-4000-8000-000000000001';

const me = {
  user: { id: ME, name: 'Sumi', email: 'sumi@example.com', role: 'seller' },
  isAdmin: false,
  isBuyer: false,
  isSeller: true,
  isVerified: true,
} as unknown as Me;

function conversation(n: number, extra: Partial<Conversation> = {}): Conversation {
  return {
    id: `00000000-0000-4000-8000-00000000010${n}`,
    role: 'seller',
    product: {
      id: `00000000-0000-4000-8000-00000000020${n}`,
      title: `Piece ${n}`,
      photo: null,
      priceCents: 12_000,
      currency: 'USD',
      status: 'available',
    },
    counterpart: {
      id: `00000000-0000-4000-8000-00000000030${n}`,
      name: `Buyer ${n}`,
      verified: false,
      removed: false,
    },
    lastMessage: null,
    unread: 0,
    blockedByMe: false,
    blockedByThem: false,
    booked: false,
    updatedAt: new Date().toISOString(),
    ...extra,
  };
}

describe('MessagesPage', () => {
  beforeEach(() => {
    document.cookie = `${SIGNED_IN_HINT}=1`;
  });
  afterEach(() => {
    document.cookie = `${SIGNED_IN_HINT}=; max-age=0`;
    vi.unstubAllGlobals();
  });

  function renderWith(items: Conversation[]) {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) => {
        if (path === '/api/me') return new Response(JSON.stringify(me));
        if (path.startsWith('/api/my/conversations')) {
          return new Response(JSON.stringify({ items, page: 1, pageSize: 20, total: items.length }));
        }
        return new Response('{}', { status: 404 });
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <MessagesPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
  }

  it('lists unread conversations first, with the piece, its state and the last message', async () => {
    const last = (body: string, senderId: string) => ({
      id: '00000000-0000-4000-8000-000000000999',
      conversationId: '00000000-0000-4000-8000-000000000101',
      senderId,
      body,
      photos: [],
      createdAt: new Date().toISOString(),
      masked: false,
      removed: false,
    });
    renderWith([
      conversation(1, { lastMessage: last('See you Saturday', ME) }),
      conversation(2, {
        unread: 2,
        lastMessage: last('Is it still here?', 'x'),
        product: { ...conversation(2).product, status: 'sold' },
      }),
      conversation(3, {
        product: { ...conversation(3).product, status: 'removed' },
        counterpart: { ...conversation(3).counterpart, verified: true },
      }),
    ]);
    const rows = await screen.findAllByTestId('conversation');
    expect(rows.map((row) => within(row).getByText(/^Buyer \d$/).textContent)).toEqual([
      'Buyer 2',
      'Buyer 1',
      'Buyer 3',
    ]);
    expect(rows[0]).toHaveAttribute('href', '/dashboard/messages/00000000-0000-4000-8000-000000000102');
    expect(within(rows[0]!).getByText('2 new')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Sold')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('You: See you Saturday')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Removed')).toBeInTheDocument();
    expect(within(rows[2]!).getByRole('img', { name: 'verified seller' })).toBeInTheDocument();
  });

  it('says what will show here when there is nothing yet', async () => {
    renderWith([]);
    expect(await screen.findByText(/No conversations yet/)).toBeInTheDocument();
  });
});
