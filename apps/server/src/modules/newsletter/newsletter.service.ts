/**
 * Newsletter sign-ups from the footer, with double opt-in: the address is stored once whatever its
 * letter case (a unique index on lower(email)) and gets a confirmation mail with confirm and unsubscribe
 * links; only a confirmed address is subscribed. Signing up again answers the same, so nobody can learn
 * who is subscribed.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { mailCopy, type NewsletterBody } from '@furniture-mart/shared';
import type { ServiceDeps } from '../deps.js';
import { newsletterSubscribers } from '../../platform/db/schema.js';
import { enqueueMail, linkTo } from '../mail/index.js';

export type NewsletterLinkOutcome = 'confirmed' | 'unsubscribed' | 'invalid';

export class NewsletterService {
  constructor(private readonly deps: Pick<ServiceDeps, 'config' | 'db'>) {}

  async subscribe({ email }: NewsletterBody): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      await tx.insert(newsletterSubscribers).values({ email }).onConflictDoNothing();
      const [subscriber] = await tx
        .select()
        .from(newsletterSubscribers)
        .where(sql`lower(${newsletterSubscribers.email}) = lower(${email})`);
      // Confirmed already: nothing to send. Unsubscribed earlier: a new sign-up asks again.
      if (!subscriber || (subscriber.confirmedAt && !subscriber.unsubscribedAt)) return;
      const link = (action: string) =>
        linkTo(this.deps.config.PUBLIC_URL, `/api/newsletter/${action}?token=${subscriber.token}`);
      await enqueueMail(tx, {
        key: `newsletter:${subscriber.id}:confirm:${subscriber.unsubscribedAt?.getTime() ?? 0}`,
        to: subscriber.email,
        copy: mailCopy.newsletterConfirm({
          confirmUrl: link('confirm'),
          unsubscribeUrl: link('unsubscribe'),
        }),
      });
    });
  }

  async confirm(token: string): Promise<NewsletterLinkOutcome> {
    const [done] = await this.deps.db
      .update(newsletterSubscribers)
      .set({ confirmedAt: sql`coalesce(${newsletterSubscribers.confirmedAt}, now())`, unsubscribedAt: null })
      .where(eq(newsletterSubscribers.token, token))
      .returning({ id: newsletterSubscribers.id });
    return done ? 'confirmed' : 'invalid';
  }

  async unsubscribe(token: string): Promise<NewsletterLinkOutcome> {
    const [known] = await this.deps.db
      .select({ id: newsletterSubscribers.id })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.token, token));
    if (!known) return 'invalid';
    await this.deps.db
      .update(newsletterSubscribers)
      .set({ unsubscribedAt: sql`now()` })
      .where(and(eq(newsletterSubscribers.id, known.id), isNull(newsletterSubscribers.unsubscribedAt)));
    return 'unsubscribed';
  }
}
