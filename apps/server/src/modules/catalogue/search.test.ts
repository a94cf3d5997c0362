/**
 * Search: words whole, from their start or inside other words, quotes, "or" and -words, the best match
 * first, and a product's words following it as it is added, edited and sold.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductCard } from '@furniture-mart/shared';
import { createTestApp, signUp, type TestContext, type TestUser } from '../../../test/helpers/app.js';
import { categoryRows, insertProduct } from '../../../test/helpers/fixtures.js';
import { uploadPhoto } from '../../../test/helpers/images.js';
import { TOTAL_CAP } from './listing-sql.js';
import { MAX_WORDS_PER_START, onlyPlainWords, partsOf, tsLexeme, wordStartsQuery } from './search-sql.js';

let ctx: TestContext;
let buyer: TestUser;
let seller: TestUser;
let kitchen: { id: string; slug: string };
let living: { id: string; slug: string };

interface CardPage {
  items: ProductCard[];
  total: number;
  totalCapped: boolean;
}

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

beforeAll(async () => {
  ctx = await createTestApp({ LISTING_CACHE_SECONDS: '0' });
  const db = ctx.database.db;
  [buyer, seller] = await Promise.all([
    signUp(ctx.app, 'buyer'),
    signUp(ctx.app, 'seller', { verified: true }),
  ]);
  const rows = await categoryRows(db);
  kitchen = rows.find((row) => row.slug === 'kitchen')!;
  living = rows.find((row) => row.slug === 'living-room')!;
  await insertProduct(db, seller.id, {
    categoryId: kitchen.id,
    title: 'Café table',
    description: 'Round marble top with a cast-iron base.',
    postedAt: hoursAgo(30),
  });
  await insertProduct(db, seller.id, {
    categoryId: kitchen.id,
    title: 'Bookcase with doors',
    description: 'Solid walnut, adjustable shelves, a carved headboard-style crest.',
    postedAt: hoursAgo(29),
  });
  // Two sofas, and a newer kitchen unit whose description says "soft-close": "sof" starts all three.
  await insertProduct(db, seller.id, {
    categoryId: living.id,
    title: 'Three-seat sofa',
    description: 'Grey fabric, firm cushions.',
    postedAt: hoursAgo(5),
  });
  await insertProduct(db, seller.id, {
    categoryId: living.id,
    title: 'Corner sofa bed',
    description: 'Pulls out into a double bed.',
    postedAt: hoursAgo(4),
  });
  await insertProduct(db, seller.id, {
    categoryId: kitchen.id,
    title: 'Kitchen wall unit',
    description: 'Two soft-close doors, white gloss.',
    postedAt: hoursAgo(1),
  });
  // More chairs than a search counts.
  await db.execute(sql`
    insert into products (seller_id, category_id, title, description, phone, location, condition,
      original_price_cents, selling_price_cents, currency, years_used, posted_at)
    select ${seller.id}, ${living.id}, 'Bulk chair ' || g, 'A plain chair.', '+8801700000000', 'Dhaka',
      'good', 50000, 1000 + g, 'USD', 1, now() - ((g + 100) || ' hours')::interval
    from generate_series(1, ${TOTAL_CAP + 1}) g`);
}, 120_000);
afterAll(() => ctx.close());

async function search(query: string): Promise<CardPage> {
  const res = await buyer.client.get(`/api/products?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CardPage;
}
const titles = (page: CardPage) => page.items.map((item) => item.title);

describe('the best match', () => {
  it('comes first by default: a match in the title before one in the description, then newest', async () => {
    expect(titles(await search('q=sof'))).toEqual([
      'Corner sofa bed',
      'Three-seat sofa',
      'Kitchen wall unit',
    ]);
    expect(titles(await search('q=sofa'))).toEqual(['Corner sofa bed', 'Three-seat sofa']);
    // Asked for, newest first still puts the newest first.
    expect(titles(await search('q=sof&sort=newest'))).toEqual([
      'Kitchen wall unit',
      'Corner sofa bed',
      'Three-seat sofa',
    ]);
  });

  it('ranks matches found inside words too, the title first', async () => {
    // "ofa" starts no word: found inside "sofa" (titles) and in no description.
    expect(titles(await search('q=ofa'))).toEqual(['Corner sofa bed', 'Three-seat sofa']);
  });

  it('means newest first for a listing without words', async () => {
    const res = await buyer.client.get(`/api/categories/${living.slug}?sort=best&pageSize=2`);
    expect(res.statusCode).toBe(200);
    expect(res.json().products.items.map((item: ProductCard) => item.title)).toEqual([
      'Corner sofa bed',
      'Three-seat sofa',
    ]);
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
      categoryId: kitchen.id,
      title: 'Okazebra unquartersawn stool',
      description: 'Three legs.',
    });
    const added = await seller.client.post('/api/products', {
      categoryId: kitchen.id,
      title: 'Zebrawood console',
      description: 'Striped grain, two drawers.',
      phone: '+8801711000000',
      location: 'Dhaka',
      district: 'dhaka',
      condition: 'excellent',
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

  it('counts a search over the cap as capped, and one under it exactly', async () => {
    expect(await search('q=chai&pageSize=1')).toMatchObject({ total: TOTAL_CAP, totalCapped: true });
    expect(await search('q=bulk%20chair%201001')).toMatchObject({ total: 1, totalCapped: false });
    // Cheapest first, its pages in order.
    const cheapest = await search('q=chair&sort=price_asc&pageSize=3&page=2');
    expect(titles(cheapest)).toEqual(['Bulk chair 4', 'Bulk chair 5', 'Bulk chair 6']);
  });
});
