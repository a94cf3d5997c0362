/**
 * Queueing a message: inside the transaction of the change that causes it, so the message exists exactly
 * when the change does. The idempotency key names the event; queueing the same event twice (a retried
 * request, a callback run again) keeps the first message only.
 *
 * A message is written here, in its recipient's language: the one their account keeps (looked up by the
 * address), else the one given, else the language of the request that causes it (a newsletter sign-up).
 */
import { createHash } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { currentLocale, toLocale, type Locale, type LocalisedMail } from '@furniture-mart/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import { mailOutbox, users } from '../../platform/db/schema.js';
import { renderMail } from './render.js';

export interface QueuedMail {
  /** One event, one key: e.g. `booking:<id>:paid:buyer`. */
  key: string;
  to: string;
  /** The message, from `mailCopy`: written in the recipient's language when it is queued. */
  copy: LocalisedMail;
  /** The language of a recipient who has no account; an account's own language comes first. */
  locale?: Locale;
}

/** The languages of the accounts behind these addresses (addresses are compared in lower case). */
async function accountLocales(db: DbOrTx, addresses: string[]): Promise<Map<string, Locale>> {
  const lower = [...new Set(addresses.map((address) => address.toLowerCase()))];
  const rows = await db
    .select({ email: sql<string>`lower(${users.email})`, locale: users.locale })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, lower));
  return new Map(rows.map((row) => [row.email, toLocale(row.locale)]));
}

export async function enqueueMail(db: DbOrTx, mails: QueuedMail | QueuedMail[]): Promise<void> {
  const list = (Array.isArray(mails) ? mails : [mails]).filter((mail) => mail.to);
  if (list.length === 0) return;
  const locales = await accountLocales(
    db,
    list.map((mail) => mail.to),
  );
  const fallback = currentLocale();
  await db
    .insert(mailOutbox)
    .values(
      list.map((mail) => {
        const locale = locales.get(mail.to.toLowerCase()) ?? mail.locale ?? fallback;
        const rendered = renderMail(mail.copy(locale));
        return {
          idempotencyKey: mail.key,
          toAddress: mail.to,
          subject: rendered.subject,
          textBody: rendered.text,
          htmlBody: rendered.html,
        };
      }),
    )
    .onConflictDoNothing({ target: mailOutbox.idempotencyKey });
}

/** A key from a secret (a token): the key is stored, so it must not reveal the token itself. */
export function keyOf(kind: string, secret: string): string {
  return `${kind}:${createHash('sha256').update(secret).digest('hex').slice(0, 32)}`;
}

/** An absolute link into the web app. */
export function linkTo(publicUrl: string, path: string): string {
  return new URL(path, publicUrl).toString();
}
