/**
 * The language an account reads the site and its mail in: chosen with the language switch, kept on the
 * account (users.locale), and brought back into the browser's cookie at every sign-in.
 */
import { eq, sql } from 'drizzle-orm';
import { toLocale, type Locale } from '@furniture-mart/shared';
import type { ServiceDeps } from '../deps.js';
import { users } from '../../platform/db/schema.js';

export class LanguageService {
  constructor(private readonly deps: Pick<ServiceDeps, 'db'>) {}

  /** Keeps `locale` as this account's language. */
  async choose(userId: string, locale: Locale): Promise<void> {
    await this.deps.db.update(users).set({ locale }).where(eq(users.id, userId));
  }

  /** The language of the account with this address, or null when there is none. */
  async ofAddress(email: string): Promise<Locale | null> {
    const [user] = await this.deps.db
      .select({ locale: users.locale })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()));
    return user ? toLocale(user.locale) : null;
  }
}
