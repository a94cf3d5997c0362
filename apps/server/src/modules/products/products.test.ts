import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cancelReasons,
  messages,
  phoneMessages,
  sellerMessages,
  type MyProduct,
  type Page,
  type ProductCard,
} from '@furniture-mart/shared';
import {
  createTestApp,
  signUp,
  TestClient,
  type TestContext,
  type TestUser,
} from '../../../test/helpers/app.js';
import { bookings, categories, productPhotos, products } from '../../platform/db/schema.js';
import { bookingRow, insertBooking, markPaid, uploadPhoto } from '../../../test/helpers/fixtures.js';

let ctx: TestContext;
let seller: TestUser;
let otherSeller: TestUser;
let buyer: TestUser;
let admin: TestUser;
let categoryId: string;
let otherCategoryId: string;

beforeAll(async () => {
  ctx = await createTestApp({ CURRENCY: 'BDT' });
  [seller, otherSeller, buyer, admin] = await Promise.all([
    signUp(ctx.app, 'seller'),
    signUp(ctx.app, 'seller'),
    signUp(ctx.app, 'buyer'),
    signUp(ctx.app, 'admin'),
  ]);
  const rows = await ctx.database.db
    .select({ id: categories.id })
    .from(categories)
    .orderBy(categories.position);
  categoryId = rows[0]!.id;
  otherCategoryId = rows[1]!.id;
});
afterAll(() => ctx.close());

let titleCounter = 0;

function productBody(photoIds: string[], overrides: Record<string, unknown> = {}) {
  titleCounter += 1;
  return {
    title: `Walnut sideboard ${titleCounter}`,
    phone: '+880 1711 123456',
    originalPrice: '1,250.50',
    sellingPrice: 640,
    yearsUsed: '3',
    description: 'Three drawers, soft-close doors, a few light scratches on the top.',
    location: 'Dhaka',
    district: 'dhaka',
    condition: 'excellent',
    categoryId,
    photoIds,
    dimensions: { unit: 'cm', width: '120', depth: 45, height: '80' },
    ...overrides,
  };
}

async function addProduct(
  user: TestUser,
  overrides: Record<string, unknown> = {},
  photos = 1,
): Promise<MyProduct> {
  const photoIds = await Promise.all(Array.from({ length: photos }, () => uploadPhoto(user.client)));
  const response = await user.client.post('/api/products', productBody(photoIds, overrides));
  if (response.statusCode !== 201)
    throw new Error(`add product failed ${response.statusCode}: ${response.body}`);
  return response.json();
}

async function productRow(id: string) {
  const [row] = await ctx.database.db.select().from(products).where(eq(products.id, id));
  return row!;
}

async function myProducts(user: TestUser, query = ''): Promise<Page<MyProduct>> {
  const response = await user.client.get(`/api/my/products${query}`);
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function openBooking(
  productId: string,
  buyerId: string,
  status: 'booked' | 'paid' | 'cancelled' = 'booked',
) {
  const [booking] = await ctx.database.db
    .insert(bookings)
    .values({
      productId,
      buyerId,
      phone: '+880 1811 000000',
      meetingLocation: 'Gulshan 2 circle',
      priceCents: 64_000,
      currency: 'BDT',
      status,
    })
    .returning({ id: bookings.id });
  return booking!.id;
}

describe('POST /api/products', () => {
  it('adds an available, unadvertised product dated now, owned by the signed-in seller, with photos in order', async () => {
    const photoIds = [await uploadPhoto(seller.client), await uploadPhoto(seller.client)];
    const response = await seller.client.post(
      '/api/products',
      productBody(photoIds, {
        dimensions: { unit: 'cm', width: '120', depth: 45, height: '80.5', diagonalDepth: '', weightKg: '' },
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const created: MyProduct = response.json();
    expect(created).toMatchObject({
      sellingPriceCents: 64_000,
      status: 'available',
      advertised: false,
      openBookings: 0,
      paidBookings: 0,
    });
    expect(Date.now() - Date.parse(created.postedAt)).toBeLessThan(60_000);

    const row = await productRow(created.id);
    expect(row).toMatchObject({
      sellerId: seller.id,
      categoryId,
      originalPriceCents: 125_050,
      sellingPriceCents: 64_000,
      currency: 'BDT',
      yearsUsed: 3,
      widthMm: 1200,
      depthMm: 450,
      heightMm: 805,
      diagonalDepthMm: null,
      weightG: null,
      location: 'Dhaka',
      district: 'dhaka',
      condition: 'excellent',
      deletedAt: null,
    });

    const photos = await ctx.database.db
      .select({
        id: productPhotos.id,
        position: productPhotos.position,
        displayKey: productPhotos.displayKey,
      })
      .from(productPhotos)
      .where(eq(productPhotos.productId, created.id))
      .orderBy(productPhotos.position);
    expect(photos.map((p) => [p.id, p.position])).toEqual([
      [photoIds[0], 0],
      [photoIds[1], 1],
    ]);
    expect(created.cover?.url).toBe(`/media/uploads/${photos[0]!.displayKey}`);
  });

  it('ignores a seller id, status, advertised flag or date sent in the body', async () => {
    const photoIds = [await uploadPhoto(seller.client)];
    const response = await seller.client.post(
      '/api/products',
      productBody(photoIds, {
        sellerId: otherSeller.id,
        status: 'sold',
        advertised: true,
        postedAt: '2001-01-01T00:00:00.000Z',
        currency: 'EUR',
      }),
    );
    expect(response.statusCode).toBe(201);
    const row = await productRow(response.json().id);
    expect(row).toMatchObject({
      sellerId: seller.id,
      status: 'available',
      advertised: false,
      currency: 'BDT',
    });
    expect(row.postedAt.getFullYear()).toBeGreaterThan(2001);
  });

  it.each([
    ['title', messages.required],
    ['phone', messages.required],
    ['originalPrice', messages.required],
    ['sellingPrice', messages.required],
    ['yearsUsed', messages.required],
    ['description', messages.enterDescription],
    ['location', messages.required],
    ['condition', messages.required],
    ['categoryId', messages.required],
    ['photoIds', messages.required],
  ])('refuses a product without %s', async (field, message) => {
    const body: Record<string, unknown> = productBody([await uploadPhoto(seller.client)]);
    delete body[field];
    const missing = await seller.client.post('/api/products', body);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields[field]).toBe(message);

    const blank = await seller.client.post('/api/products', {
      ...body,
      [field]: field === 'photoIds' ? [] : '',
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.fields[field]).toBeDefined();
  });

  it('refuses wrong types and values with a message per field', async () => {
    const photoIds = [await uploadPhoto(seller.client)];
    const cases: [Record<string, unknown>, string, string | RegExp][] = [
      [{ originalPrice: 'abc' }, 'originalPrice', messages.invalidPrice],
      [{ sellingPrice: '-5' }, 'sellingPrice', messages.invalidPrice],
      [{ sellingPrice: '10.999' }, 'sellingPrice', messages.invalidPrice],
      [{ sellingPrice: 0 }, 'sellingPrice', messages.invalidPrice],
      [{ sellingPrice: '999999999' }, 'sellingPrice', sellerMessages.priceTooHigh],
      [{ yearsUsed: '1.5' }, 'yearsUsed', messages.invalidYears],
      [{ yearsUsed: 101 }, 'yearsUsed', messages.invalidYears],
      [{ phone: 'call me maybe' }, 'phone', phoneMessages.problem('characters', 'BD')],
      [{ title: 42 }, 'title', messages.required],
      [{ title: 'x'.repeat(121) }, 'title', /at most 120/],
      [{ location: 'Paris' }, 'location', messages.required],
      [{ condition: 'new' }, 'condition', messages.required],
      [{ categoryId: 'bed-room' }, 'categoryId', messages.required],
      [{ photoIds: 'abc' }, 'photoIds', messages.required],
      [{ photoIds: ['not-a-uuid'] }, 'photoIds.0', /photo/],
      [{ photoIds: [photoIds[0], photoIds[0]] }, 'photoIds', /once/],
      [{ dimensions: { unit: 'cm', width: 'wide', depth: 45, height: 80 } }, 'dimensions.width', /width/],
    ];
    for (const [override, field, message] of cases) {
      const response = await seller.client.post('/api/products', productBody(photoIds, override));
      expect(response.statusCode, JSON.stringify(override)).toBe(400);
      const fields = response.json().error.fields as Record<string, string>;
      if (typeof message === 'string') expect(fields[field], JSON.stringify(override)).toBe(message);
      else expect(fields[field], JSON.stringify(override)).toMatch(message);
    }
    const nine = Array.from({ length: 9 }, () => photoIds[0]!);
    const tooMany = await seller.client.post('/api/products', productBody(nine));
    expect(tooMany.json().error.fields.photoIds).toBe(sellerMessages.tooManyPhotos);
    const notJson = await seller.client.request('POST', '/api/products', undefined, {
      'content-type': 'application/json',
    });
    expect(notJson.statusCode).toBe(400);
  });

  it('refuses an unknown category with 400', async () => {
    const response = await seller.client.post(
      '/api/products',
      productBody([await uploadPhoto(seller.client)], { categoryId: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.categoryId).toBe(sellerMessages.categoryNotFound);
  });

  it('refuses photos that are not this seller’s unused uploads, and writes nothing', async () => {
    const mine = await uploadPhoto(seller.client);
    const theirs = await uploadPhoto(otherSeller.client);
    const before = (await myProducts(seller)).total;

    for (const photoIds of [[mine, theirs], ['00000000-0000-4000-8000-000000000000']]) {
      const response = await seller.client.post('/api/products', productBody(photoIds));
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(sellerMessages.photoUnavailable);
    }
    expect((await myProducts(seller)).total).toBe(before);
    const untouched = await ctx.database.db
      .select({ productId: productPhotos.productId })
      .from(productPhotos)
      .where(inArray(productPhotos.id, [mine, theirs]));
    expect(untouched).toEqual([{ productId: null }, { productId: null }]);

    // A photo can belong to one product only.
    expect((await seller.client.post('/api/products', productBody([mine]))).statusCode).toBe(201);
    const reused = await seller.client.post('/api/products', productBody([mine]));
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.fields.photoIds).toBe(sellerMessages.photoUnavailable);
  });

  it('lets only one of two simultaneous products claim the same photo', async () => {
    const shared = await uploadPhoto(seller.client);
    const answers = await Promise.all([
      seller.client.post('/api/products', productBody([shared])),
      seller.client.post('/api/products', productBody([shared])),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400]);
    const owners = await ctx.database.db
      .select({ productId: productPhotos.productId })
      .from(productPhotos)
      .where(eq(productPhotos.id, shared));
    expect(owners[0]!.productId).toBe(answers.find((answer) => answer.statusCode === 201)!.json().id);
  });

  it('lets only sellers add products', async () => {
    const body = productBody(['00000000-0000-4000-8000-000000000000']);
    expect((await new TestClient(ctx.app).post('/api/products', body)).statusCode).toBe(401);
    expect((await buyer.client.post('/api/products', body)).statusCode).toBe(403);
    expect((await admin.client.post('/api/products', body)).statusCode).toBe(403);
  });
});

describe('GET /api/my/products', () => {
  it('lists only my products that are not removed, newest first, sold ones with their status', async () => {
    const lister = await signUp(ctx.app, 'seller');
    const first = await addProduct(lister, {}, 2);
    const sold = await addProduct(lister);
    const removed = await addProduct(lister);
    const latest = await addProduct(lister);
    await addProduct(otherSeller);
    await ctx.database.db.update(products).set({ status: 'sold' }).where(eq(products.id, sold.id));
    expect((await lister.client.delete(`/api/products/${removed.id}`)).statusCode).toBe(204);

    const page = await myProducts(lister);
    expect(page).toMatchObject({ page: 1, pageSize: 24, total: 3 });
    expect(page.items.map((p) => p.id)).toEqual([latest.id, sold.id, first.id]);
    expect(page.items.find((p) => p.id === sold.id)?.status).toBe('sold');
    expect(page.items[2]!.cover).toEqual(first.cover);

    const second = await myProducts(lister, '?page=2&pageSize=1');
    expect(second).toMatchObject({ page: 2, pageSize: 1, total: 3 });
    expect(second.items.map((p) => p.id)).toEqual([sold.id]);
    expect((await lister.client.get('/api/my/products?pageSize=101')).statusCode).toBe(400);
  });

  it('counts only open bookings', async () => {
    const product = await addProduct(seller);
    const [b1, b2, b3] = await Promise.all([
      signUp(ctx.app, 'buyer'),
      signUp(ctx.app, 'buyer'),
      signUp(ctx.app, 'buyer'),
    ]);
    await openBooking(product.id, b1.id);
    await openBooking(product.id, b2.id);
    await openBooking(product.id, b3.id, 'cancelled');
    const page = await myProducts(seller, '?pageSize=100');
    expect(page.items.find((p) => p.id === product.id)?.openBookings).toBe(2);
  });

  it('counts a sold item’s paid booking apart from the open ones', async () => {
    const product = await addProduct(seller);
    const [b1, b2] = await Promise.all([signUp(ctx.app, 'buyer'), signUp(ctx.app, 'buyer')]);
    await openBooking(product.id, b1.id, 'paid');
    await openBooking(product.id, b2.id, 'cancelled');
    const page = await myProducts(seller, '?pageSize=100');
    expect(page.items.find((p) => p.id === product.id)).toMatchObject({ openBookings: 0, paidBookings: 1 });
  });

  it('answers an empty page to a new seller and refuses other roles', async () => {
    const fresh = await signUp(ctx.app, 'seller');
    expect(await myProducts(fresh)).toEqual({ items: [], page: 1, pageSize: 24, total: 0 });
    expect((await new TestClient(ctx.app).get('/api/my/products')).statusCode).toBe(401);
    expect((await buyer.client.get('/api/my/products')).statusCode).toBe(403);
    expect((await admin.client.get('/api/my/products')).statusCode).toBe(403);
  });
});

describe('POST /api/products/:id/advertise', () => {
  it('advertises my available product, which then shows among the advertised products', async () => {
    const product = await addProduct(seller);
    const response = await seller.client.post(`/api/products/${product.id}/advertise`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: product.id, advertised: true, status: 'available' });
    expect((await productRow(product.id)).advertisedAt).not.toBeNull();

    const advertised = await new TestClient(ctx.app).get('/api/products/advertised?pageSize=100');
    expect(advertised.statusCode).toBe(200);
    expect((advertised.json() as Page<ProductCard>).items.map((p) => p.id)).toContain(product.id);
    // It stays in My Products, marked advertised.
    const mine = await myProducts(seller, '?pageSize=100');
    expect(mine.items.find((p) => p.id === product.id)?.advertised).toBe(true);
  });

  it('answers 409 when already advertised, sold or removed', async () => {
    const product = await addProduct(seller);
    expect((await seller.client.post(`/api/products/${product.id}/advertise`)).statusCode).toBe(200);
    const again = await seller.client.post(`/api/products/${product.id}/advertise`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(sellerMessages.alreadyAdvertised);

    const sold = await addProduct(seller);
    await ctx.database.db.update(products).set({ status: 'sold' }).where(eq(products.id, sold.id));
    const soldAnswer = await seller.client.post(`/api/products/${sold.id}/advertise`);
    expect(soldAnswer.statusCode).toBe(409);
    expect(soldAnswer.json().error.message).toBe(sellerMessages.soldCannotAdvertise);
    expect((await productRow(sold.id)).advertised).toBe(false);

    const removed = await addProduct(seller);
    expect((await seller.client.delete(`/api/products/${removed.id}`)).statusCode).toBe(204);
    const removedAnswer = await seller.client.post(`/api/products/${removed.id}/advertise`);
    expect(removedAnswer.statusCode).toBe(409);
    expect(removedAnswer.json().error.message).toBe(sellerMessages.removedCannotAdvertise);
  });

  it('answers another seller exactly as for an unknown product, and refuses other roles', async () => {
    const product = await addProduct(seller);
    const foreign = await otherSeller.client.post(`/api/products/${product.id}/advertise`);
    const unknown = await otherSeller.client.post(
      '/api/products/00000000-0000-4000-8000-000000000000/advertise',
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(unknown.json());
    expect((await buyer.client.post(`/api/products/${product.id}/advertise`)).statusCode).toBe(403);
    expect((await admin.client.post(`/api/products/${product.id}/advertise`)).statusCode).toBe(403);
    expect((await new TestClient(ctx.app).post(`/api/products/${product.id}/advertise`)).statusCode).toBe(
      401,
    );
    expect((await seller.client.post('/api/products/not-an-id/advertise')).statusCode).toBe(400);
    expect((await productRow(product.id)).advertised).toBe(false);
  });
});

describe('DELETE /api/products/:id', () => {
  it('removes my product from every list and cancels its open bookings with a reason', async () => {
    const product = await addProduct(seller, { categoryId: otherCategoryId });
    expect((await seller.client.post(`/api/products/${product.id}/advertise`)).statusCode).toBe(200);
    const waiting = await openBooking(product.id, buyer.id);
    const category = await buyer.client.get(`/api/categories/${otherCategoryId}?pageSize=100`);
    expect(category.json().products.items.map((p: ProductCard) => p.id)).toContain(product.id);

    const response = await seller.client.delete(`/api/products/${product.id}`);
    expect(response.statusCode).toBe(204);

    const row = await productRow(product.id);
    expect(row.deletedAt).not.toBeNull();
    expect(row.advertised).toBe(false);
    const [booking] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, waiting));
    expect(booking).toMatchObject({ status: 'cancelled', cancelReason: cancelReasons.productRemoved });

    const after = await buyer.client.get(`/api/categories/${otherCategoryId}?pageSize=100`);
    expect(after.json().products.items.map((p: ProductCard) => p.id)).not.toContain(product.id);
    const advertised = await new TestClient(ctx.app).get('/api/products/advertised?pageSize=100');
    expect(advertised.json().items.map((p: ProductCard) => p.id)).not.toContain(product.id);
    expect((await myProducts(seller, '?pageSize=100')).items.map((p) => p.id)).not.toContain(product.id);

    const again = await seller.client.delete(`/api/products/${product.id}`);
    expect(again.statusCode).toBe(404);
  });

  it('keeps a product with a paid order waiting for handoff from its seller, until the sale is cancelled', async () => {
    const product = await addProduct(seller);
    const paid = await insertBooking(ctx.database.db, product.id, buyer.id);
    await markPaid(ctx.database.db, paid);
    const refused = await seller.client.delete(`/api/products/${product.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({
      code: 'SALE_AWAITING_HANDOFF',
      message: sellerMessages.saleWaitingForHandoff,
    });
    expect((await productRow(product.id)).deletedAt).toBeNull();
    expect((await bookingRow(ctx.database.db, paid)).status).toBe('paid');

    const cancelled = await seller.client.post(`/api/bookings/${paid}/cancel-sale`, { reason: 'It broke' });
    expect(cancelled.statusCode).toBe(200);
    expect((await seller.client.delete(`/api/products/${product.id}`)).statusCode).toBe(204);
  });

  it('refunds a sold product’s paid, unfinished order when an admin removes it', async () => {
    const product = await addProduct(seller);
    const paid = await insertBooking(ctx.database.db, product.id, buyer.id);
    await markPaid(ctx.database.db, paid);
    expect((await admin.client.delete(`/api/products/${product.id}`)).statusCode).toBe(204);
    const [booking] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, paid));
    expect(booking).toMatchObject({ status: 'refunded', cancelReason: cancelReasons.productRemoved });
    expect(await productRow(product.id)).toMatchObject({ status: 'sold' });
  });

  it('lets an admin delete any product', async () => {
    const product = await addProduct(otherSeller);
    expect((await admin.client.delete(`/api/products/${product.id}`)).statusCode).toBe(204);
    expect((await productRow(product.id)).deletedAt).not.toBeNull();
  });

  it('answers another seller exactly as for an unknown product, and refuses buyers and visitors', async () => {
    const product = await addProduct(seller);
    const foreign = await otherSeller.client.delete(`/api/products/${product.id}`);
    const unknown = await otherSeller.client.delete('/api/products/00000000-0000-4000-8000-000000000000');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(unknown.json());
    expect((await buyer.client.delete(`/api/products/${product.id}`)).statusCode).toBe(403);
    expect((await new TestClient(ctx.app).delete(`/api/products/${product.id}`)).statusCode).toBe(401);
    const row = await productRow(product.id);
    expect(row.deletedAt).toBeNull();
    const stillBooked = await ctx.database.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.productId, product.id), eq(bookings.status, 'cancelled')));
    expect(stillBooked).toEqual([]);
  });
});

describe('OpenAPI', () => {
  it('documents the seller routes', async () => {
    const doc = (await new TestClient(ctx.app).get('/api/openapi.json')).json();
    expect(doc.paths['/api/products'].post.requestBody).toBeDefined();
    expect(doc.paths['/api/my/products'].get).toBeDefined();
    expect(doc.paths['/api/products/{id}/advertise'].post).toBeDefined();
    expect(doc.paths['/api/products/{id}'].delete).toBeDefined();
    expect(doc.paths['/api/uploads/images'].post).toBeDefined();
  });
});
