/**
 * Cash at pickup: a listing that takes cash may be reserved, the code is given at once, the seller's
 * code entry completes the order as paid in cash; reservations lapse by themselves (the clock moved by
 * putting their time in the past, as the other job tests do), one at a time per buyer, and two lapses
 * in 30 days stop cash for 30 days. Also which methods the shop and the listing offer.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { cancelReasons } from '@furniture-mart/shared';
import { createTestApp, signUp, type TestContext, type TestUser } from '../../../test/helpers/app.js';
import { bookings, mailOutbox, products } from '../../platform/db/schema.js';
import {
  bookingRow,
  insertBooking,
  insertProduct,
  invariantViolations,
  paymentsOf,
  productRow,
} from '../../../test/helpers/fixtures.js';

let ctx: TestContext;
let seller: TestUser;

beforeAll(async () => {
  ctx = await createTestApp({ CASH_HOLD_HOURS: '48' });
  seller = await signUp(ctx.app, 'seller');
}, 60_000);
afterAll(() => ctx.close());
afterEach(async () => {
  expect(await invariantViolations(ctx.app.database.db)).toEqual([]);
});

const db = () => ctx.app.database.db;

async function cashPiece(acceptsCash = true) {
  return insertProduct(db(), seller.id, { acceptsCash });
}

async function reserve(buyer: TestUser, productId: string) {
  const bookingId = await insertBooking(db(), productId, buyer.id);
  const res = await buyer.client.post(`/api/bookings/${bookingId}/checkout`, { method: 'cash' });
  return { bookingId, res };
}

/** Moves a reservation's end into the past, as the clock moving past it would. */
async function runOut(bookingId: string) {
  await db()
    .update(bookings)
    .set({ reservedUntil: sql`now() - interval '1 minute'` })
    .where(eq(bookings.id, bookingId));
}

describe('reserving for cash', () => {
  it('reserves for CASH_HOLD_HOURS, gives the code at once and shows the piece as reserved', async () => {
    const buyer = await signUp(ctx.app, 'buyer');
    const product = await cashPiece();
    const { bookingId, res } = await reserve(buyer, product.id);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({ method: 'cash', provider: 'cash', redirectUrl: null, clientSecret: null });
    expect(answer.handoffCode).toMatch(/^\d{6}$/);
    const hours = (Date.parse(answer.reservedUntil) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(47.9);
    expect(hours).toBeLessThanOrEqual(48.01);

    const booking = await bookingRow(db(), bookingId);
    expect(booking).toMatchObject({
      status: 'reserved',
      paymentMethod: 'cash',
      handoffCode: answer.handoffCode,
    });
    expect((await productRow(db(), product.id)).holdBookingId).toBe(bookingId);
    expect(await paymentsOf(db(), bookingId)).toHaveLength(0);
    // The seller learns who comes with cash, and within how long.
    const [told] = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.idempotencyKey, `booking:${bookingId}:reserved:seller`));
    expect(told!.subject).toBe(`Reserved for cash: ${product.title}`);
    expect(told!.textBody).toContain('within 48 hours');

    const order = (await buyer.client.get(`/api/bookings/${bookingId}`)).json();
    expect(order).toMatchObject({
      status: 'reserved',
      paymentMethod: 'cash',
      handoffCode: answer.handoffCode,
    });
    expect(order.reservedUntil).toBe(answer.reservedUntil);
    // The seller sees the order but never the code.
    const forSeller = (await seller.client.get(`/api/bookings/${bookingId}`)).json();
    expect(forSeller.handoffCode).toBeNull();

    const other = await signUp(ctx.app, 'buyer');
    const page = (await other.client.get(`/api/products/${product.id}`)).json();
    expect(page.status).toBe('reserved');
    expect(page.acceptsCash).toBe(true);
    // Asking again answers the same reservation.
    const again = await buyer.client.post(`/api/bookings/${bookingId}/checkout`, { method: 'cash' });
    expect(again.statusCode).toBe(200);
    expect(again.json().handoffCode).toBe(answer.handoffCode);
  });

  it('refuses cash on a listing that does not take it (409), nothing reserved', async () => {
    const buyer = await signUp(ctx.app, 'buyer');
    const product = await cashPiece(false);
    const { bookingId, res } = await reserve(buyer, product.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('CASH_NOT_OFFERED');
    expect((await bookingRow(db(), bookingId)).status).toBe('booked');
  });

  it('refuses an unknown method with 400 and a message', async () => {
    const buyer = await signUp(ctx.app, 'buyer');
    const product = await cashPiece();
    const bookingId = await insertBooking(db(), product.id, buyer.id);
    const res = await buyer.client.post(`/api/bookings/${bookingId}/checkout`, { method: 'cheque' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.method).toBe('Choose how to pay: card, wallet or cash.');
  });

  it('a buyer who deletes the reservation gives the piece back at once (not counted as a lapse)', async () => {
    const buyer = await signUp(ctx.app, 'buyer');
    const product = await cashPiece();
    const { bookingId } = await reserve(buyer, product.id);
    const removed = await buyer.client.delete(`/api/bookings/${bookingId}`);
    expect(removed.statusCode).toBe(204);
    expect(await bookingRow(db(), bookingId)).toMatchObject({
      status: 'cancelled',
      cancelReason: cancelReasons.deletedByBuyer,
    });
    expect((await productRow(db(), product.id)).holdBookingId).toBeNull();
    const next = await reserve(buyer, (await cashPiece()).id);
    expect(next.res.statusCode).toBe(200);
    await db().update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, next.bookingId));
  });

  it('one reservation at a time per buyer', async () => {
    const buyer = await signUp(ctx.app, 'buyer');
    const first = await reserve(buyer, (await cashPiece()).id);
    expect(first.res.statusCode).toBe(200);
    const second = await reserve(buyer, (await cashPiece()).id);
    expect(second.res.statusCode).toBe(409);
    expect(second.res.json().error.code).toBe('CASH_RESERVATION_EXISTS');
    expect((await bookingRow(db(), second.bookingId)).status).toBe('booked');
  });

  it('two concurrent reservations of one buyer: one wins (the unique index)', async () => {
    const buyer = await signUp(ctx.app, 'buyer');
    const pieces = await Promise.all([cashPiece(), cashPiece(), cashPiece()]);
    const ids = await Promise.all(pieces.map((piece) => insertBooking(db(), piece.id, buyer.id)));
    const answers = await Promise.all(
      ids.map((id) => buyer.client.post(`/api/bookings/${id}/checkout`, { method: 'cash' })),
    );
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(1);
    for (const res of answers.filter((each) => each.statusCode !== 200)) {
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('CASH_RESERVATION_EXISTS');
    }
    const reserved = await db()
      .select()
      .from(bookings)
      .where(and(eq(bookings.buyerId, buyer.id), eq(bookings.status, 'reserved')));
    expect(reserved).toHaveLength(1);
  });
});

describe('the handoff', () => {
  it("completes with the seller's code entry and is recorded as paid in cash", async () => {
    const buyer = await signUp(ctx.app, 'buyer');
    const product = await cashPiece();
    const loser = await signUp(ctx.app, 'buyer');
    const losingBooking = await insertBooking(db(), product.id, loser.id);
    const { bookingId, res } = await reserve(buyer, product.id);
    const code = res.json().handoffCode as string;

    const wrong = await seller.client.post(`/api/bookings/${bookingId}/handoff`, {
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect((await bookingRow(db(), bookingId)).status).toBe('reserved');

    const done = await seller.client.post(`/api/bookings/${bookingId}/handoff`, { code });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().status).toBe('completed');
    const booking = await bookingRow(db(), bookingId);
    expect(booking).toMatchObject({ status: 'completed', paymentMethod: 'cash', completedBy: 'handoff' });
    expect(booking.paidAt).not.toBeNull();
    const [payment] = await paymentsOf(db(), bookingId);
    expect(payment).toMatchObject({ provider: 'cash', amountCents: product.sellingPriceCents });
    expect((await productRow(db(), product.id)).status).toBe('sold');
    expect((await bookingRow(db(), losingBooking)).status).toBe('cancelled');
    // The mails say how it was paid.
    const [mail] = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.idempotencyKey, `booking:${bookingId}:completed:seller`));
    expect(mail!.textBody).toContain('Paid by');
    expect(mail!.textBody).toContain('Cash at pickup');

    const again = await seller.client.post(`/api/bookings/${bookingId}/handoff`, { code });
    expect(again.statusCode).toBe(409);
    // Nothing can be refunded online.
    const cancel = await seller.client.post(`/api/bookings/${bookingId}/cancel-sale`, {
      reason: 'Changed my mind about it',
    });
    expect(cancel.statusCode).toBe(409);
    const overview = (await seller.client.get('/api/my/overview')).json();
    expect(overview.earnings.completedCents).toBeGreaterThanOrEqual(product.sellingPriceCents);
  });

  it('only the seller of the piece may enter the code', async () => {
    const buyer = await signUp(ctx.app, 'buyer');
    const { bookingId, res } = await reserve(buyer, (await cashPiece()).id);
    const otherSeller = await signUp(ctx.app, 'seller');
    const theirs = await otherSeller.client.post(`/api/bookings/${bookingId}/handoff`, {
      code: res.json().handoffCode,
    });
    expect(theirs.statusCode).toBe(404);
    expect((await bookingRow(db(), bookingId)).status).toBe('reserved');
  });

  it('refuses the code of a lapsed reservation', async () => {
    const buyer = await signUp(ctx.app, 'buyer');
    const { bookingId, res } = await reserve(buyer, (await cashPiece()).id);
    await runOut(bookingId);
    const late = await seller.client.post(`/api/bookings/${bookingId}/handoff`, {
      code: res.json().handoffCode,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('RESERVATION_LAPSED');
    expect(await paymentsOf(db(), bookingId)).toHaveLength(0);
  });

  it('shows the reservation to the seller as waiting for the handoff', async () => {
    const buyer = await signUp(ctx.app, 'buyer');
    const { bookingId } = await reserve(buyer, (await cashPiece()).id);
    const overview = (await seller.client.get('/api/my/overview')).json();
    const line = overview.awaitingHandoff.items.find((item: { id: string }) => item.id === bookingId);
    expect(line).toMatchObject({ status: 'reserved', paymentMethod: 'cash', handoffCode: null });
    const mine = (await buyer.client.get('/api/my/overview')).json();
    expect(mine.awaitingHandoff.items[0]).toMatchObject({ id: bookingId, paymentMethod: 'cash' });
    expect(mine.awaitingHandoff.items[0].handoffCode).toMatch(/^\d{6}$/);
  });
});

describe('lapsing', () => {
  it('lapses a reservation past its time and returns the piece to sale; not before', async () => {
    const buyer = await signUp(ctx.app, 'buyer');
    const product = await cashPiece();
    const { bookingId } = await reserve(buyer, product.id);
    await ctx.app.services.payments.lapseCashReservationsOnce();
    expect((await bookingRow(db(), bookingId)).status).toBe('reserved');

    await runOut(bookingId);
    expect(await ctx.app.services.payments.lapseCashReservationsOnce()).toBeGreaterThanOrEqual(1);
    const booking = await bookingRow(db(), bookingId);
    expect(booking).toMatchObject({ status: 'cancelled', cancelReason: cancelReasons.cashLapsed });
    expect((await productRow(db(), product.id)).holdBookingId).toBeNull();
    // Both are told, once each.
    const told = await db()
      .select({ key: mailOutbox.idempotencyKey, to: mailOutbox.toAddress, subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(sql`${mailOutbox.idempotencyKey} like ${`booking:${bookingId}:lapsed:%`}`);
    expect(told.map((mail) => [mail.to, mail.subject]).sort()).toEqual(
      [
        [buyer.email, `Cash reservation lapsed: ${product.title}`],
        [seller.email, `Cash reservation lapsed: ${product.title}`],
      ].sort(),
    );
    const page = (await buyer.client.get(`/api/products/${product.id}`)).json();
    expect(page.status).toBe('available');
    expect(await ctx.app.services.payments.lapseCashReservationsOnce()).toBe(0);
  });

  it('two lapses within 30 days stop cash for 30 days', async () => {
    const buyer = await signUp(ctx.app, 'buyer');
    for (let i = 0; i < 2; i++) {
      const { bookingId, res } = await reserve(buyer, (await cashPiece()).id);
      expect(res.statusCode).toBe(200);
      await runOut(bookingId);
      await ctx.app.services.payments.lapseCashReservationsOnce();
    }
    const blocked = await reserve(buyer, (await cashPiece()).id);
    expect(blocked.res.statusCode).toBe(409);
    expect(blocked.res.json().error.code).toBe('CASH_BLOCKED');
    // Card is still open to them.
    const card = await buyer.client.post(`/api/bookings/${blocked.bookingId}/checkout`, { method: 'card' });
    expect(card.statusCode).toBe(200);

    // 31 days later the block is over.
    await db()
      .update(bookings)
      .set({ cancelledAt: sql`${bookings.cancelledAt} - interval '31 days'` })
      .where(and(eq(bookings.buyerId, buyer.id), eq(bookings.cancelReason, cancelReasons.cashLapsed)));
    const later = await reserve(buyer, (await cashPiece()).id);
    expect(later.res.statusCode).toBe(200);
  });

  it('two lapses more than 30 days apart do not block', async () => {
    const buyer = await signUp(ctx.app, 'buyer');
    const first = await reserve(buyer, (await cashPiece()).id);
    await runOut(first.bookingId);
    await ctx.app.services.payments.lapseCashReservationsOnce();
    await db()
      .update(bookings)
      .set({ cancelledAt: sql`now() - interval '40 days'` })
      .where(eq(bookings.id, first.bookingId));
    const second = await reserve(buyer, (await cashPiece()).id);
    await runOut(second.bookingId);
    await ctx.app.services.payments.lapseCashReservationsOnce();
    const third = await reserve(buyer, (await cashPiece()).id);
    expect(third.res.statusCode).toBe(200);
  });
});

describe('the lapse job and a handoff at the same moment', () => {
  // PGlite has one connection: a second transaction would wait for the first, never skip it.
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'skips a reservation whose piece is locked (SKIP LOCKED), and lapses it on the next round',
    async () => {
      const buyer = await signUp(ctx.app, 'buyer');
      const product = await cashPiece();
      const { bookingId } = await reserve(buyer, product.id);
      await runOut(bookingId);
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const seller = db().transaction(async (tx) => {
        await tx.select({ id: products.id }).from(products).where(eq(products.id, product.id)).for('update');
        locked();
        await released;
      });
      await isLocked;
      await ctx.app.services.payments.lapseCashReservationsOnce();
      expect((await bookingRow(db(), bookingId)).status).toBe('reserved');
      release();
      await seller;
      await ctx.app.services.payments.lapseCashReservationsOnce();
      expect((await bookingRow(db(), bookingId)).status).toBe('cancelled');
    },
  );
});

describe('the shop allows', () => {
  it('refuses a method PAYMENT_METHODS leaves out', async () => {
    const shop = await createTestApp({ PAYMENT_METHODS: 'card' });
    try {
      const shopSeller = await signUp(shop.app, 'seller');
      const buyer = await signUp(shop.app, 'buyer');
      const product = await insertProduct(shop.app.database.db, shopSeller.id, { acceptsCash: true });
      for (const method of ['cash', 'wallet']) {
        const bookingId = await insertBooking(shop.app.database.db, product.id, buyer.id);
        const res = await buyer.client.post(`/api/bookings/${bookingId}/checkout`, { method });
        expect(res.statusCode).toBe(409);
        expect(res.json().error.code).toBe('PAYMENT_METHOD_NOT_OFFERED');
        await shop.app.database.db.delete(bookings).where(eq(bookings.id, bookingId));
      }
      const config = (await buyer.client.get('/api/config')).json();
      expect(config.payments.methods).toEqual(['card']);
    } finally {
      await shop.close();
    }
  });

  it('lets a seller switch cash on for a listing (off by default)', async () => {
    const created = await insertProduct(db(), seller.id);
    expect((await productRow(db(), created.id)).acceptsCash).toBe(false);
    const res = await seller.client.patch(`/api/products/${created.id}`, { acceptsCash: true });
    expect(res.statusCode, res.body).toBe(200);
    expect((await productRow(db(), created.id)).acceptsCash).toBe(true);
  });
});
