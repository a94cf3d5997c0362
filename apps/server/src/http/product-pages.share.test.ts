/**
 * A product's page as a shared link opens it: for a visitor, rendered on the server with the web build,
 * with the tags a link preview reads (Open Graph, Twitter card), structured data a search engine reads
 * (schema.org Product and Offer), its canonical address, and the actions that ask a visitor to sign in.
 * Unknown and removed products are 404; a sold one is 200 and kept out of search results.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  signUp,
  TEST_ORIGIN,
  TestClient,
  type TestContext,
  type TestUser,
} from '../../test/helpers/app.js';
import { insertProduct } from '../../test/helpers/fixtures.js';

let ctx: TestContext;
let seller: TestUser;
let visitor: TestClient;

beforeAll(async () => {
  ctx = await createTestApp(
    { PUBLIC_URL: 'https://furniture.example', ALLOWED_ORIGINS: TEST_ORIGIN },
    { serveWebApp: true },
  );
  seller = await signUp(ctx.app, 'seller', { name: 'Rahima Begum', verified: true });
  visitor = new TestClient(ctx.app, null);
});
afterAll(() => ctx.close());

const page = (id: string) => visitor.get(`/products/${id}`, { accept: 'text/html' });

/** The content of the head's tag with this attribute and value (property or name). */
function meta(html: string, key: string): string | undefined {
  const tag = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html);
  return tag?.[1]?.replace(/&amp;/g, '&');
}

function structuredData(html: string): Record<string, unknown> {
  const script = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  expect(script, 'a JSON-LD script').not.toBeNull();
  return JSON.parse(script![1]!) as Record<string, unknown>;
}

describe('a product page opened from a shared link', () => {
  it('opens for a visitor, rendered with its photos, price and seller, and previews as itself', async () => {
    const product = await insertProduct(ctx.database.db, seller.id, {
      title: 'Teak three-seat sofa',
      description: 'Firm cushions, no stains, from a smoke-free home.',
      sellingPriceCents: 45_000,
      photos: 2,
    });
    const res = await page(product.id);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('Teak three-seat sofa');
    expect(html).toContain('Rahima Begum');
    expect(html).toContain('id="app-state"');

    const url = `https://furniture.example/products/${product.id}`;
    expect(html).toContain(`<link rel="canonical" href="${url}"`);
    expect(meta(html, 'og:type')).toBe('product');
    expect(meta(html, 'og:title')).toBe('Teak three-seat sofa');
    expect(meta(html, 'og:url')).toBe(url);
    expect(meta(html, 'og:description')).toMatch(/\$450\.00.*Firm cushions/);
    expect(meta(html, 'og:image')).toMatch(
      /^https:\/\/furniture\.example\/media\/uploads\/.+-display\.webp$/,
    );
    expect(Number(meta(html, 'og:image:width'))).toBeGreaterThan(0);
    expect(meta(html, 'product:price:amount')).toBe('450.00');
    expect(meta(html, 'product:price:currency')).toBe('USD');
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(meta(html, 'twitter:image')).toBe(meta(html, 'og:image'));
    expect(meta(html, 'robots')).toBeUndefined();

    // schema.org Product: a name and an offer with its price, currency and availability, as search
    // engines require for a product result.
    const data = structuredData(html);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Teak three-seat sofa',
      url,
      itemCondition: 'https://schema.org/UsedCondition',
      offers: {
        '@type': 'Offer',
        price: '450.00',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        url,
      },
    });
    expect(data.image).toHaveLength(2);
    // Nothing private reaches a public page: no phone number, no email address.
    expect(html).not.toContain('+8801711000000');
    expect(html).not.toMatch(/[\w.+-]+@example\.test/);
  });

  it('asks a visitor to sign in to book or save, and brings them back to the page', async () => {
    const product = await insertProduct(ctx.database.db, seller.id);
    const html = (await page(product.id)).body;
    expect(html).toContain('data-testid="visitor-actions"');
    expect(html).toMatch(/<a[^>]*href="\/login"[^>]*>Book Now<\/a>/);
  });

  it('answers 404 with the app page for an unknown, a removed or a malformed product', async () => {
    const removed = await insertProduct(ctx.database.db, seller.id, { deletedAt: new Date() });
    for (const id of [removed.id, '00000000-0000-4000-8000-000000000000', 'not-a-product']) {
      const res = await page(id);
      expect(res.statusCode, id).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('<div id="root">');
      expect(res.body).not.toContain('application/ld+json');
    }
  });

  it('shows a sold product, marked sold, and keeps it out of search results', async () => {
    const sold = await insertProduct(ctx.database.db, seller.id, { status: 'sold', title: 'Sold bookcase' });
    const res = await page(sold.id);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Sold bookcase');
    expect(meta(res.body, 'robots')).toBe('noindex');
    expect(structuredData(res.body)).toMatchObject({
      offers: { availability: 'https://schema.org/SoldOut' },
    });
  });

  it("keeps the specification's rule for category pages by default: a visitor is sent to sign in", async () => {
    const categories = (await visitor.get('/api/categories')).json<{ slug: string }[]>();
    expect((await visitor.get(`/api/categories/${categories[0]!.slug}`)).statusCode).toBe(401);
    const res = await visitor.get(`/categories/${categories[0]!.slug}`, { accept: 'text/html' });
    expect(res.statusCode).toBe(200);
    // Not rendered with the listing: the guard in the browser sends the visitor to sign in.
    expect(res.body).not.toContain('id="app-state"');
  });
});
