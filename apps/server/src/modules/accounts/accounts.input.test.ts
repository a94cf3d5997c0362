/**
 * Inputs the release fuzz suite (test/release) found answered with 500 or out of order by the auth routes:
 * HEAD on Better Auth's GET endpoints, NUL characters, non-ASCII callback URLs, and a signed-out profile
 * edit being validated before the caller was checked.
 */
import { eq } from 'drizzle-orm';
import { users } from '../../platform/db/schema.js';
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
const anonymous = () => new TestClient(ctx.app);
const password = 'correct-horse-battery';

beforeAll(async () => {
  ctx = await createTestApp();
  buyer = await signUp(ctx.app, 'buyer', { password });
});
afterAll(() => ctx.close());

describe('HEAD on Better Auth endpoints', () => {
  it('answers HEAD on the OAuth callback as its GET does, without a body', async () => {
    const get = await buyer.client.get('/api/auth/callback/google?state=x');
    const head = await ctx.app.inject({
      method: 'HEAD',
      url: '/api/auth/callback/google?state=x',
      headers: { cookie: buyer.client.cookie! },
    });
    expect(head.statusCode).toBe(get.statusCode);
    expect(head.body).toBe('');
  });
});

describe('session tokens stay out of page scripts', () => {
  it.each(['/api/auth/get-session', '/api/auth/list-sessions', '/api/auth/ok'])(
    '%s is not served',
    async (url) => {
      const res = await buyer.client.get(url);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(buyer.client.cookie!.split('=')[1]!.split('.')[0]!);
    },
  );
});

describe('NUL characters, which the database cannot store', () => {
  it.each([
    [
      'sign-up',
      '/api/auth/sign-up/email',
      () => ({ name: 'Nul\u0000Name\n', email: 'nul@example.test', password, role: 'buyer' }),
      'nul@example.test',
    ],
    ['update-user', '/api/auth/update-user', () => ({ name: 'Nul\u0000Name\u202e' }), null],
  ])('removes control characters from a name in the %s body', async (_name, url, body, email) => {
    const res = await buyer.client.post(url, body());
    expect(res.statusCode, res.body).toBe(200);
    const [user] = await ctx.app.database.db
      .select({ name: users.name })
      .from(users)
      .where(eq(users.email, email ?? buyer.email));
    expect(user!.name).toBe('NulName');
  });

  it('answers a NUL in a Better Auth body field that is not one line of text with 400 INVALID_TEXT', async () => {
    const res = await buyer.client.post('/api/auth/change-password', {
      currentPassword: 'pass\u0000word-long',
      newPassword: 'a-new-long-phrase',
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('INVALID_TEXT');
  });

  it('answers a NUL in a Better Auth query string with 400 INVALID_TEXT before Better Auth sees it', async () => {
    const res = await buyer.client.get('/api/auth/callback/google?state=%00');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('INVALID_TEXT');
  });
});

describe('callback URLs', () => {
  it.each([
    ['sign-in', '/api/auth/sign-in/email', { email: 'someone@example.test', password }],
    [
      'sign-up',
      '/api/auth/sign-up/email',
      { name: 'Callback', email: 'callback@example.test', password, role: 'buyer' },
    ],
    ['social sign-in', '/api/auth/sign-in/social', { provider: 'google' }],
  ])(
    'refuses a callback URL with characters a header cannot carry on %s (400, not 500)',
    async (_name, url, body) => {
      const res = await anonymous().post(url, { ...body, callbackURL: 'http://localhost:3000/Āé' });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.fields).toHaveProperty('callbackURL');
    },
  );

  it('signs in with the real account and a non-ASCII callback refused, then an ASCII one accepted', async () => {
    const refused = await anonymous().post('/api/auth/sign-in/email', {
      email: buyer.email,
      password,
      callbackURL: 'Ā',
    });
    expect(refused.statusCode).toBe(400);
    const accepted = await anonymous().post('/api/auth/sign-in/email', {
      email: buyer.email,
      password,
      callbackURL: 'http://localhost:3000/my-orders?x=%C4%80',
    });
    expect(accepted.statusCode).toBe(200);
  });
});

describe('profile edits', () => {
  it('asks a signed-out caller to sign in before checking the body', async () => {
    const res = await anonymous().post('/api/auth/update-user', { role: 'admin', name: '' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHORIZED');
  });
});
