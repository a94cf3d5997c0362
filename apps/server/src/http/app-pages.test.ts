import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import type { BuiltPageTable } from '@furniture-mart/shared/render';
import { loadAppPages, matchesPattern, readPageTable } from './app-pages.js';
import { registerErrorHandling } from './error-handler.js';
import { registerWebApp } from './web-app.js';

const indexHtml =
  '<!doctype html><html><head><script type="module" src="/assets/index-1.js"></script>' +
  '<link rel="modulepreload" href="/assets/react-1.js"></head><body><div id="root"></div></body></html>';
const loginAhead = indexHtml.replace('<div id="root"></div>', '<div id="root"><form>Login</form></div>');

// The shape the web build writes (apps/web/scripts/prerender.mjs).
const table: BuiltPageTable = {
  pages: [
    { path: '/', access: 'public', rendering: 'request', sitemap: true },
    {
      path: '/login',
      access: 'public',
      rendering: 'ahead',
      module: 'src/features/auth/pages/LoginPage.tsx',
      sitemap: true,
    },
    { path: '/signup', access: 'public', rendering: 'ahead', module: 'src/SignUp.tsx', sitemap: true },
    {
      path: '/categories/:id',
      access: 'catalogue',
      rendering: 'request',
      module: 'src/Category.tsx',
      sitemap: true,
    },
    { path: '/search', access: 'signed-in', rendering: 'browser', module: 'src/Search.tsx', sitemap: false },
    {
      path: '/dashboard',
      access: 'signed-in',
      rendering: 'browser',
      module: 'src/Dashboard.tsx',
      sitemap: false,
    },
    {
      path: '/dashboard/orders/:id',
      access: 'signed-in',
      rendering: 'browser',
      module: 'src/Order.tsx',
      sitemap: false,
    },
    {
      path: '/dashboard/myOrders',
      access: 'buyer',
      rendering: 'browser',
      module: 'src/MyOrders.tsx',
      sitemap: false,
    },
  ],
};

// The shape Vite writes: the entry, pages loaded on demand, and chunks they share.
const manifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react.js', '_api.js'] },
  '_react.js': { file: 'assets/react-1.js' },
  '_api.js': { file: 'assets/api-1.js' },
  '_forms.js': { file: 'assets/forms-1.js', imports: ['_react.js'] },
  'src/features/auth/pages/LoginPage.tsx': {
    file: 'assets/LoginPage-1.js',
    isDynamicEntry: true,
    imports: ['_forms.js', '_api.js'],
    css: ['assets/LoginPage-1.css'],
  },
};

let root: string;
beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'fm-pages-'));
  mkdirSync(path.join(root, '.vite'));
  mkdirSync(path.join(root, 'prerendered'));
  writeFileSync(path.join(root, 'index.html'), indexHtml);
  writeFileSync(path.join(root, '.vite', 'manifest.json'), JSON.stringify(manifest));
  writeFileSync(path.join(root, 'prerendered', 'login.html'), loginAhead);
  writeFileSync(path.join(root, 'pages.json'), JSON.stringify(table));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('app pages', () => {
  it("sends a visitor the page rendered ahead, naming its own chunks at low priority, not the app's", () => {
    const pages = loadAppPages(root);
    const page = pages.pageFor(pages.find('/login'), true, 'en');
    expect(page).toContain('<div id="root"><form>Login</form></div>');
    const head = page.slice(0, page.indexOf('</head>'));
    expect(head).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/LoginPage-1.js">',
    );
    expect(head).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/forms-1.js">',
    );
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/LoginPage-1.css">');
    expect(head).not.toContain('api-1.js');
    expect(head.match(/react-1\.js/g)).toHaveLength(1);
  });

  it('sends the page as built to someone signed in, for other addresses, and for pages not rendered ahead', () => {
    const pages = loadAppPages(root);
    expect(pages.pageFor(pages.find('/login'), false, 'en')).toBe(indexHtml);
    expect(pages.pageFor(pages.find('/'), true, 'en')).toBe(indexHtml);
    expect(pages.pageFor(pages.find('/login/extra'), true, 'en')).toBe(indexHtml);
    // Rendered ahead in the table, but the build wrote no copy.
    expect(pages.pageFor(pages.find('/signup'), true, 'en')).toBe(indexHtml);
    expect(pages.pageFor(pages.find('/categories/living-room'), true, 'en')).toBe(indexHtml);
  });

  it('finds the page of an address as the router does: one segment per parameter, any letter case', () => {
    const pages = loadAppPages(root);
    expect(pages.find('/')?.path).toBe('/');
    expect(pages.find('/login')?.path).toBe('/login');
    expect(pages.find('/LOGIN')?.path).toBe('/login');
    expect(pages.find('/categories/living-room')?.path).toBe('/categories/:id');
    expect(pages.find('/categories/caf%C3%A9')?.path).toBe('/categories/:id');
    expect(pages.find('/dashboard')?.path).toBe('/dashboard');
    expect(pages.find('/dashboard/orders/3f1b2c4d')?.path).toBe('/dashboard/orders/:id');
    expect(pages.find('/dashboard/myOrders')?.path).toBe('/dashboard/myOrders');
    for (const address of [
      '/nope',
      '/login/extra',
      '/categories',
      '/categories/a/b',
      '/dashboard/nope',
      '/dashboard/orders',
      '/loginx',
      '/search/more',
    ]) {
      expect(pages.find(address), address).toBeUndefined();
    }
    expect(matchesPattern('/categories/:id', '/categories/')).toBe(false);
  });

  it('lists where search engines are not wanted: pages that need signing in', () => {
    expect(loadAppPages(root).membersOnly()).toEqual(['/categories', '/search', '/dashboard']);
    // The catalogue opened to visitors is theirs to read (the search page stays for members here).
    expect(loadAppPages(root, null, { publicCatalogue: true }).membersOnly()).toEqual([
      '/search',
      '/dashboard',
    ]);
  });

  it('lists the sitemap: static pages as they are, and patterns only through the renderer', async () => {
    const fetchApi = () => Promise.reject(new Error('no API here'));
    const paths = (list: { path: string }[]) => list.map((address) => address.path);
    expect(paths(await loadAppPages(root).sitemap(fetchApi))).toEqual(['/', '/login', '/signup']);
    const asked: string[] = [];
    const renderer = {
      renderWithData: () => Promise.resolve(null),
      pageHtml: (template: string) => template,
      sitemapAddresses: (pattern: string) => {
        asked.push(pattern);
        return Promise.resolve([{ path: '/categories/kitchen' }, { path: '/categories/living-room' }]);
      },
    };
    // The catalogue is listed only while visitors may read it.
    expect(paths(await loadAppPages(root, renderer).sitemap(fetchApi))).toEqual(['/', '/login', '/signup']);
    expect(paths(await loadAppPages(root, renderer, { publicCatalogue: true }).sitemap(fetchApi))).toEqual([
      '/',
      '/login',
      '/signup',
      '/categories/kitchen',
      '/categories/living-room',
    ]);
    expect(asked).toEqual(['/categories/:id']);
  });

  it('refuses a build without a page table, or with one it cannot read', () => {
    const other = mkdtempSync(path.join(tmpdir(), 'fm-pages-'));
    try {
      writeFileSync(path.join(other, 'index.html'), indexHtml);
      expect(() => loadAppPages(other)).toThrow(/no pages\.json: run `npm run build`/);
      writeFileSync(path.join(other, 'pages.json'), JSON.stringify({ pages: [{ path: 'login/' }] }));
      expect(() => readPageTable(other)).toThrow(/is not a page table/);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });
});

describe('serving app pages', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    app.decorate('config', loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://localhost:3000' }));
    registerErrorHandling(app);
    await registerWebApp(app, { root, renderer: null });
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers a visitor with the page rendered ahead, never cached, varying with the cookies', async () => {
    const res = await app.inject({ method: 'GET', url: '/login?next=%2Fdashboard' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toMatch(/cookie/i);
    expect(res.body).toContain('<form>Login</form>');
  });

  it('compresses it as the browser accepts', async () => {
    for (const [accepted, encoding, decompress] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const res = await app.inject({
        method: 'GET',
        url: '/login',
        headers: { 'accept-encoding': accepted },
      });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/);
      expect(decompress(res.rawPayload).toString()).toContain('<form>Login</form>');
    }
  });

  it('never sends a page rendered for visitors to someone holding a session cookie', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/login',
      headers: { cookie: 'fm_signed_in=1; better-auth.session_token=abc.def' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(indexHtml);
  });

  it('answers any other page of the app with the page as built', async () => {
    for (const address of ['/categories/kitchen', '/dashboard/myOrders', '/DASHBOARD', '/search?q=oak']) {
      const res = await app.inject({ method: 'GET', url: address });
      expect(res.statusCode, address).toBe(200);
      expect(res.headers['cache-control'], address).toBe('no-cache');
      expect(res.body, address).toBe(indexHtml);
    }
  });

  it('answers an address that is no page with 404 and the page as built, which shows Page Not Found', async () => {
    for (const address of [
      '/no',
      '/no/such/page',
      '/categories',
      '/categories/a/b',
      '/dashboard/x',
      '/login/x?y=1',
    ]) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await app.inject({ method, url: address });
        expect(res.statusCode, `${method} ${address}`).toBe(404);
        expect(res.headers['content-type'], address).toMatch(/^text\/html/);
        expect(res.headers['cache-control'], address).toBe('no-cache');
        expect(res.body, address).toBe(method === 'GET' ? indexHtml : '');
      }
    }
    // The API's own unknown addresses keep their JSON 404.
    const api = await app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('NOT_FOUND');
  });

  it('does not serve the page table itself', async () => {
    const res = await app.inject({ method: 'GET', url: '/pages.json' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('"rendering"');
  });
});
