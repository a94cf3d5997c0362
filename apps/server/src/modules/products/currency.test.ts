/**
 * Prices in currencies whose minor unit is not the cent, end to end: the seller's amount is stored in
 * the currency's own minor units (whole yen, fils) and Stripe is asked for exactly that many.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@furniture-mart/shared';
import { createTestApp, signUp, type TestContext, type TestUser } from '../../../test/helpers/app.js';
import { categories, products } from '../../platform/db/schema.js';
import { uploadPhoto } from '../../../test/helpers/fixtures.js';
import { FakeStripe } from '../payments/testing/fake-stripe.js';

describe.each([
  {
    currency: 'JPY',
    region: 'JP',
    phones: ['+81 90 1234 5678', '090-8765-4321'],
    storedPhone: '+819012345678',
    original: '180,000',
    selling: '1,250',
    storedOriginal: 180_000,
    storedSelling: 1250,
    refused: '1250.5',
  },
  {
    currency: 'BHD',
    region: 'BH',
    phones: ['+973 3600 1234', '3600 5678'],
    storedPhone: '+97336001234',
    original: '300',
    selling: '12.5',
    storedOriginal: 300_000,
    storedSelling: 12_500,
    refused: '12.0005',
  },
])(
  'prices in $currency',
  ({ currency, region, phones, storedPhone, original, selling, storedOriginal, storedSelling, refused }) => {
    const fake = new FakeStripe();
    let ctx: TestContext;
    let seller: TestUser;
    let buyer: TestUser;
    let categoryId: string;

    beforeAll(async () => {
      const port = await fake.start();
      ctx = await createTestApp({
        CURRENCY: currency,
        // Phone numbers of the shop's own country, in any of its spellings.
        PHONE_REGION: region,
        STRIPE_SECRET_KEY: fake.secretKey,
        STRIPE_PUBLISHABLE_KEY: 'pk_test_currency',
        STRIPE_API_HOST: '127.0.0.1',
        STRIPE_API_PORT: String(port),
        STRIPE_API_PROTOCOL: 'http',
      });
      seller = await signUp(ctx.app, 'seller');
      buyer = await signUp(ctx.app, 'buyer');
      const [category] = await ctx.database.db.select({ id: categories.id }).from(categories).limit(1);
      categoryId = category!.id;
    });
    afterAll(async () => {
      await ctx.close();
      await fake.stop();
    });

    async function addProduct(sellingPrice: string) {
      return seller.client.post('/api/products', {
        title: `Lacquered cabinet in ${currency}`,
        phone: phones[0],
        originalPrice: original,
        sellingPrice,
        yearsUsed: '4',
        description: 'Two doors, one shelf, a small chip on the left foot.',
        location: 'Dhaka',
        district: 'dhaka',
        condition: 'excellent',
        categoryId,
        photoIds: [await uploadPhoto(seller.client)],
        dimensions: { unit: 'cm', width: '80', depth: 40, height: '75' },
      });
    }

    it('stores the minor units, shows them back and charges exactly them', async () => {
      const created = await addProduct(selling);
      expect(created.statusCode, created.body).toBe(201);
      const productId: string = created.json().id;
      const [row] = await ctx.database.db.select().from(products).where(eq(products.id, productId));
      expect(row).toMatchObject({
        originalPriceCents: storedOriginal,
        sellingPriceCents: storedSelling,
        currency,
        phone: storedPhone,
      });

      const config = await buyer.client.get('/api/config');
      expect(config.json().currency).toBe(currency);
      const search = await buyer.client.get('/api/products');
      const card = search.json().items.find((item: { id: string }) => item.id === productId);
      expect(card).toMatchObject({ sellingPriceCents: storedSelling, originalPriceCents: storedOriginal });

      const booked = await buyer.client.post('/api/bookings', {
        productId,
        phone: phones[1],
        meetingLocation: 'At the station',
      });
      expect(booked.statusCode, booked.body).toBe(201);
      const bookingId: string = booked.json().id;
      const checkout = await buyer.client.post(`/api/bookings/${bookingId}/checkout`);
      expect(checkout.statusCode, checkout.body).toBe(200);
      expect(checkout.json()).toMatchObject({ amountCents: storedSelling, currency });
      const intent = [...fake.intents.values()].find(
        (candidate) => candidate.metadata.bookingId === bookingId,
      );
      expect(intent).toMatchObject({ amount: storedSelling, currency: currency.toLowerCase() });
    });

    it('refuses more decimals than the currency has', async () => {
      const res = await addProduct(refused);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ sellingPrice: messages.invalidPrice });
    });

    it('filters listings in the same minor units', async () => {
      const search = await buyer.client.get(`/api/products?maxPrice=${encodeURIComponent(selling)}`);
      expect(search.statusCode, search.body).toBe(200);
      expect(
        search
          .json()
          .items.every((item: { sellingPriceCents: number }) => item.sellingPriceCents <= storedSelling),
      ).toBe(true);
      const refusedFilter = await buyer.client.get(`/api/products?minPrice=${refused}`);
      expect(refusedFilter.statusCode).toBe(400);
      expect(refusedFilter.json().error.fields).toEqual({ minPrice: messages.invalidPrice });
    });
  },
);
