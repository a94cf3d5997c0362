import { sql, type SQL } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProductCard } from '@furniture-mart/shared';
import { createTestApp, signUp, type TestContext, type TestUser } from '../../../test/helpers/app.js';
import { categoryRows } from '../../../test/helpers/fixtures.js';
import type { Db } from '../../platform/db/client.js';
import { products } from '../../platform/db/schema.js';
import { estimatedRows, forgetEstimates } from './planner-estimates.js';

let ctx: TestContext;
let buyer: TestUser;
let seller: TestUser;
let category: { id: string; slug: string };

beforeAll(async () => {
  ctx = await createTestApp({ LISTING_CACHE_SECONDS: '0' });
  [buyer, seller] = await Promise.all([
    signUp(ctx.app, 'buyer'),
    signUp(ctx.app, 'seller', { verified: true }),
  ]);
  category = (await categoryRows(ctx.database.db)).find((row) => row.slug === 'guest-room')!;
}, 60_000);
afterAll(() => ctx.close());
afterEach(() => vi.restoreAllMocks());

/** The database, with the statements it was asked to run written down. */
function recording(db: Db, statements: SQL[]): Db {
  return new Proxy(db, {
    get(target, key) {
      if (key === 'execute') {
        return (query: SQL) => {
          statements.push(query);
          return target.execute(query);
        };
      }
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

const inCategory = (id: string) => sql`${products.status} = 'available' and ${products.categoryId} = ${id}`;

describe('planner estimates', () => {
  it('asks the planner once a minute for the same condition, and again for another', async () => {
    const statements: SQL[] = [];
    const db = recording(ctx.database.db, statements);
    forgetEstimates(db);
    const first = await estimatedRows(db, inCategory(category.id));
    // The same condition built again, with the same values: the estimate kept is answered.
    expect(await estimatedRows(db, inCategory(category.id))).toBe(first);
    expect(statements).toHaveLength(1);
    // Another value is another condition.
    await estimatedRows(db, inCategory('00000000-0000-4000-8000-000000000000'));
    expect(statements).toHaveLength(2);
    // A minute on, the planner is asked again.
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 61_000);
    await estimatedRows(db, inCategory(category.id));
    expect(statements).toHaveLength(3);
  });

  it('keeps at most 2,000 conditions, dropping the one asked for longest ago', async () => {
    const statements: SQL[] = [];
    const db = recording(ctx.database.db, statements);
    forgetEstimates(db);
    const priced = (cents: number) => sql`${products.sellingPriceCents} = ${cents}`;
    for (let cents = 0; cents < 2_000; cents += 1) await estimatedRows(db, priced(cents));
    expect(statements).toHaveLength(2_000);
    // Asked for again, the first becomes the newest; the one after it is then dropped for a new one.
    await estimatedRows(db, priced(0));
    await estimatedRows(db, priced(2_000));
    expect(statements).toHaveLength(2_001);
    await estimatedRows(db, priced(0));
    expect(statements).toHaveLength(2_001);
    await estimatedRows(db, priced(1));
    expect(statements).toHaveLength(2_002);
  });

  it('does not keep an estimate that failed', async () => {
    const statements: SQL[] = [];
    const db = recording(ctx.database.db, statements);
    forgetEstimates(db);
    const broken = sql`${products.categoryId} = ${'not a uuid'}`;
    await expect(estimatedRows(db, broken)).rejects.toThrow();
    await expect(estimatedRows(db, broken)).rejects.toThrow();
    expect(statements).toHaveLength(2);
  });

  it('answers a search rightly when the estimate kept was made before its matches were listed', async () => {
    const db = ctx.database.db;
    const search = async (query: string) => {
      const res = await buyer.client.get(`/api/products?q=zebrawood&category=${category.slug}&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { items: ProductCard[]; total: number; totalCapped: boolean };
    };
    // Nothing matches yet: the estimates kept say so.
    expect((await search('sort=newest')).total).toBe(0);
    // Then far more than the cap are listed, and the kept estimates are a minute from being asked again.
    await db.execute(sql`
      insert into products (seller_id, category_id, title, description, phone, location, condition,
        original_price_cents, selling_price_cents, currency, years_used, posted_at)
      select ${seller.id}, ${category.id}, 'Zebrawood bed ' || g, 'A striped bed.', '+8801700000000',
        'Dhaka', 'good', 90000, 1000 + (g % 53) * 100, 'USD', 1, now() - (g || ' minutes')::interval
      from generate_series(1, 1500) g`);
    for (const [sort, orderBy] of [
      ['newest', 'posted_at desc, id desc'],
      ['price_asc', 'selling_price_cents asc, posted_at desc, id desc'],
    ] as const) {
      for (const page of [1, 3]) {
        const answer = await search(`sort=${sort}&page=${page}`);
        const expected = (await db.execute(
          sql.raw(`select id from products where category_id = '${category.id}' and title like 'Zebrawood bed %'
            order by ${orderBy} limit 24 offset ${(page - 1) * 24}`),
        )) as unknown as { rows: { id: string }[] };
        expect(
          answer.items.map((item) => item.id),
          `${sort} page ${page}`,
        ).toEqual(expected.rows.map((row) => row.id));
        expect(answer.totalCapped).toBe(true);
      }
    }
  });
});
