/**
 * Offers under concurrency, 50 requests at once, on PGlite (transactions queue) and PostgreSQL (a pool,
 * so row locks decide): exactly one outcome wins, the provider captures once, and every other hold is
 * released.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { createTestApp, signUp, type TestContext, type TestUser } from '../../../test/helpers/app.js';
import {
  insertBooking,
  insertProduct,
  invariantViolations,
  productRow,
} from '../../../test/helpers/fixtures.js';
import { offerIntents, offers, paymentIntents, payments } from '../../platform/db/schema.js';
import { CountingProvider, goodCard } from './testing.js';

let ctx: TestContext;
let provider: CountingProvider;
let seller: TestUser;
const buyers: TestUser[] = [];

beforeAll(async () => {
  provider = new CountingProvider();
  ctx = await createTestApp({ MAX_OPEN_OFFERS: '100' }, { cardProvider: provider });
  seller = await signUp(ctx.app, 'seller');
  for (let i = 0; i < 50; i++) buyers.push(await signUp(ctx.app, 'buyer'));
}, 180_000);
afterAll(() => ctx.close());
afterEach(async () => {
  expect(await invariantViolations(ctx.app.database.db)).toEqual([]);
});

const db = () => ctx.app.database.db;

async function openOffer(who: TestUser, productId: string, amount = '60'): Promise<string> {
  const made = await who.client.post(`/api/products/${productId}/offers`, { amount });
  expect(made.statusCode, made.body).toBe(201);
  const confirmed = await who.client.post(`/api/offers/${made.json().id}/checkout/confirm`, goodCard);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return made.json().id;
}

/** Every hold of these offers: the captured ones and, once the job has run, none left held. */
async function holdsOf(offerIds: string[]) {
  const rows = await db().select().from(offerIntents).where(inArray(offerIntents.offerId, offerIds));
  const remote = await Promise.all(
    rows.map((row) =>
      provider.retrieveIntent({
        id: row.providerIntentId,
        amountCents: row.amountCents,
        currency: row.currency,
      }),
    ),
  );
  return {
    captured: remote.filter((intent) => intent.status === 'captured').length,
    held: remote.filter((intent) => intent.status === 'authorized').length,
    released: remote.filter((intent) => intent.status === 'cancelled').length,
    captureCalls: rows.reduce((sum, row) => sum + (provider.captures.get(row.providerIntentId) ?? 0), 0),
  };
}

async function paymentsOfProduct(productId: string) {
  return db().select().from(payments).where(eq(payments.productId, productId));
}

describe('offers racing', () => {
  it('sells to exactly one of 50 offers the seller accepts at once and releases the other 49', async () => {
    const p = await insertProduct(db(), seller.id);
    const ids: string[] = [];
    for (const [i, buyer] of buyers.entries()) ids.push(await openOffer(buyer, p.id, String(50 + (i % 40))));

    const answers = await Promise.all(ids.map((id) => seller.client.post(`/api/offers/${id}/accept`)));
    const won = answers.filter((res) => res.statusCode === 200);
    expect(
      won,
      answers
        .map((r) => r.body)
        .join('\n')
        .slice(0, 2000),
    ).toHaveLength(1);
    for (const res of answers.filter((r) => r.statusCode !== 200)) {
      expect(res.statusCode, res.body).toBe(409);
      expect(['OFFER_NOT_OPEN', 'PRODUCT_SOLD']).toContain(res.json().error.code);
    }
    await ctx.app.services.offers.runOnce();
    const holds = await holdsOf(ids);
    expect(holds).toEqual({ captured: 1, held: 0, released: 49, captureCalls: 1 });
    expect(await paymentsOfProduct(p.id)).toHaveLength(1);
    const statuses = await db().select({ status: offers.status }).from(offers).where(inArray(offers.id, ids));
    expect(statuses.filter((o) => o.status === 'accepted')).toHaveLength(1);
    expect(statuses.filter((o) => o.status === 'declined')).toHaveLength(49);
  }, 180_000);

  it('lets one of 50 accepts of the same offer win and captures once', async () => {
    const p = await insertProduct(db(), seller.id);
    const id = await openOffer(buyers[0]!, p.id);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => seller.client.post(`/api/offers/${id}/accept`)),
    );
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(1);
    for (const res of answers.filter((r) => r.statusCode !== 200)) {
      expect([res.statusCode, res.json().error.code]).toEqual([409, 'OFFER_NOT_OPEN']);
    }
    expect(await holdsOf([id])).toEqual({ captured: 1, held: 0, released: 0, captureCalls: 1 });
    expect(await paymentsOfProduct(p.id)).toHaveLength(1);
  }, 120_000);

  it('gives the piece to one of 25 accepts and 25 other buyers paying by card at the same moment', async () => {
    const p = await insertProduct(db(), seller.id);
    const offerId = await openOffer(buyers[0]!, p.id);
    const payers = buyers.slice(1, 26);
    const bookingIds = await Promise.all(payers.map((buyer) => insertBooking(db(), p.id, buyer.id)));

    const answers = await Promise.all([
      ...Array.from({ length: 25 }, () => seller.client.post(`/api/offers/${offerId}/accept`)),
      ...payers.map((buyer, i) =>
        buyer.client.post(`/api/bookings/${bookingIds[i]}/checkout/confirm`, goodCard),
      ),
    ]);
    const won = answers.filter((res) => res.statusCode === 200);
    expect(
      won,
      answers
        .map((r) => `${r.statusCode} ${r.body}`)
        .join('\n')
        .slice(0, 3000),
    ).toHaveLength(1);
    for (const res of answers.filter((r) => r.statusCode !== 200)) expect(res.statusCode, res.body).toBe(409);

    await ctx.app.services.offers.runOnce();
    const offerHolds = await holdsOf([offerId]);
    const bookingIntents = await db()
      .select()
      .from(paymentIntents)
      .where(inArray(paymentIntents.bookingId, bookingIds));
    const bookingRemote = await Promise.all(
      bookingIntents.map((row) =>
        provider.retrieveIntent({
          id: row.providerIntentId,
          amountCents: row.amountCents,
          currency: row.currency,
        }),
      ),
    );
    const captured = offerHolds.captured + bookingRemote.filter((i) => i.status === 'captured').length;
    const held = offerHolds.held + bookingRemote.filter((i) => i.status === 'authorized').length;
    expect(captured).toBe(1);
    expect(held).toBe(0);
    expect(provider.totalCaptures()).toBeGreaterThanOrEqual(1);
    expect(await paymentsOfProduct(p.id)).toHaveLength(1);
    expect((await productRow(db(), p.id)).status).toBe('sold');
  }, 180_000);

  it('lets either the sale or the price drop win when 25 accepts meet 25 edits below the offer', async () => {
    const p = await insertProduct(db(), seller.id);
    const id = await openOffer(buyers[40]!, p.id, '70');
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2 === 0
          ? seller.client.post(`/api/offers/${id}/accept`).then((res) => ['accept', res.statusCode] as const)
          : seller.client
              .patch(`/api/products/${p.id}`, { sellingPrice: '65' })
              .then((res) => ['edit', res.statusCode] as const),
      ),
    );
    const accepted = answers.filter(([kind, code]) => kind === 'accept' && code === 200);
    const edited = answers.filter(([kind, code]) => kind === 'edit' && code === 200);
    for (const [, code] of answers) expect([200, 409]).toContain(code);
    const [row] = await db().select().from(offers).where(eq(offers.id, id));
    const product = await productRow(db(), p.id);
    if (row!.status === 'accepted') {
      // Sold at the offer while the price was still above it; no edit after the sale.
      expect(accepted).toHaveLength(1);
      expect(product.status).toBe('sold');
      expect(await holdsOf([id])).toEqual({ captured: 1, held: 0, released: 0, captureCalls: 1 });
    } else {
      // The drop came first: no acceptance at a price above the piece's, nothing captured.
      expect(accepted).toHaveLength(0);
      expect(edited.length).toBeGreaterThanOrEqual(1);
      expect(product).toMatchObject({ status: 'available', sellingPriceCents: 6500 });
      expect(await holdsOf([id])).toMatchObject({ captured: 0, captureCalls: 0 });
    }
  }, 120_000);

  it('ends an offer either accepted or withdrawn when 25 accepts and 25 withdrawals arrive at once', async () => {
    const p = await insertProduct(db(), seller.id);
    const buyer = buyers[30]!;
    const id = await openOffer(buyer, p.id);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2 === 0
          ? seller.client.post(`/api/offers/${id}/accept`)
          : buyer.client.post(`/api/offers/${id}/withdraw`),
      ),
    );
    const won = answers.filter((res) => res.statusCode === 200);
    expect(won).toHaveLength(1);
    for (const res of answers.filter((r) => r.statusCode !== 200)) {
      expect([res.statusCode, res.json().error.code]).toEqual([409, 'OFFER_NOT_OPEN']);
    }
    const [row] = await db().select().from(offers).where(eq(offers.id, id));
    await ctx.app.services.offers.runOnce();
    const holds = await holdsOf([id]);
    if (row!.status === 'accepted') {
      expect(holds).toEqual({ captured: 1, held: 0, released: 0, captureCalls: 1 });
      expect((await productRow(db(), p.id)).status).toBe('sold');
    } else {
      expect(row!.status).toBe('withdrawn');
      expect(holds).toEqual({ captured: 0, held: 0, released: 1, captureCalls: 0 });
      expect((await productRow(db(), p.id)).status).toBe('available');
    }
  }, 120_000);

  it('ends an offer either accepted or expired when 25 accepts and 25 runs of the expiry job meet its end', async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 3; round++) {
      const p = await insertProduct(db(), seller.id);
      const buyer = buyers[31 + round]!;
      const id = await openOffer(buyer, p.id);
      // Its time runs out in the middle of the burst.
      await db()
        .update(offers)
        .set({ expiresAt: sql`now() + make_interval(secs => ${0.05 + round * 0.1})` })
        .where(eq(offers.id, id));
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          i % 2 === 0
            ? seller.client.post(`/api/offers/${id}/accept`).then((res) => res.statusCode)
            : ctx.app.services.offers.runOnce().then(() => 0),
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, 400));
      await ctx.app.services.offers.runOnce();
      const [row] = await db().select().from(offers).where(eq(offers.id, id));
      outcomes.add(row!.status);
      const holds = await holdsOf([id]);
      const accepts = answers.filter((code) => code !== 0);
      if (row!.status === 'accepted') {
        expect(accepts.filter((code) => code === 200)).toHaveLength(1);
        expect(holds).toEqual({ captured: 1, held: 0, released: 0, captureCalls: 1 });
      } else {
        expect(row!.status).toBe('expired');
        expect(accepts.filter((code) => code === 200)).toHaveLength(0);
        expect(holds).toEqual({ captured: 0, held: 0, released: 1, captureCalls: 0 });
        expect((await productRow(db(), p.id)).status).toBe('available');
      }
      for (const code of accepts) expect([200, 409]).toContain(code);
    }
    expect(outcomes.size).toBeGreaterThanOrEqual(1);
  }, 180_000);
});
