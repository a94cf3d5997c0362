import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  signUp,
  TestClient,
  type TestContext,
  type TestUser,
} from '../../../test/helpers/app.js';
import { firstCategoryId, insertProduct, insertReport } from '../../../test/helpers/fixtures.js';

let ctx: TestContext;
let admin: TestUser;
let buyer: TestUser;
let seller: TestUser;
let reportId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signUp(ctx.app, 'admin');
  buyer = await signUp(ctx.app, 'buyer');
  seller = await signUp(ctx.app, 'seller');
  const productId = (
    await insertProduct(ctx.database.db, seller.id, {
      categoryId: await firstCategoryId(ctx.database.db),
    })
  ).id;
  reportId = await insertReport(ctx.database.db, { productId, reporterId: buyer.id });
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'DELETE';

/** Every admin endpoint, with the answer an admin gets for an id that does not exist. */
const endpoints: Array<{ method: Method; url: () => string; adminStatus: number }> = [
  { method: 'GET', url: () => '/api/admin/buyers', adminStatus: 200 },
  { method: 'GET', url: () => '/api/admin/sellers', adminStatus: 200 },
  { method: 'GET', url: () => '/api/admin/reports', adminStatus: 200 },
  { method: 'GET', url: () => '/api/admin/audit', adminStatus: 200 },
  { method: 'DELETE', url: () => `/api/admin/users/${randomUUID()}`, adminStatus: 404 },
  { method: 'POST', url: () => `/api/admin/sellers/${randomUUID()}/verify`, adminStatus: 404 },
  { method: 'DELETE', url: () => `/api/admin/reports/${randomUUID()}`, adminStatus: 404 },
  { method: 'DELETE', url: () => `/api/admin/reports/${randomUUID()}/product`, adminStatus: 404 },
];

describe('who may use the admin endpoints', () => {
  it.each(endpoints)(
    '$method $url: 401 signed out, 403 buyer and seller, answered for admin',
    async (endpoint) => {
      const url = endpoint.url();
      const anonymous = await new TestClient(ctx.app).request(endpoint.method, url);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().error.code).toBe('UNAUTHORIZED');

      for (const user of [buyer, seller]) {
        const refused = await user.client.request(endpoint.method, url);
        expect(refused.statusCode).toBe(403);
        expect(refused.json().error.code).toBe('FORBIDDEN');
      }

      const answered = await admin.client.request(endpoint.method, url);
      expect(answered.statusCode).toBe(endpoint.adminStatus);
    },
  );

  it('does not act on anything when a buyer or seller tries the real ids', async () => {
    for (const user of [buyer, seller]) {
      expect((await user.client.post(`/api/admin/sellers/${seller.id}/verify`)).statusCode).toBe(403);
      expect((await user.client.delete(`/api/admin/users/${buyer.id}`)).statusCode).toBe(403);
      expect((await user.client.delete(`/api/admin/reports/${reportId}`)).statusCode).toBe(403);
      expect((await user.client.delete(`/api/admin/reports/${reportId}/product`)).statusCode).toBe(403);
    }
    const reports = await admin.client.get('/api/admin/reports');
    expect(reports.json().items.map((r: { id: string }) => r.id)).toEqual([reportId]);
    const sellers = await admin.client.get('/api/admin/sellers');
    expect(sellers.json().items[0]).toMatchObject({ id: seller.id, verified: false });
    expect((await admin.client.get('/api/admin/audit')).json().total).toBe(0);
  });

  it('asks a signed-out caller to sign in before checking the input', async () => {
    const res = await new TestClient(ctx.app).delete('/api/admin/users/not-a-uuid');
    expect(res.statusCode).toBe(401);
  });

  it('answers an admin a malformed id or page size with 400 and the field', async () => {
    const badId = await admin.client.delete('/api/admin/users/not-a-uuid');
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error.fields).toHaveProperty('id');
    const bigPage = await admin.client.get('/api/admin/buyers?pageSize=101');
    expect(bigPage.statusCode).toBe(400);
    expect(bigPage.json().error.fields.pageSize).toMatch(/at most 100/);
  });

  it('documents every admin endpoint in the OpenAPI document', async () => {
    const doc = (await new TestClient(ctx.app).get('/api/openapi.json')).json();
    for (const path of [
      '/api/admin/buyers',
      '/api/admin/sellers',
      '/api/admin/users/{id}',
      '/api/admin/sellers/{id}/verify',
      '/api/admin/reports',
      '/api/admin/reports/{id}',
      '/api/admin/reports/{id}/product',
      '/api/admin/audit',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
  });
});

describe('what the admin answers reveal', () => {
  it('shows only the columns of the tables: no password hashes, sessions or tokens', async () => {
    const bodies = await Promise.all(
      ['/api/admin/buyers', '/api/admin/sellers', '/api/admin/reports', '/api/admin/audit'].map((url) =>
        admin.client.get(url),
      ),
    );
    for (const res of bodies) {
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toMatch(/password|token|session|"accessToken"|scrypt/i);
    }
    const buyers = bodies[0]!.json();
    expect(Object.keys(buyers.items[0]).sort()).toEqual(
      ['createdAt', 'email', 'id', 'name', 'orders', 'products', 'role', 'verified'].sort(),
    );
    // A reporter appears by name only.
    const report = bodies[2]!.json().items[0];
    expect(report.reporter).toEqual({ id: buyer.id, name: buyer.name });
    expect(bodies[2]!.body).not.toContain(buyer.email);
  });
});
