/**
 * Product pages, listing edits, favourites with their notices and mail, seller pages, and the report and
 * My Products details, through the HTTP API on a real database.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueMessages, messages, sellerMessages } from '@furniture-mart/shared';
import {
  createTestApp,
  signUp,
  TestClient,
  type TestContext,
  type TestUser,
} from '../../../test/helpers/app.js';
import {
  categories,
  favourites,
  mailOutbox,
  notices,
  priceChanges,
  productPhotos,
  products,
  reports,
} from '../../platform/db/schema.js';
import { insertBooking, insertProduct, sellTo, uploadPhoto } from '../../../test/helpers/fixtures.js';

let ctx: TestContext;
let seller: TestUser;
let otherSeller: TestUser;
let buyer: TestUser;
let otherBuyer: TestUser;
let admin: TestUser;
let categoryId: string;
let otherCategoryId: string;
const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', name: 'Page Buyer' };

beforeAll(async () => {
  ctx = await createTestApp();
  [seller, otherSeller, buyer, otherBuyer, admin] = await Promise.all([
    signUp(ctx.app, 'seller', { name: 'Page Seller' }),
    signUp(ctx.app, 'seller'),
    signUp(ctx.app, 'buyer', { name: 'Saving Buyer' }),
    signUp(ctx.app, 'buyer', { name: 'Other Saver' }),
    signUp(ctx.app, 'admin'),
  ]);
  const rows = await ctx.database.db
    .select({ id: categories.id })
    .from(categories)
    .orderBy(categories.position);
  categoryId = rows[0]!.id;
  otherCategoryId = rows[1]!.id;
}, 120_000);
afterAll(() => ctx?.close());

const db = () => ctx.database.db;

async function addProduct(photos = 2): Promise<string> {
  const photoIds = [];
  for (let i = 0; i < photos; i++) photoIds.push(await uploadPhoto(seller.client));
  const res = await seller.client.post('/api/products', {
    title: 'Teak bookcase',
    phone: '+880 1711 202030',
    originalPrice: '400',
    sellingPrice: '200',
    yearsUsed: 3,
    description: 'Five shelves, one small scratch.',
    location: 'Dhaka',
    district: 'dhaka',
    condition: 'excellent',
    categoryId,
    photoIds,
    dimensions: { unit: 'cm', width: '80', depth: 30, height: '75.5' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

async function row(id: string) {
  const [found] = await db().select().from(products).where(eq(products.id, id));
  return found!;
}

/** The favourite mail queued about one product: the keys of its notices are the keys of its mail. */
async function favouriteMails(productId: string) {
  const keys = (
    await db().select({ key: notices.eventKey }).from(notices).where(eq(notices.productId, productId))
  ).map((n) => n.key);
  const mails = await db()
    .select({ key: mailOutbox.idempotencyKey, to: mailOutbox.toAddress, subject: mailOutbox.subject })
    .from(mailOutbox)
    .where(like(mailOutbox.idempotencyKey, 'favourite:%'));
  return mails.filter((mail) => keys.includes(mail.key));
}

describe('GET /api/products/:id', () => {
  it('shows every field, photo and the seller card to anyone, a visitor too, and no contact details', async () => {
    const id = await addProduct();
    const signedOut = await new TestClient(ctx.app).get(`/api/products/${id}`);
    expect(signedOut.statusCode).toBe(200);
    expect(signedOut.json()).toMatchObject({
      id,
      title: 'Teak bookcase',
      viewer: { own: false, favourite: false, booking: null, phone: null, savedCount: null },
    });
    // A public answer never holds a phone number or an email address.
    expect(signedOut.body).not.toContain('1711202030');
    expect(signedOut.body).not.toMatch(/@example\.test/);

    const res = await buyer.client.get(`/api/products/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({
      id,
      title: 'Teak bookcase',
      category: { id: categoryId },
      sellingPriceCents: 20_000,
      originalPriceCents: 40_000,
      previousPriceCents: null,
      dimensions: {
        widthMm: 800,
        depthMm: 300,
        heightMm: 755,
        diagonalDepthMm: null,
        comesApart: false,
        weightKg: null,
      },
      status: 'available',
      seller: { id: seller.id, name: 'Page Seller', verified: false },
      viewer: { own: false, favourite: false, booking: null, phone: null, savedCount: null },
    });
    expect(page.photos).toHaveLength(2);
    expect(page.photos[0].id).toMatch(/^[0-9a-f-]{36}$/);
    expect(page.seller.listings).toBeGreaterThanOrEqual(1);
    expect(Date.parse(page.seller.memberSince)).not.toBeNaN();

    const own = (await seller.client.get(`/api/products/${id}`)).json();
    expect(own.viewer).toMatchObject({ own: true, phone: '+8801711202030', savedCount: 0 });
  });

  it('answers 404 for an unknown or removed product and 400 for a malformed id', async () => {
    const id = await addProduct(1);
    expect((await seller.client.delete(`/api/products/${id}`)).statusCode).toBe(204);
    for (const url of [`/api/products/${id}`, `/api/products/${randomUUID()}`]) {
      const res = await buyer.client.get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(catalogueMessages.productNotFound);
    }
    const bad = await buyer.client.get('/api/products/not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('id');
  });

  it('tells a buyer their booking, so Book Now can lead to the order, and shows who is paying', async () => {
    const id = await addProduct(1);
    const booked = await buyer.client.post('/api/bookings', {
      productId: id,
      phone: '01711-009999',
      meetingLocation: 'Front door',
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const bookingId = booked.json().id;
    const page = (await buyer.client.get(`/api/products/${id}`)).json();
    expect(page.viewer.booking).toEqual({ id: bookingId, status: 'booked' });
    expect((await otherBuyer.client.get(`/api/products/${id}`)).json().viewer.booking).toBeNull();

    expect((await buyer.client.post(`/api/bookings/${bookingId}/checkout`)).statusCode).toBe(200);
    expect((await otherBuyer.client.get(`/api/products/${id}`)).json().status).toBe('being_paid');
    const paid = await buyer.client.post(`/api/bookings/${bookingId}/checkout/confirm`, card);
    expect(paid.statusCode, paid.body).toBe(200);
    const after = (await buyer.client.get(`/api/products/${id}`)).json();
    expect(after.status).toBe('sold');
    expect(after.viewer.booking).toEqual({ id: bookingId, status: 'paid' });
  });
});

describe('PATCH /api/products/:id', () => {
  it('lets the owning seller change fields and photos, with the rules of adding', async () => {
    const id = await addProduct(2);
    const [first, second] = (await seller.client.get(`/api/products/${id}`)).json().photos;
    const added = await uploadPhoto(seller.client);
    const res = await seller.client.patch(`/api/products/${id}`, {
      title: '  Teak bookcase, five shelves ',
      description: 'Five shelves.',
      location: 'Sylhet',
      district: 'sylhet',
      condition: 'fair',
      categoryId: otherCategoryId,
      yearsUsed: '4',
      originalPrice: '450.50',
      dimensions: {
        unit: 'in',
        width: '30',
        depth: '12',
        height: '70.5',
        comesApart: true,
        weightKg: '12.5',
      },
      photoIds: [added, second.id],
      flaws: [{ photoId: added, caption: 'A scuff on the left side' }],
      checklist: {
        stains: false,
        odour: false,
        pets: false,
        smoke: false,
        missingParts: false,
        wobbles: false,
        scratches: true,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id, title: 'Teak bookcase, five shelves', status: 'available' });
    expect(await row(id)).toMatchObject({
      title: 'Teak bookcase, five shelves',
      location: 'Sylhet',
      condition: 'fair',
      categoryId: otherCategoryId,
      yearsUsed: 4,
      originalPriceCents: 45_050,
      sellingPriceCents: 20_000,
      widthMm: 762,
      depthMm: 305,
      heightMm: 1791,
      comesApart: true,
      weightG: 12_500,
    });
    const photos = await db()
      .select({ id: productPhotos.id, position: productPhotos.position, productId: productPhotos.productId })
      .from(productPhotos)
      .where(eq(productPhotos.productId, id))
      .orderBy(productPhotos.position);
    expect(photos.map((p) => p.id)).toEqual([added, second.id]);
    const shown = (await buyer.client.get(`/api/products/${id}`)).json().photos;
    expect(shown.map((photo: { id: string }) => photo.id)).toEqual([added, second.id]);
    // The photo left out is let go, for the clean-up of unused uploads.
    const [dropped] = await db().select().from(productPhotos).where(eq(productPhotos.id, first.id));
    expect(dropped!.productId).toBeNull();
    // The title is searchable by its new words.
    const search = (await buyer.client.get('/api/products?q=shelves')).json();
    expect(search.items.map((item: { id: string }) => item.id)).toContain(id);
  });

  it('is the owner only: 401 signed out, 403 for a buyer or admin, 404 for another seller', async () => {
    const id = await addProduct(1);
    const body = { title: 'Taken over' };
    expect((await new TestClient(ctx.app).patch(`/api/products/${id}`, body)).statusCode).toBe(401);
    expect((await buyer.client.patch(`/api/products/${id}`, body)).statusCode).toBe(403);
    expect((await admin.client.patch(`/api/products/${id}`, body)).statusCode).toBe(403);
    const other = await otherSeller.client.patch(`/api/products/${id}`, body);
    expect(other.statusCode).toBe(404);
    const unknown = await seller.client.patch(`/api/products/${randomUUID()}`, body);
    expect(unknown.statusCode).toBe(404);
    expect(other.json()).toEqual(unknown.json());
    expect((await row(id)).title).toBe('Teak bookcase');
  });

  it('refuses bad input with a message per field and writes nothing', async () => {
    const id = await addProduct(1);
    const before = await row(id);
    const foreignPhoto = await uploadPhoto(otherSeller.client);
    const cases: [unknown, string, string | RegExp][] = [
      [{}, 'body', sellerMessages.nothingToChange],
      [{ sellerId: otherSeller.id, status: 'sold' }, 'body', sellerMessages.nothingToChange],
      [{ title: '' }, 'title', messages.required],
      [{ title: 'x'.repeat(121) }, 'title', /at most 120/],
      [{ sellingPrice: '-1' }, 'sellingPrice', messages.invalidPrice],
      [{ sellingPrice: '999999999' }, 'sellingPrice', sellerMessages.priceTooHigh],
      [{ yearsUsed: 101 }, 'yearsUsed', messages.invalidYears],
      [{ location: 'Paris' }, 'location', messages.required],
      [{ condition: 'new' }, 'condition', messages.required],
      [{ dimensions: { unit: 'cm', width: 80, depth: 30, height: '0' } }, 'dimensions.height', /height/],
      [{ photoIds: [] }, 'photoIds', messages.required],
      [{ photoIds: Array.from({ length: 9 }, () => randomUUID()) }, 'photoIds', sellerMessages.tooManyPhotos],
      [{ categoryId: randomUUID() }, 'categoryId', sellerMessages.categoryNotFound],
      [{ title: 'Renamed', photoIds: [foreignPhoto] }, 'photoIds', sellerMessages.photoUnavailable],
      [{ sellingPrice: '10', photoIds: [randomUUID()] }, 'photoIds', sellerMessages.photoUnavailable],
    ];
    for (const [body, field, message] of cases) {
      const res = await seller.client.patch(`/api/products/${id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const error = res.json().error;
      expect(error.fields?.[field] ?? error.message, JSON.stringify(body)).toMatch(message);
    }
    expect(await row(id)).toEqual(before);
    const photos = await db().select().from(productPhotos).where(eq(productPhotos.productId, id));
    expect(photos).toHaveLength(1);
    expect(await db().select().from(priceChanges).where(eq(priceChanges.productId, id))).toEqual([]);
  });

  it('records price changes and shows "was" on cards and the page for 14 days after a drop', async () => {
    const id = await addProduct(1);
    expect((await seller.client.patch(`/api/products/${id}`, { sellingPrice: '150' })).statusCode).toBe(200);
    const history = await db().select().from(priceChanges).where(eq(priceChanges.productId, id));
    expect(history).toMatchObject([{ oldPriceCents: 20_000, newPriceCents: 15_000, currency: 'USD' }]);

    const cardOf = async () =>
      (await buyer.client.get('/api/products?pageSize=100'))
        .json()
        .items.find((c: { id: string }) => c.id === id);
    expect((await cardOf()).previousPriceCents).toBe(20_000);
    expect((await buyer.client.get(`/api/products/${id}`)).json().previousPriceCents).toBe(20_000);
    const mine = (await seller.client.get('/api/my/products?pageSize=100')).json();
    expect(mine.items.find((p: { id: string }) => p.id === id).previousPriceCents).toBe(20_000);

    // Fourteen days later the drop is no longer news.
    await db()
      .update(products)
      .set({ priceChangedAt: sql`now() - interval '14 days 1 minute'` })
      .where(eq(products.id, id));
    ctx.app.services.listings.changed();
    expect((await cardOf()).previousPriceCents).toBeNull();
    expect((await buyer.client.get(`/api/products/${id}`)).json().previousPriceCents).toBeNull();

    // A rise is recorded but never shown as "was".
    expect((await seller.client.patch(`/api/products/${id}`, { sellingPrice: '175' })).statusCode).toBe(200);
    expect((await cardOf()).previousPriceCents).toBeNull();
    // The same price again is no change.
    expect((await seller.client.patch(`/api/products/${id}`, { sellingPrice: '175.00' })).statusCode).toBe(
      200,
    );
    const all = await db().select().from(priceChanges).where(eq(priceChanges.productId, id));
    expect(all).toHaveLength(2);
  });

  it('never shows a "was" above the lowest price of the last 14 days', async () => {
    const id = await addProduct(1);
    // 200, raised to 300, lowered to 250: it was 200 a moment ago, so 250 is no drop to show.
    await seller.client.patch(`/api/products/${id}`, { sellingPrice: '300' });
    await seller.client.patch(`/api/products/${id}`, { sellingPrice: '250' });
    expect((await buyer.client.get(`/api/products/${id}`)).json().previousPriceCents).toBeNull();
    // Below every recent price, the lowest of them is what it was.
    await seller.client.patch(`/api/products/${id}`, { sellingPrice: '150' });
    expect((await buyer.client.get(`/api/products/${id}`)).json().previousPriceCents).toBe(20_000);
  });

  it('refuses with 409 while someone is paying and once sold, changing nothing', async () => {
    const id = await addProduct(1);
    const bookingId = await insertBooking(ctx.database.db, id, buyer.id);
    expect((await buyer.client.post(`/api/bookings/${bookingId}/checkout`)).statusCode).toBe(200);
    const paying = await seller.client.patch(`/api/products/${id}`, { sellingPrice: '1' });
    expect(paying.statusCode).toBe(409);
    expect(paying.json().error).toMatchObject({
      code: 'BEING_PAID',
      message: sellerMessages.editBeingPaid,
    });
    expect((await row(id)).sellingPriceCents).toBe(20_000);

    // The hold ran out: the seller may edit again.
    await db()
      .update(products)
      .set({ holdExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(products.id, id));
    expect((await seller.client.patch(`/api/products/${id}`, { title: 'Teak shelf' })).statusCode).toBe(200);

    const sold = await insertProduct(ctx.database.db, seller.id, { photos: 0, advertised: true });
    await sellTo(ctx.database.db, sold.id, otherBuyer.id);
    const res = await seller.client.patch(`/api/products/${sold.id}`, { title: 'Too late' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'PRODUCT_SOLD', message: sellerMessages.editSold });
  });

  it('racing a checkout: either the edit is refused or the checkout charges the new price', async () => {
    for (let round = 0; round < 4; round++) {
      const id = await addProduct(1);
      const bookingId = await insertBooking(ctx.database.db, id, buyer.id);
      const [edit, checkout] = await Promise.all([
        seller.client.patch(`/api/products/${id}`, { sellingPrice: '123.45' }),
        buyer.client.post(`/api/bookings/${bookingId}/checkout`),
      ]);
      expect(checkout.statusCode, checkout.body).toBe(200);
      if (edit.statusCode === 200) {
        expect(checkout.json().amountCents).toBe(12_345);
      } else {
        expect(edit.statusCode, edit.body).toBe(409);
        expect(checkout.json().amountCents).toBe(20_000);
        expect((await row(id)).sellingPriceCents).toBe(20_000);
      }
    }
  });
});

describe('favourites', () => {
  it('saves and lets go idempotently, for buyers only', async () => {
    const id = await addProduct(1);
    const url = `/api/favourites/${id}`;
    expect((await new TestClient(ctx.app).post(url)).statusCode).toBe(401);
    expect((await seller.client.post(url)).statusCode).toBe(403);
    expect((await admin.client.post(url)).statusCode).toBe(403);
    for (let i = 0; i < 2; i++) {
      const res = await buyer.client.post(url);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ productId: id, favourite: true });
    }
    const rows = await db().select().from(favourites).where(eq(favourites.productId, id));
    expect(rows).toHaveLength(1);
    expect((await buyer.client.get(`/api/products/${id}`)).json().viewer.favourite).toBe(true);

    const list = (await buyer.client.get('/api/my/favourites')).json();
    expect(list.items[0]).toMatchObject({ productId: id, status: 'available', sellingPriceCents: 20_000 });
    expect(list.items[0].cover).not.toBeNull();

    for (let i = 0; i < 2; i++) expect((await buyer.client.delete(url)).statusCode).toBe(204);
    expect(await db().select().from(favourites).where(eq(favourites.productId, id))).toEqual([]);
    expect((await buyer.client.delete(`/api/favourites/${randomUUID()}`)).statusCode).toBe(204);
  });

  it('refuses unknown, removed and sold products clearly', async () => {
    const unknown = await buyer.client.post(`/api/favourites/${randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(catalogueMessages.productNotFound);
    const bad = await buyer.client.post('/api/favourites/nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('productId');
    const sold = await insertProduct(ctx.database.db, seller.id, { photos: 0, advertised: true });
    await sellTo(ctx.database.db, sold.id, otherBuyer.id);
    const res = await buyer.client.post(`/api/favourites/${sold.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(catalogueMessages.favouriteSold);
  });

  it('shows sellers how many saved a listing, never who', async () => {
    const id = await addProduct(1);
    await buyer.client.post(`/api/favourites/${id}`);
    await otherBuyer.client.post(`/api/favourites/${id}`);
    const mine = await seller.client.get('/api/my/products?pageSize=100');
    expect(mine.json().items.find((p: { id: string }) => p.id === id).savedCount).toBe(2);
    const page = await seller.client.get(`/api/products/${id}`);
    expect(page.json().viewer.savedCount).toBe(2);
    for (const body of [mine.body, page.body]) {
      for (const saver of [buyer, otherBuyer]) {
        expect(body).not.toContain(saver.id);
        expect(body).not.toContain(saver.email);
      }
      expect(body).not.toContain('Saving Buyer');
    }
  });

  it('tells savers of a new low price once per person and day, by mail and notice', async () => {
    const id = await addProduct(1);
    await buyer.client.post(`/api/favourites/${id}`);
    await otherBuyer.client.post(`/api/favourites/${id}`);
    await seller.client.patch(`/api/products/${id}`, { sellingPrice: '180' });
    await seller.client.patch(`/api/products/${id}`, { title: 'Only the title' });
    let mails = await favouriteMails(id);
    expect(mails.map((m) => m.to).sort()).toEqual([buyer.email, otherBuyer.email].sort());
    expect(mails.every((m) => m.subject.startsWith('Price drop'))).toBe(true);
    // A rise tells nobody; neither does a drop back to a price of the last 14 days, nor ten cent-sized
    // ups and downs, nor a second new low on the same day.
    await seller.client.patch(`/api/products/${id}`, { sellingPrice: '190' });
    await seller.client.patch(`/api/products/${id}`, { sellingPrice: '185' });
    for (let i = 0; i < 10; i++) {
      await seller.client.patch(`/api/products/${id}`, { sellingPrice: i % 2 ? '185.01' : '185' });
    }
    await seller.client.patch(`/api/products/${id}`, { sellingPrice: '150' });
    mails = await favouriteMails(id);
    expect(mails).toHaveLength(2);

    const listed = (await buyer.client.get('/api/my/notices')).json();
    const mineNotices = listed.items.filter((n: { productId: string }) => n.productId === id);
    expect(mineNotices).toHaveLength(1);
    expect(mineNotices[0]).toMatchObject({ kind: 'price_drop' });
    expect(mineNotices[0].message).toMatch(/dropped from \$200\.00 to \$180\.00/);

    // The next day, a new low is news again.
    await db()
      .update(notices)
      .set({ eventKey: sql`${notices.eventKey} || ':yesterday'` })
      .where(eq(notices.productId, id));
    await db()
      .update(mailOutbox)
      .set({ idempotencyKey: sql`${mailOutbox.idempotencyKey} || ':yesterday'` })
      .where(like(mailOutbox.idempotencyKey, `favourite:price:${id}:%`));
    await seller.client.patch(`/api/products/${id}`, { sellingPrice: '140' });
    const later = (await buyer.client.get('/api/my/notices')).json();
    const newest = later.items.find((n: { productId: string }) => n.productId === id);
    expect(newest.message).toMatch(/dropped from \$150\.00 to \$140\.00/);
  });

  it('tells savers once when the product is removed or sold, but not its buyer', async () => {
    const removed = await addProduct(1);
    await buyer.client.post(`/api/favourites/${removed}`);
    expect((await seller.client.delete(`/api/products/${removed}`)).statusCode).toBe(204);
    const removedMails = await favouriteMails(removed);
    expect(removedMails).toMatchObject([
      { to: buyer.email, subject: expect.stringMatching(/^No longer on sale/) },
    ]);
    const listed = (await buyer.client.get('/api/my/favourites?pageSize=100')).json();
    expect(listed.items.find((f: { productId: string }) => f.productId === removed).status).toBe('removed');

    const sold = await addProduct(1);
    await buyer.client.post(`/api/favourites/${sold}`);
    await otherBuyer.client.post(`/api/favourites/${sold}`);
    const booked = await otherBuyer.client.post('/api/bookings', {
      productId: sold,
      phone: '01711-001111',
      meetingLocation: 'Lobby',
    });
    const bookingId = booked.json().id;
    expect((await otherBuyer.client.post(`/api/bookings/${bookingId}/checkout`)).statusCode).toBe(200);
    const paid = await otherBuyer.client.post(`/api/bookings/${bookingId}/checkout/confirm`, card);
    expect(paid.statusCode, paid.body).toBe(200);
    // Confirming again settles nothing new.
    await otherBuyer.client.post(`/api/bookings/${bookingId}/checkout/confirm`, card);
    const soldMails = await favouriteMails(sold);
    expect(soldMails).toMatchObject([{ to: buyer.email, key: `favourite:sold:${bookingId}:${buyer.id}` }]);
    const kinds = await db()
      .select({ kind: notices.kind })
      .from(notices)
      .where(and(eq(notices.productId, sold), eq(notices.userId, buyer.id)));
    expect(kinds).toEqual([{ kind: 'sold' }]);

    // My Products counts the paid order of the sold item.
    const mine = (await seller.client.get('/api/my/products?pageSize=100')).json();
    expect(mine.items.find((p: { id: string }) => p.id === sold)).toMatchObject({
      status: 'sold',
      openBookings: 0,
      paidBookings: 1,
    });
  });
});

describe('GET /api/sellers/:id', () => {
  it("shows a seller's card, sold count and available listings by page", async () => {
    const fresh = await signUp(ctx.app, 'seller', { name: 'Shop Page Seller' });
    const ids = [];
    for (let i = 0; i < 3; i++)
      ids.push((await insertProduct(ctx.database.db, fresh.id, { photos: 0, advertised: true })).id);
    await sellTo(ctx.database.db, ids[0]!, buyer.id);
    const res = await buyer.client.get(`/api/sellers/${fresh.id}?pageSize=1&page=2`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page.seller).toMatchObject({
      id: fresh.id,
      name: 'Shop Page Seller',
      verified: false,
      listings: 2,
      sold: 1,
    });
    expect(page.products).toMatchObject({ page: 2, pageSize: 1, total: 2 });
    expect(page.products.items).toHaveLength(1);
    expect(ids.slice(1)).toContain(page.products.items[0].id);
    expect(page.products.items[0].seller.id).toBe(fresh.id);
  });

  it('answers anyone, a visitor too; 404 for a buyer or unknown id, 400 for a bad page', async () => {
    const visitor = await new TestClient(ctx.app).get(`/api/sellers/${seller.id}`);
    expect(visitor.statusCode).toBe(200);
    expect(visitor.body).not.toMatch(/@example\.test/);
    for (const id of [buyer.id, randomUUID()]) {
      const res = await buyer.client.get(`/api/sellers/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(catalogueMessages.sellerNotFound);
    }
    const bad = await buyer.client.get(`/api/sellers/${seller.id}?pageSize=1000`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('pageSize');
  });
});

describe('Reported Items details', () => {
  it("shows the reason, details, reporter and the product's cover, seller and status", async () => {
    const id = await addProduct(1);
    await db()
      .insert(reports)
      .values({ productId: id, reporterId: buyer.id, reason: 'scam', details: 'Deposit?' });
    const res = await admin.client.get('/api/admin/reports?pageSize=100');
    expect(res.statusCode, res.body).toBe(200);
    const item = res.json().items.find((r: { product: { id: string } }) => r.product.id === id);
    expect(item).toMatchObject({
      reason: 'scam',
      details: 'Deposit?',
      reporter: { id: buyer.id, name: 'Saving Buyer' },
      product: {
        status: 'available',
        removed: false,
        seller: { id: seller.id, name: 'Page Seller', email: seller.email, verified: false },
      },
    });
    // The reporter appears by name only: an admin judging a report has no use for their address.
    expect(item.reporter).not.toHaveProperty('email');
    expect(item.product.cover.url).toMatch(/^\/media\/uploads\//);
  });
});
