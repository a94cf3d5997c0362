import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@furniture-mart/shared';
import {
  createTestApp,
  signUp,
  TEST_ORIGIN,
  TestClient,
  type TestContext,
} from '../../../test/helpers/app.js';
import { newsletterSubscribers } from '../../platform/db/schema.js';
import { NEWSLETTER_SIGNUPS_PER_MINUTE } from './newsletter.routes.js';

let ctx: TestContext;
let addressCounter = 0;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** Each call from its own client address unless one is given, so the rate limit only bites where tested. */
function subscribe(body: unknown, remoteAddress = `10.0.0.${++addressCounter}`) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/newsletter',
    remoteAddress,
    headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

async function rowsFor(email: string) {
  return ctx.database.db
    .select({ email: newsletterSubscribers.email })
    .from(newsletterSubscribers)
    .where(sql`lower(${newsletterSubscribers.email}) = lower(${email})`);
}

describe('POST /api/newsletter', () => {
  it('stores a new address, trimmed', async () => {
    const res = await subscribe({ email: '  reader@example.test ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ subscribed: true });
    expect(await rowsFor('reader@example.test')).toEqual([{ email: 'reader@example.test' }]);
  });

  it('answers a repeat exactly like a first sign-up, whatever the letter case, and keeps one row', async () => {
    const first = await subscribe({ email: 'Twice@Example.test' });
    const again = await subscribe({ email: 'twice@example.TEST' });
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.body).toBe(first.body);
    expect(await rowsFor('twice@example.test')).toEqual([{ email: 'Twice@Example.test' }]);
  });

  it('is open to signed-in people of any role too', async () => {
    const seller = await signUp(ctx.app, 'seller');
    const res = await seller.client.post('/api/newsletter', { email: seller.email });
    expect(res.statusCode).toBe(200);
    expect(await rowsFor(seller.email)).toHaveLength(1);
  });

  it('rejects an invalid address with a field error and stores nothing', async () => {
    const cases: [unknown, string][] = [
      [{ email: 'not-an-address' }, messages.invalidEmail],
      [{ email: 'a@b' }, messages.invalidEmail],
      [{ email: `${'x'.repeat(250)}@example.test` }, messages.invalidEmail],
      [{ email: '   ' }, messages.required],
      [{}, messages.required],
      [{ email: 42 }, messages.required],
    ];
    const [before] = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(newsletterSubscribers);
    for (const [body, message] of cases) {
      const res = await subscribe(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({
        error: { code: 'VALIDATION_FAILED', message: expect.any(String), fields: { email: message } },
      });
    }
    const [after] = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(newsletterSubscribers);
    expect(after!.n).toBe(before!.n);
  });

  it('refuses a request from another site', async () => {
    const res = await new TestClient(ctx.app).post(
      '/api/newsletter',
      { email: 'csrf@example.test' },
      { origin: 'https://evil.example' },
    );
    expect(res.statusCode).toBe(403);
    expect(await rowsFor('csrf@example.test')).toHaveLength(0);
  });

  it('limits how often one client address may sign up', async () => {
    const address = '10.9.9.9';
    for (let i = 0; i < NEWSLETTER_SIGNUPS_PER_MINUTE; i++) {
      expect((await subscribe({ email: `burst${i}@example.test` }, address)).statusCode).toBe(200);
    }
    const limited = await subscribe({ email: 'one-too-many@example.test' }, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(limited.json().error.message).toMatch(/try again/);
    expect(await rowsFor('one-too-many@example.test')).toHaveLength(0);
    // Someone else is not affected.
    expect((await subscribe({ email: 'neighbour@example.test' })).statusCode).toBe(200);
  });
});
