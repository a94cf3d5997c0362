import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@furniture-mart/shared';
import {
  createTestApp,
  makeSessionDueForRenewal,
  sessionCookieOf,
  signUp,
  TestClient,
  type TestContext,
} from '../../../test/helpers/app.js';
import { mailOutbox, sessions, users } from '../../platform/db/schema.js';

let ctx: TestContext;
const anonymous = () => new TestClient(ctx.app);
const password = 'correct-horse-battery';

beforeAll(async () => {
  ctx = await createTestApp({
    GOOGLE_CLIENT_ID: 'dummy-client-id.apps.example',
    GOOGLE_CLIENT_SECRET: 'dummy-secret',
  });
});
afterAll(() => ctx.close());

async function userByEmail(email: string) {
  const [user] = await ctx.database.db.select().from(users).where(eq(users.email, email));
  return user;
}

describe('sign-up', () => {
  it('creates a buyer or a seller as chosen, never verified, and signs them in', async () => {
    for (const role of ['buyer', 'seller'] as const) {
      const email = `new-${role}@example.test`;
      const res = await anonymous().post('/api/auth/sign-up/email', {
        name: `New ${role}`,
        email,
        password,
        role,
      });
      expect(res.statusCode).toBe(200);
      const me = await new TestClient(ctx.app, sessionCookieOf(res)).get('/api/me');
      expect(me.json()).toMatchObject({ user: { email, role, verified: false }, isVerified: false });
      expect((await userByEmail(email))?.role).toBe(role);
    }
  });

  it('defaults to buyer when no role is given', async () => {
    const res = await anonymous().post('/api/auth/sign-up/email', {
      name: 'Default',
      email: 'default@example.test',
      password,
    });
    expect(res.statusCode).toBe(200);
    expect((await userByEmail('default@example.test'))?.role).toBe('buyer');
  });

  it.each([
    [{ role: 'admin' }],
    [{ role: 'buyer', verified: true }],
    [{ role: 'buyer', isAdmin: true }],
    [{ role: 'seller', emailVerified: true }],
  ])('refuses privileged fields %j with 400 and creates nothing', async (extra) => {
    const email = `sneaky-${Math.random().toString(36).slice(2)}@example.test`;
    const res = await anonymous().post('/api/auth/sign-up/email', {
      name: 'Sneaky',
      email,
      password,
      ...extra,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(await userByEmail(email)).toBeUndefined();
  });

  it('answers a duplicate email with the product message, case-insensitively', async () => {
    await anonymous().post('/api/auth/sign-up/email', {
      name: 'First',
      email: 'taken@example.test',
      password,
    });
    for (const email of ['taken@example.test', 'TAKEN@example.test']) {
      const res = await anonymous().post('/api/auth/sign-up/email', { name: 'Second', email, password });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toEqual({ code: 'EMAIL_TAKEN', message: messages.emailTaken });
    }
  });

  it('enforces the password rule', async () => {
    const res = await anonymous().post('/api/auth/sign-up/email', {
      name: 'Short',
      email: 'short@example.test',
      password: 'short',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.password).toBe(messages.passwordRule);
  });
});

describe('sign-in', () => {
  it('signs in with the right password and sets an httpOnly, SameSite=Lax cookie', async () => {
    const user = await signUp(ctx.app, 'buyer', { password });
    const res = await anonymous().post('/api/auth/sign-in/email', { email: user.email, password });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name.includes('session_token'))!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.secure).toBeFalsy();
  });

  it('answers a wrong password and an unknown email identically', async () => {
    const user = await signUp(ctx.app, 'buyer', { password });
    const wrong = await anonymous().post('/api/auth/sign-in/email', {
      email: user.email,
      password: 'wrong-password',
    });
    const unknown = await anonymous().post('/api/auth/sign-in/email', {
      email: 'nobody@example.test',
      password,
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error.message).toBe(messages.loginFailed);
    expect(wrong.cookies.filter((c) => c.name.includes('session_token') && c.value)).toHaveLength(0);
  });

  it('requires both fields', async () => {
    const res = await anonymous().post('/api/auth/sign-in/email', {});
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ email: messages.required, password: messages.required });
  });
});

describe('session', () => {
  it('renews a session in use and sends the browser the renewed cookie', async () => {
    const user = await signUp(ctx.app, 'buyer');
    await makeSessionDueForRenewal(ctx.app, user.id);
    const me = await user.client.get('/api/me');
    expect(me.statusCode).toBe(200);
    const [session] = await ctx.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(session!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 60 * 60 * 1000);
    const cookie = me.cookies.find((c) => c.name.includes('session_token'));
    const sent = user.client.cookie!;
    expect(cookie?.value).toBe(sent.slice(sent.indexOf('=') + 1));
    expect(cookie?.maxAge).toBeGreaterThan(29 * 24 * 60 * 60);
    // Not due: nothing to renew, no cookie.
    const again = await user.client.get('/api/me');
    expect(again.cookies.filter((c) => c.name.includes('session_token'))).toHaveLength(0);
  });

  it('answers 401 from /api/me when signed out', async () => {
    const res = await anonymous().get('/api/me');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHORIZED');
  });

  it.each(['buyer', 'seller', 'admin'] as const)('gives the right flags to a %s', async (role) => {
    const user = await signUp(ctx.app, role);
    const res = await user.client.get('/api/me');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toEqual({
      id: user.id,
      name: user.name,
      email: user.email,
      image: null,
      role,
      verified: false,
      emailVerified: false,
      locale: 'en',
    });
    expect(body).toMatchObject({
      isAdmin: role === 'admin',
      isBuyer: role === 'buyer',
      isSeller: role === 'seller',
    });
  });

  it('revokes the session on logout: the old cookie gets 401', async () => {
    const user = await signUp(ctx.app, 'buyer');
    const out = await user.client.post('/api/auth/sign-out', {});
    expect(out.statusCode).toBe(200);
    const me = await user.client.get('/api/me');
    expect(me.statusCode).toBe(401);
  });

  it('refuses role or verification changes after sign-up and changes nothing', async () => {
    const user = await signUp(ctx.app, 'buyer');
    for (const body of [{ role: 'admin' }, { verified: true }, { name: 'New name', role: 'seller' }]) {
      const res = await user.client.post('/api/auth/update-user', body);
      expect(res.statusCode).toBe(400);
    }
    const row = await userByEmail(user.email);
    expect(row).toMatchObject({ role: 'buyer', verified: false, name: user.name });
    const rename = await user.client.post('/api/auth/update-user', { name: 'Renamed' });
    expect(rename.statusCode).toBe(200);
    expect((await userByEmail(user.email))?.name).toBe('Renamed');
  });

  it('refuses a removed account: old cookie 401, no new sign-in', async () => {
    const user = await signUp(ctx.app, 'seller', { password });
    await ctx.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, user.id));
    expect((await user.client.get('/api/me')).statusCode).toBe(401);
    const again = await anonymous().post('/api/auth/sign-in/email', { email: user.email, password });
    expect(again.statusCode).toBe(403);
    expect(again.json().error.message).toBe(messages.accountRemoved);
    expect(again.cookies.filter((c) => c.name.includes('session_token') && c.value)).toHaveLength(0);
  });
});

describe('public configuration', () => {
  it('tells the web app whether Google is enabled and which payment provider runs', async () => {
    const res = await anonymous().get('/api/config');
    expect(res.json()).toMatchObject({
      currency: 'USD',
      googleEnabled: true,
      payments: { provider: 'sandbox' },
    });
    const plain = await createTestApp();
    const off = await new TestClient(plain.app).get('/api/config');
    expect(off.json().googleEnabled).toBe(false);
    await plain.close();
  });
});

describe('Google sign-in', () => {
  it('starts with a redirect to Google carrying our client id, callback and a state', async () => {
    const res = await anonymous().post('/api/auth/sign-in/social', { provider: 'google', callbackURL: '/' });
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json().url);
    expect(url.origin).toBe('https://accounts.google.com');
    expect(url.searchParams.get('client_id')).toBe('dummy-client-id.apps.example');
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:3000/api/auth/callback/google');
    expect(url.searchParams.get('state')).toMatch(/.{16,}/);
  });

  it.each([
    ['a wrong state', '?code=abc&state=forged-state'],
    ['a missing state', '?code=abc'],
  ])('rejects a callback with %s and creates no session', async (_label, query) => {
    const res = await anonymous().get(`/api/auth/callback/google${query}`);
    expect([302, 400, 401, 403]).toContain(res.statusCode);
    if (res.statusCode === 302) expect(res.headers.location).toMatch(/error=/);
    expect(res.cookies.filter((c) => c.name.includes('session_token') && c.value)).toHaveLength(0);
  });
});

describe('abuse', () => {
  const signIn = (app: TestContext['app'], email: string, pw: string, extra: Record<string, unknown> = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: 'http://localhost:3000' },
      payload: { email, password: pw },
      ...extra,
    });

  it('limits failed sign-ins per account and address with 429, Retry-After and a message; successes do not count', async () => {
    const limited = await createTestApp({ SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS: '3' });
    try {
      const user = await signUp(limited.app, 'buyer', { password });
      const other = await signUp(limited.app, 'buyer', { password });
      expect((await signIn(limited.app, user.email, 'wrong-password')).statusCode).toBe(401);
      expect((await signIn(limited.app, user.email, 'wrong-password')).statusCode).toBe(401);
      // Right passwords, any number of them, leave the budget as it was.
      for (let i = 0; i < 5; i++)
        expect((await signIn(limited.app, user.email, password)).statusCode).toBe(200);
      expect((await signIn(limited.app, user.email.toUpperCase(), 'wrong-password')).statusCode).toBe(401);
      const blocked = await signIn(limited.app, user.email, password);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().error.code).toBe('RATE_LIMITED');
      expect(blocked.json().error.message).toMatch(
        /Too many failed sign-in attempts\. Please wait 15 minutes/,
      );
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
      expect(blocked.cookies.filter((c) => c.name.includes('session_token'))).toHaveLength(0);
      // Another account is not affected, nor the owner signing in from another address.
      expect((await signIn(limited.app, other.email, password)).statusCode).toBe(200);
      const elsewhere = await signIn(limited.app, user.email, password, { remoteAddress: '10.9.8.7' });
      expect(elsewhere.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('limits failed sign-ins per address across accounts, whatever X-Forwarded-For says', async () => {
    const limited = await createTestApp({ SIGN_IN_FAILURES_PER_ADDRESS: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await signIn(limited.app, `someone${i}@example.test`, 'wrong-password', {
          headers: { origin: 'http://localhost:3000', 'x-forwarded-for': `203.0.113.${i}` },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
      const elsewhere = await signIn(limited.app, 'someone9@example.test', 'wrong-password', {
        remoteAddress: '10.1.2.3',
      });
      expect(elsewhere.statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });

  it('never lets a stranger lock the owner out, tells the owner once, and slows the guessing addresses', async () => {
    const limited = await createTestApp({
      SIGN_IN_FAILURES_PER_ACCOUNT: '4',
      SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS: '10',
    });
    try {
      const owner = await signUp(limited.app, 'buyer', { password });
      const from = (address: string, pw: string) =>
        signIn(limited.app, owner.email, pw, { remoteAddress: address });
      const alerts = () =>
        limited.app.database.db
          .select()
          .from(mailOutbox)
          .where(
            and(eq(mailOutbox.toAddress, owner.email), like(mailOutbox.idempotencyKey, 'sign-in-alert:%')),
          );

      // Up to the account-wide threshold, one address guesses as much as any address may.
      for (let i = 0; i < 3; i++) expect((await from('203.0.113.1', 'wrong-password')).statusCode).toBe(401);
      expect(await alerts()).toHaveLength(0);
      expect((await from('203.0.113.1', 'wrong-password')).statusCode).toBe(401);
      const [alert] = await alerts();
      expect(alert?.subject).toBe('Someone is trying to sign in to your account');
      expect(alert?.textBody).toContain('entered wrongly 4 times');

      // Past it, each address that fails for this account has few tries left ...
      const second = [];
      for (let i = 0; i < 4; i++) second.push((await from('203.0.113.2', 'wrong-password')).statusCode);
      expect(second).toEqual([401, 401, 401, 429]);
      expect((await from('203.0.113.1', password)).statusCode).toBe(429);
      // ... but the owner, from an address with no failures for the account, signs in at once.
      expect((await from('198.51.100.7', password)).statusCode).toBe(200);
      expect(await alerts()).toHaveLength(1);
    } finally {
      await limited.close();
    }
  });

  it('holds the limit under concurrent guesses', async () => {
    const limited = await createTestApp({ SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS: '5' });
    try {
      const user = await signUp(limited.app, 'buyer', { password });
      const answers = await Promise.all(
        Array.from({ length: 30 }, () => signIn(limited.app, user.email, 'wrong-password')),
      );
      const statuses = answers.map((res) => res.statusCode);
      expect(statuses.filter((status) => status === 401)).toHaveLength(5);
      expect(statuses.filter((status) => status === 429)).toHaveLength(25);
    } finally {
      await limited.close();
    }
  });

  it('with TRUST_PROXY as hops, takes the address the trusted proxy saw, not one the client wrote', async () => {
    const limited = await createTestApp({ SIGN_IN_FAILURES_PER_ADDRESS: '2', TRUST_PROXY: '1' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        // The client prepends its own guesses; the proxy appends the address it really saw.
        const res = await signIn(limited.app, `someone${i}@example.test`, 'wrong-password', {
          headers: { origin: 'http://localhost:3000', 'x-forwarded-for': `198.51.100.${i}, 203.0.113.7` },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([401, 401, 429, 429]);
      const another = await signIn(limited.app, 'someone9@example.test', 'wrong-password', {
        headers: { origin: 'http://localhost:3000', 'x-forwarded-for': '203.0.113.8' },
      });
      expect(another.statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });

  it('rate limits sign-up per client address', async () => {
    const limited = await createTestApp({ RATE_LIMIT_AUTH_PER_MINUTE: '2' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await new TestClient(limited.app).post('/api/auth/sign-up/email', {
          name: 'Limited',
          email: `limited${i}@example.test`,
          password,
          role: 'buyer',
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([200, 200, 429]);
      expect(
        Number(
          (await new TestClient(limited.app).post('/api/auth/sign-up/email', {})).headers['retry-after'],
        ),
      ).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });

  it('refuses sign-up from a foreign origin', async () => {
    const res = await anonymous().post(
      '/api/auth/sign-up/email',
      { name: 'X', email: 'foreign@example.test', password },
      { origin: 'https://evil.example' },
    );
    expect(res.statusCode).toBe(403);
    expect(await userByEmail('foreign@example.test')).toBeUndefined();
  });
});
