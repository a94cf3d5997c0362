import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { loadAppPages, pagesRenderedAhead } from './app-pages.js';
import { registerErrorHandling } from './errors.js';
import { registerWebApp } from './web-app.js';

const indexHtml =
  '<!doctype html><html><head><script type="module" src="/assets/index-1.js"></script>' +
  '<link rel="modulepreload" href="/assets/react-1.js"></head><body><div id="root"></div></body></html>';
const loginAhead = indexHtml.replace('<div id="root"></div>', '<div id="root"><form>Login</form></div>');

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
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('app pages', () => {
  it("sends a visitor the page rendered ahead, naming its own chunks at low priority, not the app's", () => {
    const page = loadAppPages(root).pageFor('/login', true);
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
    expect(pages.pageFor('/login', false)).toBe(indexHtml);
    expect(pages.pageFor('/', true)).toBe(indexHtml);
    expect(pages.pageFor('/login/extra', true)).toBe(indexHtml);
    expect(pages.pageFor('/signup', true)).toBe(indexHtml);
    expect(pages.pageFor('/categories/living-room', true)).toBe(indexHtml);
  });

  it('names page modules the web app loads, at addresses its router has', () => {
    const web = fileURLToPath(new URL('../../../web/src/', import.meta.url));
    const router = readFileSync(path.join(web, 'app/router.tsx'), 'utf8');
    const prerender = readFileSync(path.join(web, 'serverRender.tsx'), 'utf8');
    for (const { pathname, module } of pagesRenderedAhead) {
      expect(router, module).toContain(`import('${module.replace(/^src\//, '../').replace(/\.tsx$/, '')}')`);
      expect(router, pathname).toContain(`path: '${pathname.slice(1)}'`);
      expect(prerender, pathname).toContain(`'${pathname}'`);
    }
    // The page modules of the pages rendered per request, named in the web's own table.
    const renderedModules = [...prerender.matchAll(/module: '([^']+)'/g)].map((match) => match[1]!);
    expect(renderedModules).toContain('src/features/catalogue/pages/CategoryPage.tsx');
    for (const module of renderedModules) {
      expect(router, module).toContain(`import('${module.replace(/^src\//, '../').replace(/\.tsx$/, '')}')`);
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

  it('answers any other client route with the page as built', async () => {
    const res = await app.inject({ method: 'GET', url: '/no/such/page' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(indexHtml);
  });
});
