/**
 * The Stripe adapter through the official SDK, pointed at a local fake of Stripe's API, and the webhook
 * signed with the SDK's own test helper.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { cancelReasons } from '@furniture-mart/shared';
import {
  createTestApp,
  signUp,
  TestClient,
  type TestContext,
  type TestUser,
} from '../../../test/helpers/app.js';
import { eq } from 'drizzle-orm';
import { refunds, webhookEvents } from '../../platform/db/schema.js';
import { StripePaymentProvider } from '../../platform/card-providers/stripe.js';
import type { IntentRef } from '../../platform/card-providers/provider.js';
import { FakeStripe, type FakeIntent } from './testing/fake-stripe.js';
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
} from '../../../test/helpers/fixtures.js';

const WEBHOOK_SECRET = 'whsec_furniture_mart_test';
const PUBLISHABLE_KEY = 'pk_test_furniture_mart';

/** The real adapter, with a switch that loses the database commit right after a capture succeeds. */
class LosableCommitStripe extends StripePaymentProvider {
  loseNextCommit = false;
  override async capture(ref: IntentRef) {
    const captured = await super.capture(ref);
    if (this.loseNextCommit) {
      this.loseNextCommit = false;
      throw new Error('Connection terminated unexpectedly');
    }
    return captured;
  }
}

const fake = new FakeStripe();
const signer = new Stripe('sk_test_signer_only');
let ctx: TestContext;
let provider: LosableCommitStripe;
let seller: TestUser;
let buyer: TestUser;
let otherBuyer: TestUser;

beforeAll(async () => {
  const port = await fake.start();
  const env = {
    STRIPE_SECRET_KEY: fake.secretKey,
    STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_HOST: '127.0.0.1',
    STRIPE_API_PORT: String(port),
    STRIPE_API_PROTOCOL: 'http',
  };
  provider = new LosableCommitStripe({
    secretKey: fake.secretKey,
    publishableKey: PUBLISHABLE_KEY,
    webhookSecret: WEBHOOK_SECRET,
    host: '127.0.0.1',
    port,
    protocol: 'http',
  });
  ctx = await createTestApp(env, { cardProvider: provider });
  seller = await signUp(ctx.app, 'seller');
  buyer = await signUp(ctx.app, 'buyer');
  otherBuyer = await signUp(ctx.app, 'buyer');
});
afterAll(async () => {
  await ctx.close();
  await fake.stop();
});
afterEach(async () => {
  expect(await invariantViolations(ctx.app.database.db)).toEqual([]);
});

async function startCheckout(price = 52_000) {
  const product = await insertProduct(ctx.app.database.db, seller.id, { sellingPriceCents: price });
  const bookingId = await insertBooking(ctx.app.database.db, product.id, buyer.id);
  const res = await buyer.client.post(`/api/bookings/${bookingId}/checkout`, {
    amountCents: 50,
    currency: 'EUR',
  });
  expect(res.statusCode, res.body).toBe(200);
  const [intent] = await intentsOf(ctx.app.database.db, bookingId);
  return {
    productId: product.id,
    bookingId,
    checkout: res.json(),
    intent: fake.intents.get(intent!.providerIntentId)!,
  };
}

function eventFor(intent: FakeIntent, type: string, id = `evt_${Math.random().toString(36).slice(2)}`) {
  return JSON.stringify({
    id,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: { ...intent } },
  });
}

function postWebhook(payload: string, signature?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature ? { 'stripe-signature': signature } : {}),
    },
    payload,
  });
}

function sign(payload: string, options: { secret?: string; timestamp?: number } = {}) {
  return signer.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
    ...(options.timestamp ? { timestamp: options.timestamp } : {}),
  });
}

describe('Stripe refunds', () => {
  it('refunds a cancelled sale through the refunds API once, even when asked again', async () => {
    const { bookingId, intent } = await startCheckout(61_000);
    fake.authorize(intent.id, { brand: 'visa', last4: '4242' });
    expect((await buyer.client.post(`/api/bookings/${bookingId}/checkout/confirm`)).statusCode).toBe(200);

    const cancel = await seller.client.post(`/api/bookings/${bookingId}/cancel-sale`, {
      reason: 'Water damage found.',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(fake.refunds.filter((refund) => refund.payment_intent === intent.id)).toHaveLength(1);
    const calls = fake
      .callsTo('POST', /\/v1\/refunds$/)
      .filter((call) => call.form.payment_intent === intent.id);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.form.amount).toBe('61000');
    expect(calls[0]!.idempotencyKey).toMatch(/^order-refund-/);

    // As if the process died after Stripe refunded but before the row said so: the retry replays the key.
    await ctx.app.database.db
      .update(refunds)
      .set({ status: 'pending', nextAttemptAt: new Date(0) })
      .where(eq(refunds.bookingId, bookingId));
    expect(await ctx.app.services.refunds.runOnce()).toBe(1);
    expect(fake.refunds.filter((refund) => refund.payment_intent === intent.id)).toHaveLength(1);
    expect((await bookingRow(ctx.app.database.db, bookingId)).status).toBe('refunded');
  });
});

describe('Stripe checkout', () => {
  it('publishes Stripe and its publishable key in the public configuration', async () => {
    const res = await new TestClient(ctx.app).get('/api/config');
    expect(res.json().payments).toEqual({
      provider: 'stripe',
      publishableKey: PUBLISHABLE_KEY,
      methods: ['card', 'wallet', 'cash'],
      wallet: 'wallet_sandbox',
      cashHoldHours: 48,
    });
  });

  it('creates one manual-capture intent per booking and amount, with metadata and an idempotency key', async () => {
    const before = fake.callsTo('POST', /^\/v1\/payment_intents$/).length;
    const { bookingId, productId, checkout, intent } = await startCheckout(52_000);
    expect(checkout).toMatchObject({
      amountCents: 52_000,
      currency: 'USD',
      provider: 'stripe',
      clientSecret: intent.client_secret,
    });
    expect(intent).toMatchObject({
      amount: 52_000,
      currency: 'usd',
      capture_method: 'manual',
      metadata: { bookingId, productId },
    });
    const [create] = fake.callsTo('POST', /^\/v1\/payment_intents$/).slice(before);
    expect(create!.idempotencyKey).toBe(`intent-${bookingId}-52000-USD`);

    // Resuming checkout reuses the intent: Stripe is not asked again.
    expect((await buyer.client.post(`/api/bookings/${bookingId}/checkout`)).json().clientSecret).toBe(
      intent.client_secret,
    );
    expect(fake.callsTo('POST', /^\/v1\/payment_intents$/).length).toBe(before + 1);
    expect(await intentsOf(ctx.app.database.db, bookingId)).toHaveLength(1);
  });

  it('settles after the browser confirmed the card, capturing only then', async () => {
    const { bookingId, productId, intent } = await startCheckout();
    const early = await buyer.client.post(`/api/bookings/${bookingId}/checkout/confirm`);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('NOT_AUTHORIZED');

    fake.decline(intent.id, 'Your card has insufficient funds.', 'card_declined');
    const declined = await buyer.client.post(`/api/bookings/${bookingId}/checkout/confirm`);
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error).toEqual({
      code: 'CARD_DECLINED',
      message: 'Your card has insufficient funds.',
    });
    expect((await bookingRow(ctx.app.database.db, bookingId)).status).toBe('booked');

    fake.authorize(intent.id, { brand: 'mastercard', last4: '4444' });
    const res = await buyer.client.post(`/api/bookings/${bookingId}/checkout/confirm`, { amountCents: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      status: 'paid',
      transactionId: intent.id,
      amountCents: 52_000,
      currency: 'USD',
    });
    expect(fake.intents.get(intent.id)!.status).toBe('succeeded');
    expect(fake.callsTo('POST', new RegExp(`/${intent.id}/capture$`))).toHaveLength(1);
    const [payment] = await paymentsOf(ctx.app.database.db, bookingId);
    expect(payment).toMatchObject({
      provider: 'stripe',
      transactionId: intent.id,
      cardBrand: 'mastercard',
      cardLast4: '4444',
    });
    expect((await productRow(ctx.app.database.db, productId)).status).toBe('sold');
  });

  it('sells to one of two buyers whose cards were both authorized and cancels the other authorization', async () => {
    const product = await insertProduct(ctx.app.database.db, seller.id);
    const firstBooking = await insertBooking(ctx.app.database.db, product.id, buyer.id);
    const secondBooking = await insertBooking(ctx.app.database.db, product.id, otherBuyer.id);
    expect((await buyer.client.post(`/api/bookings/${firstBooking}/checkout`)).statusCode).toBe(200);
    await expireHold(ctx.app.database.db, product.id);
    expect((await otherBuyer.client.post(`/api/bookings/${secondBooking}/checkout`)).statusCode).toBe(200);
    const first = fake.authorize((await intentsOf(ctx.app.database.db, firstBooking))[0]!.providerIntentId);
    const second = fake.authorize((await intentsOf(ctx.app.database.db, secondBooking))[0]!.providerIntentId);

    const [a, b] = await Promise.all([
      buyer.client.post(`/api/bookings/${firstBooking}/checkout/confirm`),
      otherBuyer.client.post(`/api/bookings/${secondBooking}/checkout/confirm`),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().error.code).toBe('PRODUCT_SOLD');
    const [winnerIntent, loserIntent, loserBooking] =
      a.statusCode === 200 ? [first, second, secondBooking] : [second, first, firstBooking];
    expect(fake.intents.get(winnerIntent.id)!.status).toBe('succeeded');
    expect(fake.intents.get(loserIntent.id)!.status).toBe('canceled');
    expect(await bookingRow(ctx.app.database.db, loserBooking)).toMatchObject({
      status: 'cancelled',
      cancelReason: cancelReasons.soldToAnother,
    });
  });

  it('cancels the still-unconfirmed intents of other buyers once the product sells', async () => {
    const product = await insertProduct(ctx.app.database.db, seller.id);
    const firstBooking = await insertBooking(ctx.app.database.db, product.id, buyer.id);
    const secondBooking = await insertBooking(ctx.app.database.db, product.id, otherBuyer.id);
    expect((await otherBuyer.client.post(`/api/bookings/${secondBooking}/checkout`)).statusCode).toBe(200);
    await expireHold(ctx.app.database.db, product.id);
    expect((await buyer.client.post(`/api/bookings/${firstBooking}/checkout`)).statusCode).toBe(200);
    const waiting = (await intentsOf(ctx.app.database.db, secondBooking))[0]!;
    fake.authorize((await intentsOf(ctx.app.database.db, firstBooking))[0]!.providerIntentId);
    expect((await buyer.client.post(`/api/bookings/${firstBooking}/checkout/confirm`)).statusCode).toBe(200);
    // The other buyer can no longer confirm a card on it.
    expect(fake.intents.get(waiting.providerIntentId)!.status).toBe('canceled');
    expect((await intentsOf(ctx.app.database.db, secondBooking))[0]!.status).toBe('cancelled');
  });
});

describe('Stripe webhook', () => {
  it.each([
    ['no signature', (payload: string) => ({ payload, signature: undefined })],
    [
      'a wrong secret',
      (payload: string) => ({ payload, signature: sign(payload, { secret: 'whsec_wrong' }) }),
    ],
    [
      'a body changed by one byte',
      (payload: string) => ({
        payload: payload.replace('"livemode":false', '"livemode":falsf'),
        signature: sign(payload),
      }),
    ],
    [
      'a timestamp older than 5 minutes',
      (payload: string) => ({
        payload,
        signature: sign(payload, { timestamp: Math.floor(Date.now() / 1000) - 301 }),
      }),
    ],
  ])('answers 400 to %s and writes nothing', async (_label, tamper) => {
    const { bookingId, intent } = await startCheckout();
    fake.authorize(intent.id);
    const eventsBefore = await countRows(ctx.app.database.db, webhookEvents);
    const { payload, signature } = tamper(
      eventFor(fake.intents.get(intent.id)!, 'payment_intent.amount_capturable_updated'),
    );
    const res = await postWebhook(payload, signature);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('INVALID_SIGNATURE');
    expect(await countRows(ctx.app.database.db, webhookEvents)).toBe(eventsBefore);
    expect((await bookingRow(ctx.app.database.db, bookingId)).status).toBe('booked');
    expect(await paymentsOf(ctx.app.database.db, bookingId)).toHaveLength(0);
    expect(fake.intents.get(intent.id)!.status).toBe('requires_capture');
  });

  it.each([
    ['no data', { id: 'evt_no_data', object: 'event', type: 'payment_intent.succeeded' }],
    [
      'data that is a string',
      { id: 'evt_string', object: 'event', type: 'payment_intent.succeeded', data: 'str' },
    ],
    [
      'an object that is a list',
      { id: 'evt_list', object: 'event', type: 'payment_intent.succeeded', data: { object: [] } },
    ],
    [
      'a payment intent without its fields',
      {
        id: 'evt_bare',
        object: 'event',
        type: 'payment_intent.payment_failed',
        data: { object: { object: 'payment_intent' } },
      },
    ],
  ])(
    'answers 400, not 500, to a correctly signed event with %s, and writes nothing',
    async (_label, event) => {
      const eventsBefore = await countRows(ctx.app.database.db, webhookEvents);
      const payload = JSON.stringify(event);
      const res = await postWebhook(payload, sign(payload));
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('MALFORMED_EVENT');
      expect(await countRows(ctx.app.database.db, webhookEvents)).toBe(eventsBefore);
    },
  );

  it('changes state once for the same valid event delivered 20 times', async () => {
    const { bookingId, productId, intent } = await startCheckout();
    fake.authorize(intent.id);
    const payload = eventFor(
      fake.intents.get(intent.id)!,
      'payment_intent.amount_capturable_updated',
      'evt_same_twenty',
    );
    const signature = sign(payload);
    const captureCalls = () => fake.callsTo('POST', new RegExp(`/${intent.id}/capture$`)).length;

    const answers = await Promise.all(Array.from({ length: 20 }, () => postWebhook(payload, signature)));
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    expect(answers.filter((res) => res.json().duplicate === false)).toHaveLength(1);
    expect(await countRows(ctx.app.database.db, webhookEvents)).toBeGreaterThanOrEqual(1);
    expect(await paymentsOf(ctx.app.database.db, bookingId)).toHaveLength(1);
    expect((await bookingRow(ctx.app.database.db, bookingId)).status).toBe('paid');
    expect((await productRow(ctx.app.database.db, productId)).status).toBe('sold');
    expect(captureCalls()).toBe(1);

    // Later redeliveries too.
    expect((await postWebhook(payload, signature)).json()).toEqual({ received: true, duplicate: true });
    expect(captureCalls()).toBe(1);
  });

  it('completes a sale whose capture went through but whose commit was lost', async () => {
    const { bookingId, intent } = await startCheckout();
    fake.authorize(intent.id);
    provider.loseNextCommit = true;
    const lost = await buyer.client.post(`/api/bookings/${bookingId}/checkout/confirm`);
    expect(lost.statusCode).toBe(503);
    expect(fake.intents.get(intent.id)!.status).toBe('succeeded');
    expect((await bookingRow(ctx.app.database.db, bookingId)).status).toBe('booked');
    expect(await paymentsOf(ctx.app.database.db, bookingId)).toHaveLength(0);

    // Stripe tells us about the capture; settlement finds it captured and writes the records.
    const payload = eventFor(fake.intents.get(intent.id)!, 'payment_intent.succeeded');
    const res = await postWebhook(payload, sign(payload));
    expect(res.statusCode, res.body).toBe(200);
    expect((await bookingRow(ctx.app.database.db, bookingId)).status).toBe('paid');
    expect(await paymentsOf(ctx.app.database.db, bookingId)).toHaveLength(1);
    expect(fake.callsTo('POST', new RegExp(`/${intent.id}/capture$`))).toHaveLength(1);
  });

  it('refunds money captured for a product that meanwhile went to another buyer', async () => {
    const product = await insertProduct(ctx.app.database.db, seller.id);
    const firstBooking = await insertBooking(ctx.app.database.db, product.id, buyer.id);
    const secondBooking = await insertBooking(ctx.app.database.db, product.id, otherBuyer.id);
    expect((await buyer.client.post(`/api/bookings/${firstBooking}/checkout`)).statusCode).toBe(200);
    const firstIntent = fake.authorize(
      (await intentsOf(ctx.app.database.db, firstBooking))[0]!.providerIntentId,
    );
    provider.loseNextCommit = true;
    expect((await buyer.client.post(`/api/bookings/${firstBooking}/checkout/confirm`)).statusCode).toBe(503);
    expect(fake.intents.get(firstIntent.id)!.status).toBe('succeeded');

    // Before Stripe's event arrives, the other buyer pays and gets the product.
    await expireHold(ctx.app.database.db, product.id);
    expect((await otherBuyer.client.post(`/api/bookings/${secondBooking}/checkout`)).statusCode).toBe(200);
    fake.authorize((await intentsOf(ctx.app.database.db, secondBooking))[0]!.providerIntentId);
    expect((await otherBuyer.client.post(`/api/bookings/${secondBooking}/checkout/confirm`)).statusCode).toBe(
      200,
    );

    const payload = eventFor(fake.intents.get(firstIntent.id)!, 'payment_intent.succeeded');
    expect((await postWebhook(payload, sign(payload))).statusCode).toBe(200);
    expect(fake.refunds.filter((refund) => refund.payment_intent === firstIntent.id)).toHaveLength(1);
    expect(await bookingRow(ctx.app.database.db, firstBooking)).toMatchObject({
      status: 'cancelled',
      cancelReason: cancelReasons.soldToAnother,
    });
    expect(await paymentsOf(ctx.app.database.db, firstBooking)).toHaveLength(0);
  });

  it('adopts an intent whose row was never written (the process stopped right after creating it)', async () => {
    const product = await insertProduct(ctx.app.database.db, seller.id, { sellingPriceCents: 61_000 });
    const bookingId = await insertBooking(ctx.app.database.db, product.id, buyer.id);
    const orphan = await provider.createIntent({
      bookingId,
      productId: product.id,
      amountCents: 61_000,
      currency: 'USD',
      idempotencyKey: `intent-${bookingId}-61000-USD`,
    });
    fake.authorize(orphan.id);
    const payload = eventFor(fake.intents.get(orphan.id)!, 'payment_intent.amount_capturable_updated');
    expect((await postWebhook(payload, sign(payload))).statusCode).toBe(200);
    expect((await bookingRow(ctx.app.database.db, bookingId)).status).toBe('paid');
    expect((await intentsOf(ctx.app.database.db, bookingId))[0]).toMatchObject({
      providerIntentId: orphan.id,
      status: 'captured',
    });
  });

  it('refuses to adopt an intent for another amount than the booking costs, acknowledging the event once', async () => {
    const product = await insertProduct(ctx.app.database.db, seller.id, { sellingPriceCents: 61_000 });
    const bookingId = await insertBooking(ctx.app.database.db, product.id, buyer.id);
    const cheap = await provider.createIntent({
      bookingId,
      productId: product.id,
      amountCents: 100,
      currency: 'USD',
      idempotencyKey: `intent-${bookingId}-100-USD`,
    });
    fake.authorize(cheap.id);
    const payload = eventFor(fake.intents.get(cheap.id)!, 'payment_intent.amount_capturable_updated');
    const first = await postWebhook(payload, sign(payload));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    expect((await postWebhook(payload, sign(payload))).json()).toEqual({ received: true, duplicate: true });
    expect((await bookingRow(ctx.app.database.db, bookingId)).status).toBe('booked');
    expect(await paymentsOf(ctx.app.database.db, bookingId)).toHaveLength(0);
    expect(await intentsOf(ctx.app.database.db, bookingId)).toHaveLength(0);
    expect((await productRow(ctx.app.database.db, product.id)).status).toBe('available');
  });

  it('acknowledges an event for an intent whose amount no longer matches, instead of failing it forever', async () => {
    const { bookingId, intent } = await startCheckout(48_000);
    fake.authorize(intent.id);
    const changed = { ...fake.intents.get(intent.id)!, amount: 1, amount_capturable: 1 };
    fake.intents.set(intent.id, changed);
    const payload = eventFor(changed, 'payment_intent.amount_capturable_updated');
    const res = await postWebhook(payload, sign(payload));
    expect(res.statusCode).toBe(200);
    expect((await bookingRow(ctx.app.database.db, bookingId)).status).toBe('booked');
    expect(await paymentsOf(ctx.app.database.db, bookingId)).toHaveLength(0);
  });

  it('ignores events about intents that are not ours, once', async () => {
    const stranger = fake.intents.get((await startCheckout()).intent.id)!;
    const payload = eventFor(
      { ...stranger, id: 'pi_not_ours', metadata: {} },
      'payment_intent.succeeded',
      'evt_not_ours',
    );
    expect((await postWebhook(payload, sign(payload))).json()).toEqual({ received: true, duplicate: false });
    expect((await postWebhook(payload, sign(payload))).json()).toEqual({ received: true, duplicate: true });
  });

  it('keeps parsing JSON normally everywhere else', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: 'http://localhost:3000', 'content-type': 'application/json' },
      payload: JSON.stringify({ email: buyer.email, password: 'correct-horse-battery' }),
    });
    expect(res.statusCode).toBe(200);
  });
});
