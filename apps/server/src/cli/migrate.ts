/** `npm run db:migrate`: applies the committed migrations to the configured database. */
import { withApp } from './context.js';

await withApp(async (app) => {
  console.log(`Migrations applied (${app.database.engine}).`);
});
