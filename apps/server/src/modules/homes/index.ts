/**
 * What other modules may use of homes: a viewer's saved openings as an SQL expression, so a product page
 * or a listing reads them in its own statement.
 */
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Opening } from '@furniture-mart/shared';
import { homeProfiles } from '../../platform/db/schema.js';

/** The openings `userId` saved, or null when they saved none. */
export const openingsOf = (userId: SQL | Placeholder | string) =>
  sql<
    Opening[] | null
  >`(select ${homeProfiles.openings} from ${homeProfiles} where ${homeProfiles.userId} = ${userId})`;
