/**
 * Offers through the API on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): making one
 * with a card hold, every answer, the bad inputs, the expiry job and a crash between capture and COMMIT.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, signUp, type TestContext, type TestUser } from '../../../test/helpers/app.js';
import {
  bookingRow,
  insertBooking,
  insertProduct,
  invariantViolations,
  paymentsOf,
  productRow,
  sellTo,
} from '../../../test/helpers/fixtures.js';
import { mailOutbox, offerIntents, offers, products } from '../../platform/db/schema.js';
import { CountingProvider, declinedCard, goodCard } from './testing.js';

let ctx: TestContext;
let provider: CountingProvider;
let seller: TestUser;
let otherSeller: TestUser;
let buyer: TestUser;
let buyer2: TestUser;
let admin: TestUser;

beforeAll(async () => {
  provider = new CountingProvider();
  ctx = await createTestApp({ MAX_OPEN_OFFERS: '100' }, { cardProvider: provider });
  seller = await signUp(ctx.app, 'seller');
  otherSeller = await signUp(ctx.app, 'seller');
  buyer = await signUp(ctx.app, 'buyer');
  buyer2 = await signUp(ctx.app, 'buyer');
  admin = await signUp(ctx.app, 'admin');
}, 60_000);
afterAll(() => ctx.close());
afterEach(async () => {
  expect(await invariantViolations(ctx.app.database.db)).toEqual([]);
});

const db = () => ctx.app.database.db;

async function product(values: Parameters<typeof insertProduct>[2] = {}) {
  return insertProduct(db(), seller.id, values);
}

/** An offer made and held on the card: open, as the seller sees it. */
async function openOffer(who: TestUser, productId: string, amount = '60') {
  const made = await who.client.post(`/api/products/${productId}/offers`, { amount });
  expect(made.statusCode, made.body).toBe(201);
  const confirmed = await who.client.post(`/api/offers/${made.json().id}/checkout/confirm`, goodCard);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return confirmed.json().offer as { id: string; status: string; expiresAt: string };
}

/** The mail an offer queued: recipient and subject, by its keys. */
async function mailOf(offerId: string) {
  const rows = await db()
    .select({ to: mailOutbox.toAddress, subject: mailOutbox.subject, key: mailOutbox.idempotencyKey })
    .from(mailOutbox)
    .where(sql`${mailOutbox.idempotencyKey} like ${`offer:${offerId}:%`}`);
  return rows.map((row) => [row.to, row.subject]).sort();
}

async function intentsOfOffer(offerId: string) {
  return db().select().from(offerIntents).where(eq(offerIntents.offerId, offerId));
}

describe('making an offer', () => {
  it('waits for the card, then opens for OFFER_HOURS with the amount held and nothing charged', async () => {
    const p = await product();
    const made = await buyer.client.post(`/api/products/${p.id}/offers`, {
      amount: '60',
      buyerId: buyer2.id,
      status: 'accepted',
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({
      productId: p.id,
      buyerId: buyer.id,
      amountCents: 6000,
      counterAmountCents: null,
      currency: 'USD',
      status: 'awaiting_payment',
    });
    // Not yet the seller's to see.
    expect((await seller.client.get(`/api/offers/${made.json().id}`)).statusCode).toBe(404);

    const checkout = await buyer.client.post(`/api/offers/${made.json().id}/checkout`);
    expect(checkout.statusCode, checkout.body).toBe(200);
    expect(checkout.json()).toMatchObject({ amountCents: 6000, currency: 'USD', provider: 'sandbox' });

    const confirmed = await buyer.client.post(`/api/offers/${made.json().id}/checkout/confirm`, goodCard);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const offer = confirmed.json().offer;
    expect(offer.status).toBe('open');
    const hours = (Date.parse(offer.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(47.9);
    expect(hours).toBeLessThanOrEqual(48);
    const [intent] = await intentsOfOffer(offer.id);
    expect(intent!.status).toBe('authorized');
    expect(
      (await provider.retrieveIntent({ id: intent!.providerIntentId, amountCents: 6000, currency: 'USD' }))
        .status,
    ).toBe('authorized');
    expect(provider.captures.get(intent!.providerIntentId)).toBeUndefined();

    const seen = await seller.client.get(`/api/offers/${offer.id}`);
    expect(seen.statusCode).toBe(200);
    const received = await seller.client.get('/api/my/offers?role=seller');
    expect(received.json().items.map((o: { id: string }) => o.id)).toContain(offer.id);
    expect((await buyer.client.get('/api/my/offers?role=buyer')).json().items[0].id).toBe(offer.id);
    const before = (await otherSeller.client.get('/api/my/overview')).json().offersWaiting;
    expect(before).toBe(0);
    const overview = (await seller.client.get('/api/my/overview')).json();
    expect(overview.offersWaiting).toBeGreaterThanOrEqual(1);
    await buyer.client.post(`/api/offers/${offer.id}/withdraw`);
    expect((await seller.client.get('/api/my/overview')).json().offersWaiting).toBe(
      overview.offersWaiting - 1,
    );
  });

  it('keeps a declined card out: the offer stays awaiting payment and the seller never sees it', async () => {
    const p = await product();
    const made = await buyer.client.post(`/api/products/${p.id}/offers`, { amount: '70' });
    const res = await buyer.client.post(`/api/offers/${made.json().id}/checkout/confirm`, declinedCard);
    expect(res.statusCode).toBe(402);
    expect(res.json().error.code).toBe('CARD_DECLINED');
    expect((await buyer.client.get(`/api/offers/${made.json().id}`)).json().status).toBe('awaiting_payment');
    expect((await seller.client.get(`/api/offers/${made.json().id}`)).statusCode).toBe(404);
  });

  it.each([
    ['below the minimum', '49.99', 'Offer at least $50.00.'],
    ['at the price', '100', 'An offer must be below the price of $100.00. To pay the price, book the item.'],
    [
      'above the price',
      '150',
      'An offer must be below the price of $100.00. To pay the price, book the item.',
    ],
    ['with more decimals than the currency has', '60.123', null],
    ['not a number', 'sixty', null],
    ['empty', '', null],
    ['negative', '-60', null],
  ])('refuses an amount %s with a 400 that names the field', async (_name, amount, message) => {
    const p = await product();
    const res = await buyer.client.post(`/api/products/${p.id}/offers`, { amount });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.fields.amount).toBeTruthy();
    if (message) expect(res.json().error.message).toBe(message);
    expect(await db().select().from(offers).where(eq(offers.productId, p.id))).toHaveLength(0);
  });

  it('refuses an offer on your own, a sold, a removed, a firm-priced or an unknown product', async () => {
    const own = await insertProduct(db(), seller.id);
    // A seller account cannot offer at all.
    expect((await seller.client.post(`/api/products/${own.id}/offers`, { amount: '60' })).statusCode).toBe(
      403,
    );
    const sold = await product();
    await sellTo(db(), sold.id, buyer2.id);
    const res = await buyer.client.post(`/api/products/${sold.id}/offers`, { amount: '60' });
    expect([res.statusCode, res.json().error.code]).toEqual([409, 'PRODUCT_SOLD']);
    const firm = await product({ firmPrice: true });
    const firmRes = await buyer.client.post(`/api/products/${firm.id}/offers`, { amount: '60' });
    expect([firmRes.statusCode, firmRes.json().error.code]).toEqual([409, 'FIRM_PRICE']);
    const removed = await product({ deletedAt: new Date() });
    expect((await buyer.client.post(`/api/products/${removed.id}/offers`, { amount: '60' })).statusCode).toBe(
      404,
    );
    expect(
      (await buyer.client.post('/api/products/00000000-0000-4000-8000-000000000000/offers', { amount: '60' }))
        .statusCode,
    ).toBe(404);
  });

  it('takes no offers once the seller marks the price firm, and takes them again when unmarked', async () => {
    const p = await product();
    const firm = await seller.client.patch(`/api/products/${p.id}`, { firmPrice: true });
    expect(firm.statusCode, firm.body).toBe(200);
    expect((await buyer.client.get(`/api/products/${p.id}`)).json().firmPrice).toBe(true);
    const refused = await buyer.client.post(`/api/products/${p.id}/offers`, { amount: '60' });
    expect([refused.statusCode, refused.json().error.code]).toEqual([409, 'FIRM_PRICE']);
    expect((await seller.client.patch(`/api/products/${p.id}`, { firmPrice: false })).statusCode).toBe(200);
    expect((await buyer.client.post(`/api/products/${p.id}/offers`, { amount: '60' })).statusCode).toBe(201);
    expect((await seller.client.patch(`/api/products/${p.id}`, { firmPrice: 'yes' })).statusCode).toBe(400);
  });

  it('allows one live offer per buyer and product, and MAX_OPEN_OFFERS in all', async () => {
    const limited = await createTestApp({ MAX_OPEN_OFFERS: '2' }, { cardProvider: new CountingProvider() });
    try {
      const s = await signUp(limited.app, 'seller');
      const b = await signUp(limited.app, 'buyer');
      const [p1, p2, p3] = [
        await insertProduct(limited.app.database.db, s.id),
        await insertProduct(limited.app.database.db, s.id),
        await insertProduct(limited.app.database.db, s.id),
      ];
      expect((await b.client.post(`/api/products/${p1.id}/offers`, { amount: '60' })).statusCode).toBe(201);
      const again = await b.client.post(`/api/products/${p1.id}/offers`, { amount: '65' });
      expect([again.statusCode, again.json().error.code]).toEqual([409, 'ALREADY_OFFERED']);
      expect((await b.client.post(`/api/products/${p2.id}/offers`, { amount: '60' })).statusCode).toBe(201);
      const third = await b.client.post(`/api/products/${p3.id}/offers`, { amount: '60' });
      expect([third.statusCode, third.json().error.code]).toEqual([409, 'TOO_MANY_OFFERS']);
      expect(third.json().error.message).toContain('2 open offers');
    } finally {
      await limited.close();
    }
  });
});

describe('answering', () => {
  it('accepts: captures the hold, sells at the offer, writes a paid order with its code, ends the rest', async () => {
    const p = await product();
    const winner = await openOffer(buyer, p.id, '60');
    const loser = await openOffer(buyer2, p.id, '55');
    const lostBooking = await insertBooking(db(), p.id, buyer2.id);

    const res = await seller.client.post(`/api/offers/${winner.id}/accept`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().offer.status).toBe('accepted');
    expect(res.json().booking).toMatchObject({ status: 'paid', priceCents: 6000, currency: 'USD' });
    const booking = await bookingRow(db(), res.json().booking.id);
    expect(booking).toMatchObject({ status: 'paid', buyerId: buyer.id, priceCents: 6000 });
    expect(booking.handoffCode).toMatch(/^\d{6}$/);
    const [payment] = await paymentsOf(db(), booking.id);
    expect(payment!.amountCents).toBe(6000);
    // Both are told through the sale's own mail, with the order's link.
    const paidMail = await db()
      .select({ to: mailOutbox.toAddress, text: mailOutbox.textBody })
      .from(mailOutbox)
      .where(sql`${mailOutbox.idempotencyKey} like ${`booking:${booking.id}:paid:%`}`);
    expect(paidMail.map((m) => m.to).sort()).toEqual([buyer.email, seller.email].sort());
    for (const mail of paidMail) expect(mail.text).toContain(`/dashboard/orders/${booking.id}`);
    expect((await productRow(db(), p.id)).status).toBe('sold');
    expect((await bookingRow(db(), lostBooking)).status).toBe('cancelled');

    const [won] = await intentsOfOffer(winner.id);
    expect(provider.captures.get(won!.providerIntentId)).toBe(1);
    const [lost] = await intentsOfOffer(loser.id);
    expect(lost!.status).toBe('cancelled');
    expect(provider.releases.get(lost!.providerIntentId)).toBe(1);
    expect((await buyer2.client.get(`/api/offers/${loser.id}`)).json().status).toBe('declined');
    // Mail through the outbox: the seller heard of each offer; the losing buyer that their hold is released.
    expect(await mailOf(winner.id)).toEqual([[seller.email, `New offer: ${p.title}`]]);
    expect(await mailOf(loser.id)).toEqual([
      [buyer2.email, `Hold released: ${p.title}`],
      [seller.email, `New offer: ${p.title}`],
    ]);

    // The buyer sees the paid order with its handoff code.
    const order = await buyer.client.get(`/api/bookings/${booking.id}`);
    expect(order.statusCode).toBe(200);
    expect(order.json().status).toBe('paid');
    // The listing as it was when the offer was accepted is kept with the order.
    expect(order.json().listingAtBooking).toMatchObject({ title: p.title });

    const again = await seller.client.post(`/api/offers/${winner.id}/accept`);
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'OFFER_NOT_OPEN']);
    expect(provider.captures.get(won!.providerIntentId)).toBe(1);
  });

  it('refuses an acceptance while another buyer holds the piece with a cash reservation', async () => {
    const p = await product({ acceptsCash: true });
    const offer = await openOffer(buyer, p.id, '60');
    const reservation = await insertBooking(db(), p.id, buyer2.id);
    const reserved = await buyer2.client.post(`/api/bookings/${reservation}/checkout`, { method: 'cash' });
    expect(reserved.statusCode, reserved.body).toBe(200);

    const res = await seller.client.post(`/api/offers/${offer.id}/accept`);
    expect([res.statusCode, res.json().error.code]).toEqual([409, 'SOMEONE_ELSE_PAYING']);
    expect((await bookingRow(db(), reservation)).status).toBe('reserved');
    expect((await productRow(db(), p.id)).status).toBe('available');
    expect((await buyer.client.get(`/api/offers/${offer.id}`)).json().status).toBe('open');
  });

  it('makes the buyer’s own open booking of the piece the order', async () => {
    const p = await product();
    const own = await insertBooking(db(), p.id, buyer.id);
    const offer = await openOffer(buyer, p.id, '80');
    const res = await seller.client.post(`/api/offers/${offer.id}/accept`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().booking.id).toBe(own);
    expect((await bookingRow(db(), own)).priceCents).toBe(8000);
  });

  it('declines with a reason and releases the hold', async () => {
    const p = await product();
    const offer = await openOffer(buyer, p.id);
    const res = await seller.client.post(`/api/offers/${offer.id}/decline`, { reason: 'Too low for oak' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'declined', declineReason: 'Too low for oak' });
    const [intent] = await intentsOfOffer(offer.id);
    expect(intent!.status).toBe('cancelled');
    expect(provider.releases.get(intent!.providerIntentId)).toBe(1);
    expect((await productRow(db(), p.id)).status).toBe('available');
    const tooLong = await seller.client.post(`/api/offers/${offer.id}/decline`, { reason: 'x'.repeat(301) });
    expect(tooLong.statusCode).toBe(400);
    const again = await seller.client.post(`/api/offers/${offer.id}/decline`);
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'OFFER_NOT_OPEN']);
  });

  it('holds back contact details in a decline reason, as a conversation does before a booking', async () => {
    const p = await product();
    const offer = await openOffer(buyer, p.id);
    const res = await seller.client.post(`/api/offers/${offer.id}/decline`, {
      reason: 'Too low. Call me on 01711-223344 or write to me@example.com',
    });
    expect(res.statusCode, res.body).toBe(200);
    const reason = (await buyer.client.get(`/api/offers/${offer.id}`)).json().declineReason as string;
    expect(reason).toContain('Too low.');
    expect(reason).not.toContain('01711');
    expect(reason).not.toContain('me@example.com');
  });

  it('counters once between the offer and the price; the buyer takes it with a card and the old hold is released', async () => {
    const p = await product();
    const offer = await openOffer(buyer, p.id, '60');
    for (const [amount, code] of [
      ['60', 400],
      ['59', 400],
      ['100', 400],
      ['abc', 400],
    ] as const) {
      const res = await seller.client.post(`/api/offers/${offer.id}/counter`, { amount });
      expect(res.statusCode, `${amount}: ${res.body}`).toBe(code);
      expect(res.json().error.fields?.amount).toBeTruthy();
    }
    const countered = await seller.client.post(`/api/offers/${offer.id}/counter`, { amount: '80' });
    expect(countered.statusCode, countered.body).toBe(200);
    expect(countered.json()).toMatchObject({ status: 'countered', counterAmountCents: 8000 });
    expect(countered.json().expiresAt).toBe(offer.expiresAt);
    const second = await seller.client.post(`/api/offers/${offer.id}/counter`, { amount: '85' });
    expect([second.statusCode, second.json().error.code]).toEqual([409, 'ALREADY_COUNTERED']);
    // The seller cannot accept their own counter; it is the buyer's turn.
    expect((await seller.client.post(`/api/offers/${offer.id}/accept`)).statusCode).toBe(409);

    const checkout = await buyer.client.post(`/api/offers/${offer.id}/checkout`);
    expect(checkout.json().amountCents).toBe(8000);
    const taken = await buyer.client.post(`/api/offers/${offer.id}/checkout/confirm`, goodCard);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json().offer.status).toBe('accepted');
    expect(taken.json().booking).toMatchObject({ status: 'paid', priceCents: 8000 });
    const intents = await intentsOfOffer(offer.id);
    const first = intents.find((i) => i.amountCents === 6000)!;
    const second2 = intents.find((i) => i.amountCents === 8000)!;
    expect(first.status).toBe('cancelled');
    expect(provider.releases.get(first.providerIntentId)).toBe(1);
    expect(provider.captures.get(second2.providerIntentId)).toBe(1);
    expect(provider.captures.get(first.providerIntentId)).toBeUndefined();

    // Each step is a card in the conversation of the two.
    const list = await seller.client.get(`/api/my/conversations?productId=${p.id}`);
    expect(list.statusCode, list.body).toBe(200);
    const conversationId = list.json().items[0].id;
    const thread = await buyer.client.get(`/api/conversations/${conversationId}/messages`);
    expect(thread.statusCode, thread.body).toBe(200);
    const cards = thread
      .json()
      .items.map((m: { offer: { id: string; event: string } | null; senderId: string }) => [
        m.offer?.event,
        m.senderId,
      ]);
    expect(cards).toEqual([
      ['made', buyer.id],
      ['countered', seller.id],
      ['accepted', buyer.id],
    ]);
  });

  it('lets the buyer withdraw an offer that is not accepted, and releases the hold', async () => {
    const p = await product();
    const offer = await openOffer(buyer, p.id);
    const res = await buyer.client.post(`/api/offers/${offer.id}/withdraw`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('withdrawn');
    const [intent] = await intentsOfOffer(offer.id);
    expect(intent!.status).toBe('cancelled');
    const late = await seller.client.post(`/api/offers/${offer.id}/accept`);
    expect([late.statusCode, late.json().error.code]).toEqual([409, 'OFFER_NOT_OPEN']);
  });

  it('answers only its seller, and is the unknown id’s 404 to anyone else', async () => {
    const p = await product();
    const offer = await openOffer(buyer, p.id);
    for (const path of ['accept', 'decline', 'counter']) {
      const res = await otherSeller.client.post(`/api/offers/${offer.id}/${path}`, { amount: '70' });
      expect(res.statusCode, path).toBe(404);
    }
    expect((await buyer2.client.post(`/api/offers/${offer.id}/withdraw`)).statusCode).toBe(404);
    expect((await buyer2.client.get(`/api/offers/${offer.id}`)).statusCode).toBe(404);
    expect((await otherSeller.client.get(`/api/offers/${offer.id}`)).statusCode).toBe(404);
    expect((await admin.client.get(`/api/offers/${offer.id}`)).statusCode).toBe(200);
    // A buyer cannot answer for the seller.
    expect((await buyer.client.post(`/api/offers/${offer.id}/accept`)).statusCode).toBe(403);
    const [intent] = await intentsOfOffer(offer.id);
    expect(intent!.status).toBe('authorized');
  });

  it('fails an acceptance whose hold the provider let lapse, and keeps the product on sale', async () => {
    const p = await product();
    const offer = await openOffer(buyer, p.id);
    const [intent] = await intentsOfOffer(offer.id);
    await provider.lapse({ id: intent!.providerIntentId, amountCents: 6000, currency: 'USD' });
    const res = await seller.client.post(`/api/offers/${offer.id}/accept`);
    expect([res.statusCode, res.json().error.code]).toEqual([409, 'CAPTURE_REFUSED']);
    expect((await productRow(db(), p.id)).status).toBe('available');
    expect((await buyer.client.get(`/api/offers/${offer.id}`)).json().status).toBe('expired');
  });

  it('refuses an acceptance once the price is at or below the offer', async () => {
    const p = await product();
    const offer = await openOffer(buyer, p.id, '90');
    await db().update(products).set({ sellingPriceCents: 9000 }).where(eq(products.id, p.id));
    const res = await seller.client.post(`/api/offers/${offer.id}/accept`);
    expect([res.statusCode, res.json().error.code]).toEqual([409, 'PRICE_CHANGED']);
    expect((await productRow(db(), p.id)).status).toBe('available');
  });
});

describe('the offers job', () => {
  it('expires offers whose time is up and releases their holds; answers to them are 409', async () => {
    const p = await product();
    const offer = await openOffer(buyer, p.id);
    await db()
      .update(offers)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(offers.id, offer.id));
    const result = await ctx.app.services.offers.runOnce();
    expect(result.expired).toBeGreaterThanOrEqual(1);
    expect(await mailOf(offer.id)).toEqual(
      [
        [buyer.email, `Offer expired: ${p.title}`],
        [seller.email, `New offer: ${p.title}`],
        [seller.email, `Offer expired: ${p.title}`],
      ].sort(),
    );
    expect((await buyer.client.get(`/api/offers/${offer.id}`)).json().status).toBe('expired');
    const [intent] = await intentsOfOffer(offer.id);
    expect(intent!.status).toBe('cancelled');
    const late = await seller.client.post(`/api/offers/${offer.id}/accept`);
    expect([late.statusCode, late.json().error.code]).toEqual([409, 'OFFER_EXPIRED']);
  });

  it('settles, after a crash between the capture and the COMMIT, the sale the provider already took', async () => {
    const p = await product();
    const offer = await openOffer(buyer, p.id);
    const [intent] = await intentsOfOffer(offer.id);
    provider.crashAfterCapture = true;
    try {
      const res = await seller.client.post(`/api/offers/${offer.id}/accept`);
      expect(res.statusCode).toBe(500);
    } finally {
      provider.crashAfterCapture = false;
    }
    // Money taken, nothing written: the state a killed process leaves.
    expect(provider.captures.get(intent!.providerIntentId)).toBe(1);
    expect((await productRow(db(), p.id)).status).toBe('available');
    await db()
      .update(offers)
      .set({ acceptingSince: sql`now() - interval '2 minutes'` })
      .where(eq(offers.id, offer.id));
    await ctx.app.services.offers.runOnce();
    const after = (await buyer.client.get(`/api/offers/${offer.id}`)).json();
    expect(after.status).toBe('accepted');
    expect((await productRow(db(), p.id)).status).toBe('sold');
    expect((await bookingRow(db(), after.bookingId)).status).toBe('paid');
    // The capture was not repeated, and nothing was released.
    expect(provider.captures.get(intent!.providerIntentId)).toBe(1);
    expect(provider.releases.get(intent!.providerIntentId)).toBeUndefined();
  });

  it('gives the money back after such a crash when the piece went to someone else meanwhile', async () => {
    const p = await product();
    const offer = await openOffer(buyer, p.id);
    const [intent] = await intentsOfOffer(offer.id);
    provider.crashAfterCapture = true;
    try {
      expect((await seller.client.post(`/api/offers/${offer.id}/accept`)).statusCode).toBe(500);
    } finally {
      provider.crashAfterCapture = false;
    }
    // Another buyer pays for it by card before the job runs.
    const other = await insertBooking(db(), p.id, buyer2.id);
    expect((await buyer2.client.post(`/api/bookings/${other}/checkout/confirm`, goodCard)).statusCode).toBe(
      200,
    );
    await db()
      .update(offers)
      .set({ acceptingSince: sql`now() - interval '2 minutes'` })
      .where(eq(offers.id, offer.id));
    await ctx.app.services.offers.runOnce();
    expect((await bookingRow(db(), other)).status).toBe('paid');
    const after = (await buyer.client.get(`/api/offers/${offer.id}`)).json();
    expect(['declined', 'expired']).toContain(after.status);
    const remote = await provider.retrieveIntent({
      id: intent!.providerIntentId,
      amountCents: 6000,
      currency: 'USD',
    });
    expect(remote.status).toBe('cancelled');
    expect(provider.releases.get(intent!.providerIntentId)).toBeGreaterThanOrEqual(1);
  });
});
