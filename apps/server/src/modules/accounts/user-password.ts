import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { passwordSchema } from '@furniture-mart/shared';
import { accounts, sessions, users } from '../../platform/db/schema.js';

export type SetPasswordResult = { ok: true } | { ok: false; problem: string };

/**
 * Sets an account's password from the server's shell, with the sign-up rules (the shared password
 * schema) and Better Auth's own hasher, so signing in works at once. An account that only ever used
 * Google gets an email-and-password sign-in as well. Every session of the account ends: whoever was
 * signed in with the old password is signed out.
 */
export async function setUserPassword(
  app: FastifyInstance,
  email: string,
  password: string,
): Promise<SetPasswordResult> {
  const rules = passwordSchema.safeParse(password);
  if (!rules.success) return { ok: false, problem: rules.error.issues[0]!.message };
  const db = app.database.db;
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email.trim().toLowerCase()), isNull(users.deletedAt)));
  if (!user) return { ok: false, problem: `No account with the email ${email}.` };

  const context = await app.auth.$context;
  const hash = await context.password.hash(password);
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(accounts)
      .set({ password: hash, updatedAt: new Date() })
      .where(and(eq(accounts.userId, user.id), eq(accounts.providerId, 'credential')))
      .returning({ id: accounts.id });
    if (updated.length === 0) {
      await tx
        .insert(accounts)
        .values({ accountId: user.id, providerId: 'credential', userId: user.id, password: hash });
    }
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
  });
  return { ok: true };
}
