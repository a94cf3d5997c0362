/**
 * Phone numbers as people type them, through every route that takes one (a listing's phone on add and
 * edit, a booking's phone): each spelling of a Bangladeshi mobile is stored as E.164; anything else is a
 * 400 in the request's language with nothing stored. A shop in another country takes its own numbers.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, phoneMessages, translate } from '@furniture-mart/shared';
import { createTestApp, signUp, type TestContext, type TestUser } from '../../../test/helpers/app.js';
import { insertProduct, uploadPhoto } from '../../../test/helpers/fixtures.js';
import { bookings, categories, products } from '../../platform/db/schema.js';

/** One number, as people in Bangladesh write it. */
const spellings = [
  '01711-223344',
  '01711223344',
  '+880 1711 223344',
  '+8801711223344',
  '8801711223344',
  '880-1711-223344',
  '+880-1711-223344',
  '0171 122 3344',
  '(+880) 1711-223344',
  '০১৭১১২২৩৩৪৪',
  '০১৭১১-২২৩৩৪৪',
  '+৮৮০ ১৭১১ ২২৩৩৪৪',
  ' 01711 223344 ',
];

/** Not a Bangladeshi mobile number, with what the person is told in English. */
const refused: [string, string][] = [
  ['call me', phoneMessages.problem('characters', 'BD')],
  ['02-9556677', phoneMessages.problem('not_mobile', 'BD')],
  ['01211-223344', phoneMessages.problem('not_mobile', 'BD')],
  ['0171', phoneMessages.problem('too_short', 'BD')],
  ['01711-2233445566', phoneMessages.problem('too_long', 'BD')],
  ['+44 7911 123456', phoneMessages.problem('other_country', 'BD')],
  ['', messages.required],
];

let ctx: TestContext;
let seller: TestUser;
let buyer: TestUser;
let categoryId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  [seller, buyer] = await Promise.all([signUp(ctx.app, 'seller'), signUp(ctx.app, 'buyer')]);
  const [category] = await ctx.database.db.select({ id: categories.id }).from(categories).limit(1);
  categoryId = category!.id;
});
afterAll(() => ctx.close());

async function productBody(phone: string) {
  return {
    title: 'Teak bed frame',
    phone,
    originalPrice: '30000',
    sellingPrice: '12000',
    yearsUsed: '3',
    description: 'Queen size, sturdy, small scratch on the headboard.',
    location: 'Dhaka',
    district: 'dhaka',
    condition: 'excellent',
    categoryId,
    photoIds: [await uploadPhoto(seller.client)],
  };
}

const storedPhone = async (productId: string) =>
  (await ctx.database.db.select().from(products).where(eq(products.id, productId)))[0]!.phone;
const count = async (table: typeof products | typeof bookings, where: SQL | undefined) => {
  const [row] = await ctx.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(table)
    .where(where);
  return row!.n;
};
const sellerProducts = () => count(products, eq(products.sellerId, seller.id));

describe('a listing’s phone', () => {
  it.each(spellings)('stores %j as +8801711223344', async (typed) => {
    const created = await seller.client.post('/api/products', await productBody(typed));
    expect(created.statusCode, created.body).toBe(201);
    expect(await storedPhone(created.json().id)).toBe('+8801711223344');
  });

  it.each(refused)('refuses %j, storing nothing', async (typed, message) => {
    const before = await sellerProducts();
    const response = await seller.client.post('/api/products', await productBody(typed));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.phone).toBe(message);
    expect(await sellerProducts()).toBe(before);
  });

  it('says why in Bangla on a Bangla request', async () => {
    const response = await seller.client.post('/api/products', await productBody('02-9556677'), {
      'accept-language': 'bn-BD',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.phone).toBe(translate('bn', 'phones.bangladeshHint'));
  });

  it('reads a changed phone the same way and keeps a number stored as typed before', async () => {
    const old = await insertProduct(ctx.app.database.db, seller.id, { phone: '01711 22 33 44' });
    // Changing something else leaves the old spelling alone, and the page still gives it to its seller.
    const renamed = await seller.client.patch(`/api/products/${old.id}`, { title: 'Teak bed frame, queen' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await storedPhone(old.id)).toBe('01711 22 33 44');
    const page = await seller.client.get(`/api/products/${old.id}`);
    expect(page.json().viewer.phone).toBe('01711 22 33 44');

    const changed = await seller.client.patch(`/api/products/${old.id}`, { phone: '০১৮১১-৪৪৫৫৬৬' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await storedPhone(old.id)).toBe('+8801811445566');

    const broken = await seller.client.patch(`/api/products/${old.id}`, { phone: '1811-4455' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.fields.phone).toBeDefined();
    expect(await storedPhone(old.id)).toBe('+8801811445566');
  });
});

describe('a booking’s phone', () => {
  it.each(spellings)('stores %j as +8801711223344', async (typed) => {
    const product = await insertProduct(ctx.app.database.db, seller.id);
    const booked = await buyer.client.post('/api/bookings', {
      productId: product.id,
      phone: typed,
      meetingLocation: 'Mirpur 10 circle',
    });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json().phone).toBe('+8801711223344');
  });

  it.each(refused)('refuses %j, storing nothing', async (typed, message) => {
    const product = await insertProduct(ctx.app.database.db, seller.id);
    const response = await buyer.client.post('/api/bookings', {
      productId: product.id,
      phone: typed,
      meetingLocation: 'Mirpur 10 circle',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.phone).toBe(message);
    const stored = and(eq(bookings.productId, product.id), eq(bookings.buyerId, buyer.id));
    expect(await count(bookings, stored)).toBe(0);
  });

  it('says why in Bangla on a Bangla request', async () => {
    const product = await insertProduct(ctx.app.database.db, seller.id);
    const response = await buyer.client.post(
      '/api/bookings',
      { productId: product.id, phone: '০১৭১১', meetingLocation: 'Mirpur 10 circle' },
      { 'accept-language': 'bn' },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.phone).toBe(
      `${translate('bn', 'phones.tooShort')} ${translate('bn', 'phones.bangladeshHint')}`,
    );
  });
});

describe('a shop elsewhere (PHONE_REGION)', () => {
  let shop: TestContext;
  afterAll(() => shop.close());

  it('takes its own country’s numbers, tells the web app which, and refuses Bangladeshi ones', async () => {
    shop = await createTestApp({ PHONE_REGION: 'gb' });
    const config = await shop.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json().phoneRegion).toBe('GB');
    const shopSeller = await signUp(shop.app, 'seller');
    const product = await insertProduct(shop.app.database.db, shopSeller.id);
    const shopBuyer = await signUp(shop.app, 'buyer');
    const booked = await shopBuyer.client.post('/api/bookings', {
      productId: product.id,
      phone: '07911 123456',
      meetingLocation: 'King’s Cross',
    });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json().phone).toBe('+447911123456');

    const other = await insertProduct(shop.app.database.db, shopSeller.id);
    const refusedHere = await shopBuyer.client.post('/api/bookings', {
      productId: other.id,
      phone: '+880 1711 223344',
      meetingLocation: 'King’s Cross',
    });
    expect(refusedHere.statusCode).toBe(400);
    expect(refusedHere.json().error.fields.phone).toBe(phoneMessages.problem('other_country', 'GB'));
  });

  it('says BD when nothing is configured', async () => {
    const config = await ctx.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json().phoneRegion).toBe('BD');
  });
});
