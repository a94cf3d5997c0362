/**
 * Taking products off the market, shared by a seller deleting a product, an admin removing a reported
 * item, and an admin removing a seller. Records are kept (soft delete); open bookings are cancelled with
 * a reason their buyers see in My Orders.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { bookings, products, reports } from '../../platform/db/schema.js';
import { refundPaidBookings } from '../orders/refunds.js';
import { tellRemoved } from '../favourites/notify.js';

/**
 * Also refunds each removed product's paid order that was not handed over yet (its buyer will never get
 * the item), and tells the people who saved it; `publicUrl` is for the links in those messages.
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
  return removed.length;
}

/** Answers the bookings it cancelled (their buyers may be told). */
export async function cancelOpenBookings(
  tx: DbOrTx,
  productIds: string[],
  cancelReason: string,
): Promise<string[]> {
  if (productIds.length === 0) return [];
  const cancelled = await tx
    .update(bookings)
    .set({ status: 'cancelled', cancelReason, cancelledAt: sql`now()` })
    .where(and(inArray(bookings.productId, productIds), eq(bookings.status, 'booked')))
    .returning({ id: bookings.id });
  return cancelled.map((row) => row.id);
}

export async function closeReports(tx: DbOrTx, productIds: string[]): Promise<void> {
  if (productIds.length === 0) return;
  await tx
    .update(reports)
    .set({ status: 'closed', closedAt: sql`now()` })
    .where(and(inArray(reports.productId, productIds), eq(reports.status, 'open')));
}
