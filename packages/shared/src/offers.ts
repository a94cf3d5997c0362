/**
 * Offers (issue 40): a buyer offers less than the price and authorizes it on their card; the seller
 * accepts, declines or counters once; an accepted offer is a paid order like a checkout's.
 */
import { z } from 'zod';
import { amountSchema, pageOf, says } from './common.js';
import { cardProviderNames } from './accounts.js';
import { offerMessages } from './messages/index.js';

export const offerStatuses = [
  'awaiting_payment',
  'open',
  'countered',
  'accepted',
  'declined',
  'withdrawn',
  'expired',
] as const;
export type OfferStatus = (typeof offerStatuses)[number];

/** The statuses in which an offer is still in play (and holds, or is about to hold, money). */
export const liveOfferStatuses = [
  'awaiting_payment',
  'open',
  'countered',
] as const satisfies readonly OfferStatus[];

// ---------- requests ----------

/** POST /api/products/:id/offers and POST /api/offers/:id/counter: an amount in the product's currency. */
export const offerAmountBody = z.object({ amount: amountSchema });
export type OfferAmountBody = z.input<typeof offerAmountBody>;

export const DECLINE_REASON_MAX = 300;

/** POST /api/offers/:id/decline: an optional reason in the seller's words. */
export const offerDeclineBody = z
  .object({
    reason: z
      .string()
      .trim()
      .max(DECLINE_REASON_MAX, { error: () => offerMessages.reasonTooLong(DECLINE_REASON_MAX) })
      .optional(),
  })
  .optional();

export const offerListQuery = z.object({
  role: z.enum(['buyer', 'seller'], says('common.required')).default('buyer'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});
export type OfferListQuery = z.infer<typeof offerListQuery>;

// ---------- answers ----------

export const offerSchema = z.object({
  id: z.uuid(),
  productId: z.uuid(),
  buyerId: z.uuid(),
  sellerId: z.uuid(),
  productTitle: z.string(),
  /** The product's price now, for "offer X of Y". */
  priceCents: z.number().int(),
  amountCents: z.number().int(),
  counterAmountCents: z.number().int().nullable(),
  currency: z.string(),
  status: z.enum(offerStatuses),
  /** Until then the buyer may pay, or the seller (or, after a counter, the buyer) answer. */
  expiresAt: z.string(),
  declineReason: z.string().nullable(),
  /** The paid order an accepted offer became. */
  bookingId: z.uuid().nullable(),
  createdAt: z.string(),
});
export type Offer = z.infer<typeof offerSchema>;

export const offerPageSchema = pageOf(offerSchema);

/** POST /api/offers/:id/checkout: what the card is asked to hold. */
export const offerCheckoutSchema = z.object({
  offerId: z.uuid(),
  amountCents: z.number().int(),
  currency: z.string(),
  provider: z.enum(cardProviderNames),
  clientSecret: z.string().nullable(),
  expiresAt: z.string(),
});
export type OfferCheckout = z.infer<typeof offerCheckoutSchema>;

/** POST /api/offers/:id/accept, and the buyer's confirmation of a counter: the offer and its paid order. */
export const offerAcceptedSchema = z.object({
  offer: offerSchema,
  booking: z.object({
    id: z.uuid(),
    status: z.literal('paid'),
    priceCents: z.number().int(),
    currency: z.string(),
  }),
});
export type OfferAccepted = z.infer<typeof offerAcceptedSchema>;

/** POST /api/offers/:id/checkout/confirm: the offer now open, or (a counter taken) accepted with its order. */
export const offerConfirmSchema = z.object({
  offer: offerSchema,
  booking: offerAcceptedSchema.shape.booking.nullable(),
});
export type OfferConfirm = z.infer<typeof offerConfirmSchema>;
