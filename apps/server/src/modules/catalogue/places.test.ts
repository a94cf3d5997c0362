/**
 * A listing's place: division, district and area, through the API. The district must lie in the
 * division and the area in the district (400 naming the field, in the request's language, nothing
 * stored); listings filter by each level; cards and the product page read "Mirpur, Dhaka"; a listing
 * from before districts were asked keeps its division and its seller is asked for the district.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate, type MyProduct, type ProductCard } from '@furniture-mart/shared';
import { createTestApp, signUp, type TestContext, type TestUser } from '../../../test/helpers/app.js';
import { categoryRows, insertProduct } from '../../../test/helpers/fixtures.js';
import { uploadPhoto } from '../../../test/helpers/images.js';
import { products } from '../../platform/db/schema.js';

let ctx: TestContext;
let seller: TestUser;
let buyer: TestUser;
let kitchen: { id: string; slug: string };

interface CardPage {
  items: ProductCard[];
  total: number;
}

beforeAll(async () => {
  ctx = await createTestApp({ LISTING_CACHE_SECONDS: '0' });
  [seller, buyer] = await Promise.all([
    signUp(ctx.app, 'seller', { verified: true }),
    signUp(ctx.app, 'buyer'),
  ]);
  kitchen = (await categoryRows(ctx.database.db)).find((row) => row.slug === 'kitchen')!;
}, 120_000);
afterAll(() => ctx.close());

let counter = 0;
async function body(place: Record<string, unknown>) {
  counter += 1;
  return {
    categoryId: kitchen.id,
    title: `Placed table ${counter}`,
    description: 'Teak, four chairs.',
    phone: '01711-223344',
    condition: 'excellent',
    originalPrice: '300',
    sellingPrice: '200',
    yearsUsed: '2',
    photoIds: [await uploadPhoto(seller.client)],
    ...place,
  };
}

async function list(place: Record<string, unknown>): Promise<MyProduct> {
  const res = await seller.client.post('/api/products', await body(place));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as MyProduct;
}

const storedCount = async () =>
  (await ctx.database.db.select({ id: products.id }).from(products).where(eq(products.sellerId, seller.id)))
    .length;

async function search(query: string, headers: Record<string, string> = {}) {
  return buyer.client.get(`/api/products?category=kitchen&${query}`, headers);
}
const titles = (page: CardPage) => page.items.map((item) => item.title).sort();

describe('a new listing names its district and area', () => {
  it('stores them and shows "Mirpur, Dhaka" in both languages on cards and the product page', async () => {
    const product = await list({ location: 'Dhaka', district: 'dhaka', area: 'dhaka-mirpur' });
    const [row] = await ctx.database.db
      .select({ district: products.district, area: products.area })
      .from(products)
      .where(eq(products.id, product.id));
    expect(row).toEqual({ district: 'dhaka', area: 'dhaka-mirpur' });

    const page = (await buyer.client.get(`/api/products/${product.id}`)).json();
    expect(page).toMatchObject({
      location: 'Dhaka',
      district: 'dhaka',
      area: 'dhaka-mirpur',
      placeName: { en: 'Mirpur, Dhaka', bn: 'মিরপুর, ঢাকা' },
    });
    const cards = (await search('area=dhaka-mirpur')).json() as CardPage;
    expect(cards.items.find((card) => card.id === product.id)?.placeName).toEqual({
      en: 'Mirpur, Dhaka',
      bn: 'মিরপুর, ঢাকা',
    });
  });

  it('may leave the area out: the district and its division are shown', async () => {
    const product = await list({ location: 'Dhaka', district: 'gazipur', area: '' });
    const page = (await buyer.client.get(`/api/products/${product.id}`)).json();
    expect(page).toMatchObject({ district: 'gazipur', area: null, placeName: { en: 'Gazipur, Dhaka' } });
  });

  it('is refused without a district, storing nothing', async () => {
    const before = await storedCount();
    const res = await seller.client.post('/api/products', await body({ location: 'Dhaka' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.district).toBe(translate('en', 'places.chooseDistrict'));
    expect(await storedCount()).toBe(before);
  });

  it('refuses a district outside the division and an area outside the district, in the page language', async () => {
    const before = await storedCount();
    const wrongDistrict = await seller.client.post(
      '/api/products',
      await body({ location: 'Khulna', district: 'gazipur' }),
    );
    expect(wrongDistrict.statusCode).toBe(400);
    expect(wrongDistrict.json().error.fields).toEqual({
      district: translate('en', 'places.districtNotInDivision', { district: 'Gazipur', division: 'Khulna' }),
    });

    const wrongArea = await seller.client.post(
      '/api/products',
      await body({ location: 'Dhaka', district: 'dhaka', area: 'kushtia-mirpur' }),
      { 'accept-language': 'bn-BD' },
    );
    expect(wrongArea.statusCode).toBe(400);
    expect(wrongArea.json().error.fields).toEqual({
      area: translate('bn', 'places.areaNotInDistrict', { area: 'মিরপুর', district: 'ঢাকা' }),
    });

    const unknown = await seller.client.post(
      '/api/products',
      await body({ location: 'Dhaka', district: 'atlantis', area: 'atlantis-x' }),
      { 'accept-language': 'bn' },
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields).toEqual({ district: translate('bn', 'places.chooseDistrict') });
    expect(await storedCount()).toBe(before);
  });
});

describe('an edited listing', () => {
  it('keeps its place together: a new district drops the old area, a wrong one is refused', async () => {
    const product = await list({
      location: 'Chittagong',
      district: 'chattogram',
      area: 'chattogram-panchlaish',
    });
    const moved = await seller.client.patch(`/api/products/${product.id}`, { district: 'cumilla' });
    expect(moved.statusCode, moved.body).toBe(200);
    let page = (await buyer.client.get(`/api/products/${product.id}`)).json();
    expect(page).toMatchObject({ district: 'cumilla', area: null });

    const wrongArea = await seller.client.patch(`/api/products/${product.id}`, { area: 'dhaka-mirpur' });
    expect(wrongArea.statusCode).toBe(400);
    expect(Object.keys(wrongArea.json().error.fields)).toEqual(['area']);
    // Another division leaves the stored district outside it.
    const wrongDivision = await seller.client.patch(`/api/products/${product.id}`, { location: 'Sylhet' });
    expect(wrongDivision.statusCode).toBe(400);
    expect(Object.keys(wrongDivision.json().error.fields)).toEqual(['district']);
    page = (await buyer.client.get(`/api/products/${product.id}`)).json();
    expect(page).toMatchObject({ location: 'Chittagong', district: 'cumilla', area: null });
  });

  it('from before districts keeps its division, is shown by it, and asks its seller for the district', async () => {
    const old = await insertProduct(ctx.database.db, seller.id, {
      categoryId: kitchen.id,
      location: 'Rajshahi',
    });
    const page = (await buyer.client.get(`/api/products/${old.id}`)).json();
    expect(page).toMatchObject({
      location: 'Rajshahi',
      district: null,
      placeName: { en: 'Rajshahi', bn: 'রাজশাহী' },
    });

    const mine = async () =>
      ((await seller.client.get('/api/my/products?pageSize=100')).json().items as MyProduct[]).find(
        (item) => item.id === old.id,
      )!;
    expect((await mine()).needsDistrict).toBe(true);
    // Other edits go on without one.
    const retitled = await seller.client.patch(`/api/products/${old.id}`, { title: 'Old rack' });
    expect(retitled.statusCode, retitled.body).toBe(200);
    const placed = await seller.client.patch(`/api/products/${old.id}`, { district: 'sylhet' });
    expect(placed.statusCode).toBe(400);
    expect(Object.keys(placed.json().error.fields)).toEqual(['district']);
    const fixed = await seller.client.patch(`/api/products/${old.id}`, { district: 'rajshahi', area: '' });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect((await mine()).needsDistrict).toBe(false);
  });
});

describe('listing filters cascade', () => {
  let mirpur: string;
  let dhanmondi: string;
  let gazipur: string;
  let khulna: string;
  beforeAll(async () => {
    await ctx.database.db.execute(sql`update products set status = 'sold' where seller_id = ${seller.id}`);
    mirpur = (await list({ location: 'Dhaka', district: 'dhaka', area: 'dhaka-mirpur' })).title;
    dhanmondi = (await list({ location: 'Dhaka', district: 'dhaka', area: 'dhaka-dhanmondi' })).title;
    gazipur = (await list({ location: 'Dhaka', district: 'gazipur' })).title;
    khulna = (await list({ location: 'Khulna', district: 'khulna' })).title;
  });

  it('by division, district and area, in listings and searches, each counted', async () => {
    const division = (await search('location=Dhaka')).json() as CardPage;
    expect(titles(division)).toEqual([mirpur, dhanmondi, gazipur].sort());
    const district = (await search('location=Dhaka&district=dhaka')).json() as CardPage;
    expect(titles(district)).toEqual([mirpur, dhanmondi].sort());
    expect(district.total).toBe(2);
    const area = (await search('location=Dhaka&district=dhaka&area=dhaka-mirpur')).json() as CardPage;
    expect(titles(area)).toEqual([mirpur]);
    expect(area.total).toBe(1);
    // An area alone, a district alone, and with words and a price order.
    expect(titles((await search('area=dhaka-dhanmondi')).json())).toEqual([dhanmondi]);
    expect(titles((await search('district=khulna')).json())).toEqual([khulna]);
    expect(titles((await search('district=dhaka&q=teak&sort=price_asc')).json())).toEqual(
      [mirpur, dhanmondi].sort(),
    );
    const category = await buyer.client.get(`/api/categories/${kitchen.slug}?district=gazipur&minPrice=1`);
    expect(category.json().products.items.map((item: ProductCard) => item.title)).toEqual([gazipur]);
  });

  it('refuses a district outside the division and an area outside the district, naming the field', async () => {
    const district = await search('location=Khulna&district=gazipur', { 'accept-language': 'bn' });
    expect(district.statusCode).toBe(400);
    expect(district.json().error.fields).toEqual({
      district: translate('bn', 'places.districtNotInDivision', { district: 'গাজীপুর', division: 'খুলনা' }),
    });
    const area = await search('district=gazipur&area=dhaka-mirpur');
    expect(area.statusCode).toBe(400);
    expect(area.json().error.fields).toEqual({
      area: translate('en', 'places.areaNotInDistrict', { area: 'Mirpur', district: 'Gazipur' }),
    });
    const areaElsewhere = await search('location=Khulna&area=dhaka-mirpur');
    expect(areaElsewhere.statusCode).toBe(400);
    expect(Object.keys(areaElsewhere.json().error.fields)).toEqual(['district']);
    for (const query of ['district=atlantis', 'area=nowhere']) {
      const res = await search(query);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().error.fields)).toEqual([query.split('=')[0]]);
    }
  });
});
