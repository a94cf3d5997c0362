/**
 * The wallet sandbox (no BKASH_* configured): a newcomer pays by wallet with nothing set up. Its
 * approval page approves or cancels; only the callback's execute and query make the order paid, and a
 * refund goes through the sandbox's refund exactly once.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestContext, type TestUser } from '../../../test/helpers/app.js';
import { WalletSandboxProvider } from '../../platform/card-providers/wallet-sandbox.js';
import {
  bookingRow,
  insertBooking,
  insertProduct,
  intentsOf,
  invariantViolations,
  paymentsOf,
} from '../../../test/helpers/fixtures.js';

let ctx: TestContext;
let seller: TestUser;
let buyer: TestUser;
let otherBuyer: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  seller = await signUp(ctx.app, 'seller');
  buyer = await signUp(ctx.app, 'buyer');
  otherBuyer = await signUp(ctx.app, 'buyer');
}, 60_000);
afterAll(() => ctx.close());
afterEach(async () => {
  expect(await invariantViolations(ctx.app.database.db)).toEqual([]);
});

const db = () => ctx.app.database.db;

async function started() {
  const product = await insertProduct(db(), seller.id, { sellingPriceCents: 4_500_00 });
  const bookingId = await insertBooking(db(), product.id, buyer.id);
  const res = await buyer.client.post(`/api/bookings/${bookingId}/checkout`, { method: 'wallet' });
  expect(res.statusCode, res.body).toBe(200);
  const [intent] = await intentsOf(db(), bookingId);
  return { bookingId, paymentId: intent!.providerIntentId, answer: res.json() };
}

/** Follows an absolute callback address the way the browser would, with the buyer's session. */
const follow = (who: TestUser, redirectUrl: string) => {
  const url = new URL(redirectUrl);
  return who.client.get(`${url.pathname}${url.search}`);
};

describe('the wallet sandbox', () => {
  it('is the wallet when nothing is configured, with its page inside the product', async () => {
    expect(ctx.app.services.walletProvider).toBeInstanceOf(WalletSandboxProvider);
    const { answer, paymentId } = await started();
    expect(answer.provider).toBe('wallet_sandbox');
    expect(answer.redirectUrl).toBe(`http://localhost:3000/dashboard/wallet-sandbox/${paymentId}`);
    const page = await buyer.client.get(`/api/payments/wallet/sandbox/${paymentId}`);
    expect(page.json()).toEqual({ paymentId, amountCents: 4_500_00, currency: 'USD', status: 'initiated' });
    expect((await otherBuyer.client.get(`/api/payments/wallet/sandbox/${paymentId}`)).statusCode).toBe(404);
  });

  it('approve, then the callback executes, queries and pays', async () => {
    const { bookingId, paymentId } = await started();
    const approved = await buyer.client.post(`/api/payments/wallet/sandbox/${paymentId}`, {
      decision: 'approve',
      wallet: '০১৭১১০০০০০০',
      pin: '১২১২১',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    // Approving is not paying.
    expect((await bookingRow(db(), bookingId)).status).toBe('booked');
    const back = await follow(buyer, approved.json().redirectUrl);
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/dashboard/orders/${bookingId}?wallet=paid`);
    expect((await bookingRow(db(), bookingId)).status).toBe('paid');
    expect((await paymentsOf(db(), bookingId))[0]).toMatchObject({ provider: 'wallet_sandbox' });
  });

  it('a forged success callback for an unapproved sandbox payment marks nothing', async () => {
    const { bookingId, paymentId } = await started();
    const forged = await buyer.client.get(
      `/api/payments/wallet/callback?paymentID=${paymentId}&status=success`,
    );
    expect(forged.headers.location).toContain('wallet=failed');
    expect((await bookingRow(db(), bookingId)).status).toBe('booked');
  });

  it('a wrong PIN is a 400 on the PIN; 11111 is refused for insufficient balance', async () => {
    const { bookingId, paymentId } = await started();
    const wrong = await buyer.client.post(`/api/payments/wallet/sandbox/${paymentId}`, {
      decision: 'approve',
      wallet: '01711000000',
      pin: '99999',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.pin).toBe('The wallet PIN is not right.');
    const missing = await buyer.client.post(`/api/payments/wallet/sandbox/${paymentId}`, {
      decision: 'approve',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields.wallet).toBe(
      'Enter your wallet number and PIN to approve the payment.',
    );
    const poor = await buyer.client.post(`/api/payments/wallet/sandbox/${paymentId}`, {
      decision: 'approve',
      wallet: '01711000000',
      pin: '11111',
    });
    const back = await follow(buyer, poor.json().redirectUrl);
    expect(back.headers.location).toContain('wallet=failed');
    expect((await bookingRow(db(), bookingId)).status).toBe('booked');
  });

  it('cancel sends the buyer back cancelled; a new payment can start', async () => {
    const { bookingId, paymentId } = await started();
    const cancelled = await buyer.client.post(`/api/payments/wallet/sandbox/${paymentId}`, {
      decision: 'cancel',
    });
    const back = await follow(buyer, cancelled.json().redirectUrl);
    expect(back.headers.location).toContain('wallet=cancelled');
    const again = await buyer.client.post(`/api/bookings/${bookingId}/checkout`, { method: 'wallet' });
    expect(again.statusCode).toBe(200);
    expect(again.json().redirectUrl).not.toContain(paymentId);
  });

  it('a booking paid by card meanwhile: the wallet payment is given back, never a second sale', async () => {
    const { bookingId, paymentId } = await started();
    const card = await buyer.client.post(`/api/bookings/${bookingId}/checkout/confirm`, {
      cardNumber: '4242424242424242',
      expiry: '12/40',
      cvc: '123',
      name: 'Both Ways',
    });
    expect(card.statusCode, card.body).toBe(200);
    const approved = await buyer.client.post(`/api/payments/wallet/sandbox/${paymentId}`, {
      decision: 'approve',
      wallet: '01711000000',
      pin: '12121',
    });
    const back = await follow(buyer, approved.json().redirectUrl);
    // The buyer is told the wallet's money came back, not that the wallet paid.
    expect(back.headers.location).toBe(`/dashboard/orders/${bookingId}?wallet=returned`);
    const payments = await paymentsOf(db(), bookingId);
    expect(payments).toHaveLength(1);
    expect(payments[0]!.provider).toBe('sandbox');
    const sandbox = ctx.app.services.walletProvider as WalletSandboxProvider;
    expect(sandbox.find(paymentId)!.refundId).toMatch(/^RFD/);
  });

  it("refunds a seller's cancelled wallet sale through the sandbox exactly once", async () => {
    const { bookingId, paymentId } = await started();
    const approved = await buyer.client.post(`/api/payments/wallet/sandbox/${paymentId}`, {
      decision: 'approve',
      wallet: '01711000000',
      pin: '12121',
    });
    await follow(buyer, approved.json().redirectUrl);
    const cancel = await seller.client.post(`/api/bookings/${bookingId}/cancel-sale`, {
      reason: 'Sold it at the market by mistake',
    });
    expect(cancel.statusCode).toBe(200);
    await ctx.app.services.refunds.runOnce();
    const sandbox = ctx.app.services.walletProvider as WalletSandboxProvider;
    const refundId = sandbox.find(paymentId)!.refundId;
    expect(refundId).toMatch(/^RFD/);
    await ctx.app.services.refunds.runOnce();
    expect(sandbox.find(paymentId)!.refundId).toBe(refundId);
    expect((await bookingRow(db(), bookingId)).status).toBe('refunded');
  });
});
