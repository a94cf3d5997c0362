/**
 * The ways into Better Auth an attacker tried: other spellings of an endpoint's address, endpoints the
 * product does not use, role and verification through any field, weak passwords, and the session token
 * in an answer's body.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@furniture-mart/shared';
import {
  createTestApp,
  sessionCookieOf,
  signUp,
  TEST_ORIGIN,
  TestClient,
  type TestContext,
  type TestUser,
} from '../../../test/helpers/app.js';
import { users } from '../../platform/db/schema.js';
import { sendRaw } from '../../../test/helpers/raw-http.js';

let ctx: TestContext;
let buyer: TestUser;
const password = 'correct-horse-battery';

beforeAll(async () => {
  ctx = await createTestApp();
  buyer = await signUp(ctx.app, 'buyer', { password });
});
afterAll(() => ctx.close());

async function roleOf(id: string) {
  const [user] = await ctx.database.db.select().from(users).where(eq(users.id, id));
  return { role: user!.role, verified: user!.verified, name: user!.name };
}

/** Sent over a socket with the address unchanged, as `curl --path-as-is` does. */
function raw(method: 'GET' | 'POST', url: string, body: unknown, cookie: string | null) {
  return sendRaw(ctx.app, {
    method,
    path: url,
    headers: {
      origin: TEST_ORIGIN,
      'content-type': 'application/json',
      ...(cookie ? { cookie } : {}),
    },
    body: method === 'GET' ? undefined : JSON.stringify(body),
  });
}

describe('nobody can make themself admin', () => {
  const spellings = [
    '/api/auth/x/../update-user',
    '/api/auth/%2e/update-user',
    '/api/auth/%2E%2E/auth/update-user',
    '/api/auth/./update-user',
    '/api/auth//update-user',
    '/api/auth/update%2duser',
    '/%61pi/auth/update-user',
    '/api/auth%2fupdate-user',
    '/api/auth/update-user/',
    '/API/auth/update-user',
    '/api\\auth\\update-user',
  ];
  it.each(spellings)('POST %s with a role changes nothing', async (url) => {
    const res = await raw(
      'POST',
      url,
      { role: 'admin', verified: true, name: 'x'.repeat(5000) },
      buyer.client.cookie,
    );
    expect(res.statusCode).toBe(url.startsWith('/API/') ? 404 : 400);
    expect(await roleOf(buyer.id)).toMatchObject({ role: 'buyer', verified: false });
    expect((await roleOf(buyer.id)).name.length).toBeLessThanOrEqual(80);
  });

  it('refuses role and verified on the canonical path too, and changes nothing', async () => {
    for (const body of [{ role: 'admin' }, { verified: true }, { name: 'Fine', role: 'admin' }]) {
      const res = await buyer.client.post('/api/auth/update-user', body);
      expect(res.statusCode).toBe(400);
    }
    expect(await roleOf(buyer.id)).toMatchObject({ role: 'buyer', verified: false });
  });

  it('refuses a display name over 80 characters and keeps one of 80', async () => {
    expect((await buyer.client.post('/api/auth/update-user', { name: 'n'.repeat(81) })).statusCode).toBe(400);
    expect((await buyer.client.post('/api/auth/update-user', { name: 'n'.repeat(80) })).statusCode).toBe(200);
    expect((await roleOf(buyer.id)).name).toBe('n'.repeat(80));
  });

  it('cannot sign up as admin, nor with a role Better Auth would read from any field', async () => {
    const client = new TestClient(ctx.app);
    const res = await client.post('/api/auth/sign-up/email', {
      name: 'Sneaky',
      email: 'sneaky@example.test',
      password,
      role: 'admin',
    });
    expect(res.statusCode).toBe(400);
    const [created] = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'sneaky@example.test'));
    expect(created).toBeUndefined();
  });
});

describe('limits hold on every spelling', () => {
  it('a sign-in through another spelling is refused and never reaches Better Auth', async () => {
    const limited = await createTestApp({ SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS: '1' });
    try {
      const user = await signUp(limited.app, 'buyer', { password });
      const guess = (path: string) =>
        sendRaw(limited.app, {
          method: 'POST',
          path,
          headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
          body: JSON.stringify({ email: user.email, password: 'wrong-password' }),
        });
      expect((await guess('/api/auth/sign-in/email')).statusCode).toBe(401);
      for (const path of [
        '/api/auth/x/../sign-in/email',
        '/api/auth/sign-in/%65mail',
        '/api/auth//sign-in/email',
      ]) {
        expect((await guess(path)).statusCode, path).toBe(400);
      }
      expect((await guess('/api/auth/sign-in/email')).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('only the endpoints the product uses', () => {
  it.each([
    ['GET', '/api/auth/ok'],
    ['GET', '/api/auth/get-session'],
    ['POST', '/api/auth/revoke-sessions'],
    ['POST', '/api/auth/revoke-other-sessions'],
    ['POST', '/api/auth/update-session'],
    ['POST', '/api/auth/delete-user'],
    ['POST', '/api/auth/change-email'],
    ['POST', '/api/auth/link-social'],
    ['GET', '/api/auth/list-accounts'],
    ['POST', '/api/auth/sign-in/username'],
    ['GET', '/api/auth/callback/github'],
    ['POST', '/api/auth/callback/google'],
    ['GET', '/api/auth/sign-out'],
  ] as const)('%s %s answers 404', async (method, url) => {
    const res = await raw(method, url, {}, buyer.client.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });
});

describe('session tokens stay in the httpOnly cookie', () => {
  it('sign-up and sign-in answers carry no token in their body', async () => {
    const client = new TestClient(ctx.app);
    const up = await client.post('/api/auth/sign-up/email', {
      name: 'Token Check',
      email: 'token-check@example.test',
      password,
      role: 'seller',
    });
    expect(up.statusCode).toBe(200);
    const cookieToken = sessionCookieOf(up).split('=')[1]!.split('.')[0]!;
    expect(up.body).not.toContain(cookieToken);
    expect(up.json()).not.toHaveProperty('token');
    const signIn = await client.post('/api/auth/sign-in/email', {
      email: 'token-check@example.test',
      password,
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).not.toHaveProperty('token');
    expect(signIn.body).not.toContain(sessionCookieOf(signIn).split('=')[1]!.split('.')[0]!);
    expect(signIn.json().user.email).toBe('token-check@example.test');
  });
});

describe('passwords', () => {
  it.each([
    ['password', messages.passwordTooCommon],
    ['12345678', messages.passwordTooCommon],
    ['Password123', messages.passwordTooCommon],
    ['        ', messages.passwordBlank],
    ['short', messages.passwordRule],
    ['x'.repeat(129), 'Use at most 128 characters.'],
  ])('refuses %j at sign-up with a reason', async (weak, reason) => {
    const email = `weak-${Math.random().toString(36).slice(2)}@example.test`;
    const res = await new TestClient(ctx.app).post('/api/auth/sign-up/email', {
      name: 'Weak',
      email,
      password: weak,
      role: 'buyer',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.password).toBe(reason);
    const [created] = await ctx.database.db.select().from(users).where(eq(users.email, email));
    expect(created).toBeUndefined();
  });

  it('changes a password with the current one, refusing common ones and wrong current ones', async () => {
    const user = await signUp(ctx.app, 'seller', { password });
    const common = await user.client.post('/api/auth/change-password', {
      currentPassword: password,
      newPassword: 'iloveyou1',
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().error.fields.newPassword).toBe(messages.passwordTooCommon);

    const wrong = await user.client.post('/api/auth/change-password', {
      currentPassword: 'not-the-password',
      newPassword: 'a-new-long-phrase',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.currentPassword).toBe(messages.wrongCurrentPassword);

    const changed = await user.client.post('/api/auth/change-password', {
      currentPassword: password,
      newPassword: 'a-new-long-phrase',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).not.toHaveProperty('token');
    const anonymous = new TestClient(ctx.app);
    expect(
      (await anonymous.post('/api/auth/sign-in/email', { email: user.email, password })).statusCode,
    ).toBe(401);
    expect(
      (await anonymous.post('/api/auth/sign-in/email', { email: user.email, password: 'a-new-long-phrase' }))
        .statusCode,
    ).toBe(200);
  });

  it('asks a signed-out caller to sign in before changing a password', async () => {
    const res = await new TestClient(ctx.app).post('/api/auth/change-password', {
      currentPassword: password,
      newPassword: 'a-new-long-phrase',
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('wrong current passwords count against the account', () => {
  it('locks change-password and sign-in after the limit', async () => {
    const limited = await createTestApp({ SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS: '2' });
    try {
      const user = await signUp(limited.app, 'buyer', { password });
      const guess = () =>
        user.client.post('/api/auth/change-password', {
          currentPassword: 'guess-guess',
          newPassword: 'a-new-long-phrase',
        });
      expect((await guess()).statusCode).toBe(400);
      expect((await guess()).statusCode).toBe(400);
      const blocked = await guess();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers['retry-after']).toBeDefined();
      const signIn = await new TestClient(limited.app).post('/api/auth/sign-in/email', {
        email: user.email,
        password,
      });
      expect(signIn.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
