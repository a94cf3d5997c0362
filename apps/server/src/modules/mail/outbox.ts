/**
 * Queueing a message: inside the transaction of the change that causes it, so the message exists exactly
 * when the change does. The idempotency key names the event; queueing the same event twice (a retried
 * request, a callback run again) keeps the first message only.
 */
import { createHash } from 'node:crypto';
import type { MailCopy } from '@furniture-mart/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import { mailOutbox } from '../../platform/db/schema.js';
import { renderMail } from './render.js';

export interface QueuedMail {
  /** One event, one key: e.g. `booking:<id>:paid:buyer`. */
  key: string;
  to: string;
  copy: MailCopy;
}

export async function enqueueMail(db: DbOrTx, mails: QueuedMail | QueuedMail[]): Promise<void> {
  const list = (Array.isArray(mails) ? mails : [mails]).filter((mail) => mail.to);
  if (list.length === 0) return;
  await db
    .insert(mailOutbox)
    .values(
      list.map((mail) => {
        const rendered = renderMail(mail.copy);
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
