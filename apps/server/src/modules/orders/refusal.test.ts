/**
 * Refusing an item at pickup (issue 41), through the API on a real database: the refund exactly once,
 * the `refused` order with its reason and photos for the buyer, the seller and admins, the code that
 * stops working, the listing that returns to sale only once its seller confirms it, every bad request,
 * and a refusal racing the seller's code: exactly one wins.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, like } from 'drizzle-orm';
import { createTestApp, signUp, type TestContext, type TestUser } from '../../../test/helpers/app.js';
import {
  insertBooking,
  insertPhoto,
  insertProduct,
  invariantViolations,
  markPaid,
  uploadPhoto,
} from '../../../test/helpers/fixtures.js';
import { bookings, mailOutbox, productPhotos, products, refunds } from '../../platform/db/schema.js';

let ctx: TestContext;
let buyer: TestUser;
let rival: TestUser;
let seller: TestUser;
let otherSeller: TestUser;
let admin: TestUser;

const CODE = '654321';
const reason = {
  reason: 'damaged',
  details: 'The left door is cracked and the hinge is missing.',
};

async function paidOrder(customer = buyer) {
  const product = await insertProduct(ctx.app.database.db, seller.id);
  const bookingId = await insertBooking(ctx.app.database.db, product.id, customer.id);
  await markPaid(ctx.app.database.db, bookingId, CODE);
  return { productId: product.id, bookingId };
}

async function state(bookingId: string) {
  const { db } = ctx.app.database;
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  const [product] = await db.select().from(products).where(eq(products.id, booking!.productId));
  const refundRows = await db.select().from(refunds).where(eq(refunds.bookingId, bookingId));
  return { booking: booking!, product: product!, refunds: refundRows };
}

beforeAll(async () => {
  ctx = await createTestApp();
  [buyer, rival, seller, otherSeller, admin] = await Promise.all([
    signUp(ctx.app, 'buyer', { name: 'Bea Buyer' }),
    signUp(ctx.app, 'buyer', { name: 'Rita Rival' }),
    signUp(ctx.app, 'seller', { name: 'Sam Seller' }),
    signUp(ctx.app, 'seller'),
    signUp(ctx.app, 'admin'),
  ]);
});
afterAll(async () => {
  await ctx.close();
});

describe('refusing at pickup', () => {
  it('refunds in full once, stops the code, shows why, and returns to sale when the seller confirms', async () => {
    const { bookingId, productId } = await paidOrder();
    // The buyer's photo goes through the listing photo pipeline.
    const photoId = await uploadPhoto(buyer.client);

    const refused = await buyer.client.post(`/api/bookings/${bookingId}/refuse`, {
      ...reason,
      photoIds: [photoId],
    });
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toEqual({ status: 'refused' });

    const after = await state(bookingId);
    expect(after.booking.status).toBe('refused');
    expect(after.booking.handoffCode).toBeNull();
    expect(after.refunds).toHaveLength(1);
    expect(after.refunds[0]!.amountCents).toBe(after.booking.priceCents);
    // Still off sale until its seller confirms the listing.
    expect(after.product.status).toBe('sold');
    // The photo moved from the uploads to the refusal.
    expect(
      await ctx.app.database.db.select().from(productPhotos).where(eq(productPhotos.id, photoId)),
    ).toEqual([]);

    // The buyer, the seller and an admin see the refusal with its photo; the buyer no longer sees a code.
    for (const who of [buyer, seller, admin]) {
      const order = (await who.client.get(`/api/bookings/${bookingId}`)).json();
      expect(order.status).toBe('refused');
      expect(order.handoffCode).toBeNull();
      expect(order.refusal).toMatchObject({
        reason: 'damaged',
        details: reason.details,
        listingConfirmedAt: null,
      });
      expect(order.refusal.photos).toHaveLength(1);
      expect(order.refusal.photos[0].url).toMatch(/display/);
    }
    expect((await rival.client.get(`/api/bookings/${bookingId}`)).statusCode).toBe(404);

    // The seller is told by mail why they must not hand it over.
    const mails = await ctx.app.database.db
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.idempotencyKey, `booking:${bookingId}:refunded:%`));
    expect(mails).toHaveLength(2);
    const toSeller = mails.find((mail) => mail.toAddress === seller.email)!;
    expect(toSeller.textBody).toContain('The buyer refused the item at pickup');

    // The code no longer works, and neither a second refusal nor a cancel-sale refunds again.
    const handoff = await seller.client.post(`/api/bookings/${bookingId}/handoff`, { code: CODE });
    expect(handoff.statusCode).toBe(409);
    expect(handoff.json().error.code).toBe('ALREADY_REFUSED');
    const again = await buyer.client.post(`/api/bookings/${bookingId}/refuse`, {
      ...reason,
      photoIds: [photoId],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('ALREADY_REFUSED');
    const cancel = await seller.client.post(`/api/bookings/${bookingId}/cancel-sale`, {
      reason: 'Sold elsewhere',
    });
    expect(cancel.json().error.code).toBe('ALREADY_REFUSED');
    // Paying again is refused too.
    const pay = await buyer.client.post(`/api/bookings/${bookingId}/checkout`);
    expect(pay.statusCode).toBe(409);
    expect((await state(bookingId)).refunds).toHaveLength(1);

    // Only the product's seller confirms the listing, once; then it is on sale again.
    expect((await otherSeller.client.post(`/api/bookings/${bookingId}/confirm-listing`)).statusCode).toBe(
      404,
    );
    expect((await buyer.client.post(`/api/bookings/${bookingId}/confirm-listing`)).statusCode).toBe(403);
    const confirmed = await seller.client.post(`/api/bookings/${bookingId}/confirm-listing`);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ productStatus: 'available' });
    const [product] = await ctx.app.database.db.select().from(products).where(eq(products.id, productId));
    expect(product!.status).toBe('available');
    const twice = await seller.client.post(`/api/bookings/${bookingId}/confirm-listing`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('NOT_REFUSED');
    const order = (await seller.client.get(`/api/bookings/${bookingId}`)).json();
    expect(order.refusal.listingConfirmedAt).not.toBeNull();
  });

  it('puts a refused item back on sale when its seller edits the listing, and only then', async () => {
    const { bookingId, productId } = await paidOrder();
    const photoIds = [await insertPhoto(ctx.app.database.db, buyer.id)];
    expect(
      (await buyer.client.post(`/api/bookings/${bookingId}/refuse`, { ...reason, photoIds })).statusCode,
    ).toBe(200);
    const edited = await seller.client.patch(`/api/products/${productId}`, {
      description: 'Left door cracked, shown in the last photo.',
    });
    expect(edited.statusCode).toBe(200);
    const [product] = await ctx.app.database.db.select().from(products).where(eq(products.id, productId));
    expect(product).toMatchObject({
      status: 'available',
      description: 'Left door cracked, shown in the last photo.',
    });
    const order = (await seller.client.get(`/api/bookings/${bookingId}`)).json();
    expect(order.refusal.listingConfirmedAt).not.toBeNull();
    expect((await seller.client.post(`/api/bookings/${bookingId}/confirm-listing`)).statusCode).toBe(409);

    // A sold item with no refusal waiting still cannot be edited.
    const sold = await paidOrder();
    const soldEdit = await seller.client.patch(`/api/products/${sold.productId}`, {
      description: 'Changed after sale.',
    });
    expect(soldEdit.statusCode).toBe(409);
    expect(soldEdit.json().error.code).toBe('PRODUCT_SOLD');
  });

  it('answers every bad refusal with its 4xx and changes nothing', async () => {
    const { bookingId } = await paidOrder();
    const photo = () => insertPhoto(ctx.app.database.db, buyer.id);
    const refuse = async (body: unknown, who = buyer, id = bookingId) =>
      who.client.post(`/api/bookings/${id}/refuse`, body);

    const noPhoto = await refuse({ ...reason, photoIds: [] });
    expect(noPhoto.statusCode).toBe(400);
    expect(noPhoto.json().error.fields.photoIds).toBe('Add at least one photo of what does not match.');
    const five = await refuse({ ...reason, photoIds: await Promise.all([1, 2, 3, 4, 5].map(photo)) });
    expect(five.statusCode).toBe(400);
    expect(five.json().error.fields.photoIds).toBe('Add at most 4 photos.');
    const short = await refuse({ ...reason, details: 'bad', photoIds: [await photo()] });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields.details).toMatch(/at least 10 characters/);
    const badReason = await refuse({ ...reason, reason: 'changed_my_mind', photoIds: [await photo()] });
    expect(badReason.statusCode).toBe(400);
    expect(badReason.json().error.fields.reason).toBeDefined();
    // Nobody sets what they may not.
    const extra = await refuse({ ...reason, photoIds: [await photo()], status: 'refunded', refundCents: 1 });
    expect(extra.statusCode).toBe(400);
    // Someone else's photo, or one already used by a product, is not the buyer's to attach.
    const theirs = await refuse({ ...reason, photoIds: [await insertPhoto(ctx.app.database.db, rival.id)] });
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json().error.fields.photoIds).toBe('One of the photos was not found. Upload it again.');
    // Not the buyer's order: the unknown-order answer; a seller may not refuse.
    expect((await refuse({ ...reason, photoIds: [await photo()] }, rival)).statusCode).toBe(404);
    expect((await refuse({ ...reason, photoIds: [await photo()] }, seller)).statusCode).toBe(403);
    expect(
      (await refuse({ ...reason, photoIds: [await photo()] }, buyer, '00000000-0000-4000-8000-000000000000'))
        .statusCode,
    ).toBe(404);

    const unchanged = await state(bookingId);
    expect(unchanged.booking.status).toBe('paid');
    expect(unchanged.refunds).toHaveLength(0);

    // An order not paid yet cannot be refused.
    const product = await insertProduct(ctx.app.database.db, seller.id);
    const open = await insertBooking(ctx.app.database.db, product.id, buyer.id);
    const notPaid = await refuse({ ...reason, photoIds: [await photo()] }, buyer, open);
    expect(notPaid.statusCode).toBe(409);
    expect(notPaid.json().error.code).toBe('ORDER_NOT_PAID');

    // Possession ends it: after the seller entered the code, no refusal.
    expect((await seller.client.post(`/api/bookings/${bookingId}/handoff`, { code: CODE })).statusCode).toBe(
      200,
    );
    const late = await refuse({ ...reason, photoIds: [await photo()] });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('ALREADY_COMPLETED');
    const done = await state(bookingId);
    expect(done.booking.status).toBe('completed');
    expect(done.refunds).toHaveLength(0);
  });

  it('lets exactly one of a refusal and the seller’s code win, 50 times at once', async () => {
    const orders = await Promise.all(Array.from({ length: 50 }, () => paidOrder()));
    const photos = await Promise.all(orders.map(() => insertPhoto(ctx.app.database.db, buyer.id)));
    // All in flight together; for half of them the refusal leaves a moment ahead, for the others the
    // code does (a database that serialises requests lets the first one in win), so both outcomes race.
    const soon = () => new Promise((resolve) => setImmediate(resolve));
    const answers = await Promise.all(
      orders.flatMap(({ bookingId }, i) => {
        const refuse = () =>
          buyer.client.post(`/api/bookings/${bookingId}/refuse`, { ...reason, photoIds: [photos[i]] });
        const handoff = () => seller.client.post(`/api/bookings/${bookingId}/handoff`, { code: CODE });
        return i % 2 === 0 ? [refuse(), soon().then(handoff)] : [soon().then(refuse), handoff()];
      }),
    );
    const ids = orders.map((order) => order.bookingId);
    const rows = await ctx.app.database.db.select().from(bookings).where(inArray(bookings.id, ids));
    const refundRows = await ctx.app.database.db
      .select()
      .from(refunds)
      .where(inArray(refunds.bookingId, ids));
    let refusedWins = 0;
    for (const [i, { bookingId }] of orders.entries()) {
      const refusal = answers[2 * i]!;
      const handoff = answers[2 * i + 1]!;
      const row = rows.find((each) => each.id === bookingId)!;
      const refunded = refundRows.filter((each) => each.bookingId === bookingId);
      // Exactly one 200, and the order says which.
      expect([refusal.statusCode, handoff.statusCode].sort()).toEqual([200, 409]);
      if (refusal.statusCode === 200) {
        refusedWins += 1;
        expect(row.status).toBe('refused');
        expect(refunded).toHaveLength(1);
        expect(handoff.json().error.code).toBe('ALREADY_REFUSED');
      } else {
        expect(row.status).toBe('completed');
        expect(refunded).toHaveLength(0);
        expect(refusal.json().error.code).toBe('ALREADY_COMPLETED');
      }
    }
    expect(refundRows.length).toBe(refusedWins);
    // Both outcomes happened.
    expect(refusedWins).toBeGreaterThan(0);
    expect(refusedWins).toBeLessThan(orders.length);
    // Money and records in a state they may reach: refused items wait, sold ones have their sale.
    expect(await invariantViolations(ctx.app.database.db)).toEqual([]);
  });
});
