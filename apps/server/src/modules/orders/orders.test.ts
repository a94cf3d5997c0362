/**
 * The last mile of a sale through the API, against a real database and a real SMTP server in process:
 * contacts, the handoff code, cancel-sale refunds, refunds on removal (exactly once, also under
 * concurrency), auto-completion, the overview, and the message each event sends.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buyerMessages, cancelReasons, cancelSaleReason, orderMessages } from '@furniture-mart/shared';
import {
  TEST_ORIGIN,
  TestClient,
  createTestApp,
  signUp,
  type TestContext,
  type TestUser,
} from '../../../test/helpers/app.js';
import { startSmtp, type TestSmtp } from '../../../test/helpers/smtp.js';
import { bookings, products, refunds, reports } from '../../platform/db/schema.js';
import { SandboxPaymentProvider } from '../../platform/card-providers/sandbox.js';
import type { RefundInput } from '../../platform/card-providers/provider.js';
import { insertProduct, markPaid } from '../../../test/helpers/fixtures.js';

/** The sandbox, with a switch to make the provider refuse refunds and a log of every refund call. */
class RefusingSandbox extends SandboxPaymentProvider {
  refuse = false;
  readonly calls: RefundInput[] = [];
  override async refund(input: RefundInput) {
    this.calls.push(input);
    if (this.refuse) throw new Error('refund declined by the provider');
    return super.refund(input);
  }
}

let ctx: TestContext;
let smtp: TestSmtp;
let provider: RefusingSandbox;
let buyer: TestUser;
let rival: TestUser;
let seller: TestUser;
let otherSeller: TestUser;
let admin: TestUser;

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const goodCard = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', name: 'Bea Buyer' };

async function deliver() {
  await ctx.app.services.mail.runOnce({ batch: 500 });
}

async function book(user: TestUser, productId: string, phone = '+880 1811 222333') {
  const res = await user.client.post('/api/bookings', {
    productId,
    phone,
    meetingLocation: 'Gulshan 2 circle',
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

async function pay(user: TestUser, bookingId: string) {
  expect((await user.client.post(`/api/bookings/${bookingId}/checkout`)).statusCode).toBe(200);
  const res = await user.client.post(`/api/bookings/${bookingId}/checkout/confirm`, goodCard);
  expect(res.statusCode).toBe(200);
}

/** A product of `owner` with a paid order of `buyer` (settled through the database fixture). */
async function paidOrder(owner = seller, customer = buyer) {
  const product = await insertProduct(ctx.app.database.db, owner.id);
  const bookingId = await book(customer, product.id);
  await markPaid(ctx.app.database.db, bookingId, '654321');
  return { productId: product.id, bookingId };
}

async function bookingRow(id: string) {
  const [row] = await ctx.app.database.db.select().from(bookings).where(eq(bookings.id, id));
  return row!;
}

beforeAll(async () => {
  smtp = await startSmtp();
  provider = new RefusingSandbox();
  ctx = await createTestApp(
    { SMTP_URL: smtp.url, MAIL_FROM: 'Furniture Mart <mart@example.test>' },
    { cardProvider: provider },
  );
  [buyer, rival, seller, otherSeller, admin] = await Promise.all([
    signUp(ctx.app, 'buyer', { name: 'Bea Buyer' }),
    signUp(ctx.app, 'buyer', { name: 'Rita Rival' }),
    signUp(ctx.app, 'seller', { name: 'Sam Seller', verified: true }),
    signUp(ctx.app, 'seller'),
    signUp(ctx.app, 'admin'),
  ]);
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});
beforeEach(() => {
  provider.refuse = false;
});

describe('a sale from booking to handoff', () => {
  it('tells each side, shows the contacts and the code, and completes with the code', async () => {
    // A phone stored as typed, before numbers were kept in one form: still shown, and grouped in mails.
    const product = await insertProduct(ctx.app.database.db, seller.id, { phone: '+880 1711 999888' });
    const bookingId = await book(buyer, product.id, '+880 1811 444555');
    const lostId = await book(rival, product.id);
    await deliver();

    // One per booking: the buyer's and the rival's.
    const booked = smtp
      .to(seller.email, 'New booking')
      .filter((mail) => mail.text.includes(`/dashboard/orders/${bookingId}`));
    expect(booked).toHaveLength(1);
    expect(smtp.to(seller.email, 'New booking').filter((m) => m.text.includes(lostId))).toHaveLength(1);
    expect(booked[0]!.text).toContain('01811-444555');
    expect(booked[0]!.text).toContain(`${TEST_ORIGIN}/dashboard/orders/${bookingId}`);
    expect(booked[0]!.html).toContain('Furniture Mart');

    // Before payment the buyer already reaches the seller; nobody else gets the seller's phone.
    const before = (await buyer.client.get(`/api/bookings/${bookingId}`)).json();
    expect(before.seller).toEqual({
      id: seller.id,
      name: 'Sam Seller',
      verified: true,
      phone: '+880 1711 999888',
    });
    expect(before.handoffCode).toBeNull();
    const publicListing = await rival.client.get(`/api/products/${product.id}`);
    expect(publicListing.body).not.toContain('999888');

    await pay(buyer, bookingId);
    await deliver();
    const order = (await buyer.client.get(`/api/bookings/${bookingId}`)).json();
    expect(order.status).toBe('paid');
    expect(order.handoffCode).toMatch(/^\d{6}$/);
    expect(order.meetingLocation).toBe('Gulshan 2 circle');
    const mine = (await buyer.client.get('/api/my/bookings')).json().items;
    expect(mine.find((b: { id: string }) => b.id === bookingId)).toMatchObject({
      handoffCode: order.handoffCode,
      seller: { phone: '+880 1711 999888' },
    });

    const receipt = smtp.to(buyer.email, 'Receipt');
    expect(receipt).toHaveLength(1);
    expect(receipt[0]!.text).toContain(order.handoffCode);
    expect(receipt[0]!.text).toContain('01711-999888');
    const sold = smtp.to(seller.email, 'Sold');
    expect(sold).toHaveLength(1);
    expect(sold[0]!.text).toContain('01811-444555');
    expect(sold[0]!.text).not.toContain(order.handoffCode);
    expect(smtp.to(rival.email, 'No longer available')).toHaveLength(1);
    expect((await bookingRow(lostId)).status).toBe('cancelled');

    // The seller's view: the buyer's contact and email-verification mark, never the code.
    const forSeller = (await seller.client.get(`/api/bookings/${bookingId}`)).json();
    expect(forSeller).toMatchObject({
      phone: '+8801811444555',
      handoffCode: null,
      seller: { phone: null },
    });
    expect(forSeller.buyer.emailVerified).toBe(false);

    const unknown = await otherSeller.client.post(`/api/bookings/${UNKNOWN_ID}/handoff`, { code: '000000' });
    const stranger = await otherSeller.client.post(`/api/bookings/${bookingId}/handoff`, {
      code: order.handoffCode,
    });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual(unknown.json());
    expect(
      (await buyer.client.post(`/api/bookings/${bookingId}/handoff`, { code: order.handoffCode })).statusCode,
    ).toBe(403);
    expect(
      (await new TestClient(ctx.app).post(`/api/bookings/${bookingId}/handoff`, { code: '1' })).statusCode,
    ).toBe(401);
    const malformed = await seller.client.post(`/api/bookings/${bookingId}/handoff`, { code: '12a456' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields.code).toBe(orderMessages.handoffCodeFormat);
    const wrongCode = order.handoffCode === '000000' ? '000001' : '000000';
    const wrong = await seller.client.post(`/api/bookings/${bookingId}/handoff`, { code: wrongCode });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({
      code: 'WRONG_HANDOFF_CODE',
      message: orderMessages.handoffWrongCode(4),
    });
    expect((await bookingRow(bookingId)).status).toBe('paid');

    const done = await seller.client.post(`/api/bookings/${bookingId}/handoff`, { code: order.handoffCode });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ status: 'completed', completedAt: expect.any(String) });
    const again = await seller.client.post(`/api/bookings/${bookingId}/handoff`, { code: order.handoffCode });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(orderMessages.alreadyCompleted);

    const completed = (await buyer.client.get(`/api/bookings/${bookingId}`)).json();
    expect(completed).toMatchObject({
      status: 'completed',
      handoffCode: null,
      completedAt: expect.any(String),
    });
    expect((await seller.client.get(`/api/bookings/${bookingId}`)).json().status).toBe('completed');
    await deliver();
    expect(smtp.to(buyer.email, 'Completed')).toHaveLength(1);
    expect(smtp.to(seller.email, 'Completed')).toHaveLength(1);
  });

  it('locks the handoff after five wrong codes, even for the right one', async () => {
    const { bookingId } = await paidOrder();
    for (let i = 1; i <= 4; i += 1) {
      const res = await seller.client.post(`/api/bookings/${bookingId}/handoff`, { code: '111111' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(orderMessages.handoffWrongCode(5 - i));
    }
    const fifth = await seller.client.post(`/api/bookings/${bookingId}/handoff`, { code: '111111' });
    expect(fifth.statusCode).toBe(409);
    expect(fifth.json().error).toMatchObject({
      code: 'HANDOFF_LOCKED',
      message: orderMessages.handoffLocked,
    });
    const right = await seller.client.post(`/api/bookings/${bookingId}/handoff`, { code: '654321' });
    expect(right.statusCode).toBe(409);
    expect((await bookingRow(bookingId)).status).toBe('paid');
    expect((await buyer.client.get(`/api/bookings/${bookingId}`)).json().handoffAttemptsLeft).toBe(0);
  });

  it('refuses a handoff on an order that is not paid', async () => {
    const product = await insertProduct(ctx.app.database.db, seller.id);
    const bookingId = await book(buyer, product.id);
    const res = await seller.client.post(`/api/bookings/${bookingId}/handoff`, { code: '123456' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('ORDER_NOT_PAID');
  });
});

describe('POST /api/bookings/:id/cancel-sale', () => {
  it('refunds once, returns the item to sale and tells both sides', async () => {
    const { productId, bookingId } = await paidOrder();
    const unknown = await otherSeller.client.post(`/api/bookings/${UNKNOWN_ID}/cancel-sale`, {
      reason: 'broken leg',
    });
    const stranger = await otherSeller.client.post(`/api/bookings/${bookingId}/cancel-sale`, {
      reason: 'broken leg',
    });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual(unknown.json());
    const short = await seller.client.post(`/api/bookings/${bookingId}/cancel-sale`, { reason: 'no' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields.reason).toBe(orderMessages.cancelReasonRequired);

    const res = await seller.client.post(`/api/bookings/${bookingId}/cancel-sale`, {
      reason: 'the table broke',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'refunded' });
    const row = await bookingRow(bookingId);
    expect(row).toMatchObject({ status: 'refunded', cancelReason: cancelSaleReason('the table broke') });
    const [product] = await ctx.app.database.db.select().from(products).where(eq(products.id, productId));
    expect(product!.status).toBe('available');
    const [refund] = await ctx.app.database.db.select().from(refunds).where(eq(refunds.bookingId, bookingId));
    expect(refund).toMatchObject({ status: 'succeeded', attempts: 1 });

    const again = await seller.client.post(`/api/bookings/${bookingId}/cancel-sale`, {
      reason: 'the table broke',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(orderMessages.alreadyRefunded);
    expect(
      provider.calls.filter((c) => c.idempotencyKey === `order-refund-${refund!.paymentId}`),
    ).toHaveLength(1);

    await deliver();
    const buyerMail = smtp.to(buyer.email, 'Refund').filter((m) => m.text.includes('the table broke'));
    expect(buyerMail).toHaveLength(1);
    expect(
      smtp.to(seller.email, 'Sale refunded').filter((m) => m.text.includes('the table broke')),
    ).toHaveLength(1);
    expect((await buyer.client.get(`/api/bookings/${bookingId}`)).json()).toMatchObject({
      status: 'refunded',
      refundedAt: expect.any(String),
    });
  });

  it('refuses an order that is only booked, and a completed one', async () => {
    const product = await insertProduct(ctx.app.database.db, seller.id);
    const open = await book(buyer, product.id);
    const res = await seller.client.post(`/api/bookings/${open}/cancel-sale`, { reason: 'changed my mind' });
    expect(res.statusCode).toBe(409);
    const { bookingId } = await paidOrder();
    await seller.client.post(`/api/bookings/${bookingId}/handoff`, { code: '654321' });
    const late = await seller.client.post(`/api/bookings/${bookingId}/cancel-sale`, {
      reason: 'changed my mind',
    });
    expect(late.statusCode).toBe(409);
    expect((await bookingRow(bookingId)).status).toBe('completed');
  });
});

describe('refunds when the admin removes a seller or a product', () => {
  it('refunds the removed seller’s paid orders; the buyer sees refunded and has the mail', async () => {
    const doomed = await signUp(ctx.app, 'seller', { name: 'Doomed Seller' });
    const { bookingId, productId } = await paidOrder(doomed);
    const completedOrder = await paidOrder(doomed);
    await doomed.client.post(`/api/bookings/${completedOrder.bookingId}/handoff`, { code: '654321' });

    expect((await admin.client.delete(`/api/admin/users/${doomed.id}`)).statusCode).toBe(204);
    const order = (await buyer.client.get(`/api/bookings/${bookingId}`)).json();
    expect(order).toMatchObject({ status: 'refunded', cancelReason: cancelReasons.sellerRemoved });
    expect((await bookingRow(completedOrder.bookingId)).status).toBe('completed');
    const [product] = await ctx.app.database.db.select().from(products).where(eq(products.id, productId));
    expect(product!.deletedAt).not.toBeNull();
    const [refund] = await ctx.app.database.db.select().from(refunds).where(eq(refunds.bookingId, bookingId));
    expect(refund!.status).toBe('succeeded');
    await deliver();
    expect(
      smtp
        .to(buyer.email, 'Refund')
        .filter((m) => m.text.includes('The seller’s account was removed from Furniture Mart.')),
    ).toHaveLength(1);
    expect(smtp.to(doomed.email, 'Sale refunded')).toHaveLength(1);
  });

  it('refunds a paid order when the admin removes the reported product, and tells the reporter', async () => {
    const { bookingId, productId } = await paidOrder();
    const [report] = await ctx.app.database.db
      .insert(reports)
      .values({ productId, reporterId: rival.id, reason: 'scam' })
      .returning();
    expect((await admin.client.delete(`/api/admin/reports/${report!.id}/product`)).statusCode).toBe(204);
    expect(await bookingRow(bookingId)).toMatchObject({
      status: 'refunded',
      cancelReason: cancelReasons.productRemoved,
    });
    await deliver();
    expect(smtp.to(rival.email, 'Your report')).toHaveLength(1);
    expect(smtp.to(rival.email, 'Your report')[0]!.text).toContain('We removed');
  });

  it('tells the reporter when the admin dismisses a report and keeps the product', async () => {
    const product = await insertProduct(ctx.app.database.db, seller.id);
    const [report] = await ctx.app.database.db
      .insert(reports)
      .values({ productId: product.id, reporterId: rival.id, reason: 'duplicate' })
      .returning();
    expect((await admin.client.delete(`/api/admin/reports/${report!.id}`)).statusCode).toBe(204);
    await deliver();
    const mails = smtp.to(rival.email, 'Your report').filter((m) => m.text.includes(product.title));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('keep it listed');
  });

  it('keeps a refused refund on the needs-attention list and retries it with the same key', async () => {
    provider.refuse = true;
    const { bookingId } = await paidOrder();
    expect(
      (await seller.client.post(`/api/bookings/${bookingId}/cancel-sale`, { reason: 'sold elsewhere' }))
        .statusCode,
    ).toBe(200);
    const attention = await admin.client.get('/api/admin/refunds');
    expect(attention.statusCode).toBe(200);
    const row = attention.json().items.find((r: { bookingId: string }) => r.bookingId === bookingId);
    expect(row).toMatchObject({ attempts: 1, lastError: 'refund declined by the provider' });
    expect((await admin.client.get('/api/my/overview')).json().refundsNeedingAttention).toBeGreaterThan(0);
    expect((await seller.client.get('/api/admin/refunds')).statusCode).toBe(403);

    provider.refuse = false;
    // Not due yet: the backoff keeps it waiting.
    expect(await ctx.app.services.refunds.runOnce()).toBe(0);
    await ctx.app.database.db
      .update(refunds)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(refunds.bookingId, bookingId));
    expect(await ctx.app.services.refunds.runOnce()).toBe(1);
    const [refund] = await ctx.app.database.db.select().from(refunds).where(eq(refunds.bookingId, bookingId));
    expect(refund).toMatchObject({ status: 'succeeded', attempts: 2 });
    const keys = provider.calls.filter((c) => c.idempotencyKey === `order-refund-${refund!.paymentId}`);
    expect(keys).toHaveLength(2);
    expect(provider.refunds.has(`order-refund-${refund!.paymentId}`)).toBe(true);
    const after = (await admin.client.get('/api/admin/refunds')).json().items;
    expect(after.find((r: { bookingId: string }) => r.bookingId === bookingId)).toBeUndefined();
  });

  it('refunds exactly once when the admin removes the seller while the seller cancels the sale', async () => {
    for (let round = 0; round < 5; round += 1) {
      const racer = await signUp(ctx.app, 'seller');
      const orders = await Promise.all([paidOrder(racer), paidOrder(racer)]);
      const results = await Promise.all([
        admin.client.delete(`/api/admin/users/${racer.id}`),
        ...orders.map((o) =>
          racer.client.post(`/api/bookings/${o.bookingId}/cancel-sale`, { reason: 'race condition' }),
        ),
        ...orders.map((o) =>
          racer.client.post(`/api/bookings/${o.bookingId}/cancel-sale`, { reason: 'race condition' }),
        ),
      ]);
      for (const res of results) expect(res.statusCode).toBeLessThan(500);
      await ctx.app.services.refunds.runOnce();
      for (const { bookingId } of orders) {
        expect((await bookingRow(bookingId)).status).toBe('refunded');
        const rows = await ctx.app.database.db.select().from(refunds).where(eq(refunds.bookingId, bookingId));
        expect(rows).toHaveLength(1);
        expect(rows[0]!.status).toBe('succeeded');
        expect(
          provider.calls.filter((c) => c.idempotencyKey === `order-refund-${rows[0]!.paymentId}`),
        ).toHaveLength(1);
      }
    }
  });
});

describe('auto-completion', () => {
  it('completes paid orders after the waiting period unless the product has an open report', async () => {
    const old = await paidOrder();
    const reported = await paidOrder();
    const fresh = await paidOrder();
    const { db } = ctx.app.database;
    await db
      .update(bookings)
      .set({ paidAt: sql`now() - interval '8 days'` })
      .where(sql`${bookings.id} in (${old.bookingId}, ${reported.bookingId})`);
    await db.insert(reports).values({ productId: reported.productId, reporterId: rival.id, reason: 'scam' });

    expect(await ctx.app.services.orders.autoCompleteOnce()).toBeGreaterThanOrEqual(1);
    expect(await bookingRow(old.bookingId)).toMatchObject({ status: 'completed', completedBy: 'auto' });
    expect((await bookingRow(reported.bookingId)).status).toBe('paid');
    expect((await bookingRow(fresh.bookingId)).status).toBe('paid');
    expect(await ctx.app.services.orders.autoCompleteOnce()).toBe(0);
    await deliver();
    expect(
      smtp.received.filter(
        (m) => m.text.includes(`/dashboard/orders/${old.bookingId}`) && m.subject.startsWith('Completed'),
      ),
    ).toHaveLength(2);
  });
});

describe('GET /api/my/overview', () => {
  it('shows each role what needs doing', async () => {
    const newcomer = await signUp(ctx.app, 'buyer');
    const product = await insertProduct(ctx.app.database.db, otherSeller.id, { sellingPriceCents: 20_000 });
    await book(newcomer, product.id);
    const paid = await paidOrder(otherSeller, newcomer);

    const forBuyer = (await newcomer.client.get('/api/my/overview')).json();
    expect(forBuyer.role).toBe('buyer');
    expect(forBuyer.toPay.total).toBe(1);
    expect(forBuyer.awaitingHandoff).toMatchObject({
      total: 1,
      items: [{ id: paid.bookingId, handoffCode: '654321' }],
    });

    const forSeller = (await otherSeller.client.get('/api/my/overview')).json();
    expect(forSeller.role).toBe('seller');
    expect(forSeller.newBookings.total).toBeGreaterThanOrEqual(1);
    expect(forSeller.awaitingHandoff.items[0].handoffCode).toBeNull();
    expect(forSeller.earnings.pendingCents).toBeGreaterThan(0);

    const forAdmin = (await admin.client.get('/api/my/overview')).json();
    expect(forAdmin).toMatchObject({ role: 'admin', sellersAwaitingVerification: expect.any(Number) });
    expect(forAdmin.sellersAwaitingVerification).toBeGreaterThanOrEqual(1);
    expect((await new TestClient(ctx.app).get('/api/my/overview')).statusCode).toBe(401);
  });
});

describe('an order its buyer deleted', () => {
  it('keeps a paid order waiting for its handoff, and says what happened to one deleted later', async () => {
    const { bookingId } = await paidOrder();
    const refused = await buyer.client.delete(`/api/bookings/${bookingId}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({
      code: 'ORDER_AWAITING_HANDOFF',
      message: buyerMessages.paidOrderCannotBeDeleted,
    });
    const order = (await buyer.client.get(`/api/bookings/${bookingId}`)).json();
    expect(order).toMatchObject({ status: 'paid', handoffCode: '654321' });

    expect(
      (await seller.client.post(`/api/bookings/${bookingId}/handoff`, { code: '654321' })).statusCode,
    ).toBe(200);
    expect((await buyer.client.delete(`/api/bookings/${bookingId}`)).statusCode).toBe(204);
    const res = await buyer.client.get(`/api/bookings/${bookingId}`);
    expect(res.statusCode).toBe(410);
    expect(res.json().error.code).toBe('ORDER_DELETED');
    expect(res.json().error.message).toMatch(
      /^You deleted this order from My Orders on \w{3} \w{3} \d{2} \d{4}\./,
    );
    // Anyone else still gets the answer an unknown order gets.
    const stranger = await rival.client.get(`/api/bookings/${bookingId}`);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().error.message).toBe(buyerMessages.bookingNotFound);
  });
});
