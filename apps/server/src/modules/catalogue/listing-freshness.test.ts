/**
 * Listings are answered from memory (listing-cache.ts), kept here for five minutes, so any write that
 * changed a listing without saying so would show as a stale answer in these tests. Every change goes
 * through the API, as people make it: a product added, advertised, sold, removed by its seller or by
 * an admin, a seller verified or removed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductCard } from '@furniture-mart/shared';
import {
  createTestApp,
  signUp,
  TestClient,
  type TestContext,
  type TestUser,
} from '../../../test/helpers/app.js';
import { firstCategoryId } from '../../../test/helpers/fixtures.js';
import { uploadPhoto } from '../../../test/helpers/fixtures.js';

let ctx: TestContext;
let seller: TestUser;
let buyer: TestUser;
let admin: TestUser;
let categoryId: string;
let counter = 0;

beforeAll(async () => {
  ctx = await createTestApp({ LISTING_CACHE_SECONDS: '300' });
  [seller, buyer, admin] = await Promise.all([
    signUp(ctx.app, 'seller'),
    signUp(ctx.app, 'buyer'),
    signUp(ctx.app, 'admin'),
  ]);
  categoryId = await firstCategoryId(ctx.database.db);
});
afterAll(() => ctx.close());

async function addProduct(owner: TestUser = seller): Promise<{ id: string; title: string }> {
  counter += 1;
  const title = `Fresh listing ${counter}`;
  const res = await owner.client.post('/api/products', {
    title,
    phone: '+880 1711 123456',
    originalPrice: '900',
    sellingPrice: '450',
    yearsUsed: '2',
    description: 'Solid oak, a few marks on one leg.',
    location: 'Dhaka',
    district: 'dhaka',
    condition: 'excellent',
    categoryId,
    photoIds: [await uploadPhoto(owner.client)],
    dimensions: { unit: 'cm', width: '80', depth: 40, height: '75' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().id as string, title };
}

async function categoryCards(): Promise<ProductCard[]> {
  const res = await buyer.client.get(`/api/categories/${categoryId}?pageSize=100`);
  expect(res.statusCode).toBe(200);
  return res.json().products.items as ProductCard[];
}

async function advertisedTitles(): Promise<string[]> {
  const res = await new TestClient(ctx.app).get('/api/products/advertised?pageSize=100');
  return (res.json().items as ProductCard[]).map((card) => card.title);
}

const titles = (cards: ProductCard[]) => cards.map((card) => card.title);

describe('listings answered from memory stay true to every write', () => {
  it('show a new product, then an advertised one, at once', async () => {
    await categoryCards();
    await advertisedTitles();
    const product = await addProduct();
    expect(titles(await categoryCards())).toContain(product.title);
    expect(await advertisedTitles()).not.toContain(product.title);

    expect((await seller.client.post(`/api/products/${product.id}/advertise`)).statusCode).toBe(200);
    expect(await advertisedTitles()).toContain(product.title);
  });

  it('drop a product once it is paid for', async () => {
    const product = await addProduct();
    expect(titles(await categoryCards())).toContain(product.title);
    const booked = await buyer.client.post('/api/bookings', {
      productId: product.id,
      phone: '+880 1711 555666',
      meetingLocation: 'Gulshan 2 circle, Dhaka',
    });
    expect(booked.statusCode).toBe(201);
    const bookingId = booked.json().id as string;
    expect((await buyer.client.post(`/api/bookings/${bookingId}/checkout`)).statusCode).toBe(200);
    const paid = await buyer.client.post(`/api/bookings/${bookingId}/checkout/confirm`, {
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/40',
      cvc: '123',
      name: 'Fresh Buyer',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(titles(await categoryCards())).not.toContain(product.title);
  });

  it('drop a product its seller removes, and one an admin removes after a report', async () => {
    const removedBySeller = await addProduct();
    const reported = await addProduct();
    expect(titles(await categoryCards())).toEqual(
      expect.arrayContaining([removedBySeller.title, reported.title]),
    );

    expect((await seller.client.delete(`/api/products/${removedBySeller.id}`)).statusCode).toBe(204);
    expect(titles(await categoryCards())).not.toContain(removedBySeller.title);

    const report = await buyer.client.post('/api/reports', { productId: reported.id, reason: 'scam' });
    expect(report.statusCode, report.body).toBe(201);
    const removed = await admin.client.delete(`/api/admin/reports/${report.json().id}/product`);
    expect(removed.statusCode).toBe(204);
    expect(titles(await categoryCards())).not.toContain(reported.title);
  });

  it("show a seller's verified mark once an admin verifies them, and drop a removed seller's products", async () => {
    const newSeller = await signUp(ctx.app, 'seller');
    const product = await addProduct(newSeller);
    const card = async () => (await categoryCards()).find((c) => c.title === product.title);
    expect((await card())?.seller.verified).toBe(false);

    expect((await admin.client.post(`/api/admin/sellers/${newSeller.id}/verify`)).statusCode).toBe(200);
    expect((await card())?.seller.verified).toBe(true);

    expect((await admin.client.delete(`/api/admin/users/${newSeller.id}`)).statusCode).toBe(204);
    expect(await card()).toBeUndefined();
  });
});
