/**
 * Cash at pickup (decision 0090). A buyer reserves a piece whose seller takes cash: the booking turns
 * `reserved`, the piece is held for it until CASH_HOLD_HOURS from now (the same hold a checkout takes,
 * so a card or wallet checkout of another buyer and a cash reservation at the same moment have one
 * winner), and the handoff code is given at once. The seller enters the code with the cash in hand and
 * settlement records the sale (settleCashIn). A reservation not handed over in time lapses by itself
 * (lapseDue, a job claiming rows with SKIP LOCKED) and the piece returns to sale.
 *
 * Limits: one reservation per buyer at a time (a unique index, so concurrent requests cannot both get
 * one), and a buyer whose reservations lapsed twice within 30 days cannot reserve with cash for 30 days
 * after the second lapse.
 */
import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { cancelReasons } from '@furniture-mart/shared';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { lockPerson } from '../../platform/db/locks.js';
import { bookings, products } from '../../platform/db/schema.js';
import { isUniqueViolation } from '../../platform/errors.js';
import { rowsOf } from '../../platform/db/queue.js';
import { newHandoffCode } from './settlement.js';
import { notifyCashLapsed, notifyCashReserved } from '../orders/index.js';

export const CASH_LAPSE_WINDOW_DAYS = 30;
export const CASH_LAPSES_BEFORE_BLOCK = 2;

export type CashClaim =
  | { reserved: true; until: Date; handoffCode: string }
  | { reserved: false; reason: 'has_reservation' | 'blocked' | 'unavailable' };

/**
 * Reserves the piece for this booking with cash, in one transaction: the buyer's row first (their
 * concurrent requests count each other), then the piece in one conditional UPDATE (as claimHold), then
 * the booking, only while it is still `booked`.
 */
export async function claimCashReservation(
  db: Db,
  claim: { bookingId: string; productId: string; buyerId: string; holdHours: number; publicUrl: string },
): Promise<CashClaim> {
  try {
    return await db.transaction(async (tx): Promise<CashClaim> => {
      await lockPerson(tx, claim.buyerId);
      if (await hasCashReservation(tx, claim.buyerId)) return { reserved: false, reason: 'has_reservation' };
      if (await cashBlocked(tx, claim.buyerId)) return { reserved: false, reason: 'blocked' };
      const until = sql`now() + make_interval(secs => ${Math.round(claim.holdHours * 3600)})`;
      const [held] = await tx
        .update(products)
        .set({ holdBookingId: claim.bookingId, holdExpiresAt: until })
        .where(
          and(
            eq(products.id, claim.productId),
            eq(products.status, 'available'),
            isNull(products.deletedAt),
            eq(products.acceptsCash, true),
            or(
              isNull(products.holdBookingId),
              eq(products.holdBookingId, claim.bookingId),
              lt(products.holdExpiresAt, sql`now()`),
              sql`not exists (select 1 from ${bookings} where ${bookings.id} = ${products.holdBookingId} and ${bookings.status} in ('booked', 'reserved'))`,
            ),
          ),
        )
        .returning({ holdExpiresAt: products.holdExpiresAt });
      if (!held?.holdExpiresAt) return { reserved: false, reason: 'unavailable' };
      const code = newHandoffCode();
      const [booking] = await tx
        .update(bookings)
        .set({
          status: 'reserved',
          paymentMethod: 'cash',
          reservedUntil: held.holdExpiresAt,
          handoffCode: code,
          handoffAttempts: 0,
        })
        .where(
          and(
            eq(bookings.id, claim.bookingId),
            eq(bookings.productId, claim.productId),
            eq(bookings.status, 'booked'),
          ),
        )
        .returning({ id: bookings.id });
      if (!booking) {
        // The booking changed meanwhile: give the piece back in this same transaction.
        tx.rollback();
      }
      await notifyCashReserved(tx, claim.publicUrl, claim.bookingId, claim.holdHours);
      return { reserved: true, until: held.holdExpiresAt, handoffCode: code };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'bookings_one_cash_reservation_per_buyer_idx')) {
      return { reserved: false, reason: 'has_reservation' };
    }
    if (isRollback(error)) return { reserved: false, reason: 'unavailable' };
    throw error;
  }
}

function isRollback(error: unknown): boolean {
  return error instanceof Error && error.name === 'TransactionRollbackError';
}

async function hasCashReservation(tx: DbOrTx, buyerId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.buyerId, buyerId), eq(bookings.status, 'reserved')))
    .limit(1);
  return Boolean(row);
}

/**
 * Two lapses within 30 days of each other, the later one less than 30 days ago: no cash for now.
 * Read in the database's time, like every other rule with a clock.
 */
export async function cashBlocked(tx: DbOrTx, buyerId: string): Promise<boolean> {
  const lapses = await tx
    .select({
      recent: sql<boolean>`${bookings.cancelledAt} > now() - make_interval(days => ${CASH_LAPSE_WINDOW_DAYS})`,
      at: bookings.cancelledAt,
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.buyerId, buyerId),
        eq(bookings.status, 'cancelled'),
        eq(bookings.cancelReason, cancelReasons.cashLapsed),
      ),
    )
    .orderBy(desc(bookings.cancelledAt))
    .limit(CASH_LAPSES_BEFORE_BLOCK);
  if (lapses.length < CASH_LAPSES_BEFORE_BLOCK) return false;
  const [latest, earlier] = [lapses[0]!, lapses[CASH_LAPSES_BEFORE_BLOCK - 1]!];
  if (!latest.recent || !latest.at || !earlier.at) return false;
  return latest.at.getTime() - earlier.at.getTime() <= CASH_LAPSE_WINDOW_DAYS * 86_400_000;
}

/**
 * Lapses reservations past their time, a batch at a time: the bookings and their pieces are claimed
 * together with SKIP LOCKED, so a seller entering the code at that moment (who holds the piece) is
 * never waited for and never overridden, and several workers never lapse the same one.
 */
export async function lapseDue(db: Db, publicUrl: string, batch = 50): Promise<string[]> {
  return db.transaction(async (tx) => {
    const due = rowsOf<{ id: string; product_id: string }>(
      await tx.execute(sql`
        select ${bookings.id} as id, ${bookings.productId} as product_id
        from ${bookings} join ${products} on ${products.id} = ${bookings.productId}
        where ${bookings.status} = 'reserved' and ${bookings.reservedUntil} <= now()
        order by ${bookings.reservedUntil}
        limit ${batch}
        for update of ${bookings}, ${products} skip locked`),
    );
    if (due.length === 0) return [];
    const ids = due.map((row) => row.id);
    await tx
      .update(bookings)
      .set({ status: 'cancelled', cancelReason: cancelReasons.cashLapsed, cancelledAt: sql`now()` })
      .where(and(inArray(bookings.id, ids), eq(bookings.status, 'reserved')));
    await tx
      .update(products)
      .set({ holdBookingId: null, holdExpiresAt: null })
      .where(inArray(products.holdBookingId, ids));
    await notifyCashLapsed(tx, publicUrl, ids);
    return ids;
  });
}
