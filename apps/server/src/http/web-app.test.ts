import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  sessionCookieOf,
  TEST_ORIGIN,
  TestClient,
  type TestContext,
} from '../../test/helpers/app.js';
import { sendRaw } from '../../test/helpers/raw-http.js';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../config.js';
import { users } from '../platform/db/schema.js';
import { registerErrorHandling } from './error-handler.js';
import { SIGNED_IN_HINT } from '@furniture-mart/shared/render';
import { registerWebApp } from './web-app.js';

/** The hint cookies an answer sets: its value ('' when it is cleared) and its lifetime. */
function hintOf(response: LightMyRequestResponse) {
  return response.cookies
    .filter((cookie) => cookie.name === SIGNED_IN_HINT)
    .map(({ value, maxAge, httpOnly, path: cookiePath, sameSite }) => ({
      value,
      maxAge,
      httpOnly,
      path: cookiePath,
      sameSite,
    }));
}

const set = [{ value: '1', maxAge: 60 * 60 * 24 * 30, httpOnly: undefined, path: '/', sameSite: 'Lax' }];
const refused = [{ value: '0', maxAge: 60 * 60 * 24 * 30, httpOnly: undefined, path: '/', sameSite: 'Lax' }];
const cleared = [{ value: '', maxAge: 0, httpOnly: undefined, path: '/', sameSite: 'Lax' }];

// The app with the web build (run `npm run build` first).
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({}, { serveWebApp: true });
});
afterAll(() => ctx.close());

describe('the signed-in hint on API answers', () => {
  it('follows the session through sign-up, /api/me, sign-out and a refused cookie', async () => {
    const visitor = new TestClient(ctx.app);
    const asVisitor = await visitor.get('/api/me');
    expect(asVisitor.statusCode).toBe(401);
    expect(hintOf(asVisitor)).toEqual([]);

    const signUp = await visitor.post('/api/auth/sign-up/email', {
      name: 'Hint Holder',
      email: 'hint@example.test',
      password: 'correct-horse-battery',
      role: 'buyer',
    });
    expect(signUp.statusCode).toBe(200);
    expect(hintOf(signUp)).toEqual(set);
    const session = sessionCookieOf(signUp);

    const member = new TestClient(ctx.app, `${session}; ${SIGNED_IN_HINT}=1`);
    const me = await member.get('/api/me');
    expect(me.statusCode).toBe(200);
    // Renewed, so it lives as long as the session is used.
    expect(hintOf(me)).toEqual(set);
    // Other answers leave it alone.
    expect(hintOf(await member.get('/api/categories'))).toEqual([]);

    const signOut = await member.post('/api/auth/sign-out', {});
    expect(signOut.statusCode).toBe(200);
    expect(hintOf(signOut)).toEqual(cleared);

    // The browser kept the old session cookie: /api/me refuses it and clears it, and the hint with it.
    const stale = new TestClient(ctx.app, `${session}; ${SIGNED_IN_HINT}=1`);
    const refusedMe = await stale.get('/api/me');
    expect(refusedMe.statusCode).toBe(401);
    expect(refusedMe.cookies.filter((c) => c.name.includes('session_token'))).toMatchObject([
      { value: '', maxAge: 0 },
    ]);
    expect(hintOf(refusedMe)).toEqual(cleared);

    // A removed account's cookie is still a session Better Auth knows: refused, and the hint says so.
    const removed = await new TestClient(ctx.app).post('/api/auth/sign-up/email', {
      name: 'Removed Holder',
      email: 'removed-hint@example.test',
      password: 'correct-horse-battery',
      role: 'buyer',
    });
    await ctx.database.db
      .update(users)
      .set({ deletedAt: new Date() })
      .where(eq(users.email, 'removed-hint@example.test'));
    const removedMe = await new TestClient(ctx.app, `${sessionCookieOf(removed)}; ${SIGNED_IN_HINT}=1`).get(
      '/api/me',
    );
    expect(removedMe.statusCode).toBe(401);
    expect(hintOf(removedMe)).toEqual(refused);

    // A hint left without any session cookie goes away at the next 401.
    const orphan = await new TestClient(ctx.app, `${SIGNED_IN_HINT}=1`).get('/api/me');
    expect(orphan.statusCode).toBe(401);
    expect(hintOf(orphan)).toEqual(cleared);
  });

  it('is marked Secure when the site is served over https', async () => {
    const secure = await createTestApp({ PUBLIC_URL: 'https://furniture.example' }, { serveWebApp: true });
    try {
      const res = await secure.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin: 'https://furniture.example', 'content-type': 'application/json' },
        payload: JSON.stringify({
          name: 'Secure Hint',
          email: 'secure-hint@example.test',
          password: 'correct-horse-battery',
          role: 'seller',
        }),
      });
      expect(res.statusCode).toBe(200);
      const hint = res.cookies.find((cookie) => cookie.name === SIGNED_IN_HINT);
      expect(hint).toMatchObject({ value: '1', secure: true });
      expect(hint?.httpOnly).toBeUndefined();
    } finally {
      await secure.close();
    }
  });
});

describe("page statuses, from the web build's page table", () => {
  it('answers the pages of the app with 200, those with parameters too, to GET and HEAD', async () => {
    for (const address of [
      '/',
      '/blog',
      '/login',
      '/signup',
      '/forgot-password',
      '/reset-password?token=abc',
      '/search?q=oak',
      '/categories/living-room',
      '/categories/no-such-category',
      '/categories/caf%C3%A9',
      '/dashboard',
      '/dashboard/account',
      '/dashboard/myOrders',
      '/dashboard/orders/3f1b2c4d-0000-4000-8000-000000000000',
      '/dashboard/payment/3f1b2c4d-0000-4000-8000-000000000000',
      '/dashboard/allReport',
      // The router reads letter case loosely, so the app shows these pages too.
      '/BLOG',
      '/Dashboard/MyOrders',
    ]) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await ctx.app.inject({ method, url: address });
        expect(res.statusCode, `${method} ${address}`).toBe(200);
        expect(res.headers['content-type'], address).toMatch(/^text\/html/);
      }
    }
  });

  it('answers any other page address with 404 and the app page, at any depth and spelling', async () => {
    const appPage = (await ctx.app.inject({ method: 'GET', url: '/blog' })).body;
    for (const address of [
      '/no-such-page',
      '/no-such-page/at-all',
      '/a/b/c/d/e/f',
      '/blogs',
      '/blog/first-post',
      '/login/again?next=%2Fdashboard',
      '/categories',
      '/categories/living-room/extra',
      '/dashboard/no-such-tool',
      '/dashboard/orders',
      '/dashboard/myOrders/3',
      '/%C3%A9tag%C3%A8re',
      '/a%20b',
      '/pages.json',
      '/sitemap',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url: address });
      expect(res.statusCode, address).toBe(404);
      expect(res.headers['content-type'], address).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], address).toBe('no-cache');
      expect(res.body, address).toBe(appPage);
      const head = await ctx.app.inject({ method: 'HEAD', url: address });
      expect(head.statusCode, `HEAD ${address}`).toBe(404);
      expect(head.body, `HEAD ${address}`).toBe('');
    }
  });

  it('sends a page address with a trailing slash on without it, where a known or unknown page answers', async () => {
    for (const [address, status] of [
      ['/blog/', 200],
      ['/categories/kitchen/?page=2', 200],
      ['/no-such-page/', 404],
      ['/dashboard/no-such-tool/', 404],
    ] as const) {
      const res = await sendRaw(ctx.app, { method: 'GET', path: address });
      expect(res.statusCode, address).toBe(308);
      const next = res.headers.location!;
      expect(next, address).toBe(address.replace(/\/(\?|$)/, '$1'));
      expect((await ctx.app.inject({ method: 'GET', url: next })).statusCode, next).toBe(status);
    }
  });

  it('keeps the API format for addresses that are not pages', async () => {
    for (const [method, address] of [
      ['GET', '/api/no-such-thing'],
      ['GET', '/api'],
      ['GET', '/assets/no-such-file.js'],
      ['GET', '/media/no-such-file.webp'],
      ['POST', '/no-such-page'],
      ['DELETE', '/blog'],
    ] as const) {
      const res = await ctx.app.inject({ method, url: address, headers: { origin: TEST_ORIGIN } });
      expect(res.statusCode, `${method} ${address}`).toBe(404);
      expect(res.json().error.code, `${method} ${address}`).toBe('NOT_FOUND');
    }
  });
});

describe('the web app pages', () => {
  let app: FastifyInstance;
  let root: string;
  const session = 'better-auth.session_token=abc.def';
  const appPage = `<!doctype html><title>Furniture Mart</title>${'<p>Used furniture</p>'.repeat(100)}`;
  const script = `export const rooms = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `room ${i}`))};`;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'fm-web-'));
    mkdirSync(path.join(root, 'assets'));
    writeFileSync(path.join(root, 'index.html'), appPage);
    writeFileSync(path.join(root, 'index.html.br'), brotliCompressSync(appPage));
    writeFileSync(path.join(root, 'assets', 'index-abc123.js'), script);
    // The build's compressed copies of the larger files.
    writeFileSync(path.join(root, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));
    writeFileSync(path.join(root, 'assets', 'index-abc123.js.gz'), gzipSync(script));
    writeFileSync(path.join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(
      path.join(root, 'pages.json'),
      JSON.stringify({
        pages: [
          { path: '/', access: 'public', rendering: 'request', sitemap: true },
          { path: '/blog', access: 'public', rendering: 'browser', sitemap: true },
          { path: '/categories/:id', access: 'signed-in', rendering: 'request', sitemap: true },
          { path: '/dashboard/myOrders', access: 'buyer', rendering: 'browser', sitemap: false },
        ],
      }),
    );
    app = Fastify();
    app.decorate('config', loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://localhost:3000' }));
    registerErrorHandling(app);
    await registerWebApp(app, { root, renderer: null });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  const get = (url: string, cookie?: string, encodings?: string) =>
    app.inject({
      method: 'GET',
      url,
      headers: { ...(cookie ? { cookie } : {}), ...(encodings ? { 'accept-encoding': encodings } : {}) },
    });

  it('serves client routes as the app page, never cached, and hashed assets for a year', async () => {
    const page = await get('/dashboard/myOrders');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');

    const asset = await get('/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(hintOf(asset)).toEqual([]);

    // The compressed copy the browser can read, with the same caching as the file itself.
    const brotli = await get('/assets/index-abc123.js', undefined, 'gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.rawPayload).toEqual(brotliCompressSync(script));
    const gzip = await get('/assets/index-abc123.js', undefined, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload).toEqual(gzipSync(script));
    const compressedPage = await get('/categories/kitchen', undefined, 'br');
    expect(compressedPage.headers['content-encoding']).toBe('br');
    expect(compressedPage.headers['cache-control']).toBe('no-cache');
    expect(compressedPage.rawPayload).toEqual(brotliCompressSync(appPage));

    const icon = await get('/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(icon.headers['cache-control']).toBe('public, max-age=300');

    expect((await get('/api/nothing-here')).statusCode).toBe(404);
  });

  it('sets the hint from the cookies the browser sent with the page', async () => {
    // A visitor: nothing to say.
    expect(hintOf(await get('/'))).toEqual([]);
    // A session from before the hint existed (or from another tab): the app should ask.
    expect(hintOf(await get('/', session))).toEqual(set);
    expect(hintOf(await get('/', session, 'br'))).toEqual(set);
    // Already known to be refused: stays so until a new sign-in, so /api/me is not asked again.
    expect(hintOf(await get('/', `${session}; ${SIGNED_IN_HINT}=0`))).toEqual([]);
    // The session cookie is gone (expired, signed out elsewhere): so is the hint.
    expect(hintOf(await get('/blog', `${SIGNED_IN_HINT}=1`))).toEqual(cleared);
    expect(hintOf(await get('/blog', `${SIGNED_IN_HINT}=0`))).toEqual(cleared);
    // Page Not Found runs the app just the same.
    const notFound = await get('/no-such-page', session);
    expect(notFound.statusCode).toBe(404);
    expect(hintOf(notFound)).toEqual(set);
  });
});

describe('the web build the tests and the server use', () => {
  it('is a production build, whatever NODE_ENV the build was started with', () => {
    // The test runner sets NODE_ENV=test; a build started under it once shipped React's development code.
    const assets = path.resolve(import.meta.dirname, '../../../web/dist/assets');
    const scripts = readdirSync(assets).filter((file) => file.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(5);
    const development = scripts.filter((file) =>
      readFileSync(path.join(assets, file), 'utf8').includes('Download the React DevTools'),
    );
    expect(development).toEqual([]);
  });
});
