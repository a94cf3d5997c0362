import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Me, ProductCard, PublicConfig } from '@furniture-mart/shared';
import { authKeys } from '../../../lib/session';
import { ProductGrid } from './ProductGrid';

const card = (id: string, title: string, previousPriceCents: number | null = null): ProductCard => ({
  id,
  title,
  description: 'A sturdy piece.',
  categoryId: '00000000-0000-4000-8000-0000000000c1',
  location: 'Dhaka',
  district: 'dhaka',
  area: 'dhaka-mirpur',
  placeName: { en: 'Mirpur, Dhaka', bn: 'মিরপুর, ঢাকা' },
  condition: 'good',
  sellingPriceCents: 26000,
  originalPriceCents: 40000,
  previousPriceCents,
  yearsUsed: 3,
  postedAt: '2026-11-20T10:00:00.000Z',
  dimensions: {
    widthMm: null,
    depthMm: null,
    heightMm: null,
    diagonalDepthMm: null,
    comesApart: false,
    weightKg: null,
  },
  seller: {
    id: '00000000-0000-4000-8000-0000000000a1',
    name: 'Nadia Home Goods',
    verified: false,
    rating: null,
    reviews: 0,
  },
  photos: [],
});
const saved = card('00000000-0000-4000-8000-000000000001', 'Oak chest of drawers', 30000);
const booked = card('00000000-0000-4000-8000-000000000002', 'Teak queen bed frame');

const buyer = {
  user: { id: '00000000-0000-4000-8000-0000000000b1', name: 'Karim', email: 'karim@example.test' },
  isAdmin: false,
  isBuyer: true,
  isSeller: false,
  isVerified: false,
} as Me;

/** The server as the grid asks it: the buyer's saved products and open bookings; a save is kept. */
let savedIds: string[] = [];
const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = String(input);
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  if (url.startsWith('/api/my/favourites'))
    return json({
      items: savedIds.map((productId) => ({ productId })),
      page: 1,
      pageSize: 100,
      total: savedIds.length,
    });
  if (url.startsWith('/api/my/bookings'))
    return json({
      items: [{ id: '00000000-0000-4000-8000-0000000000d1', status: 'booked', product: { id: booked.id } }],
      page: 1,
      pageSize: 100,
      total: 1,
    });
  if (url.startsWith('/api/favourites/') && init?.method === 'POST') {
    const productId = url.split('/').pop()!;
    savedIds = [productId, ...savedIds];
    return json({ productId, favourite: true });
  }
  return new Response(null, { status: 404 });
});

function renderGrid(me: Me | null) {
  savedIds = [saved.id];
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(authKeys.config, { currency: 'USD' } as PublicConfig);
  client.setQueryData(authKeys.me, me);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>
  );
  render(<ProductGrid products={[saved, booked]} />, { wrapper });
}

const article = (title: string) => screen.getByRole('article', { name: title });

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
});

describe('ProductGrid', () => {
  it('shows each card in the shop currency, with the drop of a lowered price', () => {
    renderGrid(null);
    const chest = within(article(saved.title));
    expect(chest.getByText('$260.00')).toBeInTheDocument();
    expect(chest.getByText('$400.00').tagName).toBe('DEL');
    expect(chest.getByTestId('was-price')).toHaveTextContent('$300.00');
    expect(within(article(booked.title)).queryByTestId('was-price')).not.toBeInTheDocument();
  });

  it('asks a visitor to sign in to book or report, and shows no hearts', () => {
    renderGrid(null);
    const chest = within(article(saved.title));
    expect(chest.getByRole('link', { name: 'Book Now' })).toHaveAttribute('href', '/login');
    expect(chest.getByRole('link', { name: 'Report' })).toHaveAttribute('href', '/login');
    expect(chest.queryByRole('button', { name: /favourites/ })).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("fills a buyer's hearts and leads a booked piece to its order", async () => {
    renderGrid(buyer);
    const heart = await within(article(saved.title)).findByRole('button', {
      name: `Remove ${saved.title} from favourites`,
    });
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(
      within(article(booked.title)).getByRole('button', { name: `Save ${booked.title} to favourites` }),
    ).toHaveAttribute('aria-pressed', 'false');
    expect(
      await within(article(booked.title)).findByRole('link', { name: `Open your order: ${booked.title}` }),
    ).toHaveAttribute('href', '/dashboard/orders/00000000-0000-4000-8000-0000000000d1');
    const reads = fetchMock.mock.calls.map(([url]) => String(url).split('?')[0]);
    expect(reads.filter((url) => url === '/api/my/favourites')).toHaveLength(1);
  });

  it('turns a heart at once when a buyer saves a piece', async () => {
    renderGrid(buyer);
    const save = await within(article(booked.title)).findByRole('button', {
      name: `Save ${booked.title} to favourites`,
    });
    await userEvent.click(save);
    await waitFor(() =>
      expect(
        within(article(booked.title)).getByRole('button', { name: `Remove ${booked.title} from favourites` }),
      ).toHaveAttribute('aria-pressed', 'true'),
    );
    expect(fetchMock).toHaveBeenCalledWith(
      `/api/favourites/${booked.id}`,
      expect.objectContaining({ method: 'POST' }),
    );
  });
});
