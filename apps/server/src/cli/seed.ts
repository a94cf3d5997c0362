/** `npm run db:seed`: loads the demo accounts and products into the configured database. */
import { withApp } from './context.js';
import { seedDemo } from '../platform/db/seed/demo.js';
import { DEMO_PASSWORD, demoAccounts } from '../platform/db/seed/demo-data.js';

await withApp(async (app) => {
  if (app.config.NODE_ENV === 'production') {
    console.error('Refusing to seed demo data with NODE_ENV=production.');
    process.exitCode = 1;
    return;
  }
  await seedDemo(app);
  console.log('Demo data is in place. Accounts (password: %s):', DEMO_PASSWORD);
  for (const account of demoAccounts) console.log(`  ${account.role.padEnd(6)} ${account.email}`);
});
