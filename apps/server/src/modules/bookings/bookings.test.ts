import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { buyerMessages, cancelReasons, messages, phoneMessages } from '@furniture-mart/shared';
import {
  createTestApp,
  signUp,
  TestClient,
  type TestContext,
  type TestUser,
} from '../../../test/helpers/app.js';
import { bookings, products } from '../../platform/db/schema.js';
import { insertProduct, markPaid, type ProductFixture } from '../../../test/helpers/fixtures.js';

let ctx: TestContext;
let buyer: TestUser;
let otherBuyer: TestUser;
let seller: TestUser;
let otherSeller: TestUser;
let admin: TestUser;
let anonymous: TestClient;

const booking = (productId: string, extra: Record<string, unknown> = {}) => ({
  productId,
  phone: '+880 1711 555666',
  meetingLocation: 'Gulshan 2 circle, Dhaka',
  ...extra,
});

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

async function book(user: TestUser, productId: string): Promise<string> {
  const res = await user.client.post('/api/bookings', booking(productId));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

beforeAll(async () => {
  ctx = await createTestApp();
  [buyer, otherBuyer, seller, otherSeller, admin] = await Promise.all([
    signUp(ctx.app, 'buyer', { name: 'Karim Buyer' }),
    signUp(ctx.app, 'buyer'),
    signUp(ctx.app, 'seller'),
    signUp(ctx.app, 'seller'),
    signUp(ctx.app, 'admin'),
  ]);
  anonymous = new TestClient(ctx.app);
});
afterAll(() => ctx.close());

async function bookingRowOf(id: string) {
  const [row] = await ctx.app.database.db.select().from(bookings).where(eq(bookings.id, id));
  return row!;
}

describe('POST /api/bookings', () => {
  let product: ProductFixture;
  beforeAll(async () => {
    product = await insertProduct(ctx.app.database.db, seller.id, { sellingPriceCents: 12_550 });
  });

  it('books an available product for a buyer, with price and title from the database', async () => {
    const res = await buyer.client.post(
      '/api/bookings',
      booking(product.id, { priceCents: 1, price: 1, title: 'Free' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      status: 'booked',
      cancelReason: null,
      priceCents: 12_550,
      currency: 'USD',
      phone: '+8801711555666',
      meetingLocation: 'Gulshan 2 circle, Dhaka',
      paidAt: null,
      transactionId: null,
      product: { id: product.id, title: product.title, status: 'available' },
      buyer: { id: buyer.id, name: 'Karim Buyer', email: buyer.email },
    });
    expect(body.product.cover.thumbUrl).toMatch(/-thumb\.webp$/);
    const [row] = await ctx.app.database.db.select().from(bookings).where(eq(bookings.id, body.id));
    expect(row!.priceCents).toBe(12_550);
  });

  it('refuses a second open booking of the same product by the same buyer', async () => {
    const res = await buyer.client.post('/api/bookings', booking(product.id));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: 'ALREADY_BOOKED', message: messages.alreadyBooked });
  });

  it('lets another buyer book the same product', async () => {
    const res = await otherBuyer.client.post('/api/bookings', booking(product.id));
    expect(res.statusCode).toBe(201);
  });

  it('answers 401 signed out and 403 to sellers and admins, before looking at the body', async () => {
    expect((await anonymous.post('/api/bookings', booking(product.id))).statusCode).toBe(401);
    expect((await anonymous.post('/api/bookings', {})).statusCode).toBe(401);
    expect((await seller.client.post('/api/bookings', booking(product.id))).statusCode).toBe(403);
    expect((await admin.client.post('/api/bookings', booking(product.id))).statusCode).toBe(403);
    expect((await seller.client.post('/api/bookings', {})).statusCode).toBe(403);
  });

  it('validates phone, meeting location and product id with field messages', async () => {
    const missing = await buyer.client.post('/api/bookings', { productId: product.id });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({
      phone: messages.required,
      meetingLocation: messages.required,
    });

    const blank = await buyer.client.post(
      '/api/bookings',
      booking(product.id, { phone: '   ', meetingLocation: '  ' }),
    );
    expect(blank.json().error.fields).toEqual({
      phone: messages.required,
      meetingLocation: messages.required,
    });

    const badPhone = await buyer.client.post('/api/bookings', booking(product.id, { phone: 'call me' }));
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().error.fields.phone).toBe(phoneMessages.problem('characters', 'BD'));

    const tooLong = await buyer.client.post(
      '/api/bookings',
      booking(product.id, { meetingLocation: 'x'.repeat(201) }),
    );
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.fields.meetingLocation).toBeDefined();

    const badId = await buyer.client.post('/api/bookings', booking('not-a-uuid'));
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error.fields.productId).toBe('Not a valid product.');
  });

  it('answers 404 for a product that does not exist', async () => {
    const res = await buyer.client.post('/api/bookings', booking(UNKNOWN_ID));
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(buyerMessages.productNotFound);
  });

  it('refuses sold and removed products with 409', async () => {
    const sold = await insertProduct(ctx.app.database.db, seller.id, { status: 'sold' });
    const soldRes = await buyer.client.post('/api/bookings', booking(sold.id));
    expect(soldRes.statusCode).toBe(409);
    expect(soldRes.json().error).toEqual({ code: 'PRODUCT_SOLD', message: messages.productSold });

    const removed = await insertProduct(ctx.app.database.db, seller.id, { deletedAt: new Date() });
    const removedRes = await buyer.client.post('/api/bookings', booking(removed.id));
    expect(removedRes.statusCode).toBe(409);
    expect(removedRes.json().error).toEqual({
      code: 'PRODUCT_UNAVAILABLE',
      message: buyerMessages.productUnavailable,
    });

    const count = await ctx.app.database.db.select().from(bookings).where(eq(bookings.productId, sold.id));
    expect(count).toHaveLength(0);
  });

  it('refuses a product the buyer owns', async () => {
    // Buyers cannot list products, but an account whose role changed may still own some.
    const own = await insertProduct(ctx.app.database.db, buyer.id);
    const res = await buyer.client.post('/api/bookings', booking(own.id));
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({ code: 'OWN_PRODUCT', message: buyerMessages.ownProduct });
  });

  it('creates exactly one booking from 100 concurrent requests by one buyer', async () => {
    const target = await insertProduct(ctx.app.database.db, seller.id);
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => buyer.client.post('/api/bookings', booking(target.id))),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(99);
    for (const res of answers.filter((r) => r.statusCode === 409)) {
      expect(res.json().error.message).toBe(messages.alreadyBooked);
    }
    const rows = await ctx.app.database.db.select().from(bookings).where(eq(bookings.productId, target.id));
    expect(rows).toHaveLength(1);
  });
});

describe('GET /api/my/bookings', () => {
  let listBuyer: TestUser;
  beforeAll(async () => {
    listBuyer = await signUp(ctx.app, 'buyer');
  });

  it('lists the buyer’s own bookings, newest first, paginated', async () => {
    const empty = await listBuyer.client.get('/api/my/bookings');
    expect(empty.json()).toEqual({ items: [], page: 1, pageSize: 24, total: 0 });

    const first = await insertProduct(ctx.app.database.db, seller.id, { title: 'First chair' });
    const second = await insertProduct(ctx.app.database.db, seller.id, { title: 'Second chair' });
    const third = await insertProduct(ctx.app.database.db, otherSeller.id, { title: 'Third chair' });
    for (const product of [first, second, third]) await book(listBuyer, product.id);
    await book(otherBuyer, first.id);

    const all = await listBuyer.client.get('/api/my/bookings');
    expect(all.statusCode).toBe(200);
    expect(all.json().total).toBe(3);
    expect(all.json().items.map((b: { product: { title: string } }) => b.product.title)).toEqual([
      'Third chair',
      'Second chair',
      'First chair',
    ]);

    const page2 = await listBuyer.client.get('/api/my/bookings?page=2&pageSize=2');
    expect(page2.json()).toMatchObject({ page: 2, pageSize: 2, total: 3 });
    expect(page2.json().items.map((b: { product: { title: string } }) => b.product.title)).toEqual([
      'First chair',
    ]);
  });

  it('shows a paid booking with its transaction id and a cancelled one with its reason', async () => {
    const buyerX = await signUp(ctx.app, 'buyer');
    const paidProduct = await insertProduct(ctx.app.database.db, seller.id);
    const paidId = await book(buyerX, paidProduct.id);
    const transactionId = await markPaid(ctx.app.database.db, paidId);
    const cancelledProduct = await insertProduct(ctx.app.database.db, seller.id);
    const cancelledId = await book(buyerX, cancelledProduct.id);
    await ctx.app.database.db
      .update(bookings)
      .set({ status: 'cancelled', cancelReason: cancelReasons.soldToAnother })
      .where(eq(bookings.id, cancelledId));

    const items = (await buyerX.client.get('/api/my/bookings')).json().items;
    expect(items.find((b: { id: string }) => b.id === paidId)).toMatchObject({
      status: 'paid',
      transactionId,
      product: { status: 'sold' },
    });
    expect(items.find((b: { id: string }) => b.id === cancelledId)).toMatchObject({
      status: 'cancelled',
      cancelReason: cancelReasons.soldToAnother,
    });
  });

  it('refuses page sizes over 100 and non-buyers', async () => {
    const res = await listBuyer.client.get('/api/my/bookings?pageSize=101');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.pageSize).toBe('pageSize can be at most 100.');
    expect((await seller.client.get('/api/my/bookings')).statusCode).toBe(403);
    expect((await admin.client.get('/api/my/bookings')).statusCode).toBe(403);
    expect((await anonymous.get('/api/my/bookings')).statusCode).toBe(401);
  });
});

describe('GET /api/bookings/:id', () => {
  let bookingId: string;
  let owner: TestUser;
  beforeAll(async () => {
    const product = await insertProduct(ctx.app.database.db, seller.id);
    owner = await signUp(ctx.app, 'buyer', { name: 'Reader Buyer' });
    bookingId = await book(owner, product.id);
  });

  it('gives the buyer the whole booking, including buyer name and email', async () => {
    const res = await owner.client.get(`/api/bookings/${bookingId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: bookingId,
      phone: '+8801711555666',
      meetingLocation: 'Gulshan 2 circle, Dhaka',
      buyer: { name: 'Reader Buyer', email: owner.email },
      transactionId: null,
    });
  });

  it('gives the seller the buyer’s contact, admins neither contact; the seller’s phone only to the buyer', async () => {
    const forSeller = await seller.client.get(`/api/bookings/${bookingId}`);
    expect(forSeller.statusCode).toBe(200);
    expect(forSeller.json()).toMatchObject({ id: bookingId, seller: { id: seller.id, phone: null } });
    expect(forSeller.json().phone).toEqual(expect.any(String));
    expect(forSeller.json().meetingLocation).toEqual(expect.any(String));
    const forAdmin = await admin.client.get(`/api/bookings/${bookingId}`);
    expect(forAdmin.statusCode).toBe(200);
    expect(forAdmin.json()).toMatchObject({
      id: bookingId,
      phone: null,
      meetingLocation: null,
      seller: { phone: null },
      handoffCode: null,
    });
  });

  it('answers anyone else exactly as for an unknown id', async () => {
    const unknown = await owner.client.get(`/api/bookings/${UNKNOWN_ID}`);
    expect(unknown.statusCode).toBe(404);
    for (const stranger of [otherBuyer, otherSeller]) {
      const res = await stranger.client.get(`/api/bookings/${bookingId}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(unknown.json());
    }
    expect((await anonymous.get(`/api/bookings/${bookingId}`)).statusCode).toBe(401);
    expect((await owner.client.get('/api/bookings/123')).statusCode).toBe(400);
  });
});

describe('DELETE /api/bookings/:id', () => {
  let deleter: TestUser;
  beforeAll(async () => {
    deleter = await signUp(ctx.app, 'buyer');
  });

  it('lets only the owning buyer delete: others get the unknown-id answer', async () => {
    const product = await insertProduct(ctx.app.database.db, seller.id);
    const id = await book(deleter, product.id);
    const unknown = await otherBuyer.client.delete(`/api/bookings/${UNKNOWN_ID}`);
    expect(unknown.statusCode).toBe(404);
    const stranger = await otherBuyer.client.delete(`/api/bookings/${id}`);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual(unknown.json());
    expect((await seller.client.delete(`/api/bookings/${id}`)).statusCode).toBe(403);
    expect((await admin.client.delete(`/api/bookings/${id}`)).statusCode).toBe(403);
    expect((await anonymous.delete(`/api/bookings/${id}`)).statusCode).toBe(401);
    const [row] = await ctx.app.database.db.select().from(bookings).where(eq(bookings.id, id));
    expect(row).toMatchObject({ status: 'booked', hiddenByBuyerAt: null });
  });

  it('does not let another buyer start paying for my booking', async () => {
    const product = await insertProduct(ctx.app.database.db, seller.id);
    const id = await book(deleter, product.id);
    const unknown = await otherBuyer.client.post(`/api/bookings/${UNKNOWN_ID}/checkout`);
    expect(unknown.statusCode).toBe(404);
    const stranger = await otherBuyer.client.post(`/api/bookings/${id}/checkout`);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual(unknown.json());
  });

  it('cancels an unpaid booking, hides it, releases its checkout hold and allows booking again', async () => {
    const product = await insertProduct(ctx.app.database.db, seller.id);
    const id = await book(deleter, product.id);
    const { db } = ctx.app.database;
    await db
      .update(products)
      .set({ holdBookingId: id, holdExpiresAt: new Date(Date.now() + 15 * 60_000) })
      .where(eq(products.id, product.id));

    const res = await deleter.client.delete(`/api/bookings/${id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');

    const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
    expect(row).toMatchObject({ status: 'cancelled', cancelReason: cancelReasons.deletedByBuyer });
    expect(row!.hiddenByBuyerAt).not.toBeNull();
    const [held] = await db.select().from(products).where(eq(products.id, product.id));
    expect(held).toMatchObject({ holdBookingId: null, holdExpiresAt: null });

    const mine = (await deleter.client.get('/api/my/bookings')).json();
    expect(mine.items.map((b: { id: string }) => b.id)).not.toContain(id);
    expect((await deleter.client.get(`/api/bookings/${id}`)).json().error.code).toBe('ORDER_DELETED');
    expect((await deleter.client.delete(`/api/bookings/${id}`)).statusCode).toBe(404);

    const sellerView = (await seller.client.get(`/api/products/${product.id}/bookings`)).json();
    expect(sellerView.items).toEqual([expect.objectContaining({ id, status: 'cancelled' })]);

    await book(deleter, product.id);
  });

  it('deletes once when the same delete is sent many times at once', async () => {
    const product = await insertProduct(ctx.app.database.db, seller.id);
    const id = await book(deleter, product.id);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => deleter.client.delete(`/api/bookings/${id}`)),
    );
    expect(answers.filter((res) => res.statusCode === 204)).toHaveLength(1);
    expect(answers.filter((res) => res.statusCode === 404)).toHaveLength(19);
  });

  it('never fails or leaves a half state when delete and payment race', async () => {
    const card = { cardNumber: '4242424242424242', expiry: '12/40', cvc: '123', name: 'Race Buyer' };
    for (let round = 0; round < 10; round++) {
      const product = await insertProduct(ctx.app.database.db, seller.id);
      const id = await book(deleter, product.id);
      expect((await deleter.client.post(`/api/bookings/${id}/checkout`, {})).statusCode).toBe(200);
      const [removed, paid] = await Promise.all([
        deleter.client.delete(`/api/bookings/${id}`),
        deleter.client.post(`/api/bookings/${id}/checkout/confirm`, card),
      ]);
      // Paid first, the order stays (its code is how the item is collected); deleted first, nothing is paid.
      expect(removed.statusCode).toBe(paid.statusCode === 200 ? 409 : 204);
      expect(paid.statusCode, paid.body).toBeLessThan(500);
      const { db } = ctx.app.database;
      const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
      const [after] = await db.select().from(products).where(eq(products.id, product.id));
      // No open booking keeps the product held (a hold whose booking is closed counts as free).
      const [holder] = after!.holdBookingId
        ? await db.select().from(bookings).where(eq(bookings.id, after!.holdBookingId))
        : [];
      expect(holder?.status).not.toBe('booked');
      if (paid.statusCode === 200) {
        expect(row!.status).toBe('paid');
        expect(after!.status).toBe('sold');
      } else {
        expect(row).toMatchObject({ status: 'cancelled', cancelReason: cancelReasons.deletedByBuyer });
        expect(after!.status).toBe('available');
      }
    }
  });

  it('leaves another booking’s checkout hold alone', async () => {
    const product = await insertProduct(ctx.app.database.db, seller.id);
    const mine = await book(deleter, product.id);
    const theirs = await book(otherBuyer, product.id);
    const { db } = ctx.app.database;
    await db
      .update(products)
      .set({ holdBookingId: theirs, holdExpiresAt: new Date(Date.now() + 60_000) })
      .where(eq(products.id, product.id));
    expect((await deleter.client.delete(`/api/bookings/${mine}`)).statusCode).toBe(204);
    const [held] = await db.select().from(products).where(eq(products.id, product.id));
    expect(held!.holdBookingId).toBe(theirs);
  });

  it('keeps a paid order waiting for its handoff; hides a completed one, whose record stays', async () => {
    const product = await insertProduct(ctx.app.database.db, seller.id);
    const id = await book(deleter, product.id);
    const transactionId = await markPaid(ctx.app.database.db, id);

    const refused = await deleter.client.delete(`/api/bookings/${id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('ORDER_AWAITING_HANDOFF');
    expect((await bookingRowOf(id)).hiddenByBuyerAt).toBeNull();

    await ctx.app.database.db.update(bookings).set({ status: 'completed' }).where(eq(bookings.id, id));
    expect((await deleter.client.delete(`/api/bookings/${id}`)).statusCode).toBe(204);
    const row = await bookingRowOf(id);
    expect(row).toMatchObject({ status: 'completed', cancelReason: null });
    expect(row.hiddenByBuyerAt).not.toBeNull();

    expect(
      (await deleter.client.get('/api/my/bookings')).json().items.map((b: { id: string }) => b.id),
    ).not.toContain(id);
    for (const reader of [seller, admin]) {
      const res = await reader.client.get(`/api/bookings/${id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'completed', transactionId });
    }
    const sellerView = (await seller.client.get(`/api/products/${product.id}/bookings`)).json();
    expect(sellerView.items[0]).toMatchObject({ id, status: 'completed' });
  });

  it('hides a booking that was already cancelled, keeping its reason', async () => {
    const product = await insertProduct(ctx.app.database.db, seller.id);
    const id = await book(deleter, product.id);
    const { db } = ctx.app.database;
    await db
      .update(bookings)
      .set({ status: 'cancelled', cancelReason: cancelReasons.productRemoved })
      .where(eq(bookings.id, id));
    expect((await deleter.client.delete(`/api/bookings/${id}`)).statusCode).toBe(204);
    const [row] = await db
      .select()
      .from(bookings)
      .where(and(eq(bookings.id, id)));
    expect(row).toMatchObject({ status: 'cancelled', cancelReason: cancelReasons.productRemoved });
    expect(row!.hiddenByBuyerAt).not.toBeNull();
  });
});

describe('GET /api/products/:id/bookings', () => {
  let product: ProductFixture;
  let paidId: string;
  let openId: string;
  beforeAll(async () => {
    product = await insertProduct(ctx.app.database.db, seller.id);
    const first = await signUp(ctx.app, 'buyer', { name: 'Early Buyer' });
    const second = await signUp(ctx.app, 'buyer', { name: 'Paying Buyer' });
    openId = await book(first, product.id);
    const res = await second.client.post(
      '/api/bookings',
      booking(product.id, { phone: '01712345678', meetingLocation: 'Dhanmondi 27' }),
    );
    paidId = res.json().id;
    await markPaid(ctx.app.database.db, paidId);
  });

  it('shows the product’s seller who booked, with phone and meeting place, paid first', async () => {
    const res = await seller.client.get(`/api/products/${product.id}/bookings`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ page: 1, pageSize: 24, total: 2 });
    expect(res.json().items).toEqual([
      {
        id: paidId,
        status: 'paid',
        cancelReason: null,
        buyerName: 'Paying Buyer',
        buyerEmailVerified: false,
        phone: '+8801712345678',
        meetingLocation: 'Dhanmondi 27',
        createdAt: expect.any(String),
      },
      expect.objectContaining({
        id: openId,
        status: 'booked',
        buyerName: 'Early Buyer',
        phone: '+8801711555666',
      }),
    ]);
    expect(JSON.stringify(res.json())).not.toContain('@');
  });

  it('shows admins too', async () => {
    const res = await admin.client.get(`/api/products/${product.id}/bookings`);
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(2);
  });

  it('answers another seller exactly as for an unknown product, and refuses buyers', async () => {
    const unknown = await seller.client.get(`/api/products/${UNKNOWN_ID}/bookings`);
    expect(unknown.statusCode).toBe(404);
    const other = await otherSeller.client.get(`/api/products/${product.id}/bookings`);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(unknown.json());
    expect((await otherBuyer.client.get(`/api/products/${product.id}/bookings`)).statusCode).toBe(403);
    expect((await anonymous.get(`/api/products/${product.id}/bookings`)).statusCode).toBe(401);
    expect((await seller.client.get(`/api/products/${product.id}/bookings?pageSize=0`)).statusCode).toBe(400);
  });
});

describe('OpenAPI', () => {
  it('documents every booking route', async () => {
    const doc = (await anonymous.get('/api/openapi.json')).json();
    expect(doc.paths['/api/bookings'].post.requestBody).toBeDefined();
    expect(doc.paths['/api/my/bookings'].get).toBeDefined();
    expect(doc.paths['/api/bookings/{id}'].get).toBeDefined();
    expect(doc.paths['/api/bookings/{id}'].delete).toBeDefined();
    expect(doc.paths['/api/products/{id}/bookings'].get.summary).toMatch(/Who booked/);
  });
});
