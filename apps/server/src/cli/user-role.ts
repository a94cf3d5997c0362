/**
 * `npm run user:role -- <email> <buyer|seller|admin>`: the only way, besides the demo seed, to make an
 * administrator. It runs on the server's shell, so no web request can reach it.
 */
import { eq } from 'drizzle-orm';
import { roles, type Role } from '@furniture-mart/shared';
import { withApp } from './context.js';
import { users } from '../db/schema.js';

const [email, role] = process.argv.slice(2);
if (!email || !role || !roles.includes(role as Role)) {
  console.error('Usage: npm run user:role -- <email> <buyer|seller|admin>');
  process.exit(2);
}

await withApp(async (app) => {
  const updated = await app.database.db
    .update(users)
    .set({ role: role as Role })
    .where(eq(users.email, email.trim().toLowerCase()))
    .returning({ id: users.id });
  if (updated.length === 0) {
    console.error(`No account with the email ${email}.`);
    process.exitCode = 1;
    return;
  }
  console.log(`${email} is now ${role}.`);
});
