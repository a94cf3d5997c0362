/**
 * Search in Bangla and English through the one search statement: Bangla words whole and from their start
 * ("খা" finds "খাট"), inside words, in either Unicode spelling, ranked and counted as English is, while
 * English keeps its stemming.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductCard } from '@furniture-mart/shared';
import { createTestApp, signUp, type TestContext, type TestUser } from '../../../test/helpers/app.js';
import { categoryRows, insertProduct } from '../../../test/helpers/fixtures.js';
import { uploadPhoto } from '../../../test/helpers/images.js';
import { partsOf } from './search-sql.js';

let ctx: TestContext;
let buyer: TestUser;
let seller: TestUser;
let kitchen: { id: string; slug: string };

interface CardPage {
  items: ProductCard[];
  total: number;
  totalCapped: boolean;
}

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
/** "Chair" with য় as one code point (U+09DF), as some keyboards type it; NFC writes it as two. */
const CHAIR_ONE_POINT = 'চে\u09DFার';
const CHAIR_TWO_POINTS = 'চে\u09AF\u09BCার';

beforeAll(async () => {
  ctx = await createTestApp({ LISTING_CACHE_SECONDS: '0' });
  [buyer, seller] = await Promise.all([
    signUp(ctx.app, 'buyer'),
    signUp(ctx.app, 'seller', { verified: true }),
  ]);
  kitchen = (await categoryRows(ctx.database.db)).find((row) => row.slug === 'kitchen')!;
  const add = (title: string, description: string, hours: number) =>
    insertProduct(ctx.database.db, seller.id, {
      categoryId: kitchen.id,
      title,
      description,
      postedAt: hoursAgo(hours),
    });
  // "খা" starts a word of three titles and of one description only (the newest).
  await add('সেগুন কাঠের খাট', 'দুইজনের, ভালো অবস্থা।', 6);
  await add('খাবার টেবিল', 'চারটি চেয়ারসহ, মেহগনি কাঠ।', 5);
  await add('Wooden cot', 'পুরনো খাটটি মজবুত, রং করা।', 2);
  await add('Running chairs', 'Four folding chairs, lightly used.', 3);
  await add('খালি বাক্স', 'Empty box.', 4);
}, 120_000);
afterAll(() => ctx.close());

async function search(query: string, more = ''): Promise<CardPage> {
  const res = await buyer.client.get(`/api/products?q=${encodeURIComponent(query)}&category=kitchen${more}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CardPage;
}
const titles = (page: CardPage) => page.items.map((item) => item.title);

describe('a Bangla search', () => {
  it('finds a piece by its Bangla words, in title or description, the title first', async () => {
    expect(titles(await search('খাট'))).toEqual(['সেগুন কাঠের খাট', 'Wooden cot']);
    expect(titles(await search('মেহগনি'))).toEqual(['খাবার টেবিল']);
    expect(titles(await search('সেগুন খাট'))).toEqual(['সেগুন কাঠের খাট']);
  });

  it('finds the start of a word: "খা" finds "খাট", counted and ordered as English is', async () => {
    const page = await search('খা');
    // Title matches first (newest first among them), then the match in a description only.
    expect(titles(page)).toEqual(['খালি বাক্স', 'খাবার টেবিল', 'সেগুন কাঠের খাট', 'Wooden cot']);
    expect(page).toMatchObject({ total: 4, totalCapped: false });
    const newest = await search('খা', '&sort=newest');
    expect(titles(newest)).toEqual(['Wooden cot', 'খালি বাক্স', 'খাবার টেবিল', 'সেগুন কাঠের খাট']);
    expect(titles(await search('কাঠ'))).toEqual(['সেগুন কাঠের খাট', 'খাবার টেবিল']);
    // One letter alone is too short to look for; a start nothing has finds nothing.
    expect((await search('খ')).total).toBe(0);
    expect((await search('ঝু')).total).toBe(0);
  });

  it('leaves out -words and finds parts inside words when nothing starts with them', async () => {
    expect(titles(await search('খা -টেবিল -বাক্স')).sort()).toEqual(['Wooden cot', 'সেগুন কাঠের খাট']);
    // "গুন" starts no word; it is inside "সেগুন".
    expect(titles(await search('গুন'))).toEqual(['সেগুন কাঠের খাট']);
  });

  it('reads a word typed in either Unicode spelling as one', async () => {
    const added = await seller.client.post('/api/products', {
      categoryId: kitchen.id,
      title: `পড়ার ${CHAIR_ONE_POINT}`,
      description: 'কাঠের হাতল।',
      phone: '01711-223344',
      location: 'Dhaka',
      district: 'dhaka',
      condition: 'excellent',
      originalPrice: '3000',
      sellingPrice: '2000',
      yearsUsed: '1',
      photoIds: [await uploadPhoto(seller.client)],
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(titles(await search(CHAIR_TWO_POINTS))).toContain(`পড়ার ${CHAIR_TWO_POINTS}`);
    expect(titles(await search(CHAIR_ONE_POINT))).toContain(`পড়ার ${CHAIR_TWO_POINTS}`);
    // Its words joined the list the starts of words are found in.
    const known = (await ctx.database.db.execute(
      sql`select word from search_words where word like ${'চে%'} order by word`,
    )) as unknown as { rows: { word: string }[] };
    expect(known.rows.map((row) => row.word)).toContain(CHAIR_TWO_POINTS);
    await ctx.database.db.execute(sql`update products set status = 'sold' where id = ${added.json().id}`);
  });
});

describe('an English search beside Bangla pieces', () => {
  it('keeps its stemming and starts of words', async () => {
    expect(titles(await search('chair'))).toEqual(['Running chairs']);
    expect(titles(await search('runs'))).toEqual(['Running chairs']);
    expect(titles(await search('fold'))).toEqual(['Running chairs']);
    expect(titles(await search('box'))).toEqual(['খালি বাক্স']);
  });
});

describe('the parts of a search', () => {
  it('keeps a Bangla start of two code points, and English parts of three letters', () => {
    expect(partsOf('খা খ ab oak -টে')).toEqual({ included: ['খা', 'oak'], excluded: ['টে'] });
    // The zero-width joiner belongs to the word it joins.
    expect(partsOf('র‍্যাক').included).toEqual(['র‍্যাক']);
  });
});
