/**
 * The checkout hold: starting payment reserves the product for one booking, so two buyers are not
 * asked for money for the same item at once. A hold needs no clean-up job: it lapses by itself because
 * an expired hold (or one whose booking is no longer open) counts as free.
 *
 * So that nobody can keep items from other buyers without paying, a booking's hold ends 15 minutes after
 * its first checkout however often checkout is called, and one buyer holds at most `maxHolds` products
 * at a time (MAX_CHECKOUT_HOLDS).
 */
import { and, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { lockPerson } from '../../platform/db/locks.js';
import { bookings, products } from '../../platform/db/schema.js';

export const HOLD_MINUTES = 15;

export type HoldClaim =
  | { held: true; until: Date }
  /** `window`: this booking's 15 minutes have run out; `limit`: the buyer holds enough other products. */
  | { held: false; reason: 'window' | 'limit' | 'unavailable' };

/**
 * Claims the hold for this booking, or keeps the one it has, in one transaction: the buyer's row is
 * locked so the buyer's concurrent checkouts count each other's holds, and the product is claimed in one
 * conditional UPDATE, so under any number of concurrent checkouts exactly one booking wins: PostgreSQL
 * re-checks the condition on the row another transaction has just changed.
 *
 * Locks are taken user, then product, then booking: the order of booking creation, settlement and order
 * deletion, so none of them can deadlock with another.
 */
export function claimHold(
  db: Db,
  hold: { bookingId: string; productId: string; buyerId: string; maxHolds: number },
): Promise<HoldClaim> {
  return db.transaction(async (tx): Promise<HoldClaim> => {
    await lockPerson(tx, hold.buyerId);
    const [booking] = await tx
      .select({
        // The window starts at the first checkout that gets the product, not at one that waited.
        windowEnds: sql<string>`coalesce(${bookings.checkoutStartedAt}, now()) + make_interval(mins => ${HOLD_MINUTES})`,
        windowOpen: sql<boolean>`coalesce(${bookings.checkoutStartedAt}, now()) + make_interval(mins => ${HOLD_MINUTES}) > now()`,
      })
      .from(bookings)
      .where(
        and(
          eq(bookings.id, hold.bookingId),
          eq(bookings.productId, hold.productId),
          eq(bookings.status, 'booked'),
        ),
      );
    if (!booking) return { held: false, reason: 'unavailable' };
    if (!booking.windowOpen) return { held: false, reason: 'window' };

    const [others] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(products)
      .innerJoin(bookings, eq(bookings.id, products.holdBookingId))
      .where(
        and(
          eq(bookings.buyerId, hold.buyerId),
          eq(bookings.status, 'booked'),
          ne(products.id, hold.productId),
          gt(products.holdExpiresAt, sql`now()`),
        ),
      );
    if ((others?.count ?? 0) >= hold.maxHolds) return { held: false, reason: 'limit' };

    const [held] = await tx
      .update(products)
      .set({ holdBookingId: hold.bookingId, holdExpiresAt: sql`${booking.windowEnds}::timestamptz` })
      .where(
        and(
          eq(products.id, hold.productId),
          eq(products.status, 'available'),
          isNull(products.deletedAt),
          or(
            isNull(products.holdBookingId),
            eq(products.holdBookingId, hold.bookingId),
            lt(products.holdExpiresAt, sql`now()`),
            // A cash reservation holds like a checkout (decision 0090).
            sql`not exists (select 1 from ${bookings} where ${bookings.id} = ${products.holdBookingId} and ${bookings.status} in ('booked', 'reserved'))`,
          ),
          sql`exists (select 1 from ${bookings} where ${bookings.id} = ${hold.bookingId} and ${bookings.productId} = ${hold.productId} and ${bookings.status} = 'booked')`,
        ),
      )
      .returning({ holdExpiresAt: products.holdExpiresAt });
    if (!held?.holdExpiresAt) return { held: false, reason: 'unavailable' };
    await tx
      .update(bookings)
      .set({ checkoutStartedAt: sql`coalesce(${bookings.checkoutStartedAt}, now())` })
      .where(eq(bookings.id, hold.bookingId));
    return { held: true, until: held.holdExpiresAt };
  });
}

/** Gives the product back at once (the provider call of a checkout failed), if this booking holds it. */
export async function releaseHold(db: DbOrTx, bookingId: string, productId: string): Promise<void> {
  await db
    .update(products)
    .set({ holdBookingId: null, holdExpiresAt: null })
    .where(and(eq(products.id, productId), eq(products.holdBookingId, bookingId)));
}
