/**
 * Mail for real: a real SMTP server in process receives what the worker sends. Account recovery (reset
 * and verification through Better Auth), the other account messages, the newsletter's double opt-in,
 * the worker surviving a crash in the middle of a batch, and the development mailbox.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { accountMessages, messages } from '@furniture-mart/shared';
import {
  TEST_ORIGIN,
  TestClient,
  createTestApp,
  signUp,
  type TestContext,
  type TestUser,
} from '../../../test/helpers/app.js';
import { linkIn, startSmtp, type TestSmtp } from '../../../test/helpers/smtp.js';
import { mailOutbox, newsletterSubscribers, verifications } from '../../platform/db/schema.js';
import { insertProduct } from '../../../test/helpers/fixtures.js';
import { MailService } from './mail.service.js';
import { enqueueMail } from './outbox.js';
import { SmtpTransport, type MailTransport, type OutgoingMail } from './transport.js';

let ctx: TestContext;
let smtp: TestSmtp;
let admin: TestUser;

async function deliver() {
  await ctx.app.services.mail.runOnce({ batch: 500 });
}

/** A reset request is worked on after its answer: wait until its message is queued, then send it. */
async function deliverResetTo(email: string) {
  await expect
    .poll(async () => {
      const rows = await ctx.app.database.db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(sql`${mailOutbox.toAddress} = ${email} and ${mailOutbox.subject} = 'Reset your password'`);
      return rows.length;
    })
    .toBeGreaterThan(0);
  await deliver();
}

/** Follows a link of a mail inside the app under test (same origin as PUBLIC_URL). */
function pathOf(link: string): string {
  expect(link.startsWith(`${TEST_ORIGIN}/`)).toBe(true);
  return link.slice(TEST_ORIGIN.length);
}

beforeAll(async () => {
  smtp = await startSmtp();
  ctx = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Furniture Mart <mart@example.test>' });
  admin = await signUp(ctx.app, 'admin');
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

describe('email verification', () => {
  it('mails a link at sign-up that confirms the address; resend sends another', async () => {
    const user = await signUp(ctx.app, 'buyer', { name: 'Vera Verify' });
    await deliver();
    const [mail] = smtp.to(user.email, 'Confirm your email');
    expect(mail).toBeDefined();
    expect(mail!.html).toContain('Confirm my email');
    expect((await user.client.get('/api/me')).json().user.emailVerified).toBe(false);

    // A link is signed with the second it was made in: a resend within the same second is the same link,
    // and the same message (one key per token).
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const resend = await user.client.post('/api/auth/send-verification-email', { email: user.email });
    expect(resend.statusCode).toBe(200);
    await deliver();
    expect(smtp.to(user.email, 'Confirm your email')).toHaveLength(2);

    const link = linkIn(mail!, `${TEST_ORIGIN}/api/auth/verify-email`);
    const follow = await user.client.get(pathOf(link));
    expect(follow.statusCode).toBe(302);
    expect(follow.headers.location).toContain('/dashboard?emailVerified=1');
    expect((await user.client.get('/api/me')).json().user.emailVerified).toBe(true);

    const broken = await new TestClient(ctx.app).get(
      '/api/auth/verify-email?token=not-a-token&callbackURL=/dashboard',
    );
    expect(broken.statusCode).toBe(302);
    expect(broken.headers.location).toContain('error=');
    const extra = await user.client.post('/api/auth/send-verification-email', {
      email: user.email,
      role: 'admin',
    });
    expect(extra.statusCode).toBe(400);
  });
});

describe('password reset', () => {
  it('mails a one-time link; the new password works and the link cannot be used twice', async () => {
    const user = await signUp(ctx.app, 'seller', { name: 'Pat Forgetful', password: 'old-password-1' });
    const anonymous = new TestClient(ctx.app);
    const known = await anonymous.post('/api/auth/request-password-reset', { email: user.email });
    const unknown = await anonymous.post('/api/auth/request-password-reset', {
      email: 'nobody@example.test',
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    await deliverResetTo(user.email);
    expect(smtp.to('nobody@example.test')).toHaveLength(0);
    const [mail] = smtp.to(user.email, 'Reset your password');
    expect(mail).toBeDefined();
    const link = linkIn(mail!, `${TEST_ORIGIN}/reset-password?token=`);
    const token = new URL(link).searchParams.get('token')!;

    const reset = await anonymous.post('/api/auth/reset-password', { token, newPassword: 'new-password-2' });
    expect(reset.statusCode).toBe(200);
    const signIn = await anonymous.post('/api/auth/sign-in/email', {
      email: user.email,
      password: 'new-password-2',
    });
    expect(signIn.statusCode).toBe(200);
    const old = await anonymous.post('/api/auth/sign-in/email', {
      email: user.email,
      password: 'old-password-1',
    });
    expect(old.statusCode).toBe(401);
    // The old session ended with the reset.
    expect((await user.client.get('/api/me')).statusCode).toBe(401);

    const twice = await anonymous.post('/api/auth/reset-password', {
      token,
      newPassword: 'third-password-3',
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error).toMatchObject({
      code: 'INVALID_TOKEN',
      message: accountMessages.resetInvalid,
    });
  });

  it('lets one reset end every other reset link of the account', async () => {
    const user = await signUp(ctx.app, 'buyer', { password: 'first-password-1' });
    const anonymous = new TestClient(ctx.app);
    const tokens: string[] = [];
    for (let i = 0; i < 2; i++) {
      expect(
        (await anonymous.post('/api/auth/request-password-reset', { email: user.email })).statusCode,
      ).toBe(200);
      await expect.poll(async () => (await resetTokensOf(user.id)).length).toBe(i + 1);
    }
    tokens.push(...(await resetTokensOf(user.id)));
    const [older, newer] = tokens;
    expect(
      (await anonymous.post('/api/auth/reset-password', { token: newer, newPassword: 'second-pass-2' }))
        .statusCode,
    ).toBe(200);
    const stale = await anonymous.post('/api/auth/reset-password', {
      token: older,
      newPassword: 'third-pass-3',
    });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error.code).toBe('INVALID_TOKEN');
    const signIn = await anonymous.post('/api/auth/sign-in/email', {
      email: user.email,
      password: 'second-pass-2',
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('refuses an expired link and a too short password, changing nothing', async () => {
    const user = await signUp(ctx.app, 'buyer', { password: 'keep-this-one' });
    const anonymous = new TestClient(ctx.app);
    await anonymous.post('/api/auth/request-password-reset', { email: user.email });
    await deliverResetTo(user.email);
    const token = new URL(
      linkIn(smtp.to(user.email, 'Reset')[0]!, `${TEST_ORIGIN}/reset-password`),
    ).searchParams.get('token')!;
    const short = await anonymous.post('/api/auth/reset-password', { token, newPassword: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields.newPassword).toBe(messages.passwordRule);
    await ctx.app.database.db
      .update(verifications)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(verifications.identifier, `reset-password:${token}`));
    const expired = await anonymous.post('/api/auth/reset-password', {
      token,
      newPassword: 'long-enough-new',
    });
    expect(expired.statusCode).toBe(400);
    const signIn = await anonymous.post('/api/auth/sign-in/email', {
      email: user.email,
      password: 'keep-this-one',
    });
    expect(signIn.statusCode).toBe(200);
    const bad = await anonymous.post('/api/auth/request-password-reset', { email: 'not an email' });
    expect(bad.statusCode).toBe(400);
  });
});

/** The reset tokens an account holds, oldest first. */
async function resetTokensOf(userId: string): Promise<string[]> {
  const rows = await ctx.app.database.db
    .select({ identifier: verifications.identifier })
    .from(verifications)
    .where(sql`${verifications.identifier} like 'reset-password:%' and ${verifications.value} = ${userId}`)
    .orderBy(verifications.createdAt);
  return rows.map((row) => row.identifier.slice('reset-password:'.length));
}

describe('resending the verification link', () => {
  it('sends a signed-out request for an address once in 10 minutes, and the signed-in owner as asked', async () => {
    const user = await signUp(ctx.app, 'buyer', { name: 'Nora Nag' });
    const stranger = new TestClient(ctx.app);
    const first = await stranger.post('/api/auth/send-verification-email', { email: user.email });
    expect(first.statusCode).toBe(200);
    const again = await stranger.post('/api/auth/send-verification-email', {
      email: user.email.toUpperCase(),
    });
    expect(again.statusCode).toBe(429);
    expect(again.json().error.message).toMatch(/sent to this address a few minutes ago.*10 minutes/);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(500);
    // Another address is not held back, and neither is the owner.
    const other = await signUp(ctx.app, 'buyer');
    expect(
      (await stranger.post('/api/auth/send-verification-email', { email: other.email })).statusCode,
    ).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(
      (await user.client.post('/api/auth/send-verification-email', { email: user.email })).statusCode,
    ).toBe(200);
  });
});

describe('account and moderation messages', () => {
  it('tells a seller they were verified', async () => {
    const seller = await signUp(ctx.app, 'seller', { name: 'Vic Verified' });
    expect((await admin.client.post(`/api/admin/sellers/${seller.id}/verify`)).statusCode).toBe(200);
    await deliver();
    const [mail] = smtp.to(seller.email, 'verified seller');
    expect(mail).toBeDefined();
    expect(linkIn(mail!, TEST_ORIGIN)).toBe(`${TEST_ORIGIN}/dashboard/myProducts`);
  });
});

describe('newsletter double opt-in', () => {
  it('subscribes only after the confirm link, and the unsubscribe link works', async () => {
    const email = 'reader@example.test';
    const anonymous = new TestClient(ctx.app);
    expect((await anonymous.post('/api/newsletter', { email })).statusCode).toBe(200);
    expect((await anonymous.post('/api/newsletter', { email: 'READER@example.test' })).statusCode).toBe(200);
    await deliver();
    const mails = smtp.to(email, 'Confirm your newsletter');
    expect(mails).toHaveLength(1);
    const [row] = await ctx.app.database.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, email));
    expect(row!.confirmedAt).toBeNull();

    const confirm = await anonymous.get(pathOf(linkIn(mails[0]!, `${TEST_ORIGIN}/api/newsletter/confirm`)));
    expect(confirm.statusCode).toBe(303);
    expect(confirm.headers.location).toBe('/?newsletter=confirmed');
    const unsubscribeLink = /Unsubscribe: (\S+)/.exec(mails[0]!.text)![1]!;
    const unsubscribe = await anonymous.get(pathOf(unsubscribeLink));
    expect(unsubscribe.headers.location).toBe('/?newsletter=unsubscribed');
    const [after] = await ctx.app.database.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, email));
    expect(after!.confirmedAt).not.toBeNull();
    expect(after!.unsubscribedAt).not.toBeNull();
    const invalid = await anonymous.get(`/api/newsletter/confirm?token=${'0'.repeat(32)}`);
    expect(invalid.headers.location).toBe('/?newsletter=invalid');
  });

  it('sends a browser with a malformed link to the home page’s "invalid link", never to JSON', async () => {
    const anonymous = new TestClient(ctx.app);
    for (const action of ['confirm', 'unsubscribe']) {
      for (const query of [
        'token=x',
        `token=${'A'.repeat(32)}`,
        `token=${'0'.repeat(31)}`,
        `token=${'0'.repeat(300)}`,
        `token=${'0'.repeat(32)}&token=${'1'.repeat(32)}`,
        `token=${'0'.repeat(32)}&utm_source=mail`,
        'token=',
        '',
      ]) {
        const opened = await anonymous.get(`/api/newsletter/${action}${query ? `?${query}` : ''}`, {
          accept: 'text/html,application/xhtml+xml',
        });
        expect(opened.statusCode, `${action}?${query}`).toBe(303);
        expect(opened.headers.location, `${action}?${query}`).toBe('/?newsletter=invalid');
      }
    }
  });

  it('makes the unsubscribe address a link in the mail', async () => {
    const email = 'linked-reader@example.test';
    expect((await new TestClient(ctx.app).post('/api/newsletter', { email })).statusCode).toBe(200);
    await deliver();
    const [mail] = smtp.to(email, 'Confirm your newsletter');
    const link = /Unsubscribe: (\S+)/.exec(mail!.text)![1]!;
    expect(link.startsWith(`${TEST_ORIGIN}/api/newsletter/unsubscribe?token=`)).toBe(true);
    const escaped = link.replaceAll('&', '&#38;');
    expect(mail!.html).toMatch(
      new RegExp(`<a href="${escaped.replace(/[.?]/g, '\\$&')}"[^>]*>Unsubscribe</a>`),
    );
  });
});

/** Delivers over SMTP until `crashAfter` messages, then hangs forever: the process died mid-batch. */
class CrashingTransport implements MailTransport {
  readonly kind = 'smtp' as const;
  private sent = 0;
  constructor(
    private readonly inner: SmtpTransport,
    private readonly crashAfter: number,
  ) {}
  async send(mail: OutgoingMail): Promise<void> {
    if (this.sent >= this.crashAfter) return new Promise<void>(() => {});
    this.sent += 1;
    return this.inner.send(mail);
  }
  close() {
    this.inner.close();
  }
}

describe('the mail worker', () => {
  it('sends every message exactly once after being killed in the middle of a batch', async () => {
    await deliver();
    const before = smtp.received.length;
    const keys = Array.from({ length: 12 }, (_, i) => `crash-test:${i}`);
    await enqueueMail(
      ctx.app.database.db,
      keys.map((key, i) => ({
        key,
        to: `crash${i}@example.test`,
        copy: (locale) => ({
          locale,
          signature: '— Furniture Mart',
          subject: `Crash test ${i}`,
          greeting: 'Hello,',
          paragraphs: ['A test message.'],
        }),
      })),
    );
    // Queueing the same events again changes nothing.
    await enqueueMail(ctx.app.database.db, {
      key: keys[0]!,
      to: 'crash0@example.test',
      copy: (locale) => ({
        locale,
        signature: '— Furniture Mart',
        subject: 'Again',
        greeting: 'x',
        paragraphs: [],
      }),
    });

    const deps = { config: ctx.config, db: ctx.app.database.db };
    const doomed = new MailService(deps, new CrashingTransport(new SmtpTransport(smtp.url), 5));
    void doomed.runOnce({ batch: 100 });
    // Wait for the fifth message to be marked sent, not only received: the server takes a message
    // before the worker records it, and a lease run out in between would rightly send it again.
    const sentSoFar = async () =>
      (
        await ctx.app.database.db
          .select({ id: mailOutbox.id })
          .from(mailOutbox)
          .where(sql`${mailOutbox.idempotencyKey} like 'crash-test:%' and ${mailOutbox.status} = 'sent'`)
      ).length;
    await expect.poll(sentSoFar, { timeout: 5000 }).toBe(5);
    expect(smtp.received.length - before).toBe(5);
    // The dead worker's claims run out (as its lease would after two minutes).
    await ctx.app.database.db
      .update(mailOutbox)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(mailOutbox.status, 'pending'));

    const restarted = new MailService(deps, new SmtpTransport(smtp.url));
    expect(await restarted.runOnce({ batch: 100 })).toBe(7);
    expect(await restarted.runOnce({ batch: 100 })).toBe(0);
    for (let i = 0; i < keys.length; i += 1) {
      const got = smtp.to(`crash${i}@example.test`);
      expect(got).toHaveLength(1);
      expect(got[0]!.subject).toBe(`Crash test ${i}`);
      expect(got[0]!.text).toContain('A test message.');
      expect(got[0]!.html).toContain('A test message.');
    }
    const rows = await ctx.app.database.db
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.idempotencyKey} like 'crash-test:%'`);
    expect(rows).toHaveLength(12);
    expect(rows.every((row) => row.status === 'sent')).toBe(true);
  });

  it('keeps a message it is sending through a slow relay from every other worker', async () => {
    await deliver();
    const slow = await startSmtp({ answerAfterMs: 2500 });
    try {
      await enqueueMail(ctx.app.database.db, {
        key: 'slow-relay-test',
        to: 'slow@example.test',
        copy: (locale) => ({
          locale,
          signature: '— Furniture Mart',
          subject: 'Slow relay',
          greeting: 'Hello,',
          paragraphs: ['Take your time.'],
        }),
      });
      const deps = { config: ctx.config, db: ctx.app.database.db };
      const first = new MailService(deps, new SmtpTransport(slow.url));
      const second = new MailService(deps, new SmtpTransport(slow.url));
      // A lease of one second: without renewal, the second worker would take the message after it.
      const sending = first.runOnce({ leaseSeconds: 1 });
      await new Promise((resolve) => setTimeout(resolve, 1600));
      expect(await second.runOnce({ leaseSeconds: 1 })).toBe(0);
      expect(await sending).toBe(1);
      expect(await second.runOnce({ leaseSeconds: 1 })).toBe(0);
      expect(slow.to('slow@example.test')).toHaveLength(1);
    } finally {
      await slow.close();
    }
  });

  it('retries a message the SMTP server refused, later, with backoff', async () => {
    const failing: MailTransport = {
      kind: 'smtp',
      send: async () => {
        throw new Error('421 try again later');
      },
      close: () => {},
    };
    const deps = { config: ctx.config, db: ctx.app.database.db };
    await enqueueMail(ctx.app.database.db, {
      key: 'retry-test',
      to: 'retry@example.test',
      copy: (locale) => ({
        locale,
        signature: '— Furniture Mart',
        subject: 'Retry test',
        greeting: 'Hello,',
        paragraphs: ['Eventually.'],
      }),
    });
    expect(await new MailService(deps, failing).runOnce()).toBe(0);
    const [row] = await ctx.app.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.idempotencyKey, 'retry-test'));
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: '421 try again later' });
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    await deliver();
    expect(smtp.to('retry@example.test')).toHaveLength(0);
    await ctx.app.database.db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(mailOutbox.id, row!.id));
    await deliver();
    expect(smtp.to('retry@example.test')).toHaveLength(1);
  });
});

describe('/dev/mail', () => {
  it('lists the queued messages and shows one, in development', async () => {
    const list = await new TestClient(ctx.app).get('/dev/mail');
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toContain('text/html');
    expect(list.body).toContain('Reset your password');
    const [row] = await ctx.app.database.db.select().from(mailOutbox).limit(1);
    const one = await new TestClient(ctx.app).get(`/dev/mail/${row!.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.body).toContain('Development mailbox');
    expect(
      (await new TestClient(ctx.app).get('/dev/mail/00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
  });

  it('does not exist in production', async () => {
    const production = await createTestApp({ NODE_ENV: 'production', BETTER_AUTH_SECRET: 'x'.repeat(40) });
    try {
      expect((await new TestClient(production.app).get('/dev/mail')).statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});

describe('the buyer’s verified email in the seller’s view', () => {
  it('shows as a trust mark on the product’s bookings and the order', async () => {
    const seller = await signUp(ctx.app, 'seller');
    const buyer = await signUp(ctx.app, 'buyer');
    await deliver();
    const link = linkIn(
      smtp.to(buyer.email, 'Confirm your email')[0]!,
      `${TEST_ORIGIN}/api/auth/verify-email`,
    );
    await buyer.client.get(pathOf(link));
    const product = await insertProduct(ctx.app.database.db, seller.id);
    const booked = await buyer.client.post('/api/bookings', {
      productId: product.id,
      phone: '+880 1811 000999',
      meetingLocation: 'Banani',
    });
    const list = (await seller.client.get(`/api/products/${product.id}/bookings`)).json();
    expect(list.items[0]).toMatchObject({ buyerEmailVerified: true });
    const order = (await seller.client.get(`/api/bookings/${booked.json().id}`)).json();
    expect(order.buyer.emailVerified).toBe(true);
  });
});
