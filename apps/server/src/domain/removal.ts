/**
 * Taking products off the market, shared by a seller deleting a product, an admin removing a reported
 * item, and an admin removing a seller. Records are kept (soft delete); open bookings are cancelled with
 * a reason their buyers see in My Orders.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { bookings, products, reports } from '../db/schema.js';

export async function removeProducts(tx: DbOrTx, productIds: string[], cancelReason: string): Promise<number> {
  if (productIds.length === 0) return 0;
  const removed = await tx
    .update(products)
    .set({ deletedAt: sql`now()`, advertised: false, holdBookingId: null, holdExpiresAt: null })
    .where(and(inArray(products.id, productIds), isNull(products.deletedAt)))
    .returning({ id: products.id });
  await cancelOpenBookings(tx, productIds, cancelReason);
  return removed.length;
}

export async function cancelOpenBookings(tx: DbOrTx, productIds: string[], cancelReason: string): Promise<void> {
  if (productIds.length === 0) return;
  await tx
    .update(bookings)
    .set({ status: 'cancelled', cancelReason, cancelledAt: sql`now()` })
    .where(and(inArray(bookings.productId, productIds), eq(bookings.status, 'booked')));
}

export async function closeReports(tx: DbOrTx, productIds: string[]): Promise<void> {
  if (productIds.length === 0) return;
  await tx
    .update(reports)
    .set({ status: 'closed', closedAt: sql`now()` })
    .where(and(inArray(reports.productId, productIds), eq(reports.status, 'open')));
}
