/**
 * `npm run db:restore -- <file>`: replaces the embedded database with a backup made by db:backup. Stop
 * the server first. The database it replaces is kept beside it until you delete it.
 */
import path from 'node:path';
import { loadConfigOrExit } from '../startup.js';
import { restorePglite } from '../platform/db/backup.js';

const [file] = process.argv.slice(2);
if (!file) {
  console.error('Usage: npm run db:restore -- <file.tar.gz>   (stop the server first)');
  process.exit(2);
}
const config = loadConfigOrExit();
if (config.DATABASE_URL) {
  console.error('DATABASE_URL is set: restore a PostgreSQL server with pg_restore, e.g.');
  console.error('  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" furniture.dump');
  process.exit(2);
}
try {
  const { previous } = await restorePglite(path.resolve(file), path.resolve(config.DATA_DIR, 'db'));
  console.log(`Restored the embedded database from ${file}.`);
  if (previous) console.log(`The database it replaced is in ${previous}; delete it once all is well.`);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
