/**
 * What other modules may use of homes: a viewer's saved openings as an SQL expression, so a product page
 * or a listing reads them in its own statement.
 */
import { eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import type { Opening } from '@furniture-mart/shared';
import { homeProfiles } from '../../platform/db/schema.js';

/** The openings `userId` saved, or null when they saved none. */
export const openingsOf = (userId: SQL | Placeholder | string) =>
  sql<
    Opening[] | null
  >`(select ${homeProfiles.openings} from ${homeProfiles} where ${homeProfiles.userId} = ${userId})`;

/** The openings `userId` saved, none when they saved no home. */
export async function readOpenings(db: DbOrTx, userId: string): Promise<Opening[]> {
  const [row] = await db
    .select({ openings: homeProfiles.openings })
    .from(homeProfiles)
    .where(eq(homeProfiles.userId, userId));
  return row?.openings ?? [];
}
