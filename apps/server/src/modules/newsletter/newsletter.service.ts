/**
 * Newsletter sign-ups from the footer. An address is stored once whatever its letter case (a unique
 * index on lower(email)); signing up again is a success that changes nothing.
 */
import type { NewsletterBody } from '@furniture-mart/shared';
import type { ServiceDeps } from '../../services.js';
import { newsletterSubscribers } from '../../db/schema.js';

export class NewsletterService {
  constructor(private readonly deps: Pick<ServiceDeps, 'db'>) {}

  /** Idempotent, and answers the same either way so nobody can learn who is subscribed. */
  async subscribe({ email }: NewsletterBody): Promise<void> {
    await this.deps.db.insert(newsletterSubscribers).values({ email }).onConflictDoNothing();
  }
}
