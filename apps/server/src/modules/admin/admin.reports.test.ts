import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages, cancelReasons } from '@furniture-mart/shared';
import { createTestApp, signUp, type TestContext, type TestUser } from '../../../test/helpers/app.js';
import { auditLog, bookings, products, reports } from '../../platform/db/schema.js';
import {
  firstCategoryId,
  insertBooking,
  insertProduct,
  insertReport,
} from '../../../test/helpers/fixtures.js';

let ctx: TestContext;
let admin: TestUser;
let seller: TestUser;
let ann: TestUser;
let ben: TestUser;
let categoryId: string;
const db = () => ctx.database.db;
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signUp(ctx.app, 'admin', { name: 'Ada Admin' });
  seller = await signUp(ctx.app, 'seller');
  ann = await signUp(ctx.app, 'buyer', { name: 'Ann Reporter' });
  ben = await signUp(ctx.app, 'buyer', { name: 'Ben Reporter' });
  categoryId = await firstCategoryId(db());
});
afterAll(() => ctx.close());

async function reportStatus(id: string) {
  const [row] = await db().select({ status: reports.status }).from(reports).where(eq(reports.id, id));
  return row!.status;
}

async function clearQueue() {
  await db()
    .update(reports)
    .set({ status: 'closed', closedAt: new Date() })
    .where(eq(reports.status, 'open'));
}

describe('the reports queue', () => {
  it('lists open reports only, the reports of one product next to each other', async () => {
    await clearQueue();
    const sofa = (await insertProduct(db(), seller.id, { categoryId, title: 'Green sofa' })).id;
    const lamp = (await insertProduct(db(), seller.id, { categoryId, title: 'Brass lamp' })).id;
    const desk = (await insertProduct(db(), seller.id, { categoryId, title: 'Old desk' })).id;
    // Interleaved in time, so only grouping can put the sofa's two reports side by side.
    const sofaOld = await insertReport(db(), {
      productId: sofa,
      reporterId: ann.id,
      createdAt: minutesAgo(30),
    });
    const lampReport = await insertReport(db(), {
      productId: lamp,
      reporterId: ann.id,
      reason: 'wrong_condition',
      details: 'The shade is cracked',
      createdAt: minutesAgo(20),
    });
    const sofaNew = await insertReport(db(), {
      productId: sofa,
      reporterId: ben.id,
      createdAt: minutesAgo(10),
    });
    await insertReport(db(), { productId: desk, reporterId: ben.id, status: 'closed' });

    const res = await admin.client.get('/api/admin/reports');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(3);
    expect(body.items.map((r: { id: string }) => r.id)).toEqual([sofaNew, sofaOld, lampReport]);
    expect(body.items[0]).toMatchObject({
      reason: 'scam',
      status: 'open',
      product: {
        id: sofa,
        title: 'Green sofa',
        categoryId,
        removed: false,
        status: 'available',
        seller: { id: seller.id, name: seller.name },
      },
      reporter: { id: ben.id, name: 'Ben Reporter' },
      productOpenReports: 2,
    });
    // The first photo is the cover, for the admin to judge the report by.
    expect(body.items[2].product.cover).toMatchObject({ width: 1600, thumbWidth: 400 });
    expect(body.items[2].product.cover.thumbUrl).toMatch(/-thumb\.webp$/);
    expect(body.items[2]).toMatchObject({
      details: 'The shade is cracked',
      reason: 'wrong_condition',
      productOpenReports: 1,
    });

    const paged = (await admin.client.get('/api/admin/reports?pageSize=2&page=2')).json();
    expect(paged).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(paged.items.map((r: { id: string }) => r.id)).toEqual([lampReport]);
  });

  it('answers an empty page when nothing is open', async () => {
    await clearQueue();
    expect((await admin.client.get('/api/admin/reports')).json()).toEqual({
      items: [],
      page: 1,
      pageSize: 24,
      total: 0,
    });
  });
});

describe('deleting a report', () => {
  it('closes that report only; the product stays on sale; the action is logged once', async () => {
    const chair = (await insertProduct(db(), seller.id, { categoryId, title: 'Rocking chair' })).id;
    const dismissed = await insertReport(db(), { productId: chair, reporterId: ann.id });
    const other = await insertReport(db(), { productId: chair, reporterId: ben.id });

    const res = await admin.client.delete(`/api/admin/reports/${dismissed}`);
    expect(res.statusCode).toBe(204);
    expect(await reportStatus(dismissed)).toBe('closed');
    expect(await reportStatus(other)).toBe('open');
    const [product] = await db().select().from(products).where(eq(products.id, chair));
    expect(product).toMatchObject({ deletedAt: null, status: 'available' });

    const again = await admin.client.delete(`/api/admin/reports/${dismissed}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(adminMessages.reportNotFound);

    const rows = await db().select().from(auditLog).where(eq(auditLog.targetId, dismissed));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: admin.id,
      action: 'report.remove',
      targetType: 'report',
      targetLabel: 'Rocking chair',
    });
  });
});

describe('deleting a reported item', () => {
  it('removes the product, cancels its open bookings, closes all its reports and logs it', async () => {
    const bed = (await insertProduct(db(), seller.id, { categoryId, title: 'Bunk bed' })).id;
    const untouched = (await insertProduct(db(), seller.id, { categoryId })).id;
    const first = await insertReport(db(), { productId: bed, reporterId: ann.id });
    const second = await insertReport(db(), { productId: bed, reporterId: ben.id, reason: 'prohibited' });
    const elsewhere = await insertReport(db(), { productId: untouched, reporterId: ann.id });
    const booking = await insertBooking(db(), bed, ben.id);

    const res = await admin.client.delete(`/api/admin/reports/${second}/product`);
    expect(res.statusCode).toBe(204);

    const [product] = await db().select().from(products).where(eq(products.id, bed));
    expect(product!.deletedAt).not.toBeNull();
    expect(product!.advertised).toBe(false);
    const [cancelled] = await db().select().from(bookings).where(eq(bookings.id, booking));
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelReason: cancelReasons.productRemoved });
    expect(await reportStatus(first)).toBe('closed');
    expect(await reportStatus(second)).toBe('closed');
    expect(await reportStatus(elsewhere)).toBe('open');

    const queue = (await admin.client.get('/api/admin/reports?pageSize=100')).json();
    expect(queue.items.some((r: { product: { id: string } }) => r.product.id === bed)).toBe(false);

    const rows = await db().select().from(auditLog).where(eq(auditLog.targetId, bed));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: admin.id,
      action: 'reported_item.remove',
      targetType: 'product',
      targetLabel: 'Bunk bed',
      details: { reportId: second, reportsClosed: 2 },
    });

    // Its reports are closed now, so the same request has nothing left to act on.
    expect((await admin.client.delete(`/api/admin/reports/${first}/product`)).statusCode).toBe(404);
  });
});

describe('the audit log', () => {
  it('lists every admin action newest first, with who did it', async () => {
    const fresh = await createTestApp();
    try {
      const boss = await signUp(fresh.app, 'admin', { name: 'Boss Admin' });
      const maker = await signUp(fresh.app, 'seller', { name: 'Maker' });
      const reporter = await signUp(fresh.app, 'buyer');
      const goner = await signUp(fresh.app, 'buyer', { name: 'Goner' });
      const cat = await firstCategoryId(fresh.database.db);
      const stool = (await insertProduct(fresh.database.db, maker.id, { categoryId: cat, title: 'Stool' }))
        .id;
      const table = (await insertProduct(fresh.database.db, maker.id, { categoryId: cat, title: 'Table' }))
        .id;
      const stoolReport = await insertReport(fresh.database.db, {
        productId: stool,
        reporterId: reporter.id,
      });
      const tableReport = await insertReport(fresh.database.db, {
        productId: table,
        reporterId: reporter.id,
      });

      expect((await boss.client.post(`/api/admin/sellers/${maker.id}/verify`)).statusCode).toBe(200);
      expect((await boss.client.delete(`/api/admin/reports/${stoolReport}`)).statusCode).toBe(204);
      expect((await boss.client.delete(`/api/admin/reports/${tableReport}/product`)).statusCode).toBe(204);
      expect((await boss.client.delete(`/api/admin/users/${goner.id}`)).statusCode).toBe(204);

      const res = await boss.client.get('/api/admin/audit');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.total).toBe(4);
      expect(
        body.items.map((r: { action: string; targetLabel: string }) => [r.action, r.targetLabel]),
      ).toEqual([
        ['user.remove', `Goner (${goner.email})`],
        ['reported_item.remove', 'Table'],
        ['report.remove', 'Stool'],
        ['seller.verify', `Maker (${maker.email})`],
      ]);
      expect(body.items[0]).toMatchObject({
        actor: { id: boss.id, name: 'Boss Admin' },
        targetType: 'user',
        targetId: goner.id,
      });

      const second = (await boss.client.get('/api/admin/audit?pageSize=3&page=2')).json();
      expect(second.items.map((r: { action: string }) => r.action)).toEqual(['seller.verify']);
    } finally {
      await fresh.close();
    }
  });

  it('is append-only: the database refuses to change or delete a row', async () => {
    const [row] = await db().select({ id: auditLog.id }).from(auditLog).limit(1);
    expect(row).toBeDefined();
    await expect(
      db().update(auditLog).set({ targetLabel: 'rewritten' }).where(eq(auditLog.id, row!.id)),
    ).rejects.toThrow();
    await expect(db().delete(auditLog).where(eq(auditLog.id, row!.id))).rejects.toThrow();
    const [count] = await db()
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(auditLog)
      .where(eq(auditLog.id, row!.id));
    expect(count!.n).toBe(1);
  });

  it('writes nothing when the action fails halfway', async () => {
    const before = await db().select({ id: auditLog.id }).from(auditLog);
    const bed = (await insertProduct(db(), seller.id, { categoryId })).id;
    const report = await insertReport(db(), { productId: bed, reporterId: ann.id });
    // A foreign key failure on the audit row (its actor no longer exists) must roll back the removal too.
    const service = ctx.app.services.admin;
    await expect(
      service.removeReportedItem({ id: '00000000-0000-4000-8000-000000000000' }, report),
    ).rejects.toThrow();
    const [product] = await db().select().from(products).where(eq(products.id, bed));
    expect(product!.deletedAt).toBeNull();
    expect(await reportStatus(report)).toBe('open');
    expect(await db().select({ id: auditLog.id }).from(auditLog)).toHaveLength(before.length);
  });
});
