/**
 * Password guesses (failed sign-ins, wrong current passwords at change-password), counted three ways in
 * one window: per account and client address, per client address whatever accounts it names, and per
 * account from anywhere. The first two are hard limits. The account-wide count never refuses anyone by
 * itself, so a stranger's guesses cannot lock the owner out: past its threshold it only makes the limit
 * stricter for addresses that have failed for that account, and the owner is told by mail, once.
 */
import { and, eq, gt, like, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mailCopy, messages } from '@furniture-mart/shared';
import { AttemptLimit, type Attempt } from '../../platform/attempts.js';
import { mailOutbox, users } from '../../platform/db/schema.js';
import { enqueueMail, linkTo } from '../mail/index.js';

/** Failures each address may make for an account once that account is past its threshold. */
export const FAILURES_PER_ADDRESS_UNDER_ATTACK = 3;

export function signInGuard(app: FastifyInstance) {
  const { config } = app;
  const windowMs = config.SIGN_IN_FAILURE_WINDOW_MINUTES * 60_000;
  const guesses = new AttemptLimit(app.attemptStore, { windowMs, message: messages.signInLimitReached });
  const threshold = config.SIGN_IN_FAILURES_PER_ACCOUNT;

  return {
    /** Counts a guess before it is checked; 429 when this address may not try this account now. */
    begin(email: string, ip: string): Promise<Attempt> {
      const account = email.trim().toLowerCase();
      return guesses.begin([
        { key: `password-guess:account:${account}`, max: Infinity },
        { key: `password-guess:address:${ip}`, max: config.SIGN_IN_FAILURES_PER_ADDRESS },
        {
          key: `password-guess:account-address:${account}:${ip}`,
          max: ([accountWide = 0]) =>
            accountWide > threshold
              ? Math.min(FAILURES_PER_ADDRESS_UNDER_ATTACK, config.SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS)
              : config.SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS,
        },
      ]);
    },

    /** A failed guess stays counted (and may tell the owner); anything else gives the attempt back. */
    async settle(attempt: Attempt, email: string, failedGuess: boolean): Promise<void> {
      if (!failedGuess) return attempt.succeeded();
      await attempt.failed();
      const accountWide = attempt.counts[0] ?? 0;
      if (accountWide >= threshold) await tellOwner(app, email, accountWide, windowMs);
    },
  };
}

/** At most one mail per account and window, whichever instance counted the failure past the line. */
async function tellOwner(app: FastifyInstance, email: string, failures: number, windowMs: number) {
  const { db } = app.database;
  const [owner] = await db
    .select({ id: users.id, name: users.name, email: users.email, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()));
  if (!owner || owner.deletedAt) return;
  const keyPrefix = `sign-in-alert:${owner.id}:`;
  const [recent] = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        like(mailOutbox.idempotencyKey, `${keyPrefix}%`),
        gt(mailOutbox.createdAt, sql`now() - make_interval(secs => ${windowMs / 1000})`),
      ),
    )
    .limit(1);
  if (recent) return;
  await enqueueMail(db, {
    // Two instances crossing the line in the same second still queue one message.
    key: `${keyPrefix}${Math.floor(Date.now() / 1000)}`,
    to: owner.email,
    copy: mailCopy.signInAttempts({
      name: owner.name,
      failures,
      minutes: app.config.SIGN_IN_FAILURE_WINDOW_MINUTES,
      url: linkTo(app.config.PUBLIC_URL, '/forgot-password'),
    }),
  });
}
