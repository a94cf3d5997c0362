/**
 * Concurrency: the same answers whatever order requests arrive in, on PGlite (one connection, so
 * transactions queue) and on PostgreSQL (a pool, so they really overlap and row locks decide).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { cancelReasons, messages } from '@furniture-mart/shared';
import { createTestApp, signUp, type TestContext, type TestUser } from '../../../test/helpers/app.js';
import { paymentIntents } from '../../platform/db/schema.js';
import { SandboxPaymentProvider } from '../../platform/card-providers/sandbox.js';
import { refOf } from './intents.js';
import { settle } from './settlement.js';
import {
  bookingRow,
  insertBooking,
  insertProduct,
  expireHold,
  intentsOf,
  invariantViolations,
  paymentsOf,
  productRow,
} from '../../../test/helpers/fixtures.js';

const goodCard = { cardNumber: '4242424242424242', expiry: '12/40', cvc: '123', name: 'Race Buyer' };

let ctx: TestContext;
let provider: SandboxPaymentProvider;
let seller: TestUser;
const buyers: TestUser[] = [];

beforeAll(async () => {
  provider = new SandboxPaymentProvider();
  ctx = await createTestApp({}, { cardProvider: provider });
  seller = await signUp(ctx.app, 'seller');
  for (let i = 0; i < 50; i++) buyers.push(await signUp(ctx.app, 'buyer'));
}, 120_000);
afterAll(() => ctx.close());
afterEach(async () => {
  expect(await invariantViolations(ctx.app.database.db)).toEqual([]);
});

describe('races', () => {
  it('gives exactly one of 50 buyers starting checkout at once the hold', async () => {
    const product = await insertProduct(ctx.app.database.db, seller.id);
    const bookingIds = await Promise.all(
      buyers.map((buyer) => insertBooking(ctx.app.database.db, product.id, buyer.id)),
    );

    const answers = await Promise.all(
      buyers.map((buyer, i) => buyer.client.post(`/api/bookings/${bookingIds[i]}/checkout`)),
    );
    const winners = answers.flatMap((res, i) => (res.statusCode === 200 ? [bookingIds[i]!] : []));
    expect(winners).toHaveLength(1);
    const losers = answers.filter((res) => res.statusCode !== 200);
    expect(losers).toHaveLength(49);
    for (const res of losers) {
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toEqual({ code: 'SOMEONE_ELSE_PAYING', message: messages.someoneElsePaying });
    }
    expect((await productRow(ctx.app.database.db, product.id)).holdBookingId).toBe(winners[0]);
    const intents = await ctx.app.database.db.select().from(paymentIntents);
    expect(intents.filter((intent) => bookingIds.includes(intent.bookingId))).toHaveLength(1);
  }, 60_000);

  it('records one payment for 20 concurrent confirmations of one booking', async () => {
    const product = await insertProduct(ctx.app.database.db, seller.id);
    const buyer = buyers[0]!;
    const bookingId = await insertBooking(ctx.app.database.db, product.id, buyer.id);

    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        buyer.client.post(`/api/bookings/${bookingId}/checkout/confirm`, goodCard),
      ),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    expect(new Set(answers.map((res) => res.json().transactionId)).size).toBe(1);
    expect(await paymentsOf(ctx.app.database.db, bookingId)).toHaveLength(1);
    expect(await intentsOf(ctx.app.database.db, bookingId)).toHaveLength(1);
    expect((await bookingRow(ctx.app.database.db, bookingId)).status).toBe('paid');
  }, 60_000);

  it('sells to one of two buyers whose authorizations both succeeded and releases the other', async () => {
    for (let round = 0; round < 4; round++) {
      const product = await insertProduct(ctx.app.database.db, seller.id);
      const [first, second] = [buyers[1 + round * 2]!, buyers[2 + round * 2]!];
      const firstBooking = await insertBooking(ctx.app.database.db, product.id, first.id);
      const secondBooking = await insertBooking(ctx.app.database.db, product.id, second.id);

      // The first buyer's hold lapses while their card is being confirmed; the second starts meanwhile.
      expect((await first.client.post(`/api/bookings/${firstBooking}/checkout`)).statusCode).toBe(200);
      await expireHold(ctx.app.database.db, product.id);
      expect((await second.client.post(`/api/bookings/${secondBooking}/checkout`)).statusCode).toBe(200);
      const [firstIntent] = await intentsOf(ctx.app.database.db, firstBooking);
      const [secondIntent] = await intentsOf(ctx.app.database.db, secondBooking);
      await provider.authorizeCard(refOf(firstIntent!), {
        number: goodCard.cardNumber,
        expMonth: 12,
        expYear: 2040,
        cvc: '123',
        name: 'A',
      });
      await provider.authorizeCard(refOf(secondIntent!), {
        number: goodCard.cardNumber,
        expMonth: 12,
        expYear: 2040,
        cvc: '123',
        name: 'B',
      });

      // Both settle at once (a confirmation and a retry, say), in either order.
      const intents = round % 2 === 0 ? [firstIntent!, secondIntent!] : [secondIntent!, firstIntent!];
      const outcomes = await Promise.all(
        intents.map((intent) =>
          settle(ctx.app.database.db, provider, { providerIntentId: intent.providerIntentId }),
        ),
      );
      expect(outcomes.map((outcome) => outcome.kind).sort()).toEqual(['paid', 'released']);

      const paidBooking = outcomes.find((outcome) => outcome.kind === 'paid')!;
      const winnerBooking = paidBooking.kind === 'paid' ? paidBooking.bookingId : '';
      const loserBooking = winnerBooking === firstBooking ? secondBooking : firstBooking;
      const loserIntent = winnerBooking === firstBooking ? secondIntent! : firstIntent!;
      const winnerIntent = winnerBooking === firstBooking ? firstIntent! : secondIntent!;

      expect((await bookingRow(ctx.app.database.db, winnerBooking)).status).toBe('paid');
      expect(await bookingRow(ctx.app.database.db, loserBooking)).toMatchObject({
        status: 'cancelled',
        cancelReason: cancelReasons.soldToAnother,
      });
      expect(await paymentsOf(ctx.app.database.db, loserBooking)).toHaveLength(0);
      expect((await provider.retrieveIntent(refOf(loserIntent))).status).toBe('cancelled');
      expect((await provider.retrieveIntent(refOf(winnerIntent))).status).toBe('captured');
      const [loserRow] = await ctx.app.database.db
        .select({ status: paymentIntents.status })
        .from(paymentIntents)
        .where(eq(paymentIntents.id, loserIntent.id));
      expect(loserRow!.status).toBe('cancelled');
      expect(await invariantViolations(ctx.app.database.db)).toEqual([]);
    }
  }, 60_000);
});
