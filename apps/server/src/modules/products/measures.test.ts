/**
 * Measured pieces: width, depth and height required in the categories of bulky pieces, read from
 * centimetres, inches or millimetres into whole millimetres, every bad value refused on its field with
 * nothing stored, and listings from before measures were asked still edited, with a prompt.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeMessages, type Category, type MyProduct, type Page } from '@furniture-mart/shared';
import { createTestApp, signUp, type TestContext, type TestUser } from '../../../test/helpers/app.js';
import { insertProduct, uploadPhoto } from '../../../test/helpers/fixtures.js';
import { categories, products } from '../../platform/db/schema.js';

let ctx: TestContext;
let seller: TestUser;
let bySlug: Map<string, string>;

beforeAll(async () => {
  ctx = await createTestApp();
  seller = await signUp(ctx.app, 'seller');
  const rows = await ctx.database.db.select({ id: categories.id, slug: categories.slug }).from(categories);
  bySlug = new Map(rows.map((row) => [row.slug, row.id]));
});
afterAll(() => ctx.close());

let counter = 0;
async function body(slug: string, dimensions?: unknown) {
  counter += 1;
  return {
    title: `Measured piece ${counter}`,
    phone: '+880 1711 123456',
    originalPrice: '900',
    sellingPrice: '450',
    yearsUsed: '2',
    description: 'Solid wood.',
    location: 'Dhaka',
    district: 'dhaka',
    condition: 'excellent',
    categoryId: bySlug.get(slug)!,
    photoIds: [await uploadPhoto(seller.client)],
    ...(dimensions === undefined ? {} : { dimensions }),
  };
}

const productCount = async () => (await ctx.database.db.select({ n: count() }).from(products))[0]!.n;
const row = async (id: string) =>
  (await ctx.database.db.select().from(products).where(eq(products.id, id)))[0]!;

describe('measured categories', () => {
  it('flags the bed room, living room and dining room, and no other room', async () => {
    const res = await seller.client.get('/api/categories');
    expect(res.statusCode).toBe(200);
    const measured = (res.json() as Category[]).filter((c) => c.measured).map((c) => c.slug);
    expect(measured.sort()).toEqual(['bed-room', 'dining-room', 'living-room']);
  });

  it('refuses a bulky piece without measures on the dimensions field, and stores nothing', async () => {
    const before = await productCount();
    for (const dimensions of [undefined, null, { unit: 'cm', width: '', depth: '', height: '' }]) {
      const res = await seller.client.post('/api/products', await body('living-room', dimensions));
      expect(res.statusCode, JSON.stringify(dimensions)).toBe(400);
      expect(res.json().error.fields).toEqual({ dimensions: homeMessages.measurementsRequired });
    }
    expect(await productCount()).toBe(before);
  });

  it('takes a piece of another room without measures', async () => {
    const res = await seller.client.post('/api/products', await body('kitchen'));
    expect(res.statusCode, res.body).toBe(201);
    expect(await row(res.json().id)).toMatchObject({ widthMm: null, depthMm: null, heightMm: null });
  });
});

describe('reading measures', () => {
  const cases: [unknown, Record<string, unknown>][] = [
    [
      { unit: 'cm', width: '210', depth: 90, height: '85.5', diagonalDepth: '70', weightKg: '55.5' },
      { widthMm: 2100, depthMm: 900, heightMm: 855, diagonalDepthMm: 700, weightG: 55_500 },
    ],
    [
      { unit: 'in', width: 30, depth: '1.5', height: '৮০', comesApart: true },
      { widthMm: 762, depthMm: 38, heightMm: 2032, diagonalDepthMm: null, comesApart: true, weightG: null },
    ],
    [
      { widthMm: 1200, depthMm: '450', heightMm: 5000, weightKg: 500 },
      { widthMm: 1200, depthMm: 450, heightMm: 5000, comesApart: false, weightG: 500_000 },
    ],
  ];
  for (const [dimensions, stored] of cases) {
    it(`stores ${JSON.stringify(dimensions)} in millimetres and grams`, async () => {
      const res = await seller.client.post('/api/products', await body('bed-room', dimensions));
      expect(res.statusCode, res.body).toBe(201);
      expect(await row(res.json().id)).toMatchObject(stored);
      const page = await seller.client.get(`/api/products/${res.json().id}`);
      expect(page.json().dimensions).toMatchObject({
        widthMm: stored.widthMm,
        weightKg: stored.weightG === null ? null : (stored.weightG as number) / 1000,
      });
    });
  }

  it('refuses each bad measure with a 400 naming its field, and stores nothing', async () => {
    const cm = { unit: 'cm', width: 80, depth: 40, height: 75 };
    const bad: [unknown, string, RegExp | string][] = [
      [{ ...cm, width: -80 }, 'dimensions.width', /width/],
      [{ ...cm, depth: 0 }, 'dimensions.depth', /depth/],
      [{ ...cm, height: '501' }, 'dimensions.height', /5 m/],
      [{ ...cm, width: 'wide' }, 'dimensions.width', /width/],
      [{ unit: 'cm', width: 80, depth: 40 }, 'dimensions.height', /height/],
      [{ ...cm, weightKg: 501 }, 'dimensions.weightKg', homeMessages.enterWeight],
      [{ ...cm, weightKg: 'heavy' }, 'dimensions.weightKg', homeMessages.enterWeight],
      [{ ...cm, diagonalDepth: 41 }, 'dimensions.diagonalDepth', homeMessages.diagonalOverDepth],
      [{ ...cm, unit: 'ft' }, 'dimensions.unit', homeMessages.chooseUnit],
      [{ ...cm, colour: 'red' }, 'dimensions', /.+/],
      [{ widthMm: 5001, depthMm: 400, heightMm: 750 }, 'dimensions.widthMm', /whole millimetres/],
      [{ widthMm: 80.5, depthMm: 400, heightMm: 750 }, 'dimensions.widthMm', /whole millimetres/],
      [{ ...cm, comesApart: 'yes' }, 'dimensions.comesApart', /.+/],
    ];
    const before = await productCount();
    for (const [dimensions, field, message] of bad) {
      const res = await seller.client.post('/api/products', await body('bed-room', dimensions));
      expect(res.statusCode, JSON.stringify(dimensions)).toBe(400);
      const fields = res.json().error.fields as Record<string, string>;
      const shown = fields[field] ?? Object.entries(fields).find(([key]) => key.startsWith(field))?.[1];
      if (typeof message === 'string') expect(shown, JSON.stringify(fields)).toBe(message);
      else expect(shown, JSON.stringify(fields)).toMatch(message);
    }
    expect(await productCount()).toBe(before);
  });
});

describe('listings from before measures were asked', () => {
  async function myProduct(id: string): Promise<MyProduct> {
    const res = await seller.client.get('/api/my/products?pageSize=100');
    return (res.json() as Page<MyProduct>).items.find((item) => item.id === id)!;
  }

  it('keeps being edited, asks for the measures in My Products until they are given', async () => {
    const old = await insertProduct(ctx.database.db, seller.id, { categoryId: bySlug.get('living-room')! });
    expect((await myProduct(old.id)).needsMeasurements).toBe(true);
    expect((await seller.client.get(`/api/products/${old.id}`)).statusCode).toBe(200);

    const price = await seller.client.patch(`/api/products/${old.id}`, { sellingPrice: '90' });
    expect(price.statusCode, price.body).toBe(200);
    expect(price.json().needsMeasurements).toBe(true);

    const cleared = await seller.client.patch(`/api/products/${old.id}`, { dimensions: null });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json().error.fields).toEqual({ dimensions: homeMessages.measurementsRequired });

    const measured = await seller.client.patch(`/api/products/${old.id}`, {
      dimensions: { unit: 'cm', width: 200, depth: 90, height: 80 },
    });
    expect(measured.statusCode, measured.body).toBe(200);
    expect(measured.json().needsMeasurements).toBe(false);
    expect(await row(old.id)).toMatchObject({ widthMm: 2000, depthMm: 900, heightMm: 800 });
  });

  it('asks for measures when a piece moves into a measured room, not when it moves out', async () => {
    const piece = await insertProduct(ctx.database.db, seller.id, { categoryId: bySlug.get('kitchen')! });
    expect((await myProduct(piece.id)).needsMeasurements).toBe(false);
    const moved = await seller.client.patch(`/api/products/${piece.id}`, {
      categoryId: bySlug.get('dining-room'),
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().error.fields).toEqual({ dimensions: homeMessages.measurementsRequired });
    expect(await row(piece.id)).toMatchObject({ categoryId: bySlug.get('kitchen') });

    const withMeasures = await seller.client.patch(`/api/products/${piece.id}`, {
      categoryId: bySlug.get('dining-room'),
      dimensions: { unit: 'in', width: 40, depth: 30, height: 30 },
    });
    expect(withMeasures.statusCode, withMeasures.body).toBe(200);

    const out = await seller.client.patch(`/api/products/${piece.id}`, {
      categoryId: bySlug.get('study-room'),
      dimensions: null,
    });
    expect(out.statusCode, out.body).toBe(200);
    expect(await row(piece.id)).toMatchObject({ widthMm: null, depthMm: null, heightMm: null });
  });

  it('does not ask about a sold piece', async () => {
    const sold = await insertProduct(ctx.database.db, seller.id, {
      categoryId: bySlug.get('bed-room')!,
      status: 'sold',
    });
    expect((await myProduct(sold.id)).needsMeasurements).toBe(false);
  });
});
