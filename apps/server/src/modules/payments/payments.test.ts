import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { cancelReasons, cardMessages, messages, sandboxTestCards } from '@furniture-mart/shared';
import {
  createTestApp,
  signUp,
  TestClient,
  type TestContext,
  type TestUser,
} from '../../../test/helpers/app.js';
import { bookings, paymentIntents, payments, products, webhookEvents } from '../../platform/db/schema.js';
import { SandboxPaymentProvider } from '../../platform/card-providers/sandbox.js';
import type { IntentRef } from '../../platform/card-providers/provider.js';
import {
  bookingRow,
  countRows,
  insertBooking,
  insertProduct,
  expireHold,
  intentsOf,
  invariantViolations,
  paymentsOf,
  productRow,
  sellTo,
} from '../../../test/helpers/fixtures.js';

/** Counts the provider calls that move money, so a test can prove a retry did not move it twice. */
class CountingSandbox extends SandboxPaymentProvider {
  captures = 0;
  releases = 0;
  failNextCommit = false;
  override async capture(ref: IntentRef) {
    this.captures += 1;
    const captured = await super.capture(ref);
    if (this.failNextCommit) {
      // The provider took the money; the database commit is then lost (connection dropped, crash).
      this.failNextCommit = false;
      throw new Error('connection terminated unexpectedly');
    }
    return captured;
  }
  override async release(ref: IntentRef) {
    this.releases += 1;
    return super.release(ref);
  }
}

const goodCard = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', name: 'Bea Buyer' };

let ctx: TestContext;
let provider: CountingSandbox;
let seller: TestUser;
let buyer: TestUser;
let otherBuyer: TestUser;
let admin: TestUser;

beforeAll(async () => {
  provider = new CountingSandbox();
  ctx = await createTestApp({}, { cardProvider: provider });
  seller = await signUp(ctx.app, 'seller');
  buyer = await signUp(ctx.app, 'buyer');
  otherBuyer = await signUp(ctx.app, 'buyer');
  admin = await signUp(ctx.app, 'admin');
});
afterAll(() => ctx.close());
beforeEach(() => {
  provider.captures = 0;
  provider.releases = 0;
});

async function freshBooking(price = 34_900) {
  const product = await insertProduct(ctx.app.database.db, seller.id, {
    advertised: true,
    sellingPriceCents: price,
  });
  const bookingId = await insertBooking(ctx.app.database.db, product.id, buyer.id);
  return { productId: product.id, bookingId };
}

describe('who may pay', () => {
  it('lets only the booking’s buyer start or confirm a payment', async () => {
    const { bookingId } = await freshBooking();
    for (const path of [
      `/api/bookings/${bookingId}/checkout`,
      `/api/bookings/${bookingId}/checkout/confirm`,
    ]) {
      const body = path.endsWith('confirm') ? goodCard : {};
      expect((await new TestClient(ctx.app).post(path, body)).statusCode).toBe(401);
      expect((await seller.client.post(path, body)).statusCode).toBe(403);
      expect((await admin.client.post(path, body)).statusCode).toBe(403);
      const stranger = await otherBuyer.client.post(path, body);
      expect(stranger.statusCode).toBe(404);
      const unknown = await buyer.client.post(
        path.replace(bookingId, '00000000-0000-4000-8000-000000000000'),
        body,
      );
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual(stranger.json());
      expect((await buyer.client.post(path.replace(bookingId, 'not-a-uuid'), body)).statusCode).toBe(400);
    }
    expect((await bookingRow(ctx.app.database.db, bookingId)).status).toBe('booked');
    expect(await intentsOf(ctx.app.database.db, bookingId)).toHaveLength(0);
  });

  it('refuses a request from another site', async () => {
    const { bookingId } = await freshBooking();
    const res = await buyer.client.post(
      `/api/bookings/${bookingId}/checkout`,
      {},
      { origin: 'https://evil.example' },
    );
    expect(res.statusCode).toBe(403);
  });
});

describe('checkout', () => {
  it('takes the amount from the product and ignores amounts, currencies and products in the body', async () => {
    const { bookingId, productId } = await freshBooking(34_900);
    const decoy = await insertProduct(ctx.app.database.db, seller.id, {
      advertised: true,
      sellingPriceCents: 100,
    });
    const res = await buyer.client.post(`/api/bookings/${bookingId}/checkout`, {
      amountCents: 1,
      amount: 0.01,
      currency: 'EUR',
      productId: decoy.id,
    });
    expect(res.statusCode).toBe(200);
    const checkout = res.json();
    expect(checkout).toMatchObject({
      bookingId,
      amountCents: 34_900,
      currency: 'USD',
      provider: 'sandbox',
      clientSecret: null,
    });
    const holdEnds = new Date(checkout.holdExpiresAt).getTime();
    expect(holdEnds - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(holdEnds - Date.now()).toBeLessThanOrEqual(15 * 60_000 + 5_000);

    const product = await productRow(ctx.app.database.db, productId);
    expect(product.holdBookingId).toBe(bookingId);
    expect((await productRow(ctx.app.database.db, decoy.id)).holdBookingId).toBeNull();

    // A retry renews the hold and reuses the one intent.
    expect((await buyer.client.post(`/api/bookings/${bookingId}/checkout`)).statusCode).toBe(200);
    const intents = await intentsOf(ctx.app.database.db, bookingId);
    expect(intents).toHaveLength(1);
    expect(intents[0]).toMatchObject({
      amountCents: 34_900,
      currency: 'USD',
      provider: 'sandbox',
      status: 'requires_payment',
    });
  });

  it('tells another buyer that someone else is paying until the hold lapses', async () => {
    const { bookingId, productId } = await freshBooking();
    const rivalBooking = await insertBooking(ctx.app.database.db, productId, otherBuyer.id);
    expect((await buyer.client.post(`/api/bookings/${bookingId}/checkout`)).statusCode).toBe(200);

    const blocked = await otherBuyer.client.post(`/api/bookings/${rivalBooking}/checkout`);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().error).toEqual({
      code: 'SOMEONE_ELSE_PAYING',
      message: messages.someoneElsePaying,
    });
    const blockedPay = await otherBuyer.client.post(
      `/api/bookings/${rivalBooking}/checkout/confirm`,
      goodCard,
    );
    expect(blockedPay.statusCode).toBe(409);
    expect(await intentsOf(ctx.app.database.db, rivalBooking)).toHaveLength(0);

    await expireHold(ctx.app.database.db, productId);
    expect((await otherBuyer.client.post(`/api/bookings/${rivalBooking}/checkout`)).statusCode).toBe(200);
    expect((await productRow(ctx.app.database.db, productId)).holdBookingId).toBe(rivalBooking);
    expect((await buyer.client.post(`/api/bookings/${bookingId}/checkout`)).statusCode).toBe(409);
  });

  it('frees the hold of a booking that is no longer open', async () => {
    const { bookingId, productId } = await freshBooking();
    const rivalBooking = await insertBooking(ctx.app.database.db, productId, otherBuyer.id);
    expect((await buyer.client.post(`/api/bookings/${bookingId}/checkout`)).statusCode).toBe(200);
    await ctx.app.database.db
      .update(bookings)
      .set({ status: 'cancelled', cancelReason: cancelReasons.deletedByBuyer })
      .where(eq(bookings.id, bookingId));
    expect((await otherBuyer.client.post(`/api/bookings/${rivalBooking}/checkout`)).statusCode).toBe(200);
  });

  it('refuses a sold product, a removed product and a cancelled booking with 409', async () => {
    const sold = await freshBooking();
    await sellTo(ctx.app.database.db, sold.productId, otherBuyer.id);
    const soldRes = await buyer.client.post(`/api/bookings/${sold.bookingId}/checkout`);
    expect(soldRes.statusCode).toBe(409);
    expect(soldRes.json().error).toEqual({ code: 'PRODUCT_SOLD', message: messages.productSold });

    const removed = await freshBooking();
    await ctx.app.database.db
      .update(products)
      .set({ deletedAt: new Date() })
      .where(eq(products.id, removed.productId));
    expect((await buyer.client.post(`/api/bookings/${removed.bookingId}/checkout`)).json().error.code).toBe(
      'PRODUCT_UNAVAILABLE',
    );

    const product = await insertProduct(ctx.app.database.db, seller.id, { advertised: true });
    const cancelled = await insertBooking(ctx.app.database.db, product.id, buyer.id, {
      status: 'cancelled',
      cancelReason: cancelReasons.soldToAnother,
    });
    const cancelledRes = await buyer.client.post(`/api/bookings/${cancelled}/checkout`);
    expect(cancelledRes.statusCode).toBe(409);
    expect(cancelledRes.json().error).toEqual({
      code: 'BOOKING_CANCELLED',
      message: 'This order was cancelled: sold to another buyer.',
    });
    expect((await productRow(ctx.app.database.db, product.id)).holdBookingId).toBeNull();
  });
});

describe('sandbox card form', () => {
  it.each([
    [{ ...goodCard, cardNumber: '4242 4242 4242 4241' }, 'cardNumber', 'Your card number is invalid.'],
    [{ ...goodCard, cardNumber: '1234' }, 'cardNumber', 'Your card number is invalid.'],
    [{ ...goodCard, expiry: '01/20' }, 'expiry', cardMessages.pastExpiry],
    [{ ...goodCard, expiry: '13/30' }, 'expiry', 'Enter the expiry as MM/YY.'],
    [{ ...goodCard, cvc: '12a' }, 'cvc', 'Your card’s security code is invalid.'],
    [{ ...goodCard, name: '  ' }, 'name', messages.required],
  ])('answers 400 with a field message and changes nothing (%#)', async (card, field, message) => {
    const { bookingId, productId } = await freshBooking();
    const res = await buyer.client.post(`/api/bookings/${bookingId}/checkout/confirm`, card);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
    expect((await bookingRow(ctx.app.database.db, bookingId)).status).toBe('booked');
    expect((await productRow(ctx.app.database.db, productId)).holdBookingId).toBeNull();
    expect(await intentsOf(ctx.app.database.db, bookingId)).toHaveLength(0);
  });

  it.each(sandboxTestCards.filter((card) => card.outcome.kind === 'declined'))(
    'declines $number in Stripe’s words with 402 and changes nothing',
    async (card) => {
      const { bookingId, productId } = await freshBooking();
      const res = await buyer.client.post(`/api/bookings/${bookingId}/checkout/confirm`, {
        ...goodCard,
        cardNumber: card.number,
      });
      expect(res.statusCode).toBe(402);
      expect(res.json().error).toEqual({
        code: 'CARD_DECLINED',
        message: card.outcome.kind === 'declined' ? card.outcome.message : '',
      });
      expect((await bookingRow(ctx.app.database.db, bookingId)).status).toBe('booked');
      const product = await productRow(ctx.app.database.db, productId);
      expect(product.status).toBe('available');
      expect(product.advertised).toBe(true);
      expect(await paymentsOf(ctx.app.database.db, bookingId)).toHaveLength(0);
      expect(provider.captures).toBe(0);
    },
  );

  it('uses the exact decline messages the issue lists', () => {
    const byNumber = Object.fromEntries(
      sandboxTestCards.map((card) => [
        card.number,
        card.outcome.kind === 'declined' ? card.outcome.message : 'ok',
      ]),
    );
    expect(byNumber).toEqual({
      '4242 4242 4242 4242': 'ok',
      '4000 0000 0000 0002': 'Your card was declined.',
      '4000 0000 0000 9995': 'Your card has insufficient funds.',
      '4000 0000 0000 0069': 'Your card has expired.',
      '4000 0000 0000 0127': "Your card's security code is incorrect.",
    });
  });

  it('refuses a real card number as Stripe’s test mode does', async () => {
    const { bookingId } = await freshBooking();
    const res = await buyer.client.post(`/api/bookings/${bookingId}/checkout/confirm`, {
      ...goodCard,
      cardNumber: '4111 1111 1111 1111',
    });
    expect(res.statusCode).toBe(402);
    expect(res.json().error.message).toBe(cardMessages.notATestCard);
  });

  it('lets the buyer try another card after a decline', async () => {
    const { bookingId } = await freshBooking();
    const declined = await buyer.client.post(`/api/bookings/${bookingId}/checkout/confirm`, {
      ...goodCard,
      cardNumber: '4000000000000002',
    });
    expect(declined.statusCode).toBe(402);
    const paid = await buyer.client.post(`/api/bookings/${bookingId}/checkout/confirm`, goodCard);
    expect(paid.statusCode).toBe(200);
    expect(await intentsOf(ctx.app.database.db, bookingId)).toHaveLength(1);
  });
});

describe('a successful payment', () => {
  it('settles the sale once: payment, paid booking, sold product, other bookings cancelled', async () => {
    const { bookingId, productId } = await freshBooking(34_900);
    const rivalBooking = await insertBooking(ctx.app.database.db, productId, otherBuyer.id);
    const decoy = await insertProduct(ctx.app.database.db, seller.id, {
      advertised: true,
      sellingPriceCents: 100,
    });

    const res = await buyer.client.post(`/api/bookings/${bookingId}/checkout/confirm`, {
      ...goodCard,
      amountCents: 1,
      currency: 'EUR',
      productId: decoy.id,
    });
    expect(res.statusCode).toBe(200);
    const result = res.json();
    expect(result).toEqual({
      status: 'paid',
      transactionId: expect.stringMatching(/^pi_sandbox_/),
      amountCents: 34_900,
      currency: 'USD',
    });

    const booking = await bookingRow(ctx.app.database.db, bookingId);
    expect(booking.status).toBe('paid');
    expect(booking.paidAt).toBeInstanceOf(Date);
    const product = await productRow(ctx.app.database.db, productId);
    expect(product).toMatchObject({
      status: 'sold',
      advertised: false,
      holdBookingId: null,
      holdExpiresAt: null,
    });
    expect((await productRow(ctx.app.database.db, decoy.id)).status).toBe('available');
    expect(await bookingRow(ctx.app.database.db, rivalBooking)).toMatchObject({
      status: 'cancelled',
      cancelReason: cancelReasons.soldToAnother,
    });
    const [payment] = await paymentsOf(ctx.app.database.db, bookingId);
    expect(payment).toMatchObject({
      provider: 'sandbox',
      transactionId: result.transactionId,
      amountCents: 34_900,
      currency: 'USD',
      buyerId: buyer.id,
      productId,
      cardBrand: 'visa',
      cardLast4: '4242',
    });
    expect((await intentsOf(ctx.app.database.db, bookingId))[0]!.status).toBe('captured');
    expect(provider.captures).toBe(1);

    // Paying again (a double click, a retry) answers the same receipt and moves no money.
    const again = await buyer.client.post(`/api/bookings/${bookingId}/checkout/confirm`, goodCard);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(result);
    expect(await paymentsOf(ctx.app.database.db, bookingId)).toHaveLength(1);
    expect(provider.captures).toBe(1);

    const checkoutAgain = await buyer.client.post(`/api/bookings/${bookingId}/checkout`);
    expect(checkoutAgain.statusCode).toBe(409);
    expect(checkoutAgain.json().error.code).toBe('ALREADY_PAID');
    const rival = await otherBuyer.client.post(`/api/bookings/${rivalBooking}/checkout/confirm`, goodCard);
    expect(rival.statusCode).toBe(409);
    expect(rival.json().error.message).toBe('This order was cancelled: sold to another buyer.');
    expect(await invariantViolations(ctx.app.database.db)).toEqual([]);
  });

  it('stores only the brand and last four digits of a card', async () => {
    const { bookingId } = await freshBooking();
    await buyer.client.post(`/api/bookings/${bookingId}/checkout/confirm`, {
      ...goodCard,
      cardNumber: '4000000000000002',
    });
    await buyer.client.post(`/api/bookings/${bookingId}/checkout/confirm`, goodCard);
    const stored = JSON.stringify([
      await ctx.app.database.db.select().from(payments),
      await ctx.app.database.db.select().from(paymentIntents),
    ]);
    expect(stored).not.toMatch(/4242424242424242|4000000000000002|424242424242|\b123\b/);
    expect(stored).toContain('"cardLast4":"4242"');
  });

  it('completes the records on retry when the capture went through but the commit was lost', async () => {
    const { bookingId, productId } = await freshBooking();
    provider.failNextCommit = true;
    const lost = await buyer.client.post(`/api/bookings/${bookingId}/checkout/confirm`, goodCard);
    expect(lost.statusCode).toBe(503);
    expect((await bookingRow(ctx.app.database.db, bookingId)).status).toBe('booked');
    expect((await productRow(ctx.app.database.db, productId)).status).toBe('available');
    expect(await paymentsOf(ctx.app.database.db, bookingId)).toHaveLength(0);
    expect(provider.captures).toBe(1);

    const retried = await buyer.client.post(`/api/bookings/${bookingId}/checkout/confirm`, goodCard);
    expect(retried.statusCode).toBe(200);
    expect((await bookingRow(ctx.app.database.db, bookingId)).status).toBe('paid');
    expect(await paymentsOf(ctx.app.database.db, bookingId)).toHaveLength(1);
    // The retry found the intent captured and did not capture it again.
    expect(provider.captures).toBe(1);
    expect(await invariantViolations(ctx.app.database.db)).toEqual([]);
  });

  it('has no Stripe webhook when the sandbox is the provider', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
      payload: '{"id":"evt_1","type":"payment_intent.succeeded"}',
    });
    expect(res.statusCode).toBe(404);
    expect(await countRows(ctx.app.database.db, webhookEvents)).toBe(0);
  });

  it('documents the payment routes in the OpenAPI document', async () => {
    const doc = (await new TestClient(ctx.app).get('/api/openapi.json')).json();
    expect(doc.paths['/api/bookings/{id}/checkout'].post.tags).toEqual(['payments']);
    expect(doc.paths['/api/bookings/{id}/checkout/confirm'].post.requestBody).toBeDefined();
    expect(doc.paths['/api/payments/stripe/webhook'].post.summary).toMatch(/Stripe/);
  });

  it('publishes the sandbox as the provider in the public configuration', async () => {
    const res = await new TestClient(ctx.app).get('/api/config');
    expect(res.json().payments).toEqual({
      provider: 'sandbox',
      publishableKey: null,
      methods: ['card', 'wallet', 'cash'],
      wallet: 'wallet_sandbox',
      cashHoldHours: 48,
    });
  });
});
