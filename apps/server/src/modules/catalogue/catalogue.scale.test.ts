/**
 * Listings at a size where totals stop counting and pages lie deep, and search by parts of words.
 * Every answer is compared with what a plain query over the same rows says it should be.
 */
import { gunzipSync } from 'node:zlib';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductCard } from '@furniture-mart/shared';
import { createTestApp, signUp, type TestContext, type TestUser } from '../../../test/helpers/app.js';
import { categoryRows, insertProduct } from '../../../test/helpers/fixtures.js';
import { uploadPhoto } from '../../../test/helpers/images.js';
import { products } from '../../platform/db/schema.js';
import {
  bandLexeme,
  bandsCost,
  bandsFor,
  coveringBands,
  dateBand,
  forgetSpread,
  MOST_LEXEMES,
  priceBand,
  WIDEST,
} from './search-bands.js';
import {
  loadCardPage,
  matchesEstimate,
  MAX_WORDS_PER_START,
  onlyPlainWords,
  pageOfBandedMatches,
  pageOfEveryMatch,
  pageOfSortIndex,
  partsOf,
  searchWalk,
  shapeOf,
  sortIndexWalk,
  statementName,
  TOTAL_CAP,
  tsLexeme,
  wordStartsQuery,
  type CardOrder,
} from './product-cards.js';

let ctx: TestContext;
let buyer: TestUser;
let seller: TestUser;
let bulk: { id: string; slug: string };
let small: { id: string; slug: string };
/** Rows in the bulk category: far more than the cap, so its total is "1,000+" and pages lie deep. */
const BULK = 10_001;

beforeAll(async () => {
  ctx = await createTestApp({ LISTING_CACHE_SECONDS: '0' });
  const db = ctx.database.db;
  [buyer, seller] = await Promise.all([
    signUp(ctx.app, 'buyer'),
    signUp(ctx.app, 'seller', { verified: true }),
  ]);
  const rows = await categoryRows(db);
  bulk = rows.find((row) => row.slug === 'living-room')!;
  small = rows.find((row) => row.slug === 'kitchen')!;
  // Many products with repeated prices and dates, so ties decide the order of deep pages too.
  await db.execute(sql`
    insert into products (seller_id, category_id, title, description, phone, location, condition,
      original_price_cents, selling_price_cents, currency, years_used, posted_at)
    select ${seller.id}, ${bulk.id}, 'Bulk chair ' || g, 'A plain chair.', '+8801700000000',
      (array['Dhaka','Khulna'])[1 + g % 2], (array['excellent','good','fair'])[1 + g % 3],
      50000, 1000 + (g % 37) * 100, 'USD', 1, now() - ((g % 500) || ' hours')::interval
    from generate_series(1, ${BULK}) g`);
  await insertProduct(db, seller.id, {
    categoryId: small.id,
    title: 'Café table',
    description: 'Round marble top with a cast-iron base.',
  });
  await insertProduct(db, seller.id, {
    categoryId: small.id,
    title: 'Bookcase with doors',
    description: 'Solid walnut, adjustable shelves, a carved headboard-style crest.',
  });
}, 180_000);
afterAll(() => ctx.close());

interface CardPage {
  items: ProductCard[];
  page: number;
  pageSize: number;
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
const titles = (page: CardPage) => page.items.map((item) => item.title);

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

/** How many products of the bulk category match, straight from the table. */
async function expectedCount(where: string): Promise<number> {
  const result = (await ctx.database.db.execute(
    sql.raw(`select count(*)::int n from products where category_id = '${bulk.id}' and ${where}`),
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n;
}

describe('totals', () => {
  it('counts exactly up to 1,000 and says when there are more', async () => {
    expect(TOTAL_CAP).toBe(1_000);
    const page = await categoryPage('pageSize=5');
    expect(page).toMatchObject({ total: TOTAL_CAP, totalCapped: true });
    expect(page.items).toHaveLength(5);
  });

  it('past the cap, says at least as many as the page reaches', async () => {
    const page = await categoryPage('pageSize=25&page=100');
    expect(page).toMatchObject({ total: 2_500, totalCapped: true });
    expect(page.items).toHaveLength(25);
  });

  it('counts a filtered listing under the cap exactly', async () => {
    // Prices 1000 + (g % 37) * 100: 100.00 to 109.00 are g % 37 in 0..9; in Dhaka only the even g,
    // fair only g % 3 = 2.
    const page = await categoryPage('minPrice=10&maxPrice=19&location=Dhaka&condition=fair&pageSize=5');
    const n = await expectedCount(
      `selling_price_cents between 1000 and 1900 and location = 'Dhaka' and condition = 'fair'`,
    );
    expect(page).toMatchObject({ total: n, totalCapped: false });
    expect(n).toBeGreaterThan(0);
  });
});

describe('the answer on the wire', () => {
  it('compresses a large page in one piece, its length known before it is sent', async () => {
    const res = await buyer.client.get(`/api/categories/${bulk.slug}?pageSize=100`, {
      'accept-encoding': 'gzip',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    // Streamed compression would leave the length unknown (a chunked answer).
    expect(res.headers['transfer-encoding']).toBeUndefined();
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    const text = gunzipSync(res.rawPayload);
    expect((JSON.parse(text.toString()).products as CardPage).items).toHaveLength(100);
    // Big enough that the compression library's own default would have streamed it.
    expect(text.length).toBeGreaterThan(16 * 1024);
  });
});

describe('deep pages', () => {
  it('answers the same products as the table in the same order, newest first', async () => {
    for (const pageNumber of [1, 2, 250, 401]) {
      const page = await categoryPage(`pageSize=25&page=${pageNumber}`);
      const ids = await expectedIds('posted_at desc, id desc', (pageNumber - 1) * 25, 25);
      expect(
        page.items.map((item) => item.id),
        `page ${pageNumber}`,
      ).toEqual(ids);
    }
  });

  it('answers deep pages by price both ways, with a filter, and the last partial page', async () => {
    const cases = [
      { query: 'sort=price_asc', order: 'selling_price_cents asc, posted_at desc, id desc', where: 'true' },
      { query: 'sort=price_desc', order: 'selling_price_cents desc, posted_at desc, id desc', where: 'true' },
      {
        query: 'sort=price_desc&condition=fair',
        order: 'selling_price_cents desc, posted_at desc, id desc',
        where: `condition = 'fair'`,
      },
    ];
    for (const { query, order, where } of cases) {
      for (const pageNumber of [3, 120]) {
        const page = await categoryPage(`${query}&pageSize=20&page=${pageNumber}`);
        const ids = await expectedIds(order, (pageNumber - 1) * 20, 20, where);
        expect(
          page.items.map((item) => item.id),
          `${query} page ${pageNumber}`,
        ).toEqual(ids);
      }
    }
    const last = await categoryPage(`pageSize=100&page=${Math.ceil(BULK / 100)}`);
    expect(last.items).toHaveLength(BULK % 100);
  });

  it('plans newest first within a price range for its values, every run, and answers as the table', async () => {
    const where = `condition = 'good' and selling_price_cents between 1500 and 2500`;
    // Shallow and deep pages, answered as the table orders them; which plans are kept is checked below.
    for (const pageNumber of [1, 2, 5, 9, 14, 20, 30, 45]) {
      const page = await categoryPage(
        `condition=good&minPrice=15&maxPrice=25&pageSize=20&page=${pageNumber}`,
      );
      expect(
        page.items.map((item) => item.id),
        `page ${pageNumber}`,
      ).toEqual(await expectedIds('posted_at desc, id desc', (pageNumber - 1) * 20, 20, where));
    }
    // Which listings one connection keeps (PGlite keeps none: it plans every statement for its values).
    if (ctx.database.engine !== 'postgres') return;
    const request = (order: CardOrder) => ({
      filter: { categoryId: bulk.id, minPriceCents: 1500, maxPriceCents: 2500 },
      order,
      page: 3,
      pageSize: 20,
    });
    const { images } = ctx.app.services;
    const kept = await ctx.database.db.transaction(async (tx) => {
      for (let run = 0; run < 7; run++) {
        for (const order of ['newest', 'price_asc'] as const) await loadCardPage(tx, images, request(order));
      }
      const result = (await tx.execute(sql`select name from pg_prepared_statements`)) as unknown as {
        rows: { name: string }[];
      };
      return result.rows.map((row) => row.name);
    });
    const name = (order: CardOrder) => statementName(shapeOf(request(order).filter, order));
    expect(kept).toContain(name('price_asc'));
    expect(kept).not.toContain(name('newest'));
  });

  it('answers the pages of one town in every sort, with the other filters, as the table does', async () => {
    const cases = [
      { query: 'sort=newest', order: 'posted_at desc, id desc' },
      { query: 'sort=price_asc', order: 'selling_price_cents asc, posted_at desc, id desc' },
      { query: 'sort=price_desc', order: 'selling_price_cents desc, posted_at desc, id desc' },
    ];
    const filters = [
      { query: 'location=Khulna', where: `location = 'Khulna'` },
      {
        query: 'location=Dhaka&condition=good&minPrice=12&maxPrice=30',
        where: `location = 'Dhaka' and condition = 'good' and selling_price_cents between 1200 and 3000`,
      },
    ];
    for (const { query, order } of cases) {
      for (const filter of filters) {
        for (const pageNumber of [2, 60]) {
          const page = await categoryPage(`${query}&${filter.query}&pageSize=20&page=${pageNumber}`);
          const ids = await expectedIds(order, (pageNumber - 1) * 20, 20, filter.where);
          expect(
            page.items.map((item) => item.id),
            `${query}&${filter.query} page ${pageNumber}`,
          ).toEqual(ids);
        }
      }
    }
    // A town with nothing in the category: no products, and a total of none.
    expect(await categoryPage('location=Sylhet&page=3')).toMatchObject({ items: [], total: 0 });
  });

  it('answers the last page of a counted listing and nothing past it, its total kept', async () => {
    const where = `location = 'Khulna' and condition = 'excellent' and selling_price_cents <= 2500`;
    const filter = 'location=Khulna&condition=excellent&maxPrice=25';
    const n = await expectedCount(where);
    expect(n).toBeGreaterThan(40);
    expect(n).toBeLessThan(TOTAL_CAP);
    const lastPage = Math.ceil(n / 40);
    const last = await categoryPage(`${filter}&pageSize=40&page=${lastPage}`);
    expect(last.items.map((item) => item.id)).toEqual(
      await expectedIds('posted_at desc, id desc', (lastPage - 1) * 40, 40, where),
    );
    expect(last.items.length).toBeGreaterThan(0);
    expect(last).toMatchObject({ total: n, totalCapped: false });
    for (const pageNumber of [lastPage + 1, lastPage + 50]) {
      expect(await categoryPage(`${filter}&pageSize=40&page=${pageNumber}`)).toMatchObject({
        items: [],
        total: n,
        totalCapped: false,
      });
    }
    // Past the end of a listing over the cap: nothing there, and still counted as over the cap.
    expect(await categoryPage(`pageSize=100&page=${Math.ceil(BULK / 100) + 1}`)).toMatchObject({
      items: [],
      total: TOTAL_CAP,
      totalCapped: true,
    });
  });
});

/** Every bulk product is a "Bulk chair": 10,001 matches, all in the bulk category. */
const chairs = `search @@ to_tsquery('english', 'chair')`;
/** The orders of a search, as SQL sorts the table to check a page against. */
const sorts: { order: CardOrder; by: string }[] = [
  { order: 'newest', by: 'posted_at desc, id desc' },
  { order: 'price_asc', by: 'selling_price_cents asc, posted_at desc, id desc' },
  { order: 'price_desc', by: 'selling_price_cents desc, posted_at desc, id desc' },
];

describe('deep pages of a search over the cap', () => {
  const chair = sql`${products.search} @@ to_tsquery('english', 'chair')`;

  it('reads every match when that reads fewer rows than walking the sort to the page', () => {
    // A few thousand matches among a million, ten pages down: 8,000 rows against about 27,000.
    expect(searchWalk(8_000, 240, 900_000)).toBe('every-match');
    // Its first page is nearer by the walk (about 2,700 rows), and a common word's every page.
    expect(searchWalk(8_000, 24, 900_000)).toBe('sort-index');
    expect(searchWalk(100_000, 1_200, 900_000)).toBe('sort-index');
    // Even at the break-even number, reading once is chosen.
    expect(searchWalk(6_000, 40, 900_000)).toBe('every-match');
  });

  it('answers the same page both ways, as the table does, in every sort', async () => {
    for (const { order, by } of sorts) {
      for (const page of [1, 7, 300]) {
        const request = { filter: { q: 'chair', categoryId: bulk.id }, order, page, pageSize: 30 };
        const expected = await expectedIds(by, (page - 1) * 30, 30, chairs);
        expect(expected, `${order} page ${page}`).toHaveLength(30);
        const every = await pageOfEveryMatch(ctx.database.db, request, chair, 20_000);
        expect(every, `${order} page ${page}, every match`).toMatchObject({ n: BULK, ids: expected });
        expect(every.cards.map((card) => card.id)).toEqual(expected);
        expect(
          await pageOfSortIndex(ctx.database.db, request, chair),
          `${order} page ${page}, the sort's index`,
        ).toEqual(expected);
      }
    }
  });

  it('walks without the search index, the words checked on each row walked', async () => {
    for (const { order } of sorts) {
      const request = { filter: { q: 'chair', categoryId: bulk.id }, order, page: 7, pageSize: 30 };
      const walk = sortIndexWalk(ctx.database.db, request, chair);
      const plan = (await ctx.database.db.execute(sql`explain ${walk}`)) as unknown as {
        rows: { 'QUERY PLAN': string }[];
      };
      const text = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
      // The search index would read every match and sort them: what the walk is chosen not to do.
      expect(text, order).not.toContain('products_search_idx');
      // The words in the walk's own filter, not in a subplan run for every row walked.
      expect(text, order).toMatch(/Filter: .*search @@/);
    }
  });

  it('stops reading every match past its bound, which says only that there are more', async () => {
    const request = { filter: { q: 'chair' }, order: 'newest' as const, page: 1, pageSize: 10 };
    // Nor are cards built for a page that is not the one asked for.
    expect(await pageOfEveryMatch(ctx.database.db, request, chair, 1_500)).toMatchObject({
      n: 1_501,
      cards: [],
      photos: [],
    });
    const tooFew = await pageOfEveryMatch(ctx.database.db, request, chair, 20_000, 20_000);
    expect(tooFew).toMatchObject({ n: BULK, cards: [], photos: [] });
    expect(tooFew.ids).toHaveLength(10);
  });

  it('answers deep pages of a search through the API, counted as over the cap', async () => {
    for (const { order, by } of sorts) {
      for (const page of [2, 40, 333]) {
        const answer = await search(`q=chair&category=${bulk.slug}&sort=${order}&pageSize=30&page=${page}`);
        expect(
          answer.items.map((item) => item.id),
          `${order} page ${page}`,
        ).toEqual(await expectedIds(by, (page - 1) * 30, 30, chairs));
        expect(answer.totalCapped).toBe(true);
        expect(answer.total).toBe(Math.max(TOTAL_CAP, page * 30));
      }
    }
    // The last partial page and the first past the end.
    const last = await search(`q=chair&category=${bulk.slug}&pageSize=100&page=${Math.ceil(BULK / 100)}`);
    expect(last.items).toHaveLength(BULK % 100);
    const past = await search(`q=chair&category=${bulk.slug}&pageSize=100&page=${Math.ceil(BULK / 100) + 1}`);
    expect(past).toMatchObject({ items: [], total: TOTAL_CAP, totalCapped: true });
  });
});

describe('bands of price and date', () => {
  const chair = `'chair'`;

  beforeAll(async () => {
    await ctx.database.db.execute(sql`analyze products`);
    forgetSpread(ctx.database.db);
  });

  it('covers a run of bands exactly with few lexemes', () => {
    for (const [from, to, widest] of [
      [0, 0, 7],
      [119, 127, 7],
      [-40, 37, 10],
      [20_400, 20_420, 10],
      [3, 1_000, 3],
    ] as const) {
      const covering = coveringBands(from, to, widest);
      const covered = covering.flatMap(([level, index]) =>
        Array.from({ length: 1 << level }, (_, i) => (index << level) + i),
      );
      expect(covered, `${from}..${to}`).toEqual(Array.from({ length: to - from + 1 }, (_, i) => from + i));
      expect(covering.every(([level]) => level <= widest)).toBe(true);
      // Two a width at most, and as many of the widest as the run holds.
      expect(covering.length).toBeLessThanOrEqual(2 * (widest + 1) + ((to - from + 1) >> widest));
    }
  });

  it('names the bands as the database writes them, at every width', async () => {
    const cases: [number, string][] = [
      [0, '2026-11-26T12:00:00Z'],
      [1_000, '2025-01-01T00:00:01Z'],
      [12_345, '1969-11-20T06:00:00Z'],
      [150_000, '2030-06-15T23:59:59Z'],
    ];
    for (const [cents, at] of cases) {
      const result = (await ctx.database.db.execute(
        sql`select tsvector_to_array(search_bands(${cents}::int, ${at}::timestamptz)) as lexemes`,
      )) as unknown as { rows: { lexemes: string[] }[] };
      const expected = (['p', 'd'] as const).flatMap((kind) => {
        const narrow = kind === 'p' ? priceBand(cents) : dateBand(Date.parse(at) / 1000);
        return Array.from({ length: WIDEST[kind] + 1 }, (_, level) =>
          bandLexeme(kind, level, narrow >> level),
        );
      });
      expect([...result.rows[0]!.lexemes].sort(), `${cents} at ${at}`).toEqual(expected.sort());
    }
  });

  it('asks for no bands where they cannot narrow the read', () => {
    // Ten prices a thousand apart, each a tenth of the table, and as many days.
    const evenly = (values: number[]) => values.map((value) => ({ low: value, high: value, share: 0.1 }));
    const prices = Array.from({ length: 10 }, (_, i) => 1_000 * (i + 1));
    const spread = {
      prices: evenly(prices),
      posted: evenly(prices.map((_, i) => i * 86_400)),
      now: 9 * 86_400,
      indexed: 100,
    };
    expect(bandsFor('advertised', spread, 0.1)).toBeNull();
    expect(bandsFor('price_asc', spread, 0.5)).toBeNull();
    expect(bandsFor('price_asc', { ...spread, prices: evenly([1_000]) }, 0.1)).toBeNull();
    // Every price in one band: the band would hold the whole table.
    expect(
      bandsFor('price_desc', { ...spread, prices: evenly([1_000, 1_001, 1_002, 1_003]) }, 0.1),
    ).toBeNull();
    // Prices a thousandfold apart: 56 narrow bands to the median, asked for as a few wider ones.
    const wide = Array.from({ length: 100 }, (_, i) => ({
      low: 100 * 1.07 ** i,
      high: 100 * 1.07 ** (i + 1),
      share: 0.01,
    }));
    expect(
      bandsFor('price_asc', { ...spread, prices: wide }, 0.45)!.query.split(' | ').length,
    ).toBeLessThanOrEqual(8);
    // The cheapest fifth: from the edge of the widest band below the cheapest price, past the band of
    // the second price.
    const cheapest = bandsFor('price_asc', spread, 0.2)!;
    const widestPrice = 1 << WIDEST.p;
    expect(cheapest.end).toBe(Math.floor((priceBand(1_000) - 1) / widestPrice) * widestPrice);
    const run = coveredBands(cheapest.query);
    expect(run[0]).toBe(cheapest.end);
    expect(run.at(-1)).toBeGreaterThanOrEqual(priceBand(2_000));
    expect(cheapest.lexemes).toBe(cheapest.query.split(' | ').length);
    expect(cheapest.lexemes).toBeLessThanOrEqual(MOST_LEXEMES);
    // The newest fifth reaches past the clock, to the edge of the widest band of days.
    const widestDate = 1 << WIDEST.d;
    expect(bandsFor('newest', spread, 0.2)).toMatchObject({ end: widestDate - 1 });
  });

  /** The narrow bands a query of bands names, in order; a run when they follow one another. */
  const coveredBands = (query: string) =>
    query
      .split(' | ')
      .flatMap((lexeme) => {
        const [, level, index] = /^'~[pd](\d+)\.(-?\d+)'$/.exec(lexeme)!.map(Number);
        return Array.from({ length: 1 << level! }, (_, i) => (index! << level!) + i);
      })
      .sort((a, b) => a - b);

  it("asks for a run from the order's start in few lexemes, and ends it where it costs least", () => {
    // Prices a thousandfold apart, one per cent of the table each: a band or two each.
    const prices = Array.from({ length: 100 }, (_, i) => ({
      low: 100 * 1.07 ** i,
      high: 100 * 1.07 ** (i + 1),
      share: 0.01,
    }));
    const days = Array.from({ length: 100 }, (_, i) => ({
      low: (20_000 + 7 * i) * 86_400,
      high: (20_000 + 7 * (i + 1)) * 86_400,
      share: 0.01,
    }));
    const spread = { prices, posted: days, now: 20_700 * 86_400, indexed: 1_000_000 };
    const heldTo = (order: 'price_asc' | 'price_desc' | 'newest', run: number[]) => {
      const stretches = order === 'newest' ? days : prices;
      const band = order === 'newest' ? dateBand : priceBand;
      const [first, last] = [run[0]!, run.at(-1)!];
      return stretches
        .filter((s) => (order === 'price_asc' ? band(s.low) <= last : band(s.high) >= first))
        .reduce((sum, s) => sum + s.share, 0);
    };
    for (const order of ['price_asc', 'price_desc', 'newest'] as const) {
      for (const share of [0.02, 0.07, 0.15, 0.3]) {
        for (const matches of [0, 8_000, 80_000]) {
          const bands = bandsFor(order, spread, share, matches)!;
          const label = `${order} ${share} of ${matches}`;
          const run = coveredBands(bands.query);
          // One run with no gap, from the order's start.
          expect(run, label).toEqual(Array.from({ length: run.length }, (_, i) => run[0]! + i));
          expect(order === 'price_asc' ? run[0] : run.at(-1), label).toBe(bands.end);
          // Holding at least the share asked for, and the share it says.
          expect(heldTo(order, run), label).toBeGreaterThanOrEqual(share);
          expect(heldTo(order, run), label).toBeCloseTo(bands.share, 6);
          expect(bands.lexemes, label).toBe(bands.query.split(' | ').length);
        }
      }
    }
    // Matches that cost much to read: the run ends where the share is reached. Few that cost little:
    // it ends further on, when that names fewer lexemes.
    const costly = bandsFor('price_asc', spread, 0.15, 10_000_000)!;
    const cheap = bandsFor('price_asc', spread, 0.15, 0)!;
    expect(cheap.share).toBeGreaterThan(costly.share);
    expect(cheap.lexemes).toBeLessThan(costly.lexemes);
    expect(bandsCost(0, cheap, spread.indexed)).toBeLessThan(bandsCost(0, costly, spread.indexed));
    expect(bandsCost(10_000_000, costly, spread.indexed)).toBeLessThan(
      bandsCost(10_000_000, cheap, spread.indexed),
    );
  });

  it('counts the products of the bands the index merges for each lexeme, besides the matches', () => {
    const bands = (share: number, lexemes: number) => ({ share, lexemes });
    // A common word in a million products: three lexemes of bands of 3.5 per cent hold 2,285 of its
    // 65,000 matches, and the index steps through 31,500 of their entries three times over.
    expect(bandsCost(65_000, bands(0.035, 3), 900_000)).toBeCloseTo(2_275 + 315, 0);
    // Two words of 6,500 matches need bands of a third of the table for 1,001 of them: their entries
    // cost more than reading the matches, more than a walk of 4,300 rows to page 1.
    expect(bandsCost(6_500, bands(0.31, 5), 900_000)).toBeGreaterThan(4_300);
    expect(bandsCost(6_500, bands(0.31, 5), 0)).toBeLessThan(4_300);
    // The same bands named in fewer lexemes cost less.
    expect(bandsCost(6_500, bands(0.31, 2), 900_000)).toBeLessThan(bandsCost(6_500, bands(0.31, 5), 900_000));
  });

  it('answers the same page as every match does, from the bands of each order', async () => {
    for (const { order, by } of sorts) {
      for (const page of [1, 7, 40]) {
        const request = { filter: { q: 'chair', categoryId: bulk.id }, order, page, pageSize: 30 };
        const read = await pageOfBandedMatches(ctx.database.db, request, chair, BULK, 20_000);
        expect(read, `${order} page ${page}`).not.toBeNull();
        // Fewer than every match, and enough to say there are more than the cap.
        expect(read!.n).toBeLessThan(BULK);
        expect(read!.n).toBeGreaterThan(Math.max(TOTAL_CAP, page * 30));
        expect(read!.ids, `${order} page ${page}`).toEqual(
          await expectedIds(by, (page - 1) * 30, 30, chairs),
        );
        expect(read!.cards.map((card) => card.id)).toEqual(read!.ids);
      }
    }
  });

  it('sizes the bands on an estimate near the matches, not half of them', async () => {
    // Every bulk product is a chair: the planner, seeing the condition on removed sellers, would say half.
    const words = sql`${products.search} @@ ${chair}::tsquery`;
    const estimate = await matchesEstimate(ctx.database.db, { q: 'chair', categoryId: bulk.id }, words);
    expect(estimate).toBeGreaterThan(0.75 * BULK);
    expect(estimate).toBeLessThan(1.25 * BULK);
  });

  it('reads every match instead when a product lies beyond the bands the statistics chose', async () => {
    const request = (order: CardOrder) => ({
      filter: { q: 'chair', categoryId: bulk.id },
      order,
      page: 1,
      pageSize: 30,
    });
    // Cheaper than anything the statistics know, listed since they were gathered: the bands reach back
    // to the edge of the widest band below the cheapest price they know, so they hold it too.
    const cheap = await insertProduct(ctx.database.db, seller.id, {
      categoryId: bulk.id,
      title: 'Bargain chair',
      sellingPriceCents: 100,
      photos: 0,
    });
    // Dearer than the widest band above the dearest price they know: beyond the bands.
    const dear = await insertProduct(ctx.database.db, seller.id, {
      categoryId: bulk.id,
      title: 'Collector chair',
      sellingPriceCents: 3_000_000,
      photos: 0,
    });
    try {
      const banded = await pageOfBandedMatches(ctx.database.db, request('price_asc'), chair, BULK, 20_000);
      expect(banded?.ids[0]).toBe(cheap.id);
      expect(
        await pageOfBandedMatches(ctx.database.db, request('price_desc'), chair, BULK, 20_000),
      ).toBeNull();
      for (const [sort, first] of [
        ['price_asc', cheap],
        ['price_desc', dear],
      ] as const) {
        const search = await get<CardPage>(
          `/api/products?q=chair&category=${bulk.slug}&sort=${sort}&pageSize=30`,
        );
        expect(search.items[0]!.id, sort).toBe(first.id);
      }
    } finally {
      await ctx.database.db.execute(sql`delete from products where id in (${cheap.id}, ${dear.id})`);
    }
    // Too few matches in the bands: a share of the listing far smaller than the page needs.
    expect(
      await pageOfBandedMatches(ctx.database.db, request('price_asc'), chair, BULK * 100, 20_000),
    ).toBeNull();
  });

  it('reads a deep page of a common word from its bands, and a near one by walking its sort', async () => {
    const db = ctx.database.db;
    // Two bulk products in three also say "cushioned": thousands of matches, one listed row in three
    // passed over by a walk, and bands that hold fewer rows than a walk to page 40 reads.
    const cushioned = `search @@ to_tsquery('english', 'cushioned')`;
    await db.execute(
      sql.raw(`update products set description = 'A plain chair, cushioned.'
        where category_id = '${bulk.id}' and title like 'Bulk chair %' and right(title, 1) not in ('0', '3', '6', '9')`),
    );
    try {
      await db.execute(sql`analyze products`);
      const dialect = new PgDialect();
      const statements: string[] = [];
      // The same database, each statement written down: which way each page was read.
      const recording = new Proxy(db, {
        get(target, key) {
          if (key === 'execute') {
            return (query: SQL) => {
              statements.push(dialect.sqlToQuery(query).sql);
              return target.execute(query);
            };
          }
          const value = Reflect.get(target, key, target) as unknown;
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
      const everyMatchRead = (banded: boolean) =>
        statements.some(
          (text) => text.includes('as materialized') && text.includes('search_bands(') === banded,
        );
      for (const { order, by } of sorts) {
        for (const [page, banded] of [
          [7, false],
          [40, true],
        ] as const) {
          statements.length = 0;
          const answer = await loadCardPage(recording, ctx.app.services.images, {
            filter: { q: 'cushioned', categoryId: bulk.id },
            order,
            page,
            pageSize: 30,
          });
          expect(
            answer.items.map((item) => item.id),
            `${order} page ${page}`,
          ).toEqual(await expectedIds(by, (page - 1) * 30, 30, cushioned));
          expect(answer.totalCapped).toBe(true);
          expect(everyMatchRead(true), `${order} page ${page} from bands`).toBe(banded);
          expect(everyMatchRead(false), `${order} page ${page} walked`).toBe(!banded);
        }
      }
    } finally {
      await db.execute(
        sql`update products set description = 'A plain chair.' where description = 'A plain chair, cushioned.'`,
      );
      await db.execute(sql`analyze products`);
      forgetSpread(db);
    }
  });
});

describe('search by parts of words', () => {
  it('finds a word from its start, in title or description', async () => {
    expect(titles(await search('q=bookc'))).toEqual(['Bookcase with doors']);
    expect(titles(await search('q=marb'))).toEqual(['Café table']);
    expect(titles(await search('q=headb&category=kitchen'))).toEqual(['Bookcase with doors']);
  });

  it('looks inside words only when nothing starts with them', async () => {
    // "board" starts no word ("headboard" does not), so the parts inside words are searched.
    expect(titles(await search('q=board&category=kitchen'))).toEqual(['Bookcase with doors']);
    expect(titles(await search('q=arble'))).toEqual(['Café table']);
    expect((await search('q=nothing-starts-or-holds-this')).total).toBe(0);
  });

  it('asks full text for each start as the whole words that start so', () => {
    expect(
      wordStartsQuery(
        [
          { part: 1, lexeme: 'mahog', words: ['mahogani'] },
          { part: 2, lexeme: 'bookc', words: ['bookcas', 'bookcase-styl'] },
          { part: 3, lexeme: 'pine', words: ['pine', 'pinecon'] },
        ],
        2,
      ),
    ).toBe(`('mahogani') & ('bookcas' | 'bookcase-styl') & !'pine'`);
    // A start of too many words is asked of the index as a start.
    const many = Array.from({ length: MAX_WORDS_PER_START + 1 }, (_, i) => `c${i}`);
    expect(wordStartsQuery([{ part: 1, lexeme: 'c', words: many }], 1)).toBe(`'c':*`);
    // A start no word has, or nothing but stop words, finds nothing.
    expect(wordStartsQuery([{ part: 1, lexeme: 'zzz', words: [] }], 1)).toBeNull();
    expect(wordStartsQuery([{ part: 2, lexeme: 'pine', words: ['pine'] }], 1)).toBeNull();
    // Stored words are data: quotes and backslashes stay inside the lexeme.
    expect(tsLexeme(`o'k\\`)).toBe(`'o''k\\\\'`);
  });

  it('writes a stored word so that full text reads back that word and no other', async () => {
    for (const word of [`o'k`, 'back\\slash', 'a:* & !b | c', `''`]) {
      const result = (await ctx.database.db.execute(
        sql`select array_to_tsvector(array[${word}]::text[]) @@ ${tsLexeme(word)}::tsquery as same,
          array_to_tsvector(array['ok', 'a', 'b', 'c', 'backslash']::text[]) @@ ${tsLexeme(word)}::tsquery as other`,
      )) as unknown as { rows: { same: boolean; other: boolean }[] };
      expect(result.rows[0], word).toEqual({ same: true, other: false });
    }
  });

  it('knows when the starts of words alone say what a search finds', () => {
    expect(onlyPlainWords('Walnut desk -pine')).toBe(true);
    expect(onlyPlainWords('  café  ')).toBe(true);
    expect(onlyPlainWords('oak or teak')).toBe(false);
    expect(onlyPlainWords('"carved headboard"')).toBe(false);
    expect(onlyPlainWords('mid-century')).toBe(false);
  });

  it('finds the words of a product as it is added, edited and sold, through the API', async () => {
    // Holds both starts inside its words only: found by them only if the search looks inside words.
    await insertProduct(ctx.database.db, seller.id, {
      categoryId: small.id,
      title: 'Okazebra unquartersawn stool',
      description: 'Three legs.',
    });
    const added = await seller.client.post('/api/products', {
      categoryId: small.id,
      title: 'Zebrawood console',
      description: 'Striped grain, two drawers.',
      phone: '+8801711000000',
      location: 'Dhaka',
      condition: 'good',
      originalPrice: '300',
      sellingPrice: '200',
      yearsUsed: '2',
      photoIds: [await uploadPhoto(seller.client)],
    });
    expect(added.statusCode, added.body).toBe(201);
    const id = added.json().id as string;
    expect(titles(await search('q=zebra'))).toEqual(['Zebrawood console']);
    expect(titles(await search('q=strip%20zebra'))).toEqual(['Zebrawood console']);

    const edited = await seller.client.patch(`/api/products/${id}`, { title: 'Quartersawn console' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(titles(await search('q=quarters'))).toEqual(['Quartersawn console']);
    // Its old word stays known but finds nothing visible, so the search looks inside words.
    expect(titles(await search('q=zebra'))).toEqual(['Okazebra unquartersawn stool']);

    await ctx.database.db.execute(sql`update products set status = 'sold' where id = ${id}`);
    expect(titles(await search('q=quarters'))).toEqual(['Okazebra unquartersawn stool']);
  });

  it('searches the same with quotes and "or" as the whole words and their starts together', async () => {
    // "or" joins whole words; the starts of words are all needed, so they add nothing here.
    expect(titles(await search('q=bookcase%20or%20marble')).sort()).toEqual([
      'Bookcase with doors',
      'Café table',
    ]);
    expect(titles(await search('q=%22solid%20walnut%22%20bookc'))).toEqual(['Bookcase with doors']);
    expect((await search('q=%22solid%20walnut%22%20-bookcase')).total).toBe(0);
  });

  it('needs every part, ignores case, and keeps what the full-text search finds', async () => {
    expect(titles(await search('q=WALN%20adjust'))).toEqual(['Bookcase with doors']);
    expect((await search('q=walnut%20marble')).total).toBe(0);
    expect(titles(await search('q=HEADBOARD&category=kitchen'))).toEqual(['Bookcase with doors']);
    // Word forms still come from full text: "carving" is in no text, but it stems as "carved" does.
    expect(titles(await search('q=carving&category=kitchen'))).toEqual(['Bookcase with doors']);
  });

  it('reads accents as they are written, as full text does', async () => {
    expect(titles(await search('q=caf%C3%A9'))).toEqual(['Café table']);
    expect(titles(await search('q=CAF%C3%89'))).toEqual(['Café table']);
  });

  it('leaves out excluded words and short parts', async () => {
    expect(titles(await search('q=shelves%20-walnut&category=kitchen'))).toEqual([]);
    expect(partsOf('Oak "carved headboard" or -pine ab')).toEqual({
      included: ['oak', 'carved', 'headboard'],
      excluded: ['pine'],
    });
  });

  it('counts a search over the cap as capped', async () => {
    expect(await search('q=chai&pageSize=1')).toMatchObject({ total: TOTAL_CAP, totalCapped: true });
    expect(await search('q=bulk%20chair%2010001')).toMatchObject({ total: 1, totalCapped: false });
  });
});
