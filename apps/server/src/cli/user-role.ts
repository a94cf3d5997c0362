/**
 * `npm run user:role -- <email> <buyer|seller|admin>`: the only way, besides the demo seed, to make an
 * administrator. It runs on the server's shell, so no web request can reach it.
 */
import { roles, type Role } from '@furniture-mart/shared';
import { withApp } from './context.js';
import { setUserRole } from '../modules/accounts/user-role.js';

const [email, role] = process.argv.slice(2);
if (!email || !role || !roles.includes(role as Role)) {
  console.error('Usage: npm run user:role -- <email> <buyer|seller|admin>');
  process.exit(2);
}

await withApp(async (app) => {
  if (!(await setUserRole(app.database.db, email, role as Role))) {
    console.error(`No account with the email ${email}.`);
    process.exitCode = 1;
    return;
  }
  console.log(`${email} is now ${role}.`);
});
