/**
 * The mail worker and the development mailbox. A run claims due messages (FOR UPDATE SKIP LOCKED plus a
 * short lease, so several instances never take the same one and a crashed worker's claim runs out),
 * sends each, and marks it sent straight away; a failure is retried later with backoff, up to
 * MAIL_MAX_ATTEMPTS tries, after which the message is marked failed with the server's last answer and
 * waits for an administrator's retry (the admin overview, `npm run jobs`). A permanent refusal (an SMTP
 * 5xx answer: no such mailbox, relay denied) fails it at once: asking again would be refused again. A
 * message is never deleted, so nothing is lost; it is marked sent right after the server accepted it,
 * and it carries a stable Message-ID, so a redelivery after a crash at exactly that moment is
 * recognisable.
 */
import { errorMessages } from '@furniture-mart/shared';
import { desc, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../platform/db/client.js';
import { LEASE_SECONDS, claimDue, whileLeased } from '../../platform/db/queue.js';
import { mailOutbox } from '../../platform/db/schema.js';
import { backoffSeconds } from '../../lib/periodic.js';
import { NotFound } from '../../platform/errors.js';
import type { MailTransport } from './transport.js';

export interface MailRunOptions {
  /** How many messages one run takes at most. */
  batch?: number;
  /** How long a claim lasts unless renewed (the default lease; tests shorten it). */
  leaseSeconds?: number;
  /** Stop after the message in progress (a shutdown). */
  signal?: AbortSignal;
}

export class MailService {
  constructor(
    private readonly deps: { config: Config; db: Db },
    readonly transport: MailTransport,
  ) {}

  private get from(): string {
    return this.deps.config.MAIL_FROM;
  }

  /** Sends what is due; answers how many were sent. */
  async runOnce({ batch = 25, signal, leaseSeconds = LEASE_SECONDS }: MailRunOptions = {}): Promise<number> {
    const { db } = this.deps;
    const claimed = await claimDue(db, mailOutbox, batch, { countAttempt: true, leaseSeconds });
    let sent = 0;
    for (const id of claimed) {
      if (signal?.aborted) break;
      const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      if (!mail || mail.status !== 'pending') continue;
      try {
        // The relay may be slow: the claim is renewed until it answers (and its timeouts bound the wait).
        await whileLeased(
          db,
          mailOutbox,
          id,
          () =>
            this.transport.send({
              messageId: `<${mail.id}@furniture-mart>`,
              from: this.from,
              to: mail.toAddress,
              subject: mail.subject,
              text: mail.textBody,
              html: mail.htmlBody,
            }),
          leaseSeconds,
        );
        await db
          .update(mailOutbox)
          .set({ status: 'sent', sentAt: sql`now()`, lockedUntil: null, lastError: null })
          .where(eq(mailOutbox.id, id));
        sent += 1;
      } catch (error) {
        const lastError = error instanceof Error ? error.message.slice(0, 500) : String(error);
        // `attempts` counts this try already: it is added as the message is claimed.
        const isFinal = isPermanentRefusal(error) || mail.attempts >= this.deps.config.MAIL_MAX_ATTEMPTS;
        await db
          .update(mailOutbox)
          .set(
            isFinal
              ? { status: 'failed', failedAt: sql`now()`, lockedUntil: null, lastError }
              : {
                  lockedUntil: null,
                  lastError,
                  nextAttemptAt: sql`now() + make_interval(secs => ${backoffSeconds(mail.attempts)})`,
                },
          )
          .where(eq(mailOutbox.id, id));
      }
    }
    return sent;
  }

  /** The development mailbox: newest first. */
  async list(limit = 100) {
    return this.deps.db
      .select({
        id: mailOutbox.id,
        toAddress: mailOutbox.toAddress,
        subject: mailOutbox.subject,
        status: mailOutbox.status,
        createdAt: mailOutbox.createdAt,
      })
      .from(mailOutbox)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(limit);
  }

  async get(id: string) {
    const [mail] = await this.deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    if (!mail) throw new NotFound(errorMessages.mailNotFound);
    return mail;
  }
}

/** An SMTP answer in the 5xx range: the server will not take this message, however often asked. */
export function isPermanentRefusal(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}
