import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages, cancelReasons, messages } from '@furniture-mart/shared';
import {
  createTestApp,
  signUp,
  TestClient,
  type TestContext,
  type TestUser,
} from '../../../test/helpers/app.js';
import {
  auditLog,
  bookings,
  payments,
  products,
  reports,
  sessions,
  users,
} from '../../platform/db/schema.js';
import {
  firstCategoryId,
  insertBooking,
  insertPayment,
  insertProduct,
  insertReport,
} from '../../../test/helpers/fixtures.js';

let ctx: TestContext;
let admin: TestUser;
let categoryId: string;
const db = () => ctx.database.db;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signUp(ctx.app, 'admin', { name: 'Ada Admin' });
  categoryId = await firstCategoryId(db());
});
afterAll(() => ctx.close());

async function auditRowsFor(targetId: string) {
  return db().select().from(auditLog).where(eq(auditLog.targetId, targetId));
}

async function signInAnswer(user: TestUser) {
  return new TestClient(ctx.app).post('/api/auth/sign-in/email', {
    email: user.email,
    password: 'correct-horse-battery',
  });
}

describe('buyer and seller lists', () => {
  let zoe: TestUser;
  let yuri: TestUser;
  let sellerWithListings: TestUser;

  beforeAll(async () => {
    zoe = await signUp(ctx.app, 'buyer', { name: 'Zoe Zimmer', email: 'zoe.z@lists.test' });
    yuri = await signUp(ctx.app, 'buyer', { name: 'Yuri 100%', email: 'yuri@lists.test' });
    sellerWithListings = await signUp(ctx.app, 'seller', { name: 'Lister Shop', email: 'shop@lists.test' });
    const sold = (await insertProduct(db(), sellerWithListings.id, { categoryId, status: 'sold' })).id;
    const available = (await insertProduct(db(), sellerWithListings.id, { categoryId })).id;
    const removed = (await insertProduct(db(), sellerWithListings.id, { categoryId })).id;
    await db().update(products).set({ deletedAt: new Date() }).where(eq(products.id, removed));
    await insertBooking(db(), sold, zoe.id, { status: 'paid' });
    await insertBooking(db(), available, zoe.id);
    const cancelled = await insertBooking(db(), available, yuri.id);
    await db().update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, cancelled));
  });

  it('lists buyers only, newest first, with the orders each still has', async () => {
    const res = await admin.client.get('/api/admin/buyers?q=lists.test');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ page: 1, pageSize: 24, total: 2 });
    expect(body.items.map((u: { email: string }) => u.email)).toEqual([
      'yuri@lists.test',
      'zoe.z@lists.test',
    ]);
    expect(body.items[1]).toMatchObject({ name: 'Zoe Zimmer', role: 'buyer', orders: 2 });
    expect(body.items[0].orders).toBe(0);
    expect(new Date(body.items[0].createdAt).getTime()).not.toBeNaN();
    const all = (await admin.client.get('/api/admin/buyers?pageSize=100')).json();
    expect(all.items.every((u: { role: string }) => u.role === 'buyer')).toBe(true);
    expect(all.items.some((u: { id: string }) => u.id === admin.id)).toBe(false);
  });

  it('lists sellers with the products they still list and whether they are verified', async () => {
    const res = await admin.client.get('/api/admin/sellers?q=Lister');
    expect(res.json().items).toEqual([
      expect.objectContaining({ id: sellerWithListings.id, products: 2, verified: false, role: 'seller' }),
    ]);
  });

  it('searches by name or email, ignoring case, and treats % literally', async () => {
    const byName = (await admin.client.get('/api/admin/buyers?q=zIMMer')).json();
    expect(byName.items.map((u: { id: string }) => u.id)).toEqual([zoe.id]);
    const byEmail = (await admin.client.get('/api/admin/buyers?q=YURI%40LISTS')).json();
    expect(byEmail.items.map((u: { id: string }) => u.id)).toEqual([yuri.id]);
    const percent = (await admin.client.get('/api/admin/buyers?q=100%25')).json();
    expect(percent.items.map((u: { id: string }) => u.id)).toEqual([yuri.id]);
    const nobody = (await admin.client.get('/api/admin/buyers?q=no-such-person')).json();
    expect(nobody).toMatchObject({ items: [], total: 0 });
  });

  it('paginates', async () => {
    const first = (await admin.client.get('/api/admin/buyers?q=lists.test&pageSize=1')).json();
    const second = (await admin.client.get('/api/admin/buyers?q=lists.test&pageSize=1&page=2')).json();
    expect(first).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(second).toMatchObject({ total: 2, page: 2 });
    expect(first.items[0].id).not.toBe(second.items[0].id);
    const beyond = (await admin.client.get('/api/admin/buyers?q=lists.test&pageSize=1&page=3')).json();
    expect(beyond.items).toEqual([]);
  });
});

describe('verifying a seller', () => {
  it('verifies once: the second attempt is a conflict and writes no second audit row', async () => {
    const seller = await signUp(ctx.app, 'seller');
    const first = await admin.client.post(`/api/admin/sellers/${seller.id}/verify`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ id: seller.id, verified: true });
    expect((await seller.client.get('/api/me')).json().isVerified).toBe(true);

    const second = await admin.client.post(`/api/admin/sellers/${seller.id}/verify`);
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toEqual({ code: 'ALREADY_VERIFIED', message: adminMessages.alreadyVerified });
    expect(second.json().error.message).toMatch(/already verified/);

    const rows = await auditRowsFor(seller.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: admin.id, action: 'seller.verify', targetType: 'user' });
    expect(rows[0]!.targetLabel).toContain(seller.name);
  });

  it('verifies and logs exactly once when two admins click at the same moment', async () => {
    const seller = await signUp(ctx.app, 'seller');
    const answers = await Promise.all([
      admin.client.post(`/api/admin/sellers/${seller.id}/verify`),
      admin.client.post(`/api/admin/sellers/${seller.id}/verify`),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(await auditRowsFor(seller.id)).toHaveLength(1);
  });

  it('answers 404 for a buyer, an admin, a removed seller or an unknown id', async () => {
    const buyer = await signUp(ctx.app, 'buyer');
    const removed = await signUp(ctx.app, 'seller');
    expect((await admin.client.delete(`/api/admin/users/${removed.id}`)).statusCode).toBe(204);
    for (const id of [buyer.id, admin.id, removed.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await admin.client.post(`/api/admin/sellers/${id}/verify`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().error.message).toBe(adminMessages.sellerNotFound);
    }
    const [buyerRow] = await db()
      .select({ verified: users.verified })
      .from(users)
      .where(eq(users.id, buyer.id));
    expect(buyerRow!.verified).toBe(false);
  });
});

describe('removing a seller', () => {
  it('takes all five products off the market, cancels open bookings, refunds unfinished purchases, ends the session', async () => {
    const seller = await signUp(ctx.app, 'seller', { name: 'Gone Seller' });
    const booker = await signUp(ctx.app, 'buyer');
    const purchaser = await signUp(ctx.app, 'buyer');
    const productIds: string[] = [];
    for (let i = 0; i < 5; i++) productIds.push((await insertProduct(db(), seller.id, { categoryId })).id);
    const soldId = (await insertProduct(db(), seller.id, { categoryId, status: 'sold' })).id;
    const openBooking = await insertBooking(db(), productIds[0]!, booker.id);
    const paidBooking = await insertBooking(db(), soldId, purchaser.id, { status: 'paid' });
    const paymentId = await insertPayment(db(), {
      bookingId: paidBooking,
      productId: soldId,
      buyerId: purchaser.id,
    });
    const reportId = await insertReport(db(), { productId: productIds[1]!, reporterId: booker.id });
    expect((await seller.client.get('/api/me')).statusCode).toBe(200);

    const res = await admin.client.delete(`/api/admin/users/${seller.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');

    const listed = await db()
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.sellerId, seller.id), isNull(products.deletedAt)));
    expect(listed).toHaveLength(0);
    // Removed, not erased: the rows stay for the records.
    expect(await db().select().from(products).where(eq(products.sellerId, seller.id))).toHaveLength(6);

    const [open] = await db().select().from(bookings).where(eq(bookings.id, openBooking));
    expect(open).toMatchObject({ status: 'cancelled', cancelReason: cancelReasons.sellerRemoved });
    // The buyer never got the item: the order is refunded, its payment record stays.
    const [paid] = await db().select().from(bookings).where(eq(bookings.id, paidBooking));
    expect(paid).toMatchObject({ status: 'refunded', cancelReason: cancelReasons.sellerRemoved });
    expect(await db().select().from(payments).where(eq(payments.id, paymentId))).toHaveLength(1);
    const [report] = await db().select().from(reports).where(eq(reports.id, reportId));
    expect(report!.status).toBe('closed');

    expect((await seller.client.get('/api/me')).statusCode).toBe(401);
    expect(await db().select().from(sessions).where(eq(sessions.userId, seller.id))).toHaveLength(0);
    const signIn = await signInAnswer(seller);
    expect(signIn.statusCode).toBeGreaterThanOrEqual(400);
    expect(signIn.json().error.message).toBe(messages.accountRemoved);
    expect(signIn.cookies.filter((c) => c.name.includes('session_token') && c.value)).toHaveLength(0);

    const sellers = (await admin.client.get('/api/admin/sellers?pageSize=100')).json();
    expect(sellers.items.some((u: { id: string }) => u.id === seller.id)).toBe(false);

    const [audit] = await auditRowsFor(seller.id);
    expect(audit).toMatchObject({ actorId: admin.id, action: 'user.remove', targetType: 'user' });
    expect(audit!.details).toMatchObject({ role: 'seller', productsRemoved: 6 });
  });
});

describe('removing a buyer', () => {
  it('cancels open bookings and releases their checkout hold, keeps purchases, ends the session', async () => {
    const seller = await signUp(ctx.app, 'seller');
    const buyer = await signUp(ctx.app, 'buyer');
    const heldProduct = (await insertProduct(db(), seller.id, { categoryId })).id;
    const soldProduct = (await insertProduct(db(), seller.id, { categoryId, status: 'sold' })).id;
    const openBooking = await insertBooking(db(), heldProduct, buyer.id);
    await db()
      .update(products)
      .set({ holdBookingId: openBooking, holdExpiresAt: new Date(Date.now() + 15 * 60_000) })
      .where(eq(products.id, heldProduct));
    const paidBooking = await insertBooking(db(), soldProduct, buyer.id, { status: 'paid' });
    await insertPayment(db(), { bookingId: paidBooking, productId: soldProduct, buyerId: buyer.id });

    expect((await admin.client.delete(`/api/admin/users/${buyer.id}`)).statusCode).toBe(204);

    const [open] = await db().select().from(bookings).where(eq(bookings.id, openBooking));
    expect(open).toMatchObject({ status: 'cancelled', cancelReason: cancelReasons.buyerRemoved });
    const [held] = await db().select().from(products).where(eq(products.id, heldProduct));
    expect(held).toMatchObject({
      holdBookingId: null,
      holdExpiresAt: null,
      deletedAt: null,
      status: 'available',
    });
    const [paid] = await db().select().from(bookings).where(eq(bookings.id, paidBooking));
    expect(paid!.status).toBe('paid');
    expect(await db().select().from(payments).where(eq(payments.bookingId, paidBooking))).toHaveLength(1);

    expect((await buyer.client.get('/api/me')).statusCode).toBe(401);
    const signIn = await signInAnswer(buyer);
    expect(signIn.statusCode).toBeGreaterThanOrEqual(400);
    expect(signIn.cookies.filter((c) => c.name.includes('session_token') && c.value)).toHaveLength(0);

    const buyers = (await admin.client.get('/api/admin/buyers?pageSize=100')).json();
    expect(buyers.items.some((u: { id: string }) => u.id === buyer.id)).toBe(false);
    const [audit] = await auditRowsFor(buyer.id);
    expect(audit).toMatchObject({ action: 'user.remove', details: { role: 'buyer', bookingsCancelled: 1 } });
  });

  it('answers 404 when the user is already removed or unknown, and logs nothing more', async () => {
    const buyer = await signUp(ctx.app, 'buyer');
    expect((await admin.client.delete(`/api/admin/users/${buyer.id}`)).statusCode).toBe(204);
    const again = await admin.client.delete(`/api/admin/users/${buyer.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(adminMessages.userNotFound);
    expect(await auditRowsFor(buyer.id)).toHaveLength(1);
    expect(
      (await admin.client.delete('/api/admin/users/00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
  });
});

describe('removing an admin', () => {
  it('refuses to remove yourself or another admin with 409, and changes nothing', async () => {
    const self = await admin.client.delete(`/api/admin/users/${admin.id}`);
    expect(self.statusCode).toBe(409);
    expect(self.json().error).toEqual({
      code: 'CANNOT_REMOVE_SELF',
      message: adminMessages.cannotRemoveSelf,
    });

    const other = await signUp(ctx.app, 'admin');
    const res = await admin.client.delete(`/api/admin/users/${other.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: 'CANNOT_REMOVE_ADMIN',
      message: adminMessages.cannotRemoveAdmin,
    });

    expect((await admin.client.get('/api/me')).statusCode).toBe(200);
    expect((await other.client.get('/api/me')).statusCode).toBe(200);
    expect(await auditRowsFor(admin.id)).toHaveLength(0);
    expect(await auditRowsFor(other.id)).toHaveLength(0);
  });
});
