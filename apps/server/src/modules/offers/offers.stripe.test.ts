/**
 * Offers with Stripe for real, through the official SDK against the local fake of Stripe's API: a
 * manual-capture intent per offer and amount, capture on acceptance, cancel on every other end, and the
 * webhook keeping the offer right when the browser closed mid-way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { createTestApp, signUp, type TestContext, type TestUser } from '../../../test/helpers/app.js';
import { insertProduct, invariantViolations, productRow } from '../../../test/helpers/fixtures.js';
import { offerIntents } from '../../platform/db/schema.js';
import { StripePaymentProvider } from '../../platform/card-providers/stripe.js';
import { FakeStripe, type FakeIntent } from '../payments/testing/fake-stripe.js';

const WEBHOOK_SECRET = 'whsec_furniture_mart_offers';
const fake = new FakeStripe();
const signer = new Stripe('sk_test_signer_only');
let ctx: TestContext;
let seller: TestUser;
let buyer: TestUser;

beforeAll(async () => {
  const port = await fake.start();
  const stripe = { host: '127.0.0.1', port, protocol: 'http' as const };
  const provider = new StripePaymentProvider({
    secretKey: fake.secretKey,
    publishableKey: 'pk_test_offers',
    webhookSecret: WEBHOOK_SECRET,
    ...stripe,
  });
  ctx = await createTestApp(
    {
      STRIPE_SECRET_KEY: fake.secretKey,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_offers',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_HOST: stripe.host,
      STRIPE_API_PORT: String(port),
      STRIPE_API_PROTOCOL: 'http',
    },
    { cardProvider: provider },
  );
  seller = await signUp(ctx.app, 'seller');
  buyer = await signUp(ctx.app, 'buyer');
});
afterAll(async () => {
  expect(await invariantViolations(ctx.app.database.db)).toEqual([]);
  await ctx.close();
  await fake.stop();
});

function webhook(intent: FakeIntent, type: string) {
  const payload = JSON.stringify({
    id: `evt_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: { ...intent } },
  });
  return ctx.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
    payload,
  });
}

/** An offer whose checkout made its Stripe intent; the browser has not confirmed the card yet. */
async function offerWithIntent(amount = '300') {
  const product = await insertProduct(ctx.app.database.db, seller.id, { sellingPriceCents: 50_000 });
  const made = await buyer.client.post(`/api/products/${product.id}/offers`, { amount });
  expect(made.statusCode, made.body).toBe(201);
  const checkout = await buyer.client.post(`/api/offers/${made.json().id}/checkout`);
  expect(checkout.statusCode, checkout.body).toBe(200);
  const [row] = await ctx.app.database.db
    .select()
    .from(offerIntents)
    .where(eq(offerIntents.offerId, made.json().id));
  return {
    productId: product.id,
    offerId: made.json().id as string,
    checkout: checkout.json(),
    intent: fake.intents.get(row!.providerIntentId)!,
  };
}

describe('offers with Stripe', () => {
  it('holds with a manual-capture intent and captures it on acceptance', async () => {
    const { productId, offerId, checkout, intent } = await offerWithIntent('300');
    expect(checkout).toMatchObject({
      amountCents: 30_000,
      provider: 'stripe',
      clientSecret: intent.client_secret,
    });
    expect(intent).toMatchObject({ amount: 30_000, capture_method: 'manual' });
    // Not confirmed in the browser yet: nothing to open.
    const early = await buyer.client.post(`/api/offers/${offerId}/checkout/confirm`);
    expect([early.statusCode, early.json().error.code]).toEqual([409, 'NOT_AUTHORIZED']);

    fake.authorize(intent.id);
    const confirmed = await buyer.client.post(`/api/offers/${offerId}/checkout/confirm`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().offer.status).toBe('open');

    const accepted = await seller.client.post(`/api/offers/${offerId}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(fake.callsTo('POST', new RegExp(`/v1/payment_intents/${intent.id}/capture$`))).toHaveLength(1);
    expect(fake.intents.get(intent.id)!.status).toBe('succeeded');
    expect((await productRow(ctx.app.database.db, productId)).status).toBe('sold');
  });

  it('opens the offer from the webhook when the browser closed after the card step', async () => {
    const { offerId, intent } = await offerWithIntent('280');
    const authorized = fake.authorize(intent.id);
    const res = await webhook(authorized, 'payment_intent.amount_capturable_updated');
    expect(res.statusCode, res.body).toBe(200);
    expect((await buyer.client.get(`/api/offers/${offerId}`)).json().status).toBe('open');
    // Delivered again: nothing changes.
    const again = await webhook(authorized, 'payment_intent.amount_capturable_updated');
    expect(again.statusCode).toBe(200);
    expect((await buyer.client.get(`/api/offers/${offerId}`)).json().status).toBe('open');
  });

  it('takes a counter from the webhook, and cancels the earlier hold', async () => {
    const { productId, offerId, intent } = await offerWithIntent('260');
    fake.authorize(intent.id);
    expect((await buyer.client.post(`/api/offers/${offerId}/checkout/confirm`)).statusCode).toBe(200);
    expect((await seller.client.post(`/api/offers/${offerId}/counter`, { amount: '400' })).statusCode).toBe(
      200,
    );
    const counter = await buyer.client.post(`/api/offers/${offerId}/checkout`);
    expect(counter.json().amountCents).toBe(40_000);
    const counterIntent = fake.intents.get(
      (await ctx.app.database.db.select().from(offerIntents).where(eq(offerIntents.offerId, offerId))).find(
        (row) => row.amountCents === 40_000,
      )!.providerIntentId,
    )!;
    const res = await webhook(fake.authorize(counterIntent.id), 'payment_intent.amount_capturable_updated');
    expect(res.statusCode, res.body).toBe(200);
    expect((await buyer.client.get(`/api/offers/${offerId}`)).json().status).toBe('accepted');
    expect(fake.intents.get(counterIntent.id)!.status).toBe('succeeded');
    expect(fake.intents.get(intent.id)!.status).toBe('canceled');
    expect((await productRow(ctx.app.database.db, productId)).status).toBe('sold');
  });

  it('ends an open offer whose authorization Stripe cancelled, and a decline cancels the hold', async () => {
    const first = await offerWithIntent('250');
    fake.authorize(first.intent.id);
    expect((await buyer.client.post(`/api/offers/${first.offerId}/checkout/confirm`)).statusCode).toBe(200);
    const res = await webhook(
      { ...fake.intents.get(first.intent.id)!, status: 'canceled' },
      'payment_intent.canceled',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await buyer.client.get(`/api/offers/${first.offerId}`)).json().status).toBe('expired');

    const second = await offerWithIntent('270');
    fake.authorize(second.intent.id);
    expect((await buyer.client.post(`/api/offers/${second.offerId}/checkout/confirm`)).statusCode).toBe(200);
    expect((await seller.client.post(`/api/offers/${second.offerId}/decline`)).statusCode).toBe(200);
    expect(fake.intents.get(second.intent.id)!.status).toBe('canceled');
    expect(fake.callsTo('POST', new RegExp(`/v1/payment_intents/${second.intent.id}/cancel$`))).toHaveLength(
      1,
    );
  });
});
