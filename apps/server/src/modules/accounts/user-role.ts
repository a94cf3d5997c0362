import { and, eq, isNull } from 'drizzle-orm';
import type { Role } from '@furniture-mart/shared';
import type { Db } from '../../platform/db/client.js';
import { users } from '../../platform/db/schema.js';

/** Sets an account's role from the server's shell; returns false when no such (live) account exists. */
export async function setUserRole(db: Db, email: string, role: Role): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ role })
    .where(and(eq(users.email, email.trim().toLowerCase()), isNull(users.deletedAt)))
    .returning({ id: users.id });
  return updated.length > 0;
}
