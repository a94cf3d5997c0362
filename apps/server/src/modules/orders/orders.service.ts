/**
 * After payment: the seller confirms the handoff with the buyer's code, or cancels the sale (a refund);
 * paid orders nobody handed over complete by themselves after HANDOFF_AUTO_COMPLETE_DAYS unless a report
 * about the product is open. Also the dashboard overview of what needs doing, per role.
 */
import { timingSafeEqual } from 'node:crypto';
import { and, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import {
  buyerMessages,
  cancelReasons,
  cancelSaleReason,
  cashMessages,
  handoffLimits,
  orderMessages,
  type Overview,
  type OverviewOrder,
  type RefuseBody,
  reviewMessages,
} from '@furniture-mart/shared';
import type { ServiceDeps } from '../deps.js';
import type { Viewer } from '../../platform/auth/viewer.js';
import type { DbOrTx, Tx } from '../../platform/db/client.js';
import { bookings, offers, payments, products, refusals, reports, users } from '../../platform/db/schema.js';
import { BadRequest, Conflict, NotFound } from '../../platform/errors.js';
import { rowsOf } from '../../platform/db/queue.js';
import { notifyCompleted } from './notify.js';
import { refundPaidBookings, type RefundService } from './refunds.js';
import { claimRefusalPhotos, confirmRefusedListing } from './refusal.js';
import type { JobsService } from '../jobs/index.js';

function sameCode(expected: string | null, given: string): boolean {
  if (!expected || expected.length !== given.length) return false;
  return timingSafeEqual(Buffer.from(expected), Buffer.from(given));
}

/**
 * Records a cash sale once the code is right (payments' settleCashIn, given by the composition root so
 * orders does not reach into payments, which reaches into orders for its messages).
 */
export type SettleCash = (
  tx: Tx,
  bookingId: string,
  publicUrl: string,
) => Promise<
  | { kind: 'completed'; productId: string; completedAt: Date }
  | { kind: 'refused'; reason: 'not_reserved' | 'lapsed' | 'unavailable'; status: string }
>;

export class OrdersService {
  constructor(
    private readonly deps: Pick<ServiceDeps, 'config' | 'db' | 'listings'>,
    private readonly refunds: RefundService,
    private readonly jobs: Pick<JobsService, 'backlog'>,
    private readonly settleCash?: SettleCash,
  ) {}

  private get publicUrl() {
    return this.deps.config.PUBLIC_URL;
  }

  /**
   * Locks the seller's order (product first, then booking: the order settlement and removal use);
   * anyone but the product's seller gets the unknown-order answer.
   */
  private async lockSellersOrder(tx: DbOrTx, viewer: Viewer, bookingId: string) {
    const [target] = await tx
      .select({ productId: bookings.productId, sellerId: products.sellerId })
      .from(bookings)
      .innerJoin(products, eq(products.id, bookings.productId))
      .where(eq(bookings.id, bookingId));
    if (!target || target.sellerId !== viewer.id) throw new NotFound(buyerMessages.bookingNotFound);
    await tx
      .select({ id: products.id })
      .from(products)
      .where(eq(products.id, target.productId))
      .for('update');
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
    if (!booking) throw new NotFound(buyerMessages.bookingNotFound);
    return booking;
  }

  private static wrongState(status: string): Conflict {
    if (status === 'completed') return new Conflict(orderMessages.alreadyCompleted, 'ALREADY_COMPLETED');
    if (status === 'refused') return new Conflict(reviewMessages.alreadyRefused, 'ALREADY_REFUSED');
    if (status === 'refunded') return new Conflict(orderMessages.alreadyRefunded, 'ALREADY_REFUNDED');
    return new Conflict(orderMessages.notPaid, 'ORDER_NOT_PAID');
  }

  /**
   * The seller enters the buyer's code at pickup. Five wrong codes lock the handoff. For a cash
   * reservation the right code is the seller's word that the cash is in hand: the sale is recorded as
   * paid in cash and completed in the same transaction (decision 0090).
   */
  async handoff(
    viewer: Viewer,
    bookingId: string,
    code: string,
  ): Promise<{ status: 'completed'; completedAt: string }> {
    const outcome = await this.deps.db.transaction(async (tx) => {
      const booking = await this.lockSellersOrder(tx, viewer, bookingId);
      const cash = booking.status === 'reserved' && this.settleCash !== undefined;
      if (booking.status !== 'paid' && !cash) throw OrdersService.wrongState(booking.status);
      if (booking.handoffAttempts >= handoffLimits.maxAttempts) {
        throw new Conflict(orderMessages.handoffLocked, 'HANDOFF_LOCKED');
      }
      if (!sameCode(booking.handoffCode, code)) {
        // Counted and committed: the wrong answer below must not roll the count back.
        const attempts = booking.handoffAttempts + 1;
        await tx.update(bookings).set({ handoffAttempts: attempts }).where(eq(bookings.id, booking.id));
        return { ok: false as const, left: handoffLimits.maxAttempts - attempts };
      }
      if (cash) {
        const settled = await this.settleCash!(tx, booking.id, this.publicUrl);
        if (settled.kind === 'refused') {
          if (settled.reason === 'lapsed') throw new Conflict(cashMessages.lapsed, 'RESERVATION_LAPSED');
          throw OrdersService.wrongState(settled.status);
        }
        await notifyCompleted(tx, this.publicUrl, [booking.id]);
        return { ok: true as const, completedAt: settled.completedAt, sold: true };
      }
      const [done] = await tx
        .update(bookings)
        .set({ status: 'completed', completedAt: sql`now()`, completedBy: 'handoff' })
        .where(and(eq(bookings.id, booking.id), eq(bookings.status, 'paid')))
        .returning({ completedAt: bookings.completedAt });
      await notifyCompleted(tx, this.publicUrl, [booking.id]);
      return { ok: true as const, completedAt: done!.completedAt!, sold: false };
    });
    // A cash sale takes the piece off every listing now; the seller's page counts completed sales.
    if (outcome.ok) this.deps.listings.changed();
    if (!outcome.ok) {
      if (outcome.left <= 0) throw new Conflict(orderMessages.handoffLocked, 'HANDOFF_LOCKED');
      throw new BadRequest(
        orderMessages.handoffWrongCode(outcome.left),
        { code: orderMessages.handoffWrongCode(outcome.left) },
        'WRONG_HANDOFF_CODE',
      );
    }
    return { status: 'completed', completedAt: outcome.completedAt.toISOString() };
  }

  /** The seller cancels a paid sale: the buyer is refunded and the item returns to sale. */
  async cancelSale(viewer: Viewer, bookingId: string, reason: string): Promise<{ status: 'refunded' }> {
    await this.deps.db.transaction(async (tx) => {
      const booking = await this.lockSellersOrder(tx, viewer, bookingId);
      if (booking.status !== 'paid') throw OrdersService.wrongState(booking.status);
      const refunded = await refundPaidBookings(
        tx,
        this.publicUrl,
        { bookingIds: [booking.id] },
        cancelSaleReason(reason),
      );
      if (refunded.length === 0) throw OrdersService.wrongState('refunded');
      await returnToSale(tx, [booking.productId]);
    });
    this.deps.listings.changed();
    await this.processRefundsSoon();
    return { status: 'refunded' };
  }

  /**
   * The buyer refuses a paid order at pickup: refunded in full through the refund machinery (exactly
   * once), then `refused`, which also stops the code from working. Locks go product, booking, as the
   * handoff takes them, so of a refusal and the seller's code at the same moment exactly one finds the
   * order paid. The product stays sold until its seller confirms the listing.
   */
  async refuse(viewer: Viewer, bookingId: string, input: RefuseBody): Promise<{ status: 'refused' }> {
    await this.deps.db.transaction(async (tx) => {
      const [target] = await tx
        .select({ productId: bookings.productId })
        .from(bookings)
        .where(
          and(eq(bookings.id, bookingId), eq(bookings.buyerId, viewer.id), isNull(bookings.hiddenByBuyerAt)),
        );
      if (!target) throw new NotFound(buyerMessages.bookingNotFound);
      await tx
        .select({ id: products.id })
        .from(products)
        .where(eq(products.id, target.productId))
        .for('update');
      const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
      if (!booking) throw new NotFound(buyerMessages.bookingNotFound);
      if (booking.status !== 'paid') throw OrdersService.wrongState(booking.status);
      const refunded = await refundPaidBookings(
        tx,
        this.publicUrl,
        { bookingIds: [booking.id] },
        cancelReasons.refusedAtPickup,
      );
      if (refunded.length === 0) throw OrdersService.wrongState('refunded');
      await tx
        .update(bookings)
        .set({ status: 'refused', handoffCode: null })
        .where(and(eq(bookings.id, booking.id), eq(bookings.status, 'refunded')));
      await tx
        .insert(refusals)
        .values({ bookingId: booking.id, reason: input.reason, details: input.details });
      await claimRefusalPhotos(tx, viewer.id, booking.id, input.photoIds);
    });
    // The seller's page counts refusals.
    this.deps.listings.changed();
    await this.processRefundsSoon();
    return { status: 'refused' };
  }

  /**
   * The seller says the listing of a refused order is accurate (after editing it or as it is): the
   * item goes back on sale. Once per refusal.
   */
  async confirmListing(viewer: Viewer, bookingId: string): Promise<{ productStatus: 'available' }> {
    await this.deps.db.transaction(async (tx) => {
      const booking = await this.lockSellersOrder(tx, viewer, bookingId);
      if (booking.status !== 'refused') throw new Conflict(reviewMessages.notRefused, 'NOT_REFUSED');
      if (!(await confirmRefusedListing(tx, booking.productId))) {
        throw new Conflict(reviewMessages.notRefused, 'NOT_REFUSED');
      }
    });
    this.deps.listings.changed();
    return { productStatus: 'available' };
  }

  /** Asks the provider right away; a failure stays queued for the refund worker. */
  async processRefundsSoon(): Promise<void> {
    try {
      await this.refunds.runOnce();
    } catch {
      // The worker retries; the order is already refunded on our side.
    }
  }

  /** Completes paid orders older than the waiting period, unless their product has an open report. */
  async autoCompleteOnce(): Promise<number> {
    const days = this.deps.config.HANDOFF_AUTO_COMPLETE_DAYS;
    return this.deps.db.transaction(async (tx) => {
      const done = await tx
        .update(bookings)
        .set({ status: 'completed', completedAt: sql`now()`, completedBy: 'auto' })
        .where(
          and(
            eq(bookings.status, 'paid'),
            lt(bookings.paidAt, sql`now() - make_interval(secs => ${Math.round(days * 86400)})`),
            sql`not exists (select 1 from ${reports} where ${reports.productId} = ${bookings.productId} and ${reports.status} = 'open')`,
          ),
        )
        .returning({ id: bookings.id });
      await notifyCompleted(
        tx,
        this.publicUrl,
        done.map((row) => row.id),
      );
      return done.length;
    });
  }

  async overview(viewer: Viewer): Promise<Overview> {
    const { db } = this.deps;
    if (viewer.role === 'admin') {
      const [[reportsOpen], [waiting], attention] = await Promise.all([
        db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(reports)
          .where(eq(reports.status, 'open')),
        db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(users)
          .where(and(eq(users.role, 'seller'), eq(users.verified, false), isNull(users.deletedAt))),
        this.refunds.countNeedingAttention(),
      ]);
      const backlog = await this.jobs.backlog();
      return {
        role: 'admin',
        openReports: reportsOpen?.n ?? 0,
        sellersAwaitingVerification: waiting?.n ?? 0,
        refundsNeedingAttention: attention,
        failedJobs: backlog.reduce((sum, line) => sum + line.failed, 0),
        stuckJobs: backlog.reduce((sum, line) => sum + line.stuck, 0),
      };
    }
    if (viewer.role === 'seller') {
      const mine = eq(products.sellerId, viewer.id);
      const [newBookings, awaitingHandoff, earnings] = await Promise.all([
        this.overviewOrders(and(mine, eq(bookings.status, 'booked'), isNull(products.deletedAt)), false),
        // Paid online, or reserved for cash: both wait for the seller to enter the buyer's code.
        this.overviewOrders(and(mine, inArray(bookings.status, ['paid', 'reserved'])), false),
        rowsOf<{ completed: string | number | null; pending: string | number | null }>(
          await db.execute(sql`
            select
              coalesce(sum(${payments.amountCents}) filter (where ${bookings.status} = 'completed'), 0) as completed,
              coalesce(sum(${payments.amountCents}) filter (where ${bookings.status} = 'paid'), 0) as pending
            from ${bookings}
              join ${products} on ${products.id} = ${bookings.productId}
              join ${payments} on ${payments.bookingId} = ${bookings.id}
            where ${products.sellerId} = ${viewer.id}`),
        ),
      ]);
      const [waiting] = await db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(offers)
        .innerJoin(products, eq(products.id, offers.productId))
        .where(and(mine, eq(offers.status, 'open'), sql`${offers.expiresAt} > now()`));
      return {
        role: 'seller',
        newBookings,
        awaitingHandoff,
        offersWaiting: waiting?.n ?? 0,
        earnings: {
          completedCents: Number(earnings[0]?.completed ?? 0),
          pendingCents: Number(earnings[0]?.pending ?? 0),
          currency: this.deps.config.CURRENCY,
        },
      };
    }
    const mine = and(eq(bookings.buyerId, viewer.id), isNull(bookings.hiddenByBuyerAt));
    const [toPay, awaitingHandoff] = await Promise.all([
      this.overviewOrders(and(mine, eq(bookings.status, 'booked')), false),
      this.overviewOrders(and(mine, inArray(bookings.status, ['paid', 'reserved'])), true),
    ]);
    return { role: 'buyer', toPay, awaitingHandoff };
  }

  private async overviewOrders(
    where: ReturnType<typeof and>,
    withCode: boolean,
  ): Promise<{ total: number; items: OverviewOrder[] }> {
    const { db } = this.deps;
    const [rows, [counted]] = await Promise.all([
      db
        .select({
          id: bookings.id,
          productTitle: products.title,
          priceCents: bookings.priceCents,
          currency: bookings.currency,
          status: bookings.status,
          createdAt: bookings.createdAt,
          handoffCode: bookings.handoffCode,
          paymentMethod: bookings.paymentMethod,
        })
        .from(bookings)
        .innerJoin(products, eq(products.id, bookings.productId))
        .where(where)
        .orderBy(desc(bookings.createdAt), desc(bookings.id))
        .limit(5),
      db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(bookings)
        .innerJoin(products, eq(products.id, bookings.productId))
        .where(where),
    ]);
    return {
      total: counted?.n ?? 0,
      items: rows.map((row) => ({
        ...row,
        createdAt: row.createdAt.toISOString(),
        handoffCode: withCode ? row.handoffCode : null,
      })),
    };
  }
}

/** A refunded item goes back on sale when it and its seller are still there. */
export async function returnToSale(tx: DbOrTx, productIds: string[]): Promise<void> {
  if (productIds.length === 0) return;
  await tx
    .update(products)
    .set({ status: 'available', holdBookingId: null, holdExpiresAt: null })
    .where(
      and(
        inArray(products.id, productIds),
        isNull(products.deletedAt),
        sql`exists (select 1 from ${users} where ${users.id} = ${products.sellerId} and ${users.deletedAt} is null)`,
      ),
    );
}
