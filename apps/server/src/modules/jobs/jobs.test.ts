/**
 * Jobs that fail visibly: a message the SMTP server refuses for good ends failed at once, one refused
 * for now ends failed after MAIL_MAX_ATTEMPTS, a refund after REFUND_MAX_ATTEMPTS; each shows in the
 * admin overview and in /api/ready, and an administrator's retry (or `npm run jobs -- retry <id>`) sends
 * it once the other side accepts again, a refund with the same idempotency key as before.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mailOutbox, refunds } from '../../platform/db/schema.js';
import { SandboxPaymentProvider } from '../../platform/card-providers/sandbox.js';
import type { RefundInput } from '../../platform/card-providers/provider.js';
import { createTestApp, signUp, type TestContext, type TestUser } from '../../../test/helpers/app.js';
import { startSmtp, type TestSmtp } from '../../../test/helpers/smtp.js';
import { insertProduct } from '../../../test/helpers/fixtures.js';
import { builtEntry } from '../../../test/helpers/built.js';
import { enqueueMail } from '../mail/outbox.js';

/** The sandbox, refusing refunds while `refuse` is set, with a log of every refund asked for. */
class RefusingSandbox extends SandboxPaymentProvider {
  refuse = false;
  readonly calls: RefundInput[] = [];
  override async refund(input: RefundInput) {
    this.calls.push(input);
    if (this.refuse) throw new Error('refund declined by the provider');
    return super.refund(input);
  }
}

let ctx: TestContext;
let smtp: TestSmtp;
let provider: RefusingSandbox;
let admin: TestUser;

beforeAll(async () => {
  smtp = await startSmtp();
  provider = new RefusingSandbox();
  ctx = await createTestApp(
    { SMTP_URL: smtp.url, MAIL_MAX_ATTEMPTS: '3', REFUND_MAX_ATTEMPTS: '2', JOB_STUCK_MINUTES: '15' },
    { cardProvider: provider },
  );
  admin = await signUp(ctx.app, 'admin');
  // Whatever the sign-ups queued is sent before the tests begin.
  await ctx.app.services.mail.runOnce({ batch: 500 });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const db = () => ctx.app.database.db;

async function mailRow(key: string) {
  const [row] = await db().select().from(mailOutbox).where(eq(mailOutbox.idempotencyKey, key));
  return row!;
}

/** Runs the mail worker with the message due now, as if its backoff had passed. */
async function tryAgain(key: string) {
  await db()
    .update(mailOutbox)
    .set({ nextAttemptAt: sql`now()` })
    .where(eq(mailOutbox.idempotencyKey, key));
  await ctx.app.services.mail.runOnce({ batch: 500 });
}

async function queue(key: string, to: string) {
  await enqueueMail(db(), {
    key,
    to,
    copy: (locale) => ({
      locale,
      signature: '— Furniture Mart',
      subject: `Subject of ${key}`,
      greeting: 'Hello,',
      paragraphs: ['A message.'],
    }),
  });
}

describe('mail that the server refuses', () => {
  it('fails at once when refused for good, shows to the admin, and is sent by a retry', async () => {
    smtp.refuse(550);
    await queue('jobs-test:permanent', 'gone@example.test');
    await ctx.app.services.mail.runOnce({ batch: 500 });
    const failed = await mailRow('jobs-test:permanent');
    expect(failed.status).toBe('failed');
    expect(failed.attempts).toBe(1);
    expect(failed.lastError).toContain('550');
    expect(failed.failedAt).not.toBeNull();
    // The worker leaves it alone from now on.
    await tryAgain('jobs-test:permanent');
    expect((await mailRow('jobs-test:permanent')).attempts).toBe(1);

    const overview = await admin.client.get('/api/my/overview');
    expect(overview.json()).toMatchObject({ role: 'admin', failedJobs: 1, stuckJobs: 0 });
    const jobs = await admin.client.get('/api/admin/jobs');
    expect(jobs.statusCode).toBe(200);
    expect(jobs.json().items).toEqual([
      expect.objectContaining({
        id: failed.id,
        kind: 'mail',
        state: 'failed',
        summary: 'Subject of jobs-test:permanent (to gone@example.test)',
        attempts: 1,
      }),
    ]);
    expect(jobs.json().backlog).toContainEqual(
      expect.objectContaining({ kind: 'mail', pending: 0, failed: 1, stuck: 0 }),
    );
    expect((await admin.client.get('/api/ready')).json().jobs).toContainEqual(
      expect.objectContaining({ kind: 'mail', failed: 1 }),
    );

    smtp.accept();
    const retried = await admin.client.post(`/api/admin/jobs/${failed.id}/retry`);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual({ id: failed.id, kind: 'mail', status: 'pending' });
    await ctx.app.services.mail.runOnce({ batch: 500 });
    expect(smtp.to('gone@example.test')).toHaveLength(1);
    expect((await mailRow('jobs-test:permanent')).status).toBe('sent');
    // Done: nothing to retry any more, and nobody is told it failed.
    expect((await admin.client.post(`/api/admin/jobs/${failed.id}/retry`)).statusCode).toBe(409);
    expect((await admin.client.get('/api/my/overview')).json().failedJobs).toBe(0);
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.targetId, failed.id));
    expect(audit).toMatchObject({ actorId: admin.id, action: 'job.retry', targetType: 'job' });
  });

  it('retries a refusal for now with backoff, and fails after MAIL_MAX_ATTEMPTS', async () => {
    smtp.refuse(450);
    await queue('jobs-test:temporary', 'later@example.test');
    await ctx.app.services.mail.runOnce({ batch: 500 });
    const first = await mailRow('jobs-test:temporary');
    expect(first).toMatchObject({ status: 'pending', attempts: 1 });
    expect(first.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    await tryAgain('jobs-test:temporary');
    expect(await mailRow('jobs-test:temporary')).toMatchObject({ status: 'pending', attempts: 2 });
    await tryAgain('jobs-test:temporary');
    expect(await mailRow('jobs-test:temporary')).toMatchObject({ status: 'failed', attempts: 3 });
    smtp.accept();
    const row = await mailRow('jobs-test:temporary');
    expect((await admin.client.post(`/api/admin/jobs/${row.id}/retry`)).statusCode).toBe(200);
    await ctx.app.services.mail.runOnce({ batch: 500 });
    expect(smtp.to('later@example.test')).toHaveLength(1);
  });

  it('shows a job due long ago that no worker took as stuck', async () => {
    await queue('jobs-test:stuck', 'stuck@example.test');
    await db()
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now() - interval '20 minutes'` })
      .where(eq(mailOutbox.idempotencyKey, 'jobs-test:stuck'));
    const jobs = (await admin.client.get('/api/admin/jobs')).json();
    expect(jobs.items).toContainEqual(expect.objectContaining({ kind: 'mail', state: 'stuck' }));
    expect((await admin.client.get('/api/my/overview')).json().stuckJobs).toBe(1);
    await ctx.app.services.mail.runOnce({ batch: 500 });
    expect((await admin.client.get('/api/my/overview')).json().stuckJobs).toBe(0);
  });

  it('answers 404 for an unknown job', async () => {
    const unknown = await admin.client.post('/api/admin/jobs/00000000-0000-4000-8000-000000000000/retry');
    expect(unknown.statusCode).toBe(404);
  });
});

describe('refunds the provider refuses', () => {
  it('fail after REFUND_MAX_ATTEMPTS and are refunded once by a retry, with the same key', async () => {
    const seller = await signUp(ctx.app, 'seller', { verified: true });
    const buyer = await signUp(ctx.app, 'buyer');
    const product = await insertProduct(db(), seller.id);
    const booked = await buyer.client.post('/api/bookings', {
      productId: product.id,
      phone: '+880 1811 222333',
      meetingLocation: 'Gulshan 2 circle',
    });
    const bookingId = booked.json().id as string;
    expect((await buyer.client.post(`/api/bookings/${bookingId}/checkout`)).statusCode).toBe(200);
    const paid = await buyer.client.post(`/api/bookings/${bookingId}/checkout/confirm`, {
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/40',
      cvc: '123',
      name: 'Bea Buyer',
    });
    expect(paid.statusCode).toBe(200);

    provider.refuse = true;
    const cancelled = await seller.client.post(`/api/bookings/${bookingId}/cancel-sale`, {
      reason: 'The chair broke before the handoff.',
    });
    expect(cancelled.statusCode).toBe(200);
    const refundOf = async () =>
      (await db().select().from(refunds).where(eq(refunds.bookingId, bookingId)))[0]!;
    // The first refusal came with the request itself; the worker's second one is the last.
    expect(await refundOf()).toMatchObject({ status: 'pending', attempts: 1 });
    await db()
      .update(refunds)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(refunds.bookingId, bookingId));
    await ctx.app.services.refunds.runOnce();
    const failed = await refundOf();
    expect(failed).toMatchObject({ status: 'failed', attempts: 2 });
    expect(failed.lastError).toContain('declined');
    // Out of attempts: the worker does not ask again.
    await db()
      .update(refunds)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(refunds.bookingId, bookingId));
    await ctx.app.services.refunds.runOnce();
    expect(
      provider.calls.filter((call) => call.idempotencyKey === provider.calls[0]!.idempotencyKey),
    ).toHaveLength(2);
    const attention = await admin.client.get('/api/admin/refunds');
    expect(attention.json().items).toContainEqual(expect.objectContaining({ id: failed.id }));
    expect((await admin.client.get('/api/admin/jobs')).json().items).toContainEqual(
      expect.objectContaining({ id: failed.id, kind: 'refund', state: 'failed' }),
    );

    provider.refuse = false;
    expect((await admin.client.post(`/api/admin/jobs/${failed.id}/retry`)).statusCode).toBe(200);
    await ctx.app.services.refunds.runOnce();
    expect(await refundOf()).toMatchObject({ status: 'succeeded' });
    // Every call, refused or not, carried the one key of this payment: the provider refunds it once.
    expect(new Set(provider.calls.map((call) => call.idempotencyKey)).size).toBe(1);
    expect(provider.refunds.size).toBe(1);
    expect((await admin.client.post(`/api/admin/jobs/${failed.id}/retry`)).statusCode).toBe(409);
  });
});

describe('npm run jobs', () => {
  it('lists the backlog and refuses an unknown id, from the shell', async () => {
    const run = promisify(execFile);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'fm-jobs-cli-'));
    const env = {
      ...process.env,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      DATABASE_URL: '',
      SEED_DEMO: 'false',
    };
    const cli = builtEntry('jobs');
    try {
      const list = await run(process.execPath, [cli, 'list'], { env });
      expect(list.stdout).toContain('mail: 0 pending (oldest 0 s), 0 failed, 0 stuck');
      expect(list.stdout).toContain('refund: 0 pending');
      expect(list.stdout).toContain('No job has failed or is stuck.');
      const unknown = await run(process.execPath, [cli, 'retry', '00000000-0000-4000-8000-000000000000'], {
        env,
      }).catch((error) => error);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain('This job does not exist.');
      const bad = await run(process.execPath, [cli, 'delete'], { env }).catch((error) => error);
      expect(bad.code).toBe(2);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 150_000);
});
