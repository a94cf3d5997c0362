/**
 * The seller routes decide who is asking before they look at the input, like every other module: a
 * signed-out caller gets 401 and a buyer 403 even for a malformed id, body or page (found by the release
 * authorization matrix, test/release).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  signUp,
  TestClient,
  type TestContext,
  type TestUser,
} from '../../../test/helpers/app.js';

let ctx: TestContext;
let buyer: TestUser;
let admin: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  [buyer, admin] = await Promise.all([signUp(ctx.app, 'buyer'), signUp(ctx.app, 'admin')]);
});
afterAll(() => ctx.close());

const malformed = [
  { method: 'POST', url: '/api/products', body: { title: 7, photoIds: 'none' }, sellerOnly: true },
  { method: 'GET', url: '/api/my/products?page=0&pageSize=1000', sellerOnly: true },
  { method: 'POST', url: '/api/products/not-a-uuid/advertise', body: {}, sellerOnly: true },
  { method: 'DELETE', url: '/api/products/not-a-uuid', sellerOnly: false },
] as const;

describe('seller routes with malformed input', () => {
  it.each(malformed)('$method $url: 401 signed out, 403 for a buyer', async ({ method, url, ...rest }) => {
    const body = 'body' in rest ? rest.body : undefined;
    const signedOut = await new TestClient(ctx.app).request(method, url, body);
    expect(signedOut.statusCode, signedOut.body).toBe(401);
    expect(signedOut.json().error.code).toBe('UNAUTHORIZED');
    const asBuyer = await buyer.client.request(method, url, body);
    expect(asBuyer.statusCode, asBuyer.body).toBe(403);
    expect(asBuyer.json().error.code).toBe('FORBIDDEN');
  });

  it('lets an admin past the door of DELETE, where the malformed id is then a 400', async () => {
    const res = await admin.client.delete('/api/products/not-a-uuid');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('id');
  });
});
