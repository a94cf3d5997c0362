/**
 * Paying by mobile wallet through the real bKash provider, pointed at a local fake of bKash's API: only
 * the wallet's own execute and query make an order paid, whatever a callback claims; refunds go through
 * the wallet's refund call exactly once; a wallet that is down, slow, refusing or pending marks nothing.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  createTestApp,
  signUp,
  TEST_ORIGIN,
  type TestContext,
  type TestUser,
} from '../../../test/helpers/app.js';
import { mailOutbox, paymentIntents, refunds } from '../../platform/db/schema.js';
import { BkashPaymentProvider, fromAmount, toAmount } from '../../platform/card-providers/bkash.js';
import { WALLET_CALLBACK_PATH } from '../../platform/card-providers/create-provider.js';
import { FakeBkash, fakeBkashCredentials } from './testing/fake-bkash.js';
import {
  bookingRow,
  insertBooking,
  insertProduct,
  invariantViolations,
  paymentsOf,
  productRow,
} from '../../../test/helpers/fixtures.js';

const fake = new FakeBkash();
let ctx: TestContext;
let provider: BkashPaymentProvider;
let clock = Date.now();
let seller: TestUser;
let buyer: TestUser;
let otherBuyer: TestUser;

beforeAll(async () => {
  const baseUrl = await fake.start();
  provider = new BkashPaymentProvider({
    ...fakeBkashCredentials,
    baseUrl,
    callbackUrl: `${TEST_ORIGIN}${WALLET_CALLBACK_PATH}`,
    timeoutMs: 1_000,
    now: () => clock,
  });
  ctx = await createTestApp({ CURRENCY: 'BDT' }, { walletProvider: provider });
  seller = await signUp(ctx.app, 'seller');
  buyer = await signUp(ctx.app, 'buyer');
  otherBuyer = await signUp(ctx.app, 'buyer');
}, 60_000);
afterAll(async () => {
  await ctx.close();
  await fake.stop();
});
beforeEach(() => {
  fake.down = false;
  fake.delayMs = 0;
  fake.queryStatusOverride = null;
});
afterEach(async () => {
  expect(await invariantViolations(ctx.app.database.db)).toEqual([]);
});

const db = () => ctx.app.database.db;

/** A booked piece in BDT and its wallet checkout: the payment id bKash gave and the page it answered. */
async function walletCheckout(who: TestUser = buyer, priceCents = 1_234_50) {
  const product = await insertProduct(db(), seller.id, { currency: 'BDT', sellingPriceCents: priceCents });
  const bookingId = await insertBooking(db(), product.id, who.id);
  const res = await who.client.post(`/api/bookings/${bookingId}/checkout`, { method: 'wallet' });
  expect(res.statusCode, res.body).toBe(200);
  const [intent] = await db().select().from(paymentIntents).where(eq(paymentIntents.bookingId, bookingId));
  return { product, bookingId, answer: res.json(), paymentId: intent!.providerIntentId };
}

const callback = (who: TestUser, paymentId: string, status = 'success') =>
  who.client.get(`${WALLET_CALLBACK_PATH}?paymentID=${encodeURIComponent(paymentId)}&status=${status}`);

describe('amounts', () => {
  it('writes minor units as bKash decimal strings and reads them back', () => {
    expect(toAmount(123450)).toBe('1234.50');
    expect(toAmount(5)).toBe('0.05');
    expect(fromAmount('1234.50')).toBe(123450);
    expect(fromAmount('10')).toBe(1000);
    expect(fromAmount('1.5')).toBe(150);
    expect(fromAmount('abc')).toBeNull();
  });
});

describe('wallet checkout', () => {
  it("creates a payment for the booking's own amount and answers bKash's page", async () => {
    const { answer, paymentId, bookingId } = await walletCheckout(buyer, 987_00);
    expect(answer).toMatchObject({
      bookingId,
      method: 'wallet',
      provider: 'bkash',
      amountCents: 987_00,
      currency: 'BDT',
      clientSecret: null,
      reservedUntil: null,
      handoffCode: null,
    });
    expect(answer.redirectUrl).toContain(paymentId);
    const created = fake.mustGet(paymentId);
    expect(created.amount).toBe('987.00');
    expect(created.callbackURL).toBe(`${TEST_ORIGIN}${WALLET_CALLBACK_PATH}`);
    expect((await bookingRow(db(), bookingId)).status).toBe('booked');
  });

  it('ignores an amount the client sends', async () => {
    const product = await insertProduct(db(), seller.id, { currency: 'BDT', sellingPriceCents: 500_00 });
    const bookingId = await insertBooking(db(), product.id, buyer.id);
    const res = await buyer.client.post(`/api/bookings/${bookingId}/checkout`, {
      method: 'wallet',
      amountCents: 1,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().amountCents).toBe(500_00);
  });

  it('answers 503 with Retry-After when the wallet is down, and the booking stays payable', async () => {
    const product = await insertProduct(db(), seller.id, { currency: 'BDT' });
    const bookingId = await insertBooking(db(), product.id, buyer.id);
    fake.down = true;
    const res = await buyer.client.post(`/api/bookings/${bookingId}/checkout`, { method: 'wallet' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('30');
    expect(res.json().error.code).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    expect(res.json().error.message).toMatch(/wallet/i);
    expect((await bookingRow(db(), bookingId)).status).toBe('booked');
    // The hold was given back at once: the piece is not "being paid" for anyone.
    expect((await productRow(db(), product.id)).holdBookingId).toBeNull();
    fake.down = false;
    const again = await buyer.client.post(`/api/bookings/${bookingId}/checkout`, { method: 'wallet' });
    expect(again.statusCode).toBe(200);
  });

  it('answers 503 when the wallet is too slow (timeout), nothing marked', async () => {
    const product = await insertProduct(db(), seller.id, { currency: 'BDT' });
    const bookingId = await insertBooking(db(), product.id, buyer.id);
    fake.delayMs = 1_500;
    const res = await buyer.client.post(`/api/bookings/${bookingId}/checkout`, { method: 'wallet' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBeDefined();
    expect((await bookingRow(db(), bookingId)).status).toBe('booked');
  });

  it('grants a token once, refreshes it before it runs out, and grants again when bKash drops it', async () => {
    const grantsBefore = fake.callsTo('/token/grant').length;
    const refreshesBefore = fake.callsTo('/token/refresh').length;
    await walletCheckout();
    await walletCheckout();
    // The token lives an hour: no new grant for a second checkout.
    expect(fake.callsTo('/token/grant').length - grantsBefore).toBeLessThanOrEqual(1);
    clock += 3_600_000;
    await walletCheckout();
    expect(fake.callsTo('/token/refresh').length).toBe(refreshesBefore + 1);
    fake.expireTokens();
    const grants = fake.callsTo('/token/grant').length;
    await walletCheckout();
    expect(fake.callsTo('/token/grant').length).toBe(grants + 1);
  });
});

describe('the callback', () => {
  it('marks paid only after execute and query on the wallet say so', async () => {
    const { bookingId, paymentId } = await walletCheckout();
    fake.approve(paymentId);
    const res = await callback(buyer, paymentId);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/dashboard/orders/${bookingId}?wallet=paid`);
    expect(fake.mustGet(paymentId).executions).toBe(1);
    const booking = await bookingRow(db(), bookingId);
    expect(booking.status).toBe('paid');
    expect(booking.paymentMethod).toBe('wallet');
    expect(booking.handoffCode).toMatch(/^\d{6}$/);
    const [payment] = await paymentsOf(db(), bookingId);
    expect(payment).toMatchObject({ provider: 'bkash', transactionId: paymentId, amountCents: 1_234_50 });
    const [receipt] = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.idempotencyKey, `booking:${bookingId}:paid:buyer`));
    expect(receipt!.textBody).toContain('Mobile wallet (bKash)');
    const order = await buyer.client.get(`/api/bookings/${bookingId}`);
    expect(order.json()).toMatchObject({ status: 'paid', paymentMethod: 'wallet', reservedUntil: null });
  });

  it('never marks paid on status=success for a payment the buyer did not approve', async () => {
    const { bookingId, paymentId } = await walletCheckout();
    const res = await callback(buyer, paymentId, 'success');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toMatch(/wallet=(pending|failed)/);
    expect((await bookingRow(db(), bookingId)).status).toBe('booked');
    expect(await paymentsOf(db(), bookingId)).toHaveLength(0);
  });

  it('a replayed callback changes nothing', async () => {
    const { bookingId, paymentId } = await walletCheckout();
    fake.approve(paymentId);
    expect((await callback(buyer, paymentId)).headers.location).toContain('wallet=paid');
    const paidAt = (await bookingRow(db(), bookingId)).paidAt;
    const replay = await callback(buyer, paymentId);
    expect(replay.headers.location).toContain('wallet=paid');
    expect(await paymentsOf(db(), bookingId)).toHaveLength(1);
    expect((await bookingRow(db(), bookingId)).paidAt).toEqual(paidAt);
  });

  it("answers 404 for an unknown payment id and for another buyer's payment", async () => {
    const unknown = await callback(buyer, 'TR0011doesnotexist');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('UNKNOWN_WALLET_PAYMENT');

    const theirs = await walletCheckout(otherBuyer);
    fake.approve(theirs.paymentId);
    const stolen = await callback(buyer, theirs.paymentId);
    expect(stolen.statusCode).toBe(404);
    expect(fake.mustGet(theirs.paymentId).executions).toBe(0);
    expect((await bookingRow(db(), theirs.bookingId)).status).toBe('booked');
  });

  it("a paid cheap booking's payment id never pays a dear booking", async () => {
    const cheap = await walletCheckout(buyer, 10_00);
    const dear = await walletCheckout(buyer, 90_000_00);
    fake.approve(cheap.paymentId);
    const res = await callback(buyer, cheap.paymentId);
    // The payment settles the booking it was made for, and only that one.
    expect(res.headers.location).toBe(`/dashboard/orders/${cheap.bookingId}?wallet=paid`);
    expect((await bookingRow(db(), dear.bookingId)).status).toBe('booked');
    expect(await paymentsOf(db(), dear.bookingId)).toHaveLength(0);
  });

  it('never marks paid when the amount at the wallet was tampered with', async () => {
    const { bookingId, paymentId } = await walletCheckout(buyer, 800_00);
    fake.mustGet(paymentId).amount = '8.00';
    fake.approve(paymentId);
    const res = await callback(buyer, paymentId);
    expect(res.headers.location).toContain('wallet=failed');
    expect((await bookingRow(db(), bookingId)).status).toBe('booked');
    expect(await paymentsOf(db(), bookingId)).toHaveLength(0);
  });

  it('insufficient balance: failed, nothing marked, the booking still payable', async () => {
    const { bookingId, paymentId } = await walletCheckout();
    fake.approve(paymentId);
    fake.refuseForBalance(paymentId);
    const res = await callback(buyer, paymentId);
    expect(res.headers.location).toContain('wallet=failed');
    expect((await bookingRow(db(), bookingId)).status).toBe('booked');
    const [intent] = await db().select().from(paymentIntents).where(eq(paymentIntents.bookingId, bookingId));
    expect(intent!.lastError).toBe('Insufficient Balance');
    // A fresh payment can be started.
    const again = await buyer.client.post(`/api/bookings/${bookingId}/checkout`, { method: 'wallet' });
    expect(again.statusCode).toBe(200);
    expect(again.json().redirectUrl).not.toContain(paymentId);
  });

  it('cancelled by the buyer on the wallet page: cancelled, nothing marked', async () => {
    const { bookingId, paymentId } = await walletCheckout();
    const res = await callback(buyer, paymentId, 'cancel');
    expect(res.headers.location).toContain('wallet=cancelled');
    expect(fake.mustGet(paymentId).executions).toBe(0);
    expect((await bookingRow(db(), bookingId)).status).toBe('booked');
  });

  it('a wallet still pending after execute: pending, not paid; paid once the query says Completed', async () => {
    const { bookingId, paymentId } = await walletCheckout();
    fake.approve(paymentId);
    fake.queryStatusOverride = 'Pending Authorized';
    const res = await callback(buyer, paymentId);
    expect(res.headers.location).toBe(
      `/dashboard/orders/${bookingId}?wallet=pending&paymentID=${encodeURIComponent(paymentId)}`,
    );
    expect((await bookingRow(db(), bookingId)).status).toBe('booked');
    fake.queryStatusOverride = null;
    const later = await callback(buyer, paymentId);
    expect(later.headers.location).toContain('wallet=paid');
    expect((await bookingRow(db(), bookingId)).status).toBe('paid');
  });

  it('a wallet that no longer knows the payment: failed (never a 500), and a new one can start', async () => {
    const { bookingId, paymentId } = await walletCheckout();
    fake.payments.delete(paymentId);
    const res = await callback(buyer, paymentId);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toContain('wallet=failed');
    expect((await bookingRow(db(), bookingId)).status).toBe('booked');
    const again = await buyer.client.post(`/api/bookings/${bookingId}/checkout`, { method: 'wallet' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().redirectUrl).not.toContain(paymentId);
  });

  it('a wallet down at the callback: pending, nothing marked', async () => {
    const { bookingId, paymentId } = await walletCheckout();
    fake.approve(paymentId);
    fake.down = true;
    const res = await callback(buyer, paymentId);
    expect(res.headers.location).toContain('wallet=pending');
    expect((await bookingRow(db(), bookingId)).status).toBe('booked');
  });

  it('refuses a callback from someone signed out (401) and bad input (400)', async () => {
    const { paymentId } = await walletCheckout();
    const anonymous = await ctx.app.inject({
      method: 'GET',
      url: `${WALLET_CALLBACK_PATH}?paymentID=${paymentId}`,
    });
    expect(anonymous.statusCode).toBe(401);
    const missing = await buyer.client.get(WALLET_CALLBACK_PATH);
    expect(missing.statusCode).toBe(400);
  });
});

describe('refunds', () => {
  it("the seller's cancel refunds through the wallet exactly once", async () => {
    const { bookingId, paymentId } = await walletCheckout();
    fake.approve(paymentId);
    await callback(buyer, paymentId);
    const cancel = await seller.client.post(`/api/bookings/${bookingId}/cancel-sale`, {
      reason: 'The piece broke in storage',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await bookingRow(db(), bookingId)).status).toBe('refunded');
    const twice = await seller.client.post(`/api/bookings/${bookingId}/cancel-sale`, {
      reason: 'The piece broke in storage',
    });
    expect(twice.statusCode).toBe(409);
    await ctx.app.services.refunds.runOnce();
    await ctx.app.services.refunds.runOnce();
    const [refund] = await db().select().from(refunds).where(eq(refunds.bookingId, bookingId));
    expect(refund!.status).toBe('succeeded');
    expect(refund!.providerRefundId).toBe(fake.mustGet(paymentId).refund!.refundTrxID);
    const asked = fake
      .callsTo('/payment/refund')
      .filter((call) => call.body.paymentID === paymentId && call.body.amount !== undefined);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.body.amount).toBe('1234.50');
  });

  it('a refund retried after a lost answer is not sent twice', async () => {
    const { bookingId, paymentId } = await walletCheckout();
    fake.approve(paymentId);
    await callback(buyer, paymentId);
    const ref = {
      intentId: paymentId,
      amountCents: 1_234_50,
      currency: 'BDT',
      idempotencyKey: `k-${bookingId}`,
    };
    const first = await provider.refund(ref);
    const second = await provider.refund(ref);
    expect(second.id).toBe(first.id);
    expect(
      fake.callsTo('/payment/refund').filter((call) => call.body.paymentID === paymentId && call.body.amount),
    ).toHaveLength(1);
    // The booking is still ours to refund through the machinery; nothing else changed it.
    expect((await bookingRow(db(), bookingId)).status).toBe('paid');
  });
});
