import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Offer } from '@furniture-mart/shared';
import { hoursLeft, OfferSummary } from './OfferSummary';

const base: Offer = {
  id: '00000000-0000-4000-8000-000000000001',
  productId: '00000000-0000-4000-8000-000000000002',
  buyerId: '00000000-0000-4000-8000-000000000003',
  sellerId: '00000000-0000-4000-8000-000000000004',
  productTitle: 'Teak desk',
  priceCents: 20_000,
  amountCents: 12_000,
  counterAmountCents: null,
  currency: 'USD',
  status: 'open',
  expiresAt: new Date(Date.now() + 5.5 * 3_600_000).toISOString(),
  declineReason: null,
  bookingId: null,
  createdAt: new Date().toISOString(),
};

describe('OfferSummary', () => {
  it('counts whole hours left, never below zero', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(hoursLeft({ ...base, expiresAt: '2026-01-02T23:59:00Z' }, now)).toBe(47);
    expect(hoursLeft({ ...base, expiresAt: '2025-12-31T00:00:00Z' }, now)).toBe(0);
  });

  it('shows a live offer with its state, its amount against the price and the time left', () => {
    render(<OfferSummary offer={base} />);
    expect(screen.getByTestId('offer-status')).toHaveTextContent('Waiting for the seller');
    expect(screen.getByText('Offer $120.00 of $200.00')).toBeInTheDocument();
    expect(screen.getByText('5 hours left')).toBeInTheDocument();
  });

  it('shows the counter, and no time left once the offer has ended', () => {
    render(
      <OfferSummary
        offer={{ ...base, status: 'declined', counterAmountCents: 16_000, declineReason: 'Too low for teak' }}
      />,
    );
    expect(screen.getByTestId('offer-status')).toHaveTextContent('Declined');
    expect(screen.getByText('Counter offer $160.00')).toBeInTheDocument();
    expect(screen.getByText('The seller said: Too low for teak')).toBeInTheDocument();
    expect(screen.queryByText(/hours? left/)).toBeNull();
  });
});
