import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { registerErrorHandling } from './errors.js';
import { loadPagePreloads, pageModules } from './page-preloads.js';
import { registerWebApp } from './web-app.js';

const indexHtml =
  '<!doctype html><html><head><script type="module" src="/assets/index-1.js"></script>' +
  '<link rel="modulepreload" href="/assets/react-1.js"></head><body><div id="root"></div></body></html>';

// The shape Vite writes: the entry, a page loaded on demand, and chunks they share.
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

const loginAhead = indexHtml.replace('<div id="root"></div>', '<div id="root"><form>Login</form></div>');

let root: string;
beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'fm-preloads-'));
  mkdirSync(path.join(root, '.vite'));
  mkdirSync(path.join(root, 'prerendered'));
  writeFileSync(path.join(root, 'index.html'), indexHtml);
  writeFileSync(path.join(root, '.vite', 'manifest.json'), JSON.stringify(manifest));
  writeFileSync(path.join(root, 'prerendered', 'login.html'), loginAhead);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('page preloads', () => {
  it("names a page's own chunks and styles, not those the app page already loads", () => {
    const page = loadPagePreloads(root).pageFor('/login');
    const head = page.slice(0, page.indexOf('</head>'));
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/LoginPage-1.js">');
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/forms-1.js">');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/LoginPage-1.css">');
    expect(head.match(/api-1\.js/g)).toBeNull();
    expect(head.match(/react-1\.js/g)).toHaveLength(1);
  });

  it('sends a page rendered ahead to visitors only, with its preloads', () => {
    const preloads = loadPagePreloads(root);
    const visitorPage = preloads.pageFor('/login', true);
    expect(visitorPage).toContain('<div id="root"><form>Login</form></div>');
    // It paints without scripts, so they load behind its styles.
    expect(visitorPage).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/LoginPage-1.js">',
    );
    const signedInPage = preloads.pageFor('/login', false);
    expect(signedInPage).toContain('<div id="root"></div>');
    expect(signedInPage).toContain('<link rel="modulepreload" crossorigin href="/assets/LoginPage-1.js">');
  });

  it('sends the page as built for other addresses, pages the build does not have, or no manifest', () => {
    expect(loadPagePreloads(root).pageFor('/')).toBe(indexHtml);
    expect(loadPagePreloads(root).pageFor('/login/extra')).toBe(indexHtml);
    expect(loadPagePreloads(root).pageFor('/signup')).toBe(indexHtml);
    const bare = mkdtempSync(path.join(tmpdir(), 'fm-preloads-bare-'));
    writeFileSync(path.join(bare, 'index.html'), indexHtml);
    expect(loadPagePreloads(bare).pageFor('/login')).toBe(indexHtml);
    rmSync(bare, { recursive: true, force: true });
  });

  it("names only page modules the web app's router loads", () => {
    const router = readFileSync(
      fileURLToPath(new URL('../../../web/src/app/router.tsx', import.meta.url)),
      'utf8',
    );
    for (const { module } of pageModules) {
      const fromRouter = module.replace(/^src\//, '../').replace(/\.tsx$/, '');
      expect(router, module).toContain(`import('${fromRouter}')`);
    }
  });
});

describe('serving a page with its preloads', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    app.decorate('config', loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://localhost:3000' }));
    registerErrorHandling(app);
    await registerWebApp(app, root);
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers a page address with the preloads, never cached', async () => {
    const res = await app.inject({ method: 'GET', url: '/login?next=%2Fdashboard' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('/assets/LoginPage-1.js');
    expect(res.body).toContain('<form>Login</form>');
    expect(res.headers.vary).toMatch(/cookie/i);
  });

  it('compresses such a page as the browser accepts', async () => {
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
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).toContain('/assets/LoginPage-1.js');
  });

  it('answers any other client route with the page as built', async () => {
    const res = await app.inject({ method: 'GET', url: '/no/such/page' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(indexHtml);
  });
});
