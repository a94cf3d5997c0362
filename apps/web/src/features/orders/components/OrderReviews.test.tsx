import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BookingDetail, BookingReviews, Review } from '@furniture-mart/shared';
import { OrderReviews } from './OrderReviews';

const ORDER = '00000000-0000-4000-8000-0000000000b0';

function review(overrides: Partial<Review> = {}): Review {
  return {
    id: '00000000-0000-4000-8000-0000000000a1',
    authorRole: 'buyer',
    author: { id: '00000000-0000-4000-8000-0000000000a2', name: 'Bea Buyer' },
    rating: 5,
    text: 'Exactly as described, thank you.',
    createdAt: '2026-11-01T10:00:00.000Z',
    publishedAt: '2026-11-02T10:00:00.000Z',
    reply: null,
    ...overrides,
  };
}

function order(reviews: BookingReviews): BookingDetail {
  return { id: ORDER, review: reviews } as BookingDetail;
}

describe('OrderReviews', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn(async () => new Response(JSON.stringify({}), { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  function show(reviews: BookingReviews, isSeller = false) {
    const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    return render(
      <QueryClientProvider client={client}>
        <OrderReviews order={order(reviews)} isSeller={isSeller} />
      </QueryClientProvider>,
    );
  }

  it('shows nothing for an order that cannot be reviewed', () => {
    const { container } = show({ mine: null, theirs: null, canReview: false, windowEndsAt: null });
    expect(container).toBeEmptyDOMElement();
  });

  it('asks for the stars and enough words before sending, then sends the review', async () => {
    show({ mine: null, theirs: null, canReview: true, windowEndsAt: '2026-11-15T10:00:00.000Z' });
    expect(screen.getByTestId('their-review')).toHaveTextContent('Their review shows once both of you');
    await userEvent.click(screen.getByRole('button', { name: 'Publish review' }));
    expect(screen.getByText('Choose from 1 to 5 stars.')).toBeInTheDocument();
    expect(screen.getByText('Write at least 10 characters.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('radio', { name: '4 stars' }));
    await userEvent.type(
      screen.getByLabelText('Your review (10 to 1,000 characters)'),
      'Smooth pickup, thanks.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Publish review' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [path, init] = fetchMock.mock.calls[0]! as [string, RequestInit];
    expect(path).toBe(`/api/bookings/${ORDER}/review`);
    expect(JSON.parse(String(init.body))).toEqual({ rating: 4, text: 'Smooth pickup, thanks.' });
  });

  it('marks my unpublished review and lets the seller answer the buyer’s published one once', async () => {
    const { unmount } = show({
      mine: review({ publishedAt: null }),
      theirs: null,
      canReview: false,
      windowEndsAt: '2026-11-15T10:00:00.000Z',
    });
    expect(screen.getByTestId('my-review')).toHaveTextContent('Not published yet');
    unmount();

    show(
      {
        mine: review({ authorRole: 'seller', author: { id: review().author.id, name: 'Sam Seller' } }),
        theirs: review(),
        canReview: false,
        windowEndsAt: '2026-11-15T10:00:00.000Z',
      },
      true,
    );
    expect(screen.getByTestId('their-review')).toHaveTextContent('Exactly as described, thank you.');
    await userEvent.click(screen.getByRole('button', { name: 'Answer publicly' }));
    await userEvent.type(screen.getByLabelText('Your public answer'), 'Enjoy it!');
    await userEvent.click(screen.getByRole('button', { name: 'Publish answer' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [path] = fetchMock.mock.calls[0]! as [string];
    expect(path).toBe(`/api/reviews/${review().id}/reply`);
  });
});
