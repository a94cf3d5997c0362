/**
 * Wallet and cash under concurrency, on PGlite and on PostgreSQL (TEST_DATABASE_URL): 50 callbacks of
 * one payment at once settle it once; a cash reservation and another buyer's card or wallet checkout at
 * the same moment have one winner.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  signUp,
  TEST_ORIGIN,
  type TestContext,
  type TestUser,
} from '../../../test/helpers/app.js';
import { eq } from 'drizzle-orm';
import { bookings } from '../../platform/db/schema.js';
import { BkashPaymentProvider } from '../../platform/card-providers/bkash.js';
import { WALLET_CALLBACK_PATH } from '../../platform/card-providers/create-provider.js';
import { FakeBkash, fakeBkashCredentials } from './testing/fake-bkash.js';
import {
  bookingRow,
  insertBooking,
  insertProduct,
  intentsOf,
  invariantViolations,
  paymentsOf,
  productRow,
} from '../../../test/helpers/fixtures.js';

const fake = new FakeBkash();
let ctx: TestContext;
let seller: TestUser;
const buyers: TestUser[] = [];

beforeAll(async () => {
  const baseUrl = await fake.start();
  const walletProvider = new BkashPaymentProvider({
    ...fakeBkashCredentials,
    baseUrl,
    callbackUrl: `${TEST_ORIGIN}${WALLET_CALLBACK_PATH}`,
    timeoutMs: 10_000,
  });
  ctx = await createTestApp({ CURRENCY: 'BDT' }, { walletProvider });
  seller = await signUp(ctx.app, 'seller');
  for (let i = 0; i < 6; i++) buyers.push(await signUp(ctx.app, 'buyer'));
}, 120_000);
afterAll(async () => {
  await ctx.close();
  await fake.stop();
});
afterEach(async () => {
  expect(await invariantViolations(ctx.app.database.db)).toEqual([]);
});

const db = () => ctx.app.database.db;

describe('wallet and cash races', () => {
  it('50 callbacks of one approved payment at once settle it once', async () => {
    const buyer = buyers[0]!;
    const product = await insertProduct(db(), seller.id, { currency: 'BDT' });
    const bookingId = await insertBooking(db(), product.id, buyer.id);
    const checkout = await buyer.client.post(`/api/bookings/${bookingId}/checkout`, { method: 'wallet' });
    expect(checkout.statusCode).toBe(200);
    const [intent] = await intentsOf(db(), bookingId);
    const paymentId = intent!.providerIntentId;
    fake.approve(paymentId);

    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        buyer.client.get(`${WALLET_CALLBACK_PATH}?paymentID=${paymentId}&status=success`),
      ),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(`/dashboard/orders/${bookingId}?wallet=paid`);
    }
    expect(await paymentsOf(db(), bookingId)).toHaveLength(1);
    expect((await bookingRow(db(), bookingId)).status).toBe('paid');
    expect((await productRow(db(), product.id)).status).toBe('sold');
    // bKash completed it once; every other execute was told it was done already.
    expect(fake.mustGet(paymentId).refund).toBeNull();
  });

  it("a cash reservation and another buyer's card checkout at the same moment: one winner", async () => {
    for (let round = 0; round < 5; round++) {
      const product = await insertProduct(db(), seller.id, { currency: 'BDT', acceptsCash: true });
      const cashBuyer = buyers[1 + (round % 2)]!;
      const cardBuyer = buyers[3]!;
      const cashBooking = await insertBooking(db(), product.id, cashBuyer.id);
      const cardBooking = await insertBooking(db(), product.id, cardBuyer.id);
      const [cash, card] = await Promise.all([
        cashBuyer.client.post(`/api/bookings/${cashBooking}/checkout`, { method: 'cash' }),
        cardBuyer.client.post(`/api/bookings/${cardBooking}/checkout`, { method: 'card' }),
      ]);
      const winners = [cash, card].filter((res) => res.statusCode === 200);
      expect(winners).toHaveLength(1);
      const loser = [cash, card].find((res) => res.statusCode !== 200)!;
      expect(loser.statusCode).toBe(409);
      expect(loser.json().error.code).toBe('SOMEONE_ELSE_PAYING');
      const held = (await productRow(db(), product.id)).holdBookingId;
      expect(held).toBe(cash.statusCode === 200 ? cashBooking : cardBooking);
      expect((await bookingRow(db(), cashBooking)).status).toBe(
        cash.statusCode === 200 ? 'reserved' : 'booked',
      );
      // Clean up so the next round's cash buyer has no reservation.
      if (cash.statusCode === 200) {
        await db()
          .update(bookings)
          .set({ status: 'cancelled', cancelReason: 'given up in the test' })
          .where(eq(bookings.id, cashBooking));
      }
    }
  });

  it("a cash reservation and another buyer's wallet checkout at the same moment: one winner", async () => {
    const product = await insertProduct(db(), seller.id, { currency: 'BDT', acceptsCash: true });
    const cashBooking = await insertBooking(db(), product.id, buyers[4]!.id);
    const walletBooking = await insertBooking(db(), product.id, buyers[5]!.id);
    const [cash, wallet] = await Promise.all([
      buyers[4]!.client.post(`/api/bookings/${cashBooking}/checkout`, { method: 'cash' }),
      buyers[5]!.client.post(`/api/bookings/${walletBooking}/checkout`, { method: 'wallet' }),
    ]);
    expect([cash, wallet].filter((res) => res.statusCode === 200)).toHaveLength(1);
    expect([cash.statusCode, wallet.statusCode].sort()).toEqual([200, 409]);
  });
});
