/**
 * robots.txt and sitemap.xml, made from the web build's page table: first with the real build (run
 * `npm run build` first), its server-side bundle listing the category pages through the API, then with
 * a renderer of our own for what the build cannot show (a failing list).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Category } from '@furniture-mart/shared';
import type { BuiltPageTable, PageRenderer } from '@furniture-mart/shared/render';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../test/helpers/fixtures.js';
import { createTestApp, signUp, type TestContext } from '../../test/helpers/app.js';

/** The addresses a sitemap lists, in order. */
function locations(xml: string): string[] {
  return [...xml.matchAll(/<url><loc>([^<]*)<\/loc>/g)].map((match) => match[1]!);
}

describe('with the web build', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({}, { serveWebApp: true });
  });
  afterAll(() => ctx.close());

  it('tells search engines to keep out of the API and the members-only pages, and where the sitemap is', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const lines = res.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    expect(lines).toContain('Disallow: /api/');
    expect(lines).toContain('Disallow: /dashboard');
    // Public pages, product and seller pages stay open; the catalogue is for members unless it is opened.
    expect(lines.filter((line) => /^Disallow: \/(products|sellers|login|signup|blog)?$/.test(line))).toEqual(
      [],
    );
    expect(lines).toContain('Disallow: /categories');
    // A members' page under a public path is kept out by its own pattern.
    expect(lines).toContain('Disallow: /products/*/offer');
    expect(lines).toContain('Sitemap: http://localhost:3000/sitemap.xml');

    const head = await ctx.app.inject({ method: 'HEAD', url: '/robots.txt' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it('lists the public pages and every product on sale with its last change, at the public address', async () => {
    const seller = await signUp(ctx.app, 'seller');
    const older = await insertProduct(ctx.database.db, seller.id, {
      updatedAt: new Date('2026-11-01T10:00:00Z'),
    });
    const newer = await insertProduct(ctx.database.db, seller.id, {
      updatedAt: new Date('2026-11-20T10:00:00Z'),
    });
    const sold = await insertProduct(ctx.database.db, seller.id, { status: 'sold' });
    const res = await ctx.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.body).toMatch(
      /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/,
    );
    expect(locations(res.body)).toEqual([
      'http://localhost:3000/',
      'http://localhost:3000/blog',
      'http://localhost:3000/login',
      'http://localhost:3000/signup',
      `http://localhost:3000/products/${newer.id}`,
      `http://localhost:3000/products/${older.id}`,
    ]);
    expect(res.body).toContain(
      `<url><loc>http://localhost:3000/products/${newer.id}</loc><lastmod>2026-11-20T10:00:00.000Z</lastmod></url>`,
    );
    expect(res.body).not.toContain(sold.id);
    // Each address it lists is a page, not a 404.
    for (const address of locations(res.body)) {
      const page = await ctx.app.inject({ method: 'GET', url: new URL(address).pathname });
      expect(page.statusCode, address).toBe(200);
    }
  });

  it('serves the web manifest the page links to, with its icons', async () => {
    const home = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(home.body).toContain('<link rel="manifest" href="/manifest.webmanifest"');

    const res = await ctx.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const manifest = res.json();
    expect(manifest).toMatchObject({
      name: 'Furniture Mart',
      short_name: 'Furniture Mart',
      start_url: '/',
      display: 'standalone',
      theme_color: '#7c4a1e',
    });
    // The theme colour the page itself declares.
    expect(home.body).toContain(`<meta name="theme-color" content="${manifest.theme_color}"`);
    const icons = manifest.icons as { src: string; type: string; sizes: string; purpose?: string }[];
    expect(icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
    for (const icon of icons) {
      const file = await ctx.app.inject({ method: 'GET', url: icon.src });
      expect(file.statusCode, icon.src).toBe(200);
      expect(file.headers['content-type'], icon.src).toMatch(new RegExp(`^${icon.type.replace('+', '\\+')}`));
    }
  });
});

describe('with the catalogue open to visitors (CATALOGUE_ACCESS=public)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ CATALOGUE_ACCESS: 'public' }, { serveWebApp: true });
  });
  afterAll(() => ctx.close());

  it('lets crawlers and visitors read the category pages, and lists them', async () => {
    const robots = (await ctx.app.inject({ method: 'GET', url: '/robots.txt' })).body.split('\n');
    expect(robots).not.toContain('Disallow: /categories');
    expect(robots).toContain('Disallow: /dashboard');
    const categories = (await ctx.app.inject({ method: 'GET', url: '/api/categories' })).json<Category[]>();
    const sitemap = locations((await ctx.app.inject({ method: 'GET', url: '/sitemap.xml' })).body);
    for (const category of categories) {
      expect(sitemap).toContain(`http://localhost:3000/categories/${category.slug}`);
    }
    const listing = await ctx.app.inject({ method: 'GET', url: `/api/categories/${categories[0]!.slug}` });
    expect(listing.statusCode).toBe(200);
    const page = await ctx.app.inject({ method: 'GET', url: `/categories/${categories[0]!.slug}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('id="app-state"');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/products?q=chair' })).statusCode).toBe(200);
  });
});

describe('with a renderer of our own', () => {
  const table: BuiltPageTable = {
    pages: [
      { path: '/', access: 'public', rendering: 'browser', sitemap: true },
      { path: '/rooms/:room', access: 'public', rendering: 'browser', sitemap: true },
      { path: '/dashboard', access: 'signed-in', rendering: 'browser', sitemap: false },
      { path: '/search', access: 'signed-in', rendering: 'browser', sitemap: false },
    ],
  };
  let failing = false;
  const renderer: PageRenderer = {
    renderWithData: () => Promise.resolve(null),
    pageHtml: (template) => template,
    async sitemapAddresses(pattern, fetchApi) {
      if (failing) throw new Error('the API did not answer');
      // Through the API, as a visitor.
      const me = await fetchApi('/api/me');
      const categories = (await (await fetchApi('/api/categories')).json()) as Category[];
      return [
        { path: `${pattern}?me=${me.status}`, lastmod: '2026-11-20T10:00:00.000Z' },
        { path: `/rooms/${encodeURIComponent(`${categories[0]!.title} & more`)}` },
      ];
    },
  };
  let ctx: TestContext;
  let root: string;
  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'fm-discovery-'));
    mkdirSync(path.join(root, 'dist'));
    writeFileSync(path.join(root, 'dist', 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(root, 'dist', 'pages.json'), JSON.stringify(table));
    ctx = await createTestApp(
      { PUBLIC_URL: 'https://furniture.example' },
      { serveWebApp: { root: path.join(root, 'dist'), renderer } },
    );
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("points to the sitemap at PUBLIC_URL and keeps out of the table's members-only pages", async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.body).toBe(
      [
        '# Public pages may be indexed; accounts, dashboards and the API are not for search engines.',
        'User-agent: *',
        'Allow: /',
        'Disallow: /api/',
        'Disallow: /dashboard',
        'Disallow: /search',
        '',
        'Sitemap: https://furniture.example/sitemap.xml',
        '',
      ].join('\n'),
    );
  });

  it("lists a pattern's addresses as the renderer reads them, escaped for XML", async () => {
    failing = false;
    const res = await ctx.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(locations(res.body)).toEqual([
      'https://furniture.example/',
      'https://furniture.example/rooms/:room?me=401',
      'https://furniture.example/rooms/Bed%20Room%20%26%20more',
    ]);
    expect(res.body).not.toMatch(/&(?!#\d+;)/);
    expect(res.body).toContain('<lastmod>2026-11-20T10:00:00.000Z</lastmod>');
  });

  it('answers 503 rather than a sitemap missing pages when the list cannot be read', async () => {
    failing = true;
    const res = await ctx.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBeDefined();
    expect(res.json().error.message).toBe('The sitemap cannot be made right now. Please try again shortly.');
  });
});
