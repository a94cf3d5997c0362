import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueMessages, type ProductCard } from '@furniture-mart/shared';
import {
  createTestApp,
  signUp,
  TestClient,
  type TestContext,
  type TestUser,
} from '../../../test/helpers/app.js';
import { products, users } from '../../platform/db/schema.js';
import { categoryRows, insertProduct } from '../../../test/helpers/fixtures.js';

let ctx: TestContext;
let buyer: TestUser;
let seller: TestUser;
let seller2: TestUser;
let admin: TestUser;
let removedSeller: TestUser;
let bedRoom: { id: string; slug: string; title: string };
let kitchen: { id: string; slug: string; title: string };
const ids: Record<string, string> = {};
const anonymous = () => new TestClient(ctx.app);
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

beforeAll(async () => {
  // These tests write rows directly to check the listing rules, so nothing is answered from memory here;
  // listing-freshness.test.ts checks listings kept in memory against writes made through the API.
  ctx = await createTestApp({ LISTING_CACHE_SECONDS: '0' });
  const db = ctx.database.db;
  [buyer, seller, seller2, admin, removedSeller] = await Promise.all([
    signUp(ctx.app, 'buyer'),
    signUp(ctx.app, 'seller', { name: 'Rahim Furniture House', verified: true }),
    signUp(ctx.app, 'seller', { name: 'Nadia Home Goods' }),
    signUp(ctx.app, 'admin'),
    signUp(ctx.app, 'seller', { name: 'Gone Seller' }),
  ]);
  const rows = await categoryRows(db);
  bedRoom = rows.find((row) => row.slug === 'bed-room')!;
  kitchen = rows.find((row) => row.slug === 'kitchen')!;

  const phone = '+8801799999999';
  ids.bed = (
    await insertProduct(db, seller.id, {
      categoryId: bedRoom.id,
      title: 'Teak bed frame',
      description: 'Queen-size frame with a carved headboard and sturdy slats.',
      sellingPriceCents: 42_000,
      condition: 'good',
      location: 'Dhaka',
      postedAt: hoursAgo(1),
      photos: 2,
      phone,
    })
  ).id;
  ids.wardrobe = (
    await insertProduct(db, seller2.id, {
      categoryId: bedRoom.id,
      title: 'Mirrored wardrobe',
      description: 'Two doors, a full-length mirror and three drawers.',
      sellingPriceCents: 26_000,
      condition: 'excellent',
      location: 'Chittagong',
      postedAt: hoursAgo(2),
      phone,
    })
  ).id;
  ids.lamp = (
    await insertProduct(db, seller.id, {
      categoryId: bedRoom.id,
      title: 'Bedside lamp',
      description: 'Brass lamp with a linen shade.',
      sellingPriceCents: 3_550,
      condition: 'excellent',
      location: 'Dhaka',
      postedAt: hoursAgo(3),
      photos: 0,
      phone,
    })
  ).id;
  ids.chest = (
    await insertProduct(db, seller2.id, {
      categoryId: bedRoom.id,
      title: 'Oak chest of drawers',
      description: 'Five drawers, smooth runners.',
      sellingPriceCents: 18_000,
      condition: 'good',
      location: 'Sylhet',
      postedAt: hoursAgo(4),
      advertised: true,
      advertisedAt: hoursAgo(1),
      phone,
    })
  ).id;
  ids.sold = (
    await insertProduct(db, seller.id, {
      categoryId: bedRoom.id,
      title: 'Sold bed',
      description: 'Headboard included.',
      sellingPriceCents: 10_000,
      status: 'sold',
      advertised: true,
      postedAt: hoursAgo(5),
      phone,
    })
  ).id;
  ids.removed = (
    await insertProduct(db, seller.id, {
      categoryId: bedRoom.id,
      title: 'Removed dresser',
      description: 'Headboard and drawers.',
      sellingPriceCents: 20_000,
      deletedAt: new Date(),
      advertised: true,
      postedAt: hoursAgo(6),
      phone,
    })
  ).id;
  ids.ghost = (
    await insertProduct(db, removedSeller.id, {
      categoryId: bedRoom.id,
      title: 'Ghost table',
      description: 'Headboard drawers.',
      sellingPriceCents: 20_000,
      advertised: true,
      postedAt: hoursAgo(1),
      phone,
    })
  ).id;
  await db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, removedSeller.id));
  ids.pantry = (
    await insertProduct(db, seller.id, {
      categoryId: kitchen.id,
      title: 'Pantry shelf',
      description: 'Tall pine shelf with five adjustable shelves; fits beside the fridge.',
      sellingPriceCents: 9_000,
      condition: 'excellent',
      location: 'Khulna',
      postedAt: hoursAgo(7),
      advertised: true,
      advertisedAt: hoursAgo(3),
      phone,
    })
  ).id;
  ids.island = (
    await insertProduct(db, seller2.id, {
      categoryId: kitchen.id,
      title: 'Kitchen island',
      description: 'Butcher-block top with two drawers.',
      sellingPriceCents: 23_000,
      condition: 'good',
      location: 'Dhaka',
      postedAt: hoursAgo(8),
      advertised: true,
      advertisedAt: hoursAgo(2),
      phone,
    })
  ).id;
});
afterAll(() => ctx.close());

const titles = (items: ProductCard[]) => items.map((item) => item.title);

async function categoryPage(path: string, client = buyer.client) {
  const res = await client.get(path);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    category: { id: string; slug: string; title: string };
    products: { items: ProductCard[]; page: number; pageSize: number; total: number };
  };
}

async function search(query: string) {
  const res = await buyer.client.get(`/api/products?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: ProductCard[]; page: number; pageSize: number; total: number };
}

describe('who may browse', () => {
  it('asks a visitor to sign in for a category page and for search', async () => {
    for (const path of [`/api/categories/${bedRoom.id}`, '/api/products', '/api/products?pageSize=500']) {
      const res = await anonymous().get(path);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHORIZED');
    }
  });

  it('lets every signed-in role browse', async () => {
    for (const user of [buyer, seller, seller2, admin]) {
      expect((await user.client.get(`/api/categories/${bedRoom.id}`)).statusCode).toBe(200);
      expect((await user.client.get('/api/products?q=drawers')).statusCode).toBe(200);
    }
  });

  it('shows the advertised list and the categories to everyone', async () => {
    expect((await anonymous().get('/api/products/advertised')).statusCode).toBe(200);
    expect((await anonymous().get('/api/categories')).statusCode).toBe(200);
  });
});

describe('GET /api/categories/:id', () => {
  it('answers the category and only its available products, newest first', async () => {
    const body = await categoryPage(`/api/categories/${bedRoom.id}`);
    expect(body.category).toMatchObject({ id: bedRoom.id, slug: 'bed-room', title: 'Bed Room' });
    expect(titles(body.products.items)).toEqual([
      'Teak bed frame',
      'Mirrored wardrobe',
      'Bedside lamp',
      'Oak chest of drawers',
    ]);
    expect(body.products).toMatchObject({ page: 1, pageSize: 24, total: 4 });
  });

  it('accepts the readable slug as well as the id', async () => {
    const bySlug = await categoryPage('/api/categories/bed-room');
    const byId = await categoryPage(`/api/categories/${bedRoom.id}`);
    expect(bySlug).toEqual(byId);
  });

  it('answers 404 for a category that does not exist, by id or by slug', async () => {
    for (const ref of ['00000000-0000-4000-8000-000000000000', 'no-such-room']) {
      const res = await buyer.client.get(`/api/categories/${ref}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'This category does not exist.' } });
    }
  });

  it('builds each card with what the card shows: prices, dates, seller and photos in order', async () => {
    const body = await categoryPage(`/api/categories/${bedRoom.id}`);
    const bed = body.products.items.find((item) => item.id === ids.bed)!;
    expect(bed).toMatchObject({
      title: 'Teak bed frame',
      categoryId: bedRoom.id,
      location: 'Dhaka',
      condition: 'good',
      sellingPriceCents: 42_000,
      originalPriceCents: 50_000,
      yearsUsed: 2,
      seller: { id: seller.id, name: 'Rahim Furniture House', verified: true },
      dimensions: {
        widthMm: null,
        depthMm: null,
        heightMm: null,
        diagonalDepthMm: null,
        comesApart: false,
        weightKg: null,
      },
    });
    expect(new Date(bed.postedAt).toISOString()).toBe(bed.postedAt);
    expect(bed.photos).toHaveLength(2);
    expect(bed.photos[0]).toMatchObject({ width: 1600, height: 1200, thumbWidth: 400, thumbHeight: 300 });
    expect(bed.photos[0]!.thumbUrl).toMatch(/^\/media\/uploads\/[0-9a-f-]{36}-thumb\.webp$/);
    expect(bed.photos[0]!.url).toMatch(/-display\.webp$/);
    const wardrobe = body.products.items.find((item) => item.id === ids.wardrobe)!;
    expect(wardrobe.seller).toEqual({
      id: seller2.id,
      name: 'Nadia Home Goods',
      verified: false,
      // Fewer than three published reviews: no average ("New seller").
      rating: null,
      reviews: 0,
    });
    const lamp = body.products.items.find((item) => item.id === ids.lamp)!;
    expect(lamp.photos).toEqual([]);
    // A search builds its cards in statements of its own (with its matches, or by their ids): the same.
    const found = await search('q=teak%20bed');
    expect(found.items.find((item) => item.id === ids.bed)).toEqual(bed);
    expect((await search('q=lamp')).items.find((item) => item.id === ids.lamp)).toEqual(lamp);
  });

  it('never shows sold or removed products, nor those of a removed seller', async () => {
    const body = await categoryPage(`/api/categories/${bedRoom.id}?q=headboard`);
    expect(titles(body.products.items)).toEqual(['Teak bed frame']);
    const all = await search('pageSize=100');
    const shown = all.items.map((item) => item.id);
    for (const hidden of [ids.sold, ids.removed, ids.ghost]) expect(shown).not.toContain(hidden);
    expect(all.total).toBe(6);
  });

  it('exposes no email or phone number of the seller', async () => {
    const res = await buyer.client.get(`/api/categories/${bedRoom.id}`);
    expect(res.body).not.toContain('+8801799999999');
    expect(res.body).not.toContain(seller.email);
    expect(res.body).not.toMatch(/"(email|phone)"/);
  });
});

describe('filters and sort', () => {
  it('filters by price range in amounts, both ends included', async () => {
    const body = await categoryPage(`/api/categories/bed-room?minPrice=180&maxPrice=260.00`);
    expect(titles(body.products.items)).toEqual(['Mirrored wardrobe', 'Oak chest of drawers']);
    const exact = await categoryPage(`/api/categories/bed-room?minPrice=35.5&maxPrice=35.50`);
    expect(titles(exact.products.items)).toEqual(['Bedside lamp']);
    const from = await categoryPage(`/api/categories/bed-room?minPrice=1,000`);
    expect(from.products.total).toBe(0);
  });

  it('filters by condition and by location', async () => {
    const excellent = await categoryPage('/api/categories/bed-room?condition=excellent');
    expect(titles(excellent.products.items)).toEqual(['Mirrored wardrobe', 'Bedside lamp']);
    const dhaka = await categoryPage('/api/categories/bed-room?location=Dhaka');
    expect(titles(dhaka.products.items)).toEqual(['Teak bed frame', 'Bedside lamp']);
    const both = await categoryPage('/api/categories/bed-room?location=Dhaka&condition=good&maxPrice=500');
    expect(titles(both.products.items)).toEqual(['Teak bed frame']);
  });

  it('sorts by newest, price low to high and price high to low', async () => {
    const newest = await categoryPage('/api/categories/bed-room?sort=newest');
    expect(titles(newest.products.items)).toEqual([
      'Teak bed frame',
      'Mirrored wardrobe',
      'Bedside lamp',
      'Oak chest of drawers',
    ]);
    const cheap = await categoryPage('/api/categories/bed-room?sort=price_asc');
    expect(titles(cheap.products.items)).toEqual([
      'Bedside lamp',
      'Oak chest of drawers',
      'Mirrored wardrobe',
      'Teak bed frame',
    ]);
    const dear = await categoryPage('/api/categories/bed-room?sort=price_desc');
    expect(titles(dear.products.items)).toEqual([
      'Teak bed frame',
      'Mirrored wardrobe',
      'Oak chest of drawers',
      'Bedside lamp',
    ]);
  });

  it('refuses bad filter values with a field message', async () => {
    const cases: [string, string][] = [
      ['minPrice=abc', 'minPrice'],
      ['maxPrice=-5', 'maxPrice'],
      ['minPrice=300&maxPrice=100', 'maxPrice'],
      ['condition=broken', 'condition'],
      ['location=Paris', 'location'],
      ['sort=cheapest', 'sort'],
    ];
    for (const [query, field] of cases) {
      const res = await buyer.client.get(`/api/categories/bed-room?${query}`);
      expect(res.statusCode, query).toBe(400);
      const { error } = res.json();
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(error.fields)).toEqual([field]);
    }
    const inverted = await buyer.client.get('/api/products?minPrice=300&maxPrice=100');
    expect(inverted.json().error.fields.maxPrice).toBe(catalogueMessages.priceRange);
  });
});

describe('pagination', () => {
  it('pages through a listing without repeating or skipping a product', async () => {
    const first = await categoryPage('/api/categories/bed-room?pageSize=3&sort=price_asc');
    const second = await categoryPage('/api/categories/bed-room?pageSize=3&page=2&sort=price_asc');
    expect(first.products).toMatchObject({ page: 1, pageSize: 3, total: 4 });
    expect(second.products).toMatchObject({ page: 2, pageSize: 3, total: 4 });
    expect([...titles(first.products.items), ...titles(second.products.items)]).toEqual([
      'Bedside lamp',
      'Oak chest of drawers',
      'Mirrored wardrobe',
      'Teak bed frame',
    ]);
  });

  it('answers an empty page past the end, still with the total', async () => {
    const past = await categoryPage('/api/categories/bed-room?pageSize=3&page=9');
    expect(past.products).toEqual({ items: [], page: 9, pageSize: 3, total: 4, totalCapped: false });
  });

  it('refuses a page size over 100 and other out-of-range paging', async () => {
    for (const path of ['/api/categories/bed-room?pageSize=101', '/api/products?pageSize=101']) {
      const res = await buyer.client.get(path);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.pageSize).toBe('pageSize can be at most 100.');
    }
    for (const query of ['pageSize=0', 'page=0', 'page=abc']) {
      expect((await buyer.client.get(`/api/products?${query}`)).statusCode, query).toBe(400);
    }
    expect((await buyer.client.get('/api/products?pageSize=100')).statusCode).toBe(200);
  });
});

describe('GET /api/products (search)', () => {
  it('finds a product by a word that is only in its description', async () => {
    const body = await search('q=headboard');
    expect(titles(body.items)).toEqual(['Teak bed frame']);
    const fridge = await search('q=fridge');
    expect(titles(fridge.items)).toEqual(['Pantry shelf']);
  });

  it('matches word forms in title or description, the title first, then newest', async () => {
    // "drawer" is in the chest's title and in two descriptions.
    const body = await search('q=drawer');
    expect(titles(body.items)[0]).toBe('Oak chest of drawers');
    expect(new Set(titles(body.items))).toEqual(
      new Set(['Oak chest of drawers', 'Mirrored wardrobe', 'Kitchen island']),
    );
    const posted = (await search('q=drawer&sort=newest')).items.map((item) => item.postedAt);
    expect(posted).toEqual([...posted].sort().reverse());
  });

  it('keeps the chosen sort when searching', async () => {
    const body = await search('q=drawers&sort=price_asc');
    expect(titles(body.items)).toEqual(['Oak chest of drawers', 'Kitchen island', 'Mirrored wardrobe']);
  });

  it('accepts what people type: several words, quotes, or nothing at all', async () => {
    expect(titles((await search('q=pine%20shelf')).items)).toEqual(['Pantry shelf']);
    expect(titles((await search('q=%22carved%20headboard%22')).items)).toEqual(['Teak bed frame']);
    expect((await search('q=sofa')).total).toBe(0);
    expect((await search('q=%27%3B%20drop%20table%20products%3B--')).total).toBe(0);
    expect((await search('q=')).total).toBe(6);
  });

  it('narrows to one category by id or slug, together with the other filters', async () => {
    const bySlug = await search('q=drawers&category=kitchen');
    expect(titles(bySlug.items)).toEqual(['Kitchen island']);
    const byId = await search(`category=${bedRoom.id}&condition=good`);
    expect(titles(byId.items)).toEqual(['Teak bed frame', 'Oak chest of drawers']);
    const located = await search('location=Dhaka&sort=price_desc');
    expect(titles(located.items)).toEqual(['Teak bed frame', 'Kitchen island', 'Bedside lamp']);
  });

  it('refuses a category filter that does not exist', async () => {
    const res = await buyer.client.get('/api/products?category=garage');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Some fields need your attention.',
      fields: { category: catalogueMessages.unknownCategory },
    });
  });
});

describe('GET /api/products/advertised', () => {
  it('lists advertised products still for sale, most recently advertised first', async () => {
    const res = await anonymous().get('/api/products/advertised');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(titles(body.items)).toEqual(['Oak chest of drawers', 'Kitchen island', 'Pantry shelf']);
    expect(body).toMatchObject({ page: 1, pageSize: 24, total: 3 });
  });

  it('pages and refuses a page size over 100', async () => {
    const res = await anonymous().get('/api/products/advertised?pageSize=2&page=2');
    expect(titles(res.json().items)).toEqual(['Pantry shelf']);
    expect((await anonymous().get('/api/products/advertised?pageSize=101')).statusCode).toBe(400);
  });

  it('drops a product once it is sold', async () => {
    const db = ctx.database.db;
    const id = (
      await insertProduct(db, seller.id, {
        categoryId: kitchen.id,
        title: 'Soon sold stool',
        advertised: true,
      })
    ).id;
    const before = await anonymous().get('/api/products/advertised');
    expect(titles(before.json().items)).toContain('Soon sold stool');
    await db.update(products).set({ status: 'sold' }).where(eq(products.id, id));
    const after = await anonymous().get('/api/products/advertised');
    expect(titles(after.json().items)).not.toContain('Soon sold stool');
  });

  it('contains no email or phone number, nor do the categories', async () => {
    for (const path of ['/api/products/advertised', '/api/categories']) {
      const res = await anonymous().get(path);
      expect(res.body).not.toContain('+8801799999999');
      expect(res.body).not.toMatch(/@example\.test/);
      expect(res.body).not.toMatch(/"(email|phone)"/);
    }
  });
});

describe('API document', () => {
  it('documents the catalogue routes', async () => {
    const doc = (await anonymous().get('/api/openapi.json')).json();
    expect(doc.paths['/api/categories/{id}'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining([
        'id',
        'q',
        'sort',
        'minPrice',
        'maxPrice',
        'condition',
        'location',
        'page',
        'pageSize',
      ]),
    );
    expect(doc.paths['/api/products'].get.summary).toMatch(/Search/);
    expect(doc.paths['/api/products/advertised'].get).toBeDefined();
  });
});
