import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buyerMessages, messages, reportLimits } from '@furniture-mart/shared';
import {
  createTestApp,
  signUp,
  TestClient,
  type TestContext,
  type TestUser,
} from '../../../test/helpers/app.js';
import { reports } from '../../platform/db/schema.js';
import { insertProduct, type ProductFixture } from '../../../test/helpers/fixtures.js';

let ctx: TestContext;
let buyer: TestUser;
let seller: TestUser;
let admin: TestUser;
let product: ProductFixture;

beforeAll(async () => {
  ctx = await createTestApp();
  [buyer, seller, admin] = await Promise.all([
    signUp(ctx.app, 'buyer'),
    signUp(ctx.app, 'seller'),
    signUp(ctx.app, 'admin'),
  ]);
  product = await insertProduct(ctx.app.database.db, seller.id);
});
afterAll(() => ctx.close());

async function productsOf(count: number): Promise<ProductFixture[]> {
  return Promise.all(Array.from({ length: count }, () => insertProduct(ctx.app.database.db, seller.id)));
}

describe('POST /api/reports', () => {
  it('records a report with the reporter from the session', async () => {
    const res = await buyer.client.post('/api/reports', {
      productId: product.id,
      reason: 'scam',
      details: '  Asked me to pay outside the site.  ',
      reporterId: seller.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      productId: product.id,
      reason: 'scam',
      details: 'Asked me to pay outside the site.',
      status: 'open',
    });
    const [row] = await ctx.app.database.db.select().from(reports).where(eq(reports.id, res.json().id));
    expect(row!.reporterId).toBe(buyer.id);
  });

  it('refuses a second open report of the same product by the same person', async () => {
    const res = await buyer.client.post('/api/reports', { productId: product.id, reason: 'duplicate' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: 'ALREADY_REPORTED', message: messages.alreadyReported });
  });

  it('accepts a report again once the earlier one was closed', async () => {
    const reporter = await signUp(ctx.app, 'buyer');
    expect(
      (await reporter.client.post('/api/reports', { productId: product.id, reason: 'other' })).statusCode,
    ).toBe(201);
    await ctx.app.database.db
      .update(reports)
      .set({ status: 'closed' })
      .where(eq(reports.reporterId, reporter.id));
    const again = await reporter.client.post('/api/reports', { productId: product.id, reason: 'other' });
    expect(again.statusCode).toBe(201);
    expect(again.json().details).toBeNull();
  });

  it('validates reason, details and product id', async () => {
    const noReason = await buyer.client.post('/api/reports', { productId: product.id });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields.reason).toBe(messages.required);

    const badReason = await buyer.client.post('/api/reports', { productId: product.id, reason: 'boring' });
    expect(badReason.statusCode).toBe(400);
    expect(badReason.json().error.fields.reason).toBe(messages.required);

    const long = await buyer.client.post('/api/reports', {
      productId: product.id,
      reason: 'other',
      details: 'x'.repeat(reportLimits.detailsMaxLength + 1),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields.details).toBe('Use at most 1000 characters.');

    const badId = await buyer.client.post('/api/reports', { productId: 'nope', reason: 'other' });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error.fields.productId).toBe('Not a valid product.');
  });

  it('answers 404 for unknown and removed products', async () => {
    const unknown = await buyer.client.post('/api/reports', {
      productId: '00000000-0000-4000-8000-000000000000',
      reason: 'other',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(buyerMessages.productNotFound);
    const removed = await insertProduct(ctx.app.database.db, seller.id, { deletedAt: new Date() });
    expect(
      (await buyer.client.post('/api/reports', { productId: removed.id, reason: 'other' })).statusCode,
    ).toBe(404);
  });

  it('lets only signed-in buyers report', async () => {
    const body = { productId: product.id, reason: 'offensive' };
    expect((await new TestClient(ctx.app).post('/api/reports', body)).statusCode).toBe(401);
    expect((await new TestClient(ctx.app).post('/api/reports', {})).statusCode).toBe(401);
    expect((await seller.client.post('/api/reports', body)).statusCode).toBe(403);
    expect((await admin.client.post('/api/reports', body)).statusCode).toBe(403);
  });
});

describe('hourly report limit', () => {
  it('allows 10 reports an hour per person and answers 429 after', async () => {
    const reporter = await signUp(ctx.app, 'buyer');
    const targets = await productsOf(reportLimits.perHour + 1);
    for (const target of targets.slice(0, reportLimits.perHour)) {
      const res = await reporter.client.post('/api/reports', { productId: target.id, reason: 'other' });
      expect(res.statusCode).toBe(201);
    }
    const over = await reporter.client.post('/api/reports', {
      productId: targets.at(-1)!.id,
      reason: 'other',
    });
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe('RATE_LIMITED');
    expect(over.json().error.message).toMatch(
      /at most 10 products an hour\. Please try again in (60|59) minutes\./,
    );

    // Someone else is not affected.
    const other = await signUp(ctx.app, 'buyer');
    expect(
      (await other.client.post('/api/reports', { productId: targets.at(-1)!.id, reason: 'other' }))
        .statusCode,
    ).toBe(201);

    // Reports older than an hour no longer count.
    await ctx.app.database.db
      .update(reports)
      .set({ createdAt: sql`now() - interval '61 minutes'` })
      .where(eq(reports.reporterId, reporter.id));
    const later = await reporter.client.post('/api/reports', {
      productId: targets.at(-1)!.id,
      reason: 'other',
    });
    expect(later.statusCode).toBe(201);
  });

  it('holds under concurrent requests', async () => {
    const reporter = await signUp(ctx.app, 'buyer');
    const targets = await productsOf(reportLimits.perHour + 5);
    const answers = await Promise.all(
      targets.map((target) => reporter.client.post('/api/reports', { productId: target.id, reason: 'scam' })),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(reportLimits.perHour);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    const rows = await ctx.app.database.db.select().from(reports).where(eq(reports.reporterId, reporter.id));
    expect(rows).toHaveLength(reportLimits.perHour);
  });

  it('keeps one open report when the same report is sent many times at once', async () => {
    const reporter = await signUp(ctx.app, 'buyer');
    const [target] = await productsOf(1);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        reporter.client.post('/api/reports', { productId: target!.id, reason: 'scam' }),
      ),
    );
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((res) => res.statusCode === 409)).toHaveLength(19);
  });
});
