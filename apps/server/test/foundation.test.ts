import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient, type TestContext } from './helpers/app.js';

let ctx: TestContext;
let client: TestClient;

beforeAll(async () => {
  ctx = await createTestApp();
  client = new TestClient(ctx.app);
});
afterAll(() => ctx.close());

describe('operations', () => {
  it('answers liveness and readiness', async () => {
    const health = await client.get('/api/health');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await client.get('/api/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json().status).toBe('ready');
    expect(health.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers 503 from readiness when the database is gone', async () => {
    const other = await createTestApp();
    await other.database.close();
    const ready = await new TestClient(other.app).get('/api/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json().error.code).toBe('UNAVAILABLE');
    await other.app.close();
  });

  it('publishes a valid OpenAPI 3 document and a viewer', async () => {
    const doc = await client.get('/api/openapi.json');
    expect(doc.statusCode).toBe(200);
    const body = doc.json();
    expect(body.openapi).toMatch(/^3\./);
    expect(body.paths['/api/categories']).toBeDefined();
    expect(body.paths['/api/auth/sign-up/email'].post.requestBody).toBeDefined();
    // Throws with the first problem when the document is not valid OpenAPI 3.
    await SwaggerParser.validate(structuredClone(body));
    const viewer = await client.get('/api/docs');
    expect(viewer.statusCode).toBe(200);
    expect(viewer.headers['content-type']).toContain('text/html');
  });
});

describe('OpenAPI document', () => {
  type Operation = { operationId: string; security: unknown[]; responses: Record<string, unknown> };
  const operations = async () => {
    const doc = (await client.get('/api/openapi.json')).json();
    return {
      doc,
      all: Object.entries(doc.paths as Record<string, Record<string, Operation>>).flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({
          key: `${method.toUpperCase()} ${path}`,
          operation,
        })),
      ),
    };
  };

  it('gives every operation a unique id, its security and a client-error answer', async () => {
    const { doc, all } = await operations();
    const ids = all.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { key, operation } of all) {
      expect(operation.security, key).toBeDefined();
      expect(
        Object.keys(operation.responses).some((status) => status.startsWith('4')),
        key,
      ).toBe(true);
    }
    expect(doc.components.securitySchemes.session).toMatchObject({ type: 'apiKey', in: 'cookie' });
    expect(doc.servers).toEqual([{ url: 'http://localhost:3000', description: 'This server' }]);
    expect(doc.tags.map((tag: { name: string }) => tag.name)).toContain('admin');
  });

  it('derives security and errors from how each route declares who may call it', async () => {
    const { all } = await operations();
    const find = (key: string) => all.find((entry) => entry.key === key)!.operation;
    const session = [{ session: [] }];
    // allow([...]) on the route, allowEveryRoute for a plugin, schema.security written out: all seen.
    expect(find('POST /api/bookings/{id}/checkout')).toMatchObject({
      operationId: 'postBookingsByIdCheckout',
      security: session,
    });
    expect(Object.keys(find('POST /api/bookings/{id}/checkout').responses)).toEqual(
      expect.arrayContaining(['400', '401', '403', '404']),
    );
    expect(find('DELETE /api/admin/reports/{id}/product')).toMatchObject({
      operationId: 'deleteAdminReportsByIdProduct',
      security: session,
    });
    expect(find('GET /api/categories/{id}').security).toEqual(session);
    expect(find('GET /api/me').security).toEqual(session);
    expect(find('POST /api/uploads/images').security).toEqual(session);
    expect(find('GET /api/categories').security).toEqual([]);
    expect(find('GET /api/health').responses['4XX']).toEqual({ $ref: '#/components/responses/ClientError' });
    expect(find('POST /api/bookings/{id}/checkout').responses['401']).toEqual({
      $ref: '#/components/responses/Unauthorized',
    });
  });

  it('names the parameter of a catch-all path', async () => {
    const { doc } = await operations();
    const paths = Object.keys(doc.paths);
    expect(paths.some((path) => path.includes('{*}'))).toBe(false);
    for (const [path, methods] of Object.entries(
      doc.paths as Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>,
    )) {
      for (const [, name] of path.matchAll(/\{([^}]+)\}/g)) {
        for (const operation of Object.values(methods)) {
          expect(
            operation.parameters?.some((p) => p.in === 'path' && p.name === name),
            path,
          ).toBe(true);
        }
      }
    }
  });
});

describe('error format', () => {
  it('answers unknown API paths with a JSON 404', async () => {
    const res = await client.get('/api/x');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String) } });
  });

  it('answers invalid bodies with 400 and field messages', async () => {
    const res = await client.post('/api/auth/sign-up/email', { email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fields.name).toBe('this field is required');
    expect(error.fields.email).toBeDefined();
    expect(error.fields.password).toBe('this field is required');
  });

  it('answers malformed JSON with 400 and no internals', async () => {
    const res = await client.request('POST', '/api/auth/sign-in/email', undefined, {
      'content-type': 'application/json',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: 'http://localhost:3000', 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBeDefined();
    expect(bad.body).not.toMatch(/at .*\.(ts|js):\d+/);
  });

  it('refuses bodies over the size limit with 413', async () => {
    const res = await client.post('/api/auth/sign-in/email', {
      email: 'a@b.co',
      password: 'x'.repeat(2 * 1024 * 1024),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('security', () => {
  it('sends security headers with a CSP that works over plain HTTP on pages, and what protects JSON on the API', async () => {
    const page = await client.get('/no-such-page');
    const csp = page.headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['strict-transport-security']).toBeUndefined();
    // A JSON answer runs nothing and frames nothing: it keeps only what stops other sites reading it.
    const api = await client.get('/api/health');
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(api.headers['content-security-policy']).toBeUndefined();
  });

  it('refuses state-changing requests from a foreign or missing Origin', async () => {
    const foreign = await client.post(
      '/api/auth/sign-in/email',
      { email: 'a@b.co', password: 'whatever1' },
      {
        origin: 'https://evil.example',
      },
    );
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.code).toBe('BAD_ORIGIN');
    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'a@b.co', password: 'whatever1' },
    });
    expect(missing.statusCode).toBe(403);
  });

  it('never derives the allowed origin from Host, nor accepts the other scheme', async () => {
    for (const headers of [
      { origin: 'http://192.168.1.20:3000', host: '192.168.1.20:3000' },
      { origin: 'https://localhost:3000' },
      { origin: 'http://localhost:3001' },
      { origin: 'http://localhost:3000/' },
    ]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers,
        payload: { email: 'nobody@example.test', password: 'whatever1' },
      });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json().error.code).toBe('BAD_ORIGIN');
    }
  });

  it('accepts an origin listed in ALLOWED_ORIGINS, exactly', async () => {
    const lan = await createTestApp({ ALLOWED_ORIGINS: 'http://192.168.1.20:3000' });
    try {
      const send = (origin: string) =>
        lan.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          headers: { origin },
          payload: { email: 'nobody@example.test', password: 'whatever1' },
        });
      expect((await send('http://192.168.1.20:3000')).statusCode).toBe(401);
      expect((await send('https://192.168.1.20:3000')).statusCode).toBe(403);
      expect((await send('http://192.168.1.20:3001')).statusCode).toBe(403);
    } finally {
      await lan.close();
    }
  });
});

describe('reference data', () => {
  it('has the six categories on a new database, each with a thumbnail', async () => {
    const res = await client.get('/api/categories');
    expect(res.statusCode).toBe(200);
    const titles = res.json().map((c: { title: string }) => c.title);
    expect(titles).toEqual(['Bed Room', 'Dining Room', 'Kitchen', 'Guest Room', 'Living Room', 'Study Room']);
    for (const category of res.json()) {
      const thumb = await client.get(category.thumbnailUrl);
      expect(thumb.statusCode).toBe(200);
      expect(thumb.headers['content-type']).toBe('image/svg+xml');
    }
  });
});
