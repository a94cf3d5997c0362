/**
 * The checkout hold: starting payment reserves the product for one booking for 15 minutes, so two
 * buyers are not asked for money for the same item at once. A hold needs no clean-up job: it lapses by
 * itself because an expired hold (or one whose booking is no longer open) counts as free.
 */
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { bookings, products } from '../../db/schema.js';

export const HOLD_MINUTES = 15;

/**
 * Claims (or renews) the hold for this booking in one conditional UPDATE, so under any number of
 * concurrent checkouts exactly one booking wins: PostgreSQL re-checks the condition on the row another
 * transaction has just changed. Answers when the hold ends, or null when the product is not available
 * to this booking right now.
 */
export async function claimHold(db: DbOrTx, bookingId: string, productId: string): Promise<Date | null> {
  const [held] = await db
    .update(products)
    .set({ holdBookingId: bookingId, holdExpiresAt: sql`now() + make_interval(mins => ${HOLD_MINUTES})` })
    .where(
      and(
        eq(products.id, productId),
        eq(products.status, 'available'),
        isNull(products.deletedAt),
        or(
          isNull(products.holdBookingId),
          eq(products.holdBookingId, bookingId),
          lt(products.holdExpiresAt, sql`now()`),
          sql`not exists (select 1 from ${bookings} where ${bookings.id} = ${products.holdBookingId} and ${bookings.status} = 'booked')`,
        ),
        sql`exists (select 1 from ${bookings} where ${bookings.id} = ${bookingId} and ${bookings.productId} = ${productId} and ${bookings.status} = 'booked')`,
      ),
    )
    .returning({ holdExpiresAt: products.holdExpiresAt });
  return held?.holdExpiresAt ?? null;
}
