/**
 * A buyer's home profile: the openings a piece must pass to reach its room, read and saved whole.
 */
import { eq } from 'drizzle-orm';
import type { HomeProfile, Opening } from '@furniture-mart/shared';
import { homeProfiles } from '../../platform/db/schema.js';
import type { ServiceDeps } from '../deps.js';

export class HomesService {
  constructor(private readonly deps: Pick<ServiceDeps, 'db' | 'listings'>) {}

  /** The saved openings, none when the buyer has not saved a home. */
  async get(userId: string): Promise<HomeProfile> {
    const [row] = await this.deps.db
      .select({ openings: homeProfiles.openings })
      .from(homeProfiles)
      .where(eq(homeProfiles.userId, userId));
    return { openings: row?.openings ?? [] };
  }

  /** Replaces the whole list; an empty list keeps the profile, with nothing in it. */
  async save(userId: string, openings: Opening[]): Promise<HomeProfile> {
    await this.deps.db
      .insert(homeProfiles)
      .values({ userId, openings })
      .onConflictDoUpdate({ target: homeProfiles.userId, set: { openings, updatedAt: new Date() } });
    // Listings and pages filtered by "fits my home" were kept for the old openings.
    this.deps.listings.changed();
    return { openings };
  }
}
