import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ReviewCard, SellerRating, Stars } from './SellerRating';

describe('SellerRating', () => {
  it('says "New seller" until an average is shown', () => {
    render(<SellerRating rating={null} reviews={2} />);
    expect(screen.getByTestId('seller-rating')).toHaveTextContent('New seller');
  });

  it('shows the average and the number of reviews, read out in words', () => {
    render(<SellerRating rating={4.3} reviews={3} size="sm" />);
    expect(screen.getByRole('img', { name: 'Rated 4.3 out of 5 from 3 reviews' })).toHaveClass('badge-sm');
    expect(screen.getByTestId('seller-rating')).toHaveTextContent('4.3 ★ · 3 reviews');
  });
});

describe('ReviewCard', () => {
  const review = {
    id: '00000000-0000-4000-8000-000000000001',
    authorRole: 'buyer' as const,
    author: { id: '00000000-0000-4000-8000-000000000002', name: 'Bea Buyer' },
    rating: 4,
    text: 'Friendly and on time.',
    createdAt: '2026-11-01T10:00:00.000Z',
    publishedAt: '2026-11-02T10:00:00.000Z',
    reply: null,
  };

  it('shows the stars, the author, the words and the day it was published', () => {
    render(<ReviewCard review={review} />);
    expect(screen.getByRole('img', { name: '4 stars' })).toBeInTheDocument();
    expect(screen.getByText('Bea Buyer')).toBeInTheDocument();
    expect(screen.getByText('Friendly and on time.')).toBeInTheDocument();
    expect(screen.getByText(/2026/)).toHaveAttribute('datetime', review.publishedAt);
    expect(screen.queryByTestId('review-reply')).toBeNull();
  });

  it('shows the seller’s answer under it', () => {
    render(
      <ReviewCard review={{ ...review, reply: { text: 'Thank you!', createdAt: review.publishedAt } }} />,
    );
    expect(screen.getByTestId('review-reply')).toHaveTextContent('The seller’s answerThank you!');
  });

  it('reads one star as one', () => {
    render(<Stars rating={1} />);
    expect(screen.getByRole('img', { name: '1 star' })).toBeInTheDocument();
  });
});
