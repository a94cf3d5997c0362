/**
 * Pages rendered per request (home, a category page): what the server gives the web app's renderer,
 * and what it sends when rendering cannot happen. The renderer here stands in for the web build's
 * (apps/web/src/serverRender.tsx), whose pages the browser journeys check.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import type { Locale, Me } from '@furniture-mart/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestApp,
  makeSessionDueForRenewal,
  signUp,
  TestClient,
  type TestContext,
} from '../../test/helpers/app.js';
import { sendRaw } from '../../test/helpers/raw-http.js';
import type { BuiltPageTable, PageRenderer } from '@furniture-mart/shared/render';

const indexHtml =
  '<!doctype html><html><head><title>Furniture Mart</title></head><body><div id="root"></div></body></html>';

/** What the renderer was asked, and what it answers next. */
const calls: { url: string; me: Me | null; bookings: number; locale?: Locale }[] = [];
let behaviour: 'render' | 'decline' | 'throw' = 'render';

// The web build's table, in short: home and a category page are rendered per request.
const table: BuiltPageTable = {
  pages: [
    { path: '/', access: 'public', rendering: 'request', sitemap: true },
    { path: '/blog', access: 'public', rendering: 'browser', sitemap: true },
    { path: '/categories/:id', access: 'signed-in', rendering: 'request', sitemap: true },
    { path: '/dashboard/myOrders', access: 'buyer', rendering: 'browser', sitemap: false },
  ],
};

const renderer: PageRenderer = {
  async renderWithData(url, me, fetchApi, locale) {
    if (behaviour === 'throw') throw new Error('render failed');
    if (behaviour === 'decline') return null;
    // A call only a signed-in buyer may make: it succeeds only with the browser's own cookie.
    const bookings = me ? (await fetchApi('/api/my/bookings')).status : 0;
    const categories = (await (await fetchApi('/api/categories')).json()) as { title: string }[];
    calls.push({ url: url.pathname + url.search, me, bookings, ...(locale === 'en' ? {} : { locale }) });
    return {
      title: '<title>Rendered | Furniture Mart</title>',
      head: '<link rel="preload" as="image" href="/media/first.webp">',
      html: `<p>${me?.user.name ?? 'visitor'} sees ${categories.map((c) => c.title).join(', ')}</p><i>${locale}</i>`,
      state: '{}',
    };
  },
  pageHtml: (template, page) =>
    template
      .replace('<title>Furniture Mart</title>', page.title)
      .replace('</head>', `${page.head}</head>`)
      .replace('<div id="root"></div>', `<div id="root">${page.html}</div>`),
  sitemapAddresses: () => Promise.resolve([]),
};

let ctx: TestContext;
let root: string;
beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'fm-rendered-'));
  mkdirSync(path.join(root, 'dist'));
  writeFileSync(path.join(root, 'dist', 'index.html'), indexHtml);
  writeFileSync(path.join(root, 'dist', 'index.bn.html'), indexHtml.replace('<html>', '<html lang="bn-BD">'));
  writeFileSync(path.join(root, 'dist', 'pages.json'), JSON.stringify(table));
  ctx = await createTestApp({}, { serveWebApp: { root: path.join(root, 'dist'), renderer } });
});
afterAll(async () => {
  await ctx.close();
  rmSync(root, { recursive: true, force: true });
});
beforeEach(() => {
  calls.length = 0;
  behaviour = 'render';
});

describe('pages rendered with their data', () => {
  it('renders a page in the language asked for, keeping one copy per language', async () => {
    const visitor = (language: string) =>
      new TestClient(ctx.app).get('/?languages=1', { cookie: `fm_locale=${language}` });
    const bangla = await visitor('bn');
    expect(bangla.body).toContain('<html lang="bn-BD">');
    expect(bangla.body).toMatch(/<p>visitor sees [^<]*<\/p><i>bn<\/i>/);
    expect((await visitor('bn')).body).toContain('<i>bn</i>');
    const english = await visitor('en');
    expect(english.body).not.toContain('lang="bn-BD"');
    expect(english.body).toContain('<i>en</i>');
    // The second Bangla request was answered from the kept page.
    expect(calls.map((call) => call.locale ?? 'en')).toEqual(['bn', 'en']);
  });

  it("renders the account's language for someone signed in, whatever the cookie, and keeps it", async () => {
    const buyer = await signUp(ctx.app, 'buyer');
    await buyer.client.post('/api/locale', { locale: 'bn' });
    const res = await new TestClient(ctx.app, `${buyer.client.cookie}; fm_locale=en`).get('/?account=1');
    expect(res.body).toContain('<html lang="bn-BD">');
    expect(res.cookies.find((cookie) => cookie.name === 'fm_locale')?.value).toBe('bn');
    expect(calls[0]).toMatchObject({ locale: 'bn' });
  });

  it('renders the home page for a visitor, as nobody signed in, kept by no shared cache', async () => {
    const res = await new TestClient(ctx.app).get('/', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers.vary).toBe('cookie, accept-encoding');
    expect(res.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(res.rawPayload).toString();
    expect(html).toContain('<title>Rendered | Furniture Mart</title>');
    expect(html).toContain('<link rel="preload" as="image" href="/media/first.webp"></head>');
    expect(html).toMatch(/<div id="root"><p>visitor sees [^<]*Living Room/);
    expect(calls).toEqual([{ url: '/', me: null, bookings: 0 }]);
  });

  it("renders a category page with the signed-in person's own data, their cookie going to each API call", async () => {
    const buyer = await signUp(ctx.app, 'buyer', { name: 'Rhoda Renders' });
    const res = await buyer.client.get('/categories/living-room?sort=price_asc');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<p>Rhoda Renders sees');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ url: '/categories/living-room?sort=price_asc', bookings: 200 });
    expect(calls[0]!.me).toMatchObject({ user: { name: 'Rhoda Renders' }, isBuyer: true });
  });

  it('sends the renewed session cookie with the page when the session was due for renewal', async () => {
    const buyer = await signUp(ctx.app, 'buyer');
    await makeSessionDueForRenewal(ctx.app, buyer.id);
    const res = await buyer.client.get('/');
    expect(res.statusCode).toBe(200);
    const renewed = res.cookies.find((cookie) => cookie.name.includes('session_token'));
    expect(renewed?.maxAge).toBeGreaterThan(29 * 24 * 60 * 60);
    // One signed-in hint, set by the page itself.
    expect(res.cookies.filter((cookie) => cookie.name === 'fm_signed_in')).toHaveLength(1);
  });

  it('renders a session signed out elsewhere as a visitor and clears its cookie', async () => {
    const buyer = await signUp(ctx.app, 'buyer');
    const oldCookie = buyer.client.cookie;
    expect((await buyer.client.post('/api/auth/sign-out')).statusCode).toBe(200);
    const res = await new TestClient(ctx.app, oldCookie).get('/');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<p>visitor sees');
    const cleared = res.cookies.find((cookie) => cookie.name.includes('session_token'));
    expect(cleared?.value).toBe('');
  });

  it('sends the app page as built when the renderer declines, fails, or for a HEAD request', async () => {
    const buyer = await signUp(ctx.app, 'buyer');
    behaviour = 'decline';
    const declined = await new TestClient(ctx.app).get('/categories/living-room');
    expect(declined.statusCode).toBe(200);
    expect(declined.body).toBe(indexHtml);

    behaviour = 'throw';
    const failed = await buyer.client.get('/categories/living-room');
    expect(failed.statusCode).toBe(200);
    expect(failed.body).toBe(indexHtml);

    behaviour = 'render';
    const head = await ctx.app.inject({ method: 'HEAD', url: '/' });
    expect(head.statusCode).toBe(200);
    expect(calls).toEqual([]);
  });

  it('leaves every other address to the browser, with 404 for one that is no page', async () => {
    for (const [address, status] of [
      ['/blog', 200],
      ['/dashboard/myOrders', 200],
      ['/categories', 404],
      ['/categories/a/b', 404],
      ['/no-such-page', 404],
    ] as const) {
      const res = await new TestClient(ctx.app).get(address);
      expect(res.statusCode, address).toBe(status);
      expect(res.body, address).toBe(indexHtml);
    }
    // Paths that read as another host, or as no address at all, to a URL parser: not canonical, refused.
    for (const address of ['//[', '//:99999/', '//evil.example/categories/living-room', '//evil.example/']) {
      const res = await sendRaw(ctx.app, { method: 'GET', path: address });
      expect(res.statusCode, address).toBe(400);
      expect(res.json().error.code, address).toBe('BAD_URL');
    }
    // A page address with a trailing slash goes to the same address without it.
    const slashed = await sendRaw(ctx.app, { method: 'GET', path: '/categories/living-room/?page=2' });
    expect(slashed.statusCode).toBe(308);
    expect(slashed.headers.location).toBe('/categories/living-room?page=2');
    expect(calls).toEqual([]);
  });
});
