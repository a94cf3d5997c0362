/**
 * Refunds, exactly once per payment. The order changes in the caller's transaction: a conditional UPDATE
 * (status = 'paid') turns it refunded, so of two concurrent requests only one sees the row change, and
 * the refund row is unique per payment besides. The provider is called afterwards by the refund worker,
 * with one idempotency key per payment, until it accepts; a refusal keeps the row on the admin's "needs
 * attention" list and it is retried with backoff, never dropped and never sent twice with another key.
 * After REFUND_MAX_ATTEMPTS refusals it is marked failed and waits for an administrator's retry, which
 * asks again with the same key, so the provider still refunds the payment at most once.
 */
import { and, asc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { Page, PageQuery, RefundAttentionRow } from '@furniture-mart/shared';
import type { Config } from '../../config.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { claimDue } from '../../platform/db/queue.js';
import { bookings, payments, refunds } from '../../platform/db/schema.js';
import type { PaymentProvider } from '../../platform/card-providers/provider.js';
import { backoffSeconds } from '../../lib/periodic.js';
import { notifyRefunded } from './notify.js';

export interface RefundTarget {
  bookingIds?: string[];
  productIds?: string[];
}

/** Refunds the paid, not completed orders among the target; answers the bookings it refunded. */
export async function refundPaidBookings(
  tx: DbOrTx,
  publicUrl: string,
  target: RefundTarget,
  reason: string,
): Promise<{ id: string; productId: string }[]> {
  const scope = target.bookingIds
    ? inArray(bookings.id, target.bookingIds)
    : target.productIds
      ? inArray(bookings.productId, target.productIds)
      : undefined;
  if (!scope || (target.bookingIds ?? target.productIds)!.length === 0) return [];
  const refunded = await tx
    .update(bookings)
    .set({ status: 'refunded', cancelReason: reason, refundedAt: sql`now()` })
    .where(and(scope, eq(bookings.status, 'paid')))
    .returning({ id: bookings.id, productId: bookings.productId });
  if (refunded.length === 0) return [];
  const paid = await tx
    .select()
    .from(payments)
    .where(
      inArray(
        payments.bookingId,
        refunded.map((row) => row.id),
      ),
    );
  if (paid.length > 0) {
    await tx
      .insert(refunds)
      .values(
        paid.map((payment) => ({
          paymentId: payment.id,
          bookingId: payment.bookingId,
          amountCents: payment.amountCents,
          currency: payment.currency,
          reason,
        })),
      )
      .onConflictDoNothing({ target: refunds.paymentId });
  }
  await notifyRefunded(
    tx,
    publicUrl,
    refunded.map((row) => row.id),
    reason,
  );
  return refunded;
}

const needingAttention = or(
  eq(refunds.status, 'failed'),
  and(eq(refunds.status, 'pending'), gt(refunds.attempts, 0)),
);

export class RefundService {
  constructor(
    private readonly deps: {
      db: Db;
      cardProvider: PaymentProvider;
      /** A wallet payment is refunded through the wallet's own refund call (decision 0091). */
      walletProvider?: PaymentProvider;
      config: Pick<Config, 'REFUND_MAX_ATTEMPTS'>;
    },
  ) {}

  /** Asks the provider for every due refund; answers how many it accepted. */
  async runOnce(batch = 10): Promise<number> {
    const { db } = this.deps;
    const claimed = await claimDue(db, refunds, batch);
    let done = 0;
    for (const id of claimed) {
      const [row] = await db
        .select({ refund: refunds, payment: payments })
        .from(refunds)
        .innerJoin(payments, eq(payments.id, refunds.paymentId))
        .where(eq(refunds.id, id));
      if (!row || row.refund.status !== 'pending') continue;
      try {
        const provider = [this.deps.cardProvider, this.deps.walletProvider].find(
          (each) => each?.name === row.payment.provider,
        );
        if (!provider) {
          throw new Error(
            `paid through ${row.payment.provider}, but ${this.deps.cardProvider.name}${this.deps.walletProvider ? ` and ${this.deps.walletProvider.name}` : ''} are configured`,
          );
        }
        const result = await provider.refund({
          intentId: row.payment.transactionId,
          amountCents: row.refund.amountCents,
          currency: row.refund.currency,
          idempotencyKey: `order-refund-${row.payment.id}`,
        });
        await db
          .update(refunds)
          .set({
            status: 'succeeded',
            providerRefundId: result.id,
            succeededAt: sql`now()`,
            lockedUntil: null,
            lastError: null,
            attempts: sql`${refunds.attempts} + 1`,
          })
          .where(eq(refunds.id, id));
        done += 1;
      } catch (error) {
        const attempts = row.refund.attempts + 1;
        const lastError = error instanceof Error ? error.message.slice(0, 500) : String(error);
        await db
          .update(refunds)
          .set(
            attempts >= this.deps.config.REFUND_MAX_ATTEMPTS
              ? { status: 'failed', failedAt: sql`now()`, attempts, lockedUntil: null, lastError }
              : {
                  attempts,
                  lockedUntil: null,
                  lastError,
                  nextAttemptAt: sql`now() + make_interval(secs => ${backoffSeconds(attempts)})`,
                },
          )
          .where(eq(refunds.id, id));
      }
    }
    return done;
  }

  /** Refunds the provider has refused at least once and that are not done: still retried, or failed. */
  async listNeedingAttention(page: PageQuery): Promise<Page<RefundAttentionRow>> {
    const where = needingAttention;
    const [rows, [counted]] = await Promise.all([
      this.deps.db
        .select()
        .from(refunds)
        .where(where)
        .orderBy(asc(refunds.createdAt), asc(refunds.id))
        .limit(page.pageSize)
        .offset((page.page - 1) * page.pageSize),
      this.deps.db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(refunds)
        .where(where),
    ]);
    return {
      items: rows.map((row) => ({
        id: row.id,
        bookingId: row.bookingId,
        amountCents: row.amountCents,
        currency: row.currency,
        reason: row.reason,
        attempts: row.attempts,
        lastError: row.lastError,
        nextAttemptAt: row.nextAttemptAt.toISOString(),
        createdAt: row.createdAt.toISOString(),
      })),
      page: page.page,
      pageSize: page.pageSize,
      total: counted?.n ?? 0,
    };
  }

  async countNeedingAttention(): Promise<number> {
    const [counted] = await this.deps.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(refunds)
      .where(needingAttention);
    return counted?.n ?? 0;
  }
}
