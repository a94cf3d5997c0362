/**
 * Payment intents as we record them: exactly one per booking, amount and provider (a unique index), so
 * a retried or concurrent checkout reuses the intent instead of asking the card to pay twice.
 */
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { bookings, paymentIntents } from '../../platform/db/schema.js';
import type { IntentRef, PaymentProvider } from '../../platform/card-providers/provider.js';

export type IntentRow = typeof paymentIntents.$inferSelect;

export function refOf(intent: Pick<IntentRow, 'providerIntentId' | 'amountCents' | 'currency'>): IntentRef {
  return { id: intent.providerIntentId, amountCents: intent.amountCents, currency: intent.currency };
}

export async function findIntent(
  db: DbOrTx,
  provider: PaymentProvider,
  bookingId: string,
  amountCents: number,
): Promise<IntentRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentIntents)
    .where(
      and(
        eq(paymentIntents.bookingId, bookingId),
        eq(paymentIntents.amountCents, amountCents),
        eq(paymentIntents.provider, provider.name),
      ),
    );
  return row;
}

export interface IntentFor {
  bookingId: string;
  productId: string;
  amountCents: number;
  currency: string;
}

/**
 * The booking's intent for this amount, created at the provider the first time. The provider call
 * carries an idempotency key per booking and amount, and the insert ignores a row a concurrent request
 * wrote first, so every caller ends up with the same intent.
 */
export async function ensureIntent(db: Db, provider: PaymentProvider, input: IntentFor): Promise<IntentRow> {
  const existing = await findIntent(db, provider, input.bookingId, input.amountCents);
  // A provider may cancel an authorization on its own (Stripe does after seven days): start a fresh one.
  if (existing && existing.status !== 'cancelled') return existing;

  const baseKey = `intent-${input.bookingId}-${input.amountCents}-${input.currency}`;
  const created = await provider.createIntent({
    ...input,
    idempotencyKey: existing ? `${baseKey}-after-${existing.providerIntentId}` : baseKey,
  });
  const values = {
    providerIntentId: created.id,
    clientSecret: created.clientSecret,
    status: 'requires_payment' as const,
    lastError: null,
  };
  if (existing) {
    await db
      .update(paymentIntents)
      .set(values)
      .where(
        and(
          eq(paymentIntents.id, existing.id),
          eq(paymentIntents.providerIntentId, existing.providerIntentId),
        ),
      );
  } else {
    await db
      .insert(paymentIntents)
      .values({
        ...values,
        bookingId: input.bookingId,
        provider: provider.name,
        amountCents: input.amountCents,
        currency: input.currency,
      })
      .onConflictDoNothing();
  }
  const row = await findIntent(db, provider, input.bookingId, input.amountCents);
  if (!row) throw new Error(`payment intent for booking ${input.bookingId} vanished after it was written`);
  return row;
}

/**
 * After a sale: the product's other intents can no longer buy it, so cancel them at the provider now,
 * before anyone confirms a card on them. Best effort: settlement releases any authorization that still
 * arrives later (through the buyer's confirmation or the provider's webhook).
 */
export async function releaseOtherIntents(
  db: Db,
  provider: PaymentProvider,
  productId: string,
  winningBookingId: string,
  log?: FastifyBaseLogger,
): Promise<void> {
  const open = await db
    .select({
      id: paymentIntents.id,
      providerIntentId: paymentIntents.providerIntentId,
      amountCents: paymentIntents.amountCents,
      currency: paymentIntents.currency,
    })
    .from(paymentIntents)
    .innerJoin(bookings, eq(bookings.id, paymentIntents.bookingId))
    .where(
      and(
        eq(bookings.productId, productId),
        ne(bookings.id, winningBookingId),
        eq(paymentIntents.provider, provider.name),
        inArray(paymentIntents.status, ['requires_payment', 'authorized', 'failed']),
      ),
    );
  for (const intent of open) {
    try {
      await provider.release(refOf(intent));
      await db
        .update(paymentIntents)
        .set({ status: 'cancelled' })
        .where(and(eq(paymentIntents.id, intent.id), ne(paymentIntents.status, 'captured')));
    } catch (error) {
      log?.warn(
        { err: error, intent: intent.providerIntentId },
        'could not release a losing payment intent yet',
      );
    }
  }
}
