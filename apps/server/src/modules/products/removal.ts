/**
 * Taking products off the market, shared by a seller deleting a product, an admin removing a reported
 * item, and an admin removing a seller. Records are kept (soft delete); open bookings are cancelled with
 * a reason their buyers see in My Orders.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { bookings, offers, products, reports } from '../../platform/db/schema.js';
import { refundPaidBookings } from '../orders/index.js';
import { tellRemoved } from '../favourites/index.js';

/**
 * The one cascade of taking products off the market: open bookings cancelled with the reason their
 * buyers read, each paid order not handed over yet refunded (its buyer will never get the item), the
 * people who saved it told, and reports about it closed (nothing is left to act on). `publicUrl` is for
 * the links in the messages.
 */
export async function removeProducts(
  tx: DbOrTx,
  productIds: string[],
  cancelReason: string,
  publicUrl: string,
): Promise<number> {
  if (productIds.length === 0) return 0;
  const removed = await tx
    .update(products)
    .set({ deletedAt: sql`now()`, advertised: false, holdBookingId: null, holdExpiresAt: null })
    .where(and(inArray(products.id, productIds), isNull(products.deletedAt)))
    .returning({ id: products.id });
  await cancelOpenBookings(tx, productIds, cancelReason);
  // Only those removed now: a product already gone told its savers when it went.
  await tellRemoved(
    tx,
    publicUrl,
    removed.map((row) => row.id),
  );
  await refundPaidBookings(tx, publicUrl, { productIds }, cancelReason);
  await closeReports(tx, productIds);
  return removed.length;
}

/**
 * Answers the bookings it cancelled (their buyers may be told). The products' live offers end with them
 * (declined): the offers job releases their card holds (decision 0080).
 */
export async function cancelOpenBookings(
  tx: DbOrTx,
  productIds: string[],
  cancelReason: string,
): Promise<string[]> {
  if (productIds.length === 0) return [];
  await tx
    .update(offers)
    .set({ status: 'declined', endedAt: sql`now()` })
    .where(
      and(
        inArray(offers.productId, productIds),
        inArray(offers.status, ['awaiting_payment', 'open', 'countered']),
      ),
    );
  const cancelled = await tx
    .update(bookings)
    .set({ status: 'cancelled', cancelReason, cancelledAt: sql`now()` })
    // A cash reservation (decision 0090) is open too: nothing was paid, so nothing to refund.
    .where(and(inArray(bookings.productId, productIds), inArray(bookings.status, ['booked', 'reserved'])))
    .returning({ id: bookings.id });
  return cancelled.map((row) => row.id);
}

async function closeReports(tx: DbOrTx, productIds: string[]): Promise<void> {
  if (productIds.length === 0) return;
  await tx
    .update(reports)
    .set({ status: 'closed', closedAt: sql`now()` })
    .where(and(inArray(reports.productId, productIds), eq(reports.status, 'open')));
}
