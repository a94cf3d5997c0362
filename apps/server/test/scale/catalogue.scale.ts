/**
 * Listings and search at 100,000 products, where totals stop counting and pages lie deep: every page
 * and count the API answers is compared with what a plain query over the same rows says it should be.
 */
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductCard } from '@furniture-mart/shared';
import { createTestApp, signUp, type TestContext, type TestUser } from '../helpers/app.js';
import { categoryRows } from '../helpers/fixtures.js';
import { TOTAL_CAP } from '../../src/modules/catalogue/listing-sql.js';

/** Rows in the bulk category: far more than the cap, so its total is "1,000+" and pages lie deep. */
const BULK = 100_000;

let ctx: TestContext;
let buyer: TestUser;
let bulk: { id: string; slug: string };

beforeAll(async () => {
  ctx = await createTestApp({ LISTING_CACHE_SECONDS: '0' });
  const db = ctx.database.db;
  let seller: TestUser;
  [buyer, seller] = await Promise.all([
    signUp(ctx.app, 'buyer'),
    signUp(ctx.app, 'seller', { verified: true }),
  ]);
  bulk = (await categoryRows(db)).find((row) => row.slug === 'living-room')!;
  // Repeated prices and dates, so ties decide the order of deep pages too; one in four is a sofa, in its
  // title or (one in eight) only in its description, so "best match" has both kinds to rank.
  await db.execute(sql`
    insert into products (seller_id, category_id, title, description, phone, location, condition,
      original_price_cents, selling_price_cents, currency, years_used, posted_at, district, area)
    select ${seller.id}, ${bulk.id},
      case when g % 4 = 0 then 'Bulk sofa ' else 'Bulk chair ' end || g,
      case when g % 8 = 1 then 'Sits like a sofa.' else 'A plain seat.' end,
      '+8801700000000', (array['Dhaka','Khulna'])[1 + g % 2], (array['excellent','good','fair'])[1 + g % 3],
      50000, 1000 + (g % 37) * 100, 'USD', 1, now() - ((g % 500) || ' hours')::interval,
      -- Dhaka's pieces in three of its districts, a third of them in two of Dhaka's thanas.
      case when g % 2 = 0 then (array['dhaka','gazipur','narayanganj'])[1 + (g / 2) % 3] else 'khulna' end,
      case when g % 6 = 0 then (array['dhaka-mirpur','dhaka-gulshan'])[1 + (g / 6) % 2] end
    from generate_series(1, ${BULK}) g`);
  await db.execute(sql`analyze products`);
}, 600_000);
afterAll(() => ctx?.close());

interface CardPage {
  items: ProductCard[];
  total: number;
  totalCapped: boolean;
}

async function get<T>(path: string): Promise<T> {
  const res = await buyer.client.get(path);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}
const categoryPage = async (query: string) =>
  (await get<{ products: CardPage }>(`/api/categories/${bulk.slug}?${query}`)).products;
const search = (query: string) => get<CardPage>(`/api/products?${query}`);
const ids = (page: CardPage) => page.items.map((item) => item.id);

/** The ids a page should hold, straight from the table in the listing's order. */
async function expectedIds(
  orderBy: string,
  offset: number,
  limit: number,
  where = 'true',
): Promise<string[]> {
  const result = (await ctx.database.db.execute(
    sql.raw(`select id from products where category_id = '${bulk.id}' and ${where}
      order by ${orderBy} limit ${limit} offset ${offset}`),
  )) as unknown as { rows: { id: string }[] };
  return result.rows.map((row) => row.id);
}

async function expectedCount(where: string): Promise<number> {
  const result = (await ctx.database.db.execute(
    sql.raw(`select count(*)::int n from products where category_id = '${bulk.id}' and ${where}`),
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n;
}

const newest = 'posted_at desc, id desc';
const sorts = [
  { sort: 'newest', by: newest },
  { sort: 'price_asc', by: `selling_price_cents asc, ${newest}` },
  { sort: 'price_desc', by: `selling_price_cents desc, ${newest}` },
];

describe('listings at 100,000 products', () => {
  it('count exactly up to 1,000, say when there are more, and at least as many as a page reaches', async () => {
    expect(await categoryPage('pageSize=5')).toMatchObject({ total: TOTAL_CAP, totalCapped: true });
    expect(await categoryPage('pageSize=25&page=100')).toMatchObject({ total: 2_500, totalCapped: true });
    // Prices 1000 + (g % 37) * 100: 100.00 to 109.00 are g % 37 in 0..9; in Dhaka only the even g,
    // fair only g % 3 = 2.
    const page = await categoryPage('minPrice=10&maxPrice=10.5&location=Dhaka&condition=fair&pageSize=5');
    const n = await expectedCount(
      `selling_price_cents between 1000 and 1050 and location = 'Dhaka' and condition = 'fair'`,
    );
    expect(n).toBeGreaterThan(0);
    expect(n).toBeLessThan(TOTAL_CAP);
    expect(page).toMatchObject({ total: n, totalCapped: false });
  });

  it('answer every sort, shallow and deep, with and without filters, as the table does', async () => {
    const filters = [
      { query: '', where: 'true' },
      { query: 'location=Khulna&condition=good', where: `location = 'Khulna' and condition = 'good'` },
      { query: 'minPrice=15&maxPrice=25', where: 'selling_price_cents between 1500 and 2500' },
      { query: 'location=Dhaka&district=dhaka', where: `district = 'dhaka'` },
      {
        query: 'district=dhaka&area=dhaka-mirpur&minPrice=15',
        where: `area = 'dhaka-mirpur' and selling_price_cents >= 1500`,
      },
    ];
    for (const { sort, by } of sorts) {
      for (const filter of filters) {
        for (const pageNumber of [1, 3, 400]) {
          const page = await categoryPage(`sort=${sort}&${filter.query}&pageSize=20&page=${pageNumber}`);
          expect(ids(page), `${sort} ${filter.query} page ${pageNumber}`).toEqual(
            await expectedIds(by, (pageNumber - 1) * 20, 20, filter.where),
          );
        }
      }
    }
    const last = await categoryPage(`pageSize=100&page=${BULK / 100}`);
    expect(last.items).toHaveLength(100);
    expect(await categoryPage(`pageSize=100&page=${BULK / 100 + 1}`)).toMatchObject({
      items: [],
      total: TOTAL_CAP,
      totalCapped: true,
    });
  });

  it('compress a large page in one piece, its length known before it is sent', async () => {
    const res = await buyer.client.get(`/api/categories/${bulk.slug}?pageSize=100`, {
      'accept-encoding': 'gzip',
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['transfer-encoding']).toBeUndefined();
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(JSON.parse(gunzipSync(res.rawPayload).toString()).products.items).toHaveLength(100);
  });
});

describe('search at 100,000 products', () => {
  const sofas = `search @@ to_tsquery('english', 'sofa')`;
  // What "best match" means, in SQL: a match in the title before one in the description only.
  const best = `ts_rank('{0, 0, 0, 1}', search, to_tsquery('english', 'sofa')) desc,
    ts_rank('{0, 0, 1, 0}', search, to_tsquery('english', 'sofa')) desc, ${newest}`;

  it('answers the right page and count in every order, deep pages included', async () => {
    const matches = await expectedCount(sofas);
    expect(matches).toBeGreaterThan(TOTAL_CAP);
    for (const { sort, by } of [...sorts, { sort: 'best', by: best }]) {
      for (const pageNumber of [1, 2, 300]) {
        const page = await search(`q=sofa&category=${bulk.slug}&sort=${sort}&pageSize=30&page=${pageNumber}`);
        expect(ids(page), `${sort} page ${pageNumber}`).toEqual(
          await expectedIds(by, (pageNumber - 1) * 30, 30, sofas),
        );
        expect(page.totalCapped).toBe(true);
        expect(page.total).toBe(Math.max(TOTAL_CAP, pageNumber * 30));
      }
    }
  });

  it('puts every title match before the description matches, and counts a narrow search exactly', async () => {
    const first = await search(`q=sofa&pageSize=100`);
    expect(first.items.every((item) => item.title.startsWith('Bulk sofa'))).toBe(true);
    const narrow = await search('q=sofa&location=Dhaka&condition=fair&minPrice=10&maxPrice=10.5');
    const n = await expectedCount(
      `${sofas} and location = 'Dhaka' and condition = 'fair' and selling_price_cents between 1000 and 1050`,
    );
    expect(n).toBeLessThan(TOTAL_CAP);
    expect(narrow).toMatchObject({ total: n, totalCapped: false });
    const placed = await search(
      'q=sofa&district=gazipur&condition=fair&minPrice=10&maxPrice=10.5&pageSize=100',
    );
    const inPlace = await expectedCount(
      `${sofas} and district = 'gazipur' and condition = 'fair' and selling_price_cents between 1000 and 1050`,
    );
    expect(inPlace).toBeGreaterThan(0);
    expect(placed).toMatchObject({ total: inPlace, totalCapped: false });
    expect(placed.items.every((item) => item.placeName.en === 'Gazipur, Dhaka')).toBe(true);
  });
});
