/**
 * Answers produced before or around the route handlers: router errors, JSON bodies nested too deeply and
 * text the database cannot store all come back as 4xx in the API's error format (found by the release
 * fuzz suite, test/release).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../test/helpers/fixtures.js';
import {
  createTestApp,
  signUp,
  TestClient,
  type TestContext,
  type TestUser,
} from '../../test/helpers/app.js';
import { errorCodes } from '@furniture-mart/shared';
import { MAX_JSON_DEPTH, nestingDepthExceeds } from './json-body.js';

let ctx: TestContext;
let buyer: TestUser;
let admin: TestUser;
let seller: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  [buyer, admin, seller] = await Promise.all([
    signUp(ctx.app, 'buyer'),
    signUp(ctx.app, 'admin'),
    signUp(ctx.app, 'seller'),
  ]);
});
afterAll(() => ctx.close());

function expectErrorFormat(body: string) {
  const parsed = JSON.parse(body);
  expect(Object.keys(parsed)).toEqual(['error']);
  expect(typeof parsed.error.code).toBe('string');
  expect(typeof parsed.error.message).toBe('string');
  return parsed.error as { code: string; message: string };
}

describe('router errors', () => {
  it.each(['/api/bookings/%zz', '/media/uploads/%', '/api/docs/static/%E0%A4%A'])(
    'answers a path that is not valid percent-encoding (%s) with 400 in the error format',
    async (url) => {
      const res = await buyer.client.get(url);
      expect(res.statusCode).toBe(400);
      expect(expectErrorFormat(res.body)).toEqual({ code: 'BAD_URL', message: 'The address is not valid.' });
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    },
  );

  it('answers a path parameter longer than the router allows with 414 in the error format', async () => {
    const res = await buyer.client.get(`/api/bookings/${'a'.repeat(500)}`);
    expect(res.statusCode).toBe(414);
    expect(expectErrorFormat(res.body).code).toBe('URI_TOO_LONG');
  });
});

describe('deeply nested JSON', () => {
  it('refuses a body nested deeper than the limit with 400, before any route sees it', async () => {
    for (const [url, client] of [
      ['/api/auth/sign-out', new TestClient(ctx.app)],
      ['/api/bookings', buyer.client],
      ['/api/newsletter', new TestClient(ctx.app)],
    ] as const) {
      const res = await client.request('POST', url, undefined, { 'content-type': 'application/json' });
      expect(res.statusCode).toBe(400); // (empty body)
      const deep = await ctx.app.inject({
        method: 'POST',
        url,
        headers: {
          origin: 'http://localhost:3000',
          'content-type': 'application/json',
          ...(client.cookie ? { cookie: client.cookie } : {}),
        },
        payload: '{"a":'.repeat(5000) + '1' + '}'.repeat(5000),
      });
      expect(deep.statusCode, url).toBe(400);
      expect(expectErrorFormat(deep.body).code).toBe('BODY_TOO_DEEP');
    }
  });

  it('still parses ordinary bodies, and counts brackets inside strings as text', async () => {
    const res = await new TestClient(ctx.app).post('/api/newsletter', { email: 'nested@example.test' });
    expect(res.statusCode).toBe(200);
    expect(nestingDepthExceeds(JSON.stringify({ a: '['.repeat(100) }), MAX_JSON_DEPTH)).toBe(false);
    expect(nestingDepthExceeds(JSON.stringify({ a: '\\"[[[' }), 1)).toBe(false);
    expect(nestingDepthExceeds('['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(
      false,
    );
    expect(
      nestingDepthExceeds('['.repeat(MAX_JSON_DEPTH + 1) + ']'.repeat(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH),
    ).toBe(true);
  });

  it('keeps refusing prototype poisoning', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      headers: { origin: 'http://localhost:3000', 'content-type': 'application/json' },
      payload: '{"__proto__":{"x":1},"email":"a@example.test"}',
    });
    expect(res.statusCode).toBe(400);
    expectErrorFormat(res.body);
  });
});

describe('text the database cannot store', () => {
  it.each([
    ['a search', () => buyer.client.get('/api/products?q=%00')],
    ['an admin search', () => admin.client.get('/api/admin/buyers?q=x%00')],
    [
      'a report',
      async () => {
        const product = await insertProduct(ctx.database.db, seller.id);
        return buyer.client.post('/api/reports', {
          productId: product.id,
          reason: 'other',
          details: 'Gate\u0000 2',
        });
      },
    ],
  ])('answers a NUL character in %s with 400 INVALID_TEXT, not 500', async (_what, call) => {
    const res = await call();
    expect(res.statusCode, res.body).toBe(400);
    expect(expectErrorFormat(res.body)).toEqual({
      code: 'INVALID_TEXT',
      message: errorCodes.INVALID_TEXT.message,
    });
  });

  it('answers a NUL character in an address with 400 before anything reads it', async () => {
    const res = await buyer.client.get('/api/categories/a%00b');
    expect(res.statusCode, res.body).toBe(400);
    expect(expectErrorFormat(res.body).code).toBe('BAD_URL');
  });
});
