import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionCookieOf, TestClient, type TestContext } from '../../test/helpers/app.js';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../config.js';
import { users } from '../db/schema.js';
import { registerErrorHandling } from './errors.js';
import { registerWebApp, SIGNED_IN_HINT } from './web-app.js';

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

describe('the signed-in hint on API answers', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({}, { serveWebApp: true });
  });
  afterAll(() => ctx.close());

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
    writeFileSync(path.join(root, 'robots.txt'), 'User-agent: *\nAllow: /\n');
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

    const robots = await get('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    expect(robots.headers['cache-control']).toBe('public, max-age=300');

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
  });
});
