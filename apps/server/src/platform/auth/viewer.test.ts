import { createHmac } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestContext } from '../../../test/helpers/app.js';
import { sessions, users } from '../db/schema.js';
import { createViewerReader, verifySignedCookie, type ViewerReader } from './viewer.js';

let ctx: TestContext;
let reader: ViewerReader;

beforeAll(async () => {
  ctx = await createTestApp();
  reader = await createViewerReader({ auth: ctx.app.auth, db: ctx.database.db, secret: ctx.authSecret });
});
afterAll(() => ctx.close());

const replyStub = () => ({ header: () => undefined }) as unknown as FastifyReply;
const requestWith = (cookie?: string) =>
  ({ headers: cookie === undefined ? {} : { cookie } }) as FastifyRequest;
const sign = (token: string) =>
  encodeURIComponent(`${token}.${createHmac('sha256', ctx.authSecret).update(token).digest('base64')}`);

/** The fast check and Better Auth's own must agree on every cookie. */
async function bothRead(cookie?: string) {
  const fast = await reader.read(requestWith(cookie));
  const renewed = await reader.readAndRenew(requestWith(cookie), replyStub());
  expect(fast).toEqual(renewed);
  return fast;
}

async function freshSession() {
  const user = await signUp(ctx.app, 'seller');
  const cookie = user.client.cookie!;
  const [name, value] = cookie.split('=') as [string, string];
  const token = decodeURIComponent(value).split('.')[0]!;
  return { user, cookie, name, value, token };
}

describe('checking the session cookie on each request', () => {
  it('finds the signed-in user with the same fields Better Auth gives', async () => {
    const { user, cookie } = await freshSession();
    const viewer = await bothRead(cookie);
    expect(viewer).toEqual({
      id: user.id,
      name: user.name,
      email: user.email,
      image: null,
      role: 'seller',
      verified: false,
      emailVerified: false,
      locale: 'en',
    });
  });

  it('reads the session cookie among other cookies', async () => {
    const { user, cookie } = await freshSession();
    expect((await bothRead(`theme=dark; ${cookie}; fm_signed_in=1`))?.id).toBe(user.id);
  });

  it('answers no one for a visitor, a cookie under another name, or an empty one', async () => {
    const { value, name } = await freshSession();
    expect(await bothRead()).toBeNull();
    expect(await bothRead(`other.session_token=${value}`)).toBeNull();
    expect(await bothRead(`${name}=`)).toBeNull();
  });

  it('refuses a changed signature, a missing signature, or bad percent-encoding', async () => {
    const { name, value, token } = await freshSession();
    const decoded = decodeURIComponent(value);
    const flipped = decoded.slice(0, -2) + (decoded.at(-2) === 'A' ? 'B' : 'A') + decoded.at(-1);
    expect(await bothRead(`${name}=${encodeURIComponent(flipped)}`)).toBeNull();
    expect(await bothRead(`${name}=${token}`)).toBeNull();
    expect(await bothRead(`${name}=${token}.`)).toBeNull();
    expect(await bothRead(`${name}=%E0%A4%A`)).toBeNull();
    expect(verifySignedCookie('%E0%A4%A', ctx.authSecret)).toBeNull();
  });

  it('refuses a correctly signed token that is no session', async () => {
    const { name } = await freshSession();
    expect(await bothRead(`${name}=${sign('not-a-session-token')}`)).toBeNull();
  });

  it('refuses a token signed with another secret', async () => {
    const { name, token } = await freshSession();
    const forged = `${token}.${createHmac('sha256', 'another-secret').update(token).digest('base64')}`;
    expect(await bothRead(`${name}=${encodeURIComponent(forged)}`)).toBeNull();
  });

  it('refuses an expired session, an ended session and a removed account', async () => {
    const expired = await freshSession();
    await ctx.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(sessions.token, expired.token));
    expect(await reader.read(requestWith(expired.cookie))).toBeNull();
    expect(await reader.readAndRenew(requestWith(expired.cookie), replyStub())).toBeNull();

    const ended = await freshSession();
    await ctx.database.db.delete(sessions).where(eq(sessions.token, ended.token));
    expect(await bothRead(ended.cookie)).toBeNull();

    const removed = await freshSession();
    await ctx.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, removed.user.id));
    expect(await bothRead(removed.cookie)).toBeNull();
  });

  it('checks a request once however often a route asks', async () => {
    const { cookie } = await freshSession();
    const request = requestWith(cookie);
    expect(reader.read(request)).toBe(reader.read(request));
  });
});

describe('sessions kept in memory', () => {
  /** Ends a session without its trigger: what is kept is then all that answers for it. */
  const endQuietly = (token: string) =>
    ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.delete(sessions).where(eq(sessions.token, token));
    });

  async function refusedWithin(cookie: string, ms: number): Promise<void> {
    const started = Date.now();
    while ((await ctx.app.viewers.read(requestWith(cookie))) !== null) {
      if (Date.now() - started > ms) throw new Error(`still answered after ${ms} ms`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  it('answers a session read once without reading it again', async () => {
    const { user, cookie, token } = await freshSession();
    expect((await ctx.app.viewers.read(requestWith(cookie)))?.id).toBe(user.id);
    await endQuietly(token);
    // Nothing announced the end, so the kept session still answers: no trip to the database.
    expect((await ctx.app.viewers.read(requestWith(cookie)))?.id).toBe(user.id);
    ctx.app.viewers.forgetUser(user.id);
    expect(await ctx.app.viewers.read(requestWith(cookie))).toBeNull();
  });

  it('drops a kept session as soon as its end or its account change is announced, however made', async () => {
    const ended = await freshSession();
    expect(await ctx.app.viewers.read(requestWith(ended.cookie))).not.toBeNull();
    await ctx.database.db.delete(sessions).where(eq(sessions.token, ended.token));
    await refusedWithin(ended.cookie, 1000);

    const removed = await freshSession();
    expect(await ctx.app.viewers.read(requestWith(removed.cookie))).not.toBeNull();
    await ctx.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, removed.user.id));
    await refusedWithin(removed.cookie, 1000);

    const promoted = await freshSession();
    expect((await ctx.app.viewers.read(requestWith(promoted.cookie)))?.role).toBe('seller');
    await ctx.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, promoted.user.id));
    const started = Date.now();
    while ((await ctx.app.viewers.read(requestWith(promoted.cookie)))?.role !== 'admin') {
      expect(Date.now() - started).toBeLessThan(1000);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  });

  it('is refused at once after signing out through this instance', async () => {
    const { user, cookie } = await freshSession();
    expect((await user.client.get('/api/me')).statusCode).toBe(200);
    expect((await user.client.post('/api/auth/sign-out')).statusCode).toBe(200);
    const again = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(again.statusCode).toBe(401);
  });
});
