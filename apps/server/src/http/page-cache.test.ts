/**
 * Rendered pages kept in memory (page-cache.ts): a change to a listing shows on the very next page
 * load, and nobody is given a page made for someone else. Listings are kept for five minutes here, so
 * a page kept past a change would show in these tests. The renderer stands in for the web build's
 * (apps/web/src/serverRender.tsx): it renders exactly what the API gives it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { ProductCard } from '@furniture-mart/shared';
import type { BuiltPageTable, PageRenderer } from '@furniture-mart/shared/render';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestApp,
  signUp,
  TestClient,
  type TestContext,
  type TestUser,
} from '../../test/helpers/app.js';
import { firstCategoryId, uploadPhoto } from '../../test/helpers/fixtures.js';
import { ListingCache } from '../platform/listing-cache.js';
import { PageCache } from './page-cache.js';

const indexHtml =
  '<!doctype html><html><head><title>Furniture Mart</title></head><body><div id="root"></div></body></html>';

const table: BuiltPageTable = {
  pages: [
    { path: '/', access: 'public', rendering: 'request', sitemap: true },
    { path: '/categories/:id', access: 'signed-in', rendering: 'request', sitemap: true },
  ],
};

let renders = 0;
const cardsHtml = (cards: ProductCard[]) =>
  cards.map((card) => `<li>${card.title}${card.seller.verified ? ' (verified)' : ''}</li>`).join('');

const renderer: PageRenderer = {
  async renderWithData(url, me, fetchApi) {
    renders += 1;
    const listing = url.pathname.startsWith('/categories/')
      ? `/api/categories/${url.pathname.split('/')[2]}?pageSize=100`
      : '/api/products/advertised?pageSize=100';
    const answer = (await (await fetchApi(listing)).json()) as
      { items: ProductCard[] } | { products: { items: ProductCard[] } };
    const cards = 'items' in answer ? answer.items : answer.products.items;
    return {
      title: '<title>Rendered</title>',
      head: '',
      html: `<p>${me?.user.name ?? 'visitor'}</p><ul>${cardsHtml(cards)}</ul>`,
      state: '{}',
    };
  },
  pageHtml: (template, page) =>
    template.replace('<div id="root"></div>', `<div id="root">${page.html}</div>`),
  sitemapAddresses: () => Promise.resolve([]),
};

let ctx: TestContext;
let root: string;
let seller: TestUser;
let buyer: TestUser;
let admin: TestUser;
let categoryId: string;
let counter = 0;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'fm-kept-pages-'));
  mkdirSync(path.join(root, 'dist'));
  writeFileSync(path.join(root, 'dist', 'index.html'), indexHtml);
  writeFileSync(path.join(root, 'dist', 'pages.json'), JSON.stringify(table));
  ctx = await createTestApp(
    { LISTING_CACHE_SECONDS: '300' },
    { serveWebApp: { root: path.join(root, 'dist'), renderer } },
  );
  [seller, buyer, admin] = await Promise.all([
    signUp(ctx.app, 'seller'),
    signUp(ctx.app, 'buyer', { name: 'Bianca Buyer' }),
    signUp(ctx.app, 'admin'),
  ]);
  categoryId = await firstCategoryId(ctx.database.db);
});
afterAll(async () => {
  await ctx.close();
  rmSync(root, { recursive: true, force: true });
});
beforeEach(() => {
  renders = 0;
});

async function addProduct(
  owner: TestUser = seller,
  advertise = true,
): Promise<{ id: string; title: string }> {
  counter += 1;
  const title = `Kept page listing ${counter}`;
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
  const id = res.json().id as string;
  if (advertise) expect((await owner.client.post(`/api/products/${id}/advertise`)).statusCode).toBe(200);
  return { id, title };
}

/** The home page as a visitor's browser gets it (gzip, like a browser asks). */
async function visitorHome(): Promise<string> {
  const res = await new TestClient(ctx.app).get('/', { 'accept-encoding': 'gzip' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-encoding']).toBe('gzip');
  expect(res.headers['cache-control']).toBe('private, no-cache');
  return gunzipSync(res.rawPayload).toString();
}

async function categoryPage(client: TestClient): Promise<string> {
  const res = await client.get(`/categories/${categoryId}`);
  expect(res.statusCode).toBe(200);
  return res.body;
}

describe('rendered pages kept in memory', () => {
  it('renders a visitor page once, then gives it to every visitor until a listing changes', async () => {
    const first = await visitorHome();
    const second = await visitorHome();
    const plain = await new TestClient(ctx.app).get('/');
    expect(second).toBe(first);
    expect(plain.body).toBe(first);
    expect(renders).toBe(1);

    const product = await addProduct();
    expect(await visitorHome()).toContain(`<li>${product.title}</li>`);
    expect(renders).toBe(2);
  });

  it('shows a product sold, or removed by its seller or an admin, on the next visitor page load', async () => {
    const sold = await addProduct();
    const removed = await addProduct();
    const reported = await addProduct();
    const before = await visitorHome();
    for (const { title } of [sold, removed, reported]) expect(before).toContain(`<li>${title}</li>`);

    const booked = await buyer.client.post('/api/bookings', {
      productId: sold.id,
      phone: '+880 1711 555666',
      meetingLocation: 'Gulshan 2 circle, Dhaka',
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const bookingId = booked.json().id as string;
    expect((await buyer.client.post(`/api/bookings/${bookingId}/checkout`)).statusCode).toBe(200);
    const paid = await buyer.client.post(`/api/bookings/${bookingId}/checkout/confirm`, {
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/40',
      cvc: '123',
      name: 'Bianca Buyer',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await visitorHome()).not.toContain(`<li>${sold.title}</li>`);

    expect((await seller.client.delete(`/api/products/${removed.id}`)).statusCode).toBe(204);
    expect(await visitorHome()).not.toContain(`<li>${removed.title}</li>`);

    const report = await buyer.client.post('/api/reports', { productId: reported.id, reason: 'scam' });
    expect(report.statusCode, report.body).toBe(201);
    expect((await admin.client.delete(`/api/admin/reports/${report.json().id}/product`)).statusCode).toBe(
      204,
    );
    expect(await visitorHome()).not.toContain(`<li>${reported.title}</li>`);
  });

  it("shows a seller's verified mark on the next visitor page load once an admin verifies them", async () => {
    const newSeller = await signUp(ctx.app, 'seller');
    const product = await addProduct(newSeller);
    expect(await visitorHome()).toContain(`<li>${product.title}</li>`);
    expect((await admin.client.post(`/api/admin/sellers/${newSeller.id}/verify`)).statusCode).toBe(200);
    expect(await visitorHome()).toContain(`<li>${product.title} (verified)</li>`);
  });

  it("never gives a signed-in person another person's page, nor a visitor's", async () => {
    const other = await signUp(ctx.app, 'buyer', { name: 'Oscar Other' });
    await visitorHome();
    const mine = await categoryPage(buyer.client);
    const theirs = await categoryPage(other.client);
    expect(mine).toContain('<p>Bianca Buyer</p>');
    expect(theirs).toContain('<p>Oscar Other</p>');
    expect(theirs).not.toContain('Bianca Buyer');
    // Each person's own page is kept for them.
    renders = 0;
    expect(await categoryPage(buyer.client)).toBe(mine);
    expect(await categoryPage(other.client)).toBe(theirs);
    expect(renders).toBe(0);
    // Signed in on the home page, a person never gets the page kept for visitors.
    const home = await buyer.client.get('/');
    expect(home.body).toContain('<p>Bianca Buyer</p>');
    expect(renders).toBe(1);

    // A signed-out session's old cookie gets the visitor's page.
    const oldCookie = other.client.cookie;
    expect((await other.client.post('/api/auth/sign-out')).statusCode).toBe(200);
    const signedOut = await new TestClient(ctx.app, oldCookie).get('/');
    expect(signedOut.body).toContain('<p>visitor</p>');
    expect(signedOut.body).not.toContain('Oscar Other');
  });

  it("shows a change on a signed-in person's kept category page at once", async () => {
    await categoryPage(buyer.client);
    const product = await addProduct(seller, false);
    expect(await categoryPage(buyer.client)).toContain(`<li>${product.title}</li>`);
  });
});

describe('how long a page is kept', () => {
  it('never past the oldest listing it shows, nor across a change, nor when listings are not kept', async () => {
    let now = 0;
    const listings = new ListingCache(10_000, 100, () => now);
    const pages = new PageCache(listings, 100, () => now);
    let made = 0;
    const render = async () => {
      made += 1;
      await listings.read('listing', () => Promise.resolve(['a chair']));
      return `<p>page ${made}</p>`;
    };
    // The listing is read at 0 and kept until 10 s; a page made from it at 6 s goes with it.
    await listings.read('listing', () => Promise.resolve(['a chair']));
    now = 6_000;
    expect((await pages.read('/', render))!.html).toBe('<p>page 1</p>');
    now = 9_000;
    expect((await pages.read('/', render))!.html).toBe('<p>page 1</p>');
    now = 10_000;
    expect((await pages.read('/', render))!.html).toBe('<p>page 2</p>');

    listings.changed();
    expect((await pages.read('/', render))!.html).toBe('<p>page 3</p>');
    expect((await pages.read('/', render))!.html).toBe('<p>page 3</p>');
    // Another instance's change, announced.
    listings.dropAll();
    expect((await pages.read('/', render))!.html).toBe('<p>page 4</p>');

    listings.setKeeping(false);
    expect((await pages.read('/', render))!.html).toBe('<p>page 5</p>');
    expect((await pages.read('/', render))!.html).toBe('<p>page 6</p>');
    expect(pages.size).toBe(0);
  });

  it('makes a busy page again shortly before its end, giving the kept one meanwhile but never after', async () => {
    let now = 0;
    const listings = new ListingCache(10_000, 100, () => now);
    const pages = new PageCache(listings, 100, () => now);
    let made = 0;
    let listing = 0;
    const render = async () => {
      made += 1;
      const [version] = await listings.read('listing', () => Promise.resolve([++listing]));
      return `<p>page ${made} from listing ${version}</p>`;
    };
    expect((await pages.read('/', render))!.html).toBe('<p>page 1 from listing 1</p>');
    // The listing starts its own fresh read a second before its end; the page, half a second before.
    now = 9_000;
    expect((await pages.read('/', render))!.html).toBe('<p>page 1 from listing 1</p>');
    const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
    now = 9_600;
    // The first fresh render still read the kept listing (its own fresh read had just begun), so it
    // ends no later and is not kept; the next reader tries again and gets the fresh listing.
    expect((await pages.read('/', render))!.html).toBe('<p>page 1 from listing 1</p>');
    await tick();
    expect((await pages.read('/', render))!.html).toBe('<p>page 1 from listing 1</p>');
    await tick();
    expect((await pages.read('/', render))!.html).toBe('<p>page 3 from listing 2</p>');
    now = 19_000;
    expect((await pages.read('/', render))!.html).toBe('<p>page 3 from listing 2</p>');
    // Past its end, a page whose refresh could not help is never given.
    now = 30_000;
    expect((await pages.read('/', render))!.html).toMatch(/^<p>page \d from listing [34]<\/p>$/);
  });

  it('keeps nothing for a page that could not be rendered, and shares one render among concurrent reads', async () => {
    const listings = new ListingCache(10_000);
    const pages = new PageCache(listings);
    let made = 0;
    const render = async () => {
      made += 1;
      await listings.read('listing', () => Promise.resolve([]));
      return made === 1 ? null : '<p>page</p>';
    };
    expect(await pages.read('/', render)).toBeNull();
    const [a, b] = await Promise.all([pages.read('/', render), pages.read('/', render)]);
    expect(a).toBe(b);
    expect(made).toBe(2);
    expect((await a!.body('gzip')).length).toBeGreaterThan(0);
    expect(await a!.body('gzip')).toBe(await a!.body('gzip'));
  });
});
