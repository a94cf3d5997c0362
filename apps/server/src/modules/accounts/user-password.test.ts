import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@furniture-mart/shared';
import { createTestApp, signUp, TestClient, type TestContext } from '../../../test/helpers/app.js';
import { accounts } from '../../platform/db/schema.js';
import { setUserPassword } from './user-password.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const signIn = (email: string, password: string) =>
  new TestClient(ctx.app).post('/api/auth/sign-in/email', { email, password });

describe('setting a password from the shell', () => {
  it('lets the account sign in with the new password only, and signs out its sessions', async () => {
    const user = await signUp(ctx.app, 'buyer', { password: 'old-password-1' });
    expect((await user.client.get('/api/me')).statusCode).toBe(200);

    expect(await setUserPassword(ctx.app, user.email.toUpperCase(), 'brand-new-password')).toEqual({
      ok: true,
    });
    expect((await signIn(user.email, 'brand-new-password')).statusCode).toBe(200);
    expect((await signIn(user.email, 'old-password-1')).statusCode).toBe(401);
    expect((await user.client.get('/api/me')).statusCode).toBe(401);
  });

  it('gives an account without a password (Google only) one', async () => {
    const user = await signUp(ctx.app, 'seller');
    await ctx.database.db.delete(accounts).where(eq(accounts.userId, user.id));
    expect(await setUserPassword(ctx.app, user.email, 'first-own-password')).toEqual({ ok: true });
    expect((await signIn(user.email, 'first-own-password')).statusCode).toBe(200);
  });

  it('applies the sign-up rules and names unknown accounts', async () => {
    const user = await signUp(ctx.app, 'buyer');
    expect(await setUserPassword(ctx.app, user.email, 'short')).toEqual({
      ok: false,
      problem: messages.passwordRule,
    });
    expect(await setUserPassword(ctx.app, user.email, 'x'.repeat(129))).toEqual({
      ok: false,
      problem: 'Use at most 128 characters.',
    });
    expect(await setUserPassword(ctx.app, 'nobody@example.test', 'long-enough-password')).toEqual({
      ok: false,
      problem: 'No account with the email nobody@example.test.',
    });
  });
});
