/**
 * Settlement: the one function that turns an authorized card payment into a sale. Every path calls it
 * (the buyer's confirmation, the provider's webhook, any retry), and it is safe to call twice or
 * concurrently: the second call finds the booking paid and changes nothing.
 *
 * Inside one transaction it locks the product and the booking (in that order, the same order as the
 * removal paths, so they cannot deadlock), then either
 *  - answers the existing result when this booking is already paid, or
 *  - releases the money (cancel, or refund if captured) when the product went to someone else or was
 *    removed, and marks the booking cancelled with the reason, or
 *  - records the payment, the paid booking and the sold product, cancels the product's other open
 *    bookings, and only then captures.
 *
 * Crash safety: the records are written first and the capture is the last step before COMMIT, so a
 * constraint failure aborts before any money moves. If the capture succeeds but the COMMIT does not
 * (lost connection, crash), the provider holds a captured intent and we hold nothing; capture is
 * idempotent per intent, and the next settlement of that intent (the buyer retrying, or the provider's
 * payment_intent.succeeded webhook, which is redelivered until we answer 2xx) retrieves it, sees it
 * captured, skips the capture and writes the same records. If by then the product has gone to another
 * buyer, that re-run refunds it instead.
 */
import { randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { cancelReasons, type PaymentResult } from '@furniture-mart/shared';
import type { Db, Tx } from '../../platform/db/client.js';
import { bookings, paymentIntents, payments, products } from '../../platform/db/schema.js';
import { cancelOpenBookings } from '../products/index.js';
import { PaymentProviderFailed } from '../../platform/card-providers/errors.js';
import type { PaymentProvider, ProviderIntent } from '../../platform/card-providers/provider.js';
import { refOf } from './intents.js';
import { withTransactionRetry } from './transactions.js';
import { notifyBookingsLost, notifyPaid } from '../orders/index.js';
import { tellSold } from '../favourites/index.js';

export type SettlementOutcome =
  | { kind: 'paid'; result: PaymentResult; changed: boolean; bookingId: string; productId: string }
  /** The money was given back; the booking says why. */
  | { kind: 'released'; reason: string; bookingId: string }
  /** The provider has no authorized money for this intent (yet). */
  | { kind: 'not_authorized'; lastError: string | null }
  /** The intent asks for another amount than the booking's price now (a price drop came in between). */
  | { kind: 'stale'; bookingId: string }
  /** Not an intent of ours. */
  | { kind: 'unknown' };

export interface SettleInput {
  providerIntentId: string;
  /**
   * The intent as the provider described it (a webhook): lets settlement adopt an intent whose row was
   * never written because the process stopped between creating it and recording it.
   */
  reported?: ProviderIntent;
  /** PUBLIC_URL, for the links of the receipt and the other messages a sale sends. */
  publicUrl?: string;
}

/** The six digits the buyer shows the seller at pickup. */
export function newHandoffCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/**
 * The provider's intent is not for what we recorded or would charge. It can never settle; the buyer is
 * told the payment service failed (502), and a webhook about it is recorded and acknowledged.
 */
export class IntentMismatch extends PaymentProviderFailed {}

export function settle(db: Db, provider: PaymentProvider, input: SettleInput): Promise<SettlementOutcome> {
  return withTransactionRetry(() => db.transaction((tx) => settleIn(tx, provider, input)));
}

/** Settlement inside a caller's transaction (the webhook records its event id in the same one). */
export async function settleIn(
  tx: Tx,
  provider: PaymentProvider,
  input: SettleInput,
): Promise<SettlementOutcome> {
  const [known] = await tx
    .select({ bookingId: paymentIntents.bookingId })
    .from(paymentIntents)
    .where(
      and(
        eq(paymentIntents.providerIntentId, input.providerIntentId),
        eq(paymentIntents.provider, provider.name),
      ),
    );
  const bookingId = known?.bookingId ?? input.reported?.metadata.bookingId;
  if (!bookingId) return { kind: 'unknown' };
  const [target] = await tx
    .select({ productId: bookings.productId })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  if (!target) return { kind: 'unknown' };

  const [product] = await tx
    .select({
      status: products.status,
      deletedAt: products.deletedAt,
    })
    .from(products)
    .where(eq(products.id, target.productId))
    .for('update');
  const [booking] = await tx
    .select({
      id: bookings.id,
      buyerId: bookings.buyerId,
      status: bookings.status,
      cancelReason: bookings.cancelReason,
      priceCents: bookings.priceCents,
      currency: bookings.currency,
    })
    .from(bookings)
    .where(eq(bookings.id, bookingId))
    .for('update');
  if (!product || !booking) return { kind: 'unknown' };

  if (!known && input.reported) {
    // Only an intent for exactly what checkout would charge: a signed event still names an amount
    // that someone other than this server may have chosen.
    const { amountCents, currency } = input.reported;
    if (amountCents !== booking.priceCents || currency !== booking.currency) {
      throw new IntentMismatch(
        `intent ${input.reported.id} is for ${amountCents} ${currency}, booking ${bookingId} costs ${booking.priceCents} ${booking.currency}`,
      );
    }
    await tx
      .insert(paymentIntents)
      .values({
        bookingId,
        provider: provider.name,
        providerIntentId: input.reported.id,
        clientSecret: input.reported.clientSecret,
        amountCents: input.reported.amountCents,
        currency: input.reported.currency,
      })
      .onConflictDoNothing();
  }
  const [intent] = await tx
    .select()
    .from(paymentIntents)
    .where(
      and(
        eq(paymentIntents.providerIntentId, input.providerIntentId),
        eq(paymentIntents.bookingId, bookingId),
      ),
    )
    .for('update');
  if (!intent) return { kind: 'unknown' };
  const ref = refOf(intent);
  const markIntent = (values: Partial<typeof paymentIntents.$inferInsert>) =>
    tx.update(paymentIntents).set(values).where(eq(paymentIntents.id, intent.id));

  if (booking.status === 'paid') {
    const [payment] = await tx.select().from(payments).where(eq(payments.bookingId, booking.id));
    if (!payment) throw new Error(`booking ${booking.id} is paid but has no payment row`);
    if (payment.transactionId !== intent.providerIntentId) {
      // A second intent of an already paid booking (for instance an older amount): never charge it.
      await provider.release(ref);
      await markIntent({ status: 'cancelled' });
    }
    return {
      kind: 'paid',
      result: toResult(payment),
      changed: false,
      bookingId: booking.id,
      productId: target.productId,
    };
  }

  const lostBecause =
    booking.status === 'cancelled'
      ? (booking.cancelReason ?? cancelReasons.soldToAnother)
      : product.deletedAt
        ? cancelReasons.productRemoved
        : product.status === 'sold'
          ? cancelReasons.soldToAnother
          : null;
  if (lostBecause) {
    await provider.release(ref);
    await markIntent({ status: 'cancelled' });
    if (booking.status === 'booked') {
      await tx
        .update(bookings)
        .set({ status: 'cancelled', cancelReason: lostBecause, cancelledAt: sql`now()` })
        .where(eq(bookings.id, booking.id));
    }
    return { kind: 'released', reason: lostBecause, bookingId: booking.id };
  }

  // What the buyer booked is what they are charged: an intent made for an older price (the seller has
  // lowered it since) never settles, whatever the provider says about it.
  if (intent.amountCents !== booking.priceCents || intent.currency !== booking.currency) {
    await provider.release(ref);
    await markIntent({ status: 'cancelled' });
    return { kind: 'stale', bookingId: booking.id };
  }

  const remote = await provider.retrieveIntent(ref);
  if (remote.status === 'requires_payment' || remote.status === 'cancelled') {
    await markIntent({
      status: remote.status === 'cancelled' ? 'cancelled' : remote.lastError ? 'failed' : 'requires_payment',
      lastError: remote.lastError,
    });
    return { kind: 'not_authorized', lastError: remote.lastError };
  }
  if (remote.amountCents !== intent.amountCents || remote.currency !== intent.currency) {
    throw new IntentMismatch(
      `intent ${intent.providerIntentId} is for ${remote.amountCents} ${remote.currency}, expected ${intent.amountCents} ${intent.currency}`,
    );
  }

  const [payment] = await tx
    .insert(payments)
    .values({
      bookingId: booking.id,
      productId: target.productId,
      buyerId: booking.buyerId,
      provider: provider.name,
      transactionId: remote.id,
      amountCents: remote.amountCents,
      currency: remote.currency,
      cardBrand: remote.card?.brand ?? null,
      cardLast4: remote.card?.last4 ?? null,
    })
    .returning();
  await tx
    .update(bookings)
    .set({
      status: 'paid',
      // The order records what was charged (equal to its price, checked above).
      priceCents: payment!.amountCents,
      paidAt: sql`now()`,
      handoffCode: newHandoffCode(),
      handoffAttempts: 0,
      paymentMethod: methodOf(provider),
    })
    .where(eq(bookings.id, booking.id));
  await tx
    .update(products)
    .set({ status: 'sold', advertised: false, holdBookingId: null, holdExpiresAt: null })
    .where(eq(products.id, target.productId));
  const lost = await cancelOpenBookings(tx, [target.productId], cancelReasons.soldToAnother);
  if (input.publicUrl) {
    await notifyPaid(tx, input.publicUrl, booking.id);
    await notifyBookingsLost(tx, input.publicUrl, lost);
    await tellSold(tx, input.publicUrl, {
      productId: target.productId,
      bookingId: booking.id,
      buyerId: booking.buyerId,
    });
  }
  await markIntent({ status: 'captured', lastError: null });
  if (remote.status === 'authorized') await provider.capture(ref);

  return {
    kind: 'paid',
    result: toResult(payment!),
    changed: true,
    bookingId: booking.id,
    productId: target.productId,
  };
}

export function toResult(payment: typeof payments.$inferSelect): PaymentResult {
  return {
    status: 'paid',
    transactionId: payment.transactionId,
    amountCents: payment.amountCents,
    currency: payment.currency,
  };
}

// ---------- other ways to pay (decision 0090) ----------

/** How an order paid through this provider is paid, as the order shows it. */
export function methodOf(provider: Pick<PaymentProvider, 'name'>): 'card' | 'wallet' {
  return provider.name === 'wallet_sandbox' || provider.name === 'bkash' ? 'wallet' : 'card';
}

export type CashSettlement =
  | { kind: 'completed'; productId: string; completedAt: Date }
  /** Not a cash reservation that can complete now: its state, for the caller's answer. */
  | { kind: 'refused'; reason: 'not_reserved' | 'lapsed' | 'unavailable'; status: string };

/**
 * Cash at pickup: the seller entered the buyer's code with the cash in hand, so the sale is recorded in
 * the caller's transaction exactly as a paid one is (a payment row of provider `cash`, the product sold,
 * its other open bookings cancelled) and completed at once: no money moved online, so nothing can be
 * captured or refunded. Locks product then booking, the order every other path takes; the conditional
 * UPDATE on `reserved` makes a second completion find nothing to do.
 */
export async function settleCashIn(tx: Tx, bookingId: string, publicUrl: string): Promise<CashSettlement> {
  const [target] = await tx
    .select({ productId: bookings.productId })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  if (!target) return { kind: 'refused', reason: 'not_reserved', status: 'unknown' };
  const [product] = await tx
    .select({ status: products.status, deletedAt: products.deletedAt })
    .from(products)
    .where(eq(products.id, target.productId))
    .for('update');
  const [booking] = await tx
    .select({
      status: bookings.status,
      buyerId: bookings.buyerId,
      priceCents: bookings.priceCents,
      currency: bookings.currency,
      lapsed: sql<boolean>`${bookings.reservedUntil} <= now()`,
    })
    .from(bookings)
    .where(eq(bookings.id, bookingId))
    .for('update');
  if (!product || !booking || booking.status !== 'reserved') {
    return { kind: 'refused', reason: 'not_reserved', status: booking?.status ?? 'unknown' };
  }
  if (booking.lapsed) return { kind: 'refused', reason: 'lapsed', status: booking.status };
  if (product.deletedAt || product.status === 'sold') {
    return { kind: 'refused', reason: 'unavailable', status: booking.status };
  }
  await tx.insert(payments).values({
    bookingId,
    productId: target.productId,
    buyerId: booking.buyerId,
    provider: 'cash',
    transactionId: `cash-${bookingId}`,
    amountCents: booking.priceCents,
    currency: booking.currency,
  });
  const [done] = await tx
    .update(bookings)
    .set({
      status: 'completed',
      paidAt: sql`now()`,
      completedAt: sql`now()`,
      completedBy: 'handoff',
      paymentMethod: 'cash',
    })
    .where(and(eq(bookings.id, bookingId), eq(bookings.status, 'reserved')))
    .returning({ completedAt: bookings.completedAt });
  await tx
    .update(products)
    .set({ status: 'sold', advertised: false, holdBookingId: null, holdExpiresAt: null })
    .where(eq(products.id, target.productId));
  const lost = await cancelOpenBookings(tx, [target.productId], cancelReasons.soldToAnother);
  await notifyBookingsLost(tx, publicUrl, lost);
  await tellSold(tx, publicUrl, { productId: target.productId, bookingId, buyerId: booking.buyerId });
  return { kind: 'completed', productId: target.productId, completedAt: done!.completedAt! };
}
