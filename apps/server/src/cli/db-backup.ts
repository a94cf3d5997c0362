/**
 * `npm run db:backup -- <file>`: the embedded database (PGlite under DATA_DIR/db) as one .tar.gz, with
 * PGlite's own dump. Stop the server first. A PostgreSQL server (DATABASE_URL) is backed up with pg_dump.
 */
import path from 'node:path';
import { loadConfigOrExit } from '../startup.js';
import { backupPglite } from '../platform/db/backup.js';

const [file] = process.argv.slice(2);
if (!file) {
  console.error('Usage: npm run db:backup -- <file.tar.gz>   (stop the server first)');
  process.exit(2);
}
const config = loadConfigOrExit();
if (config.DATABASE_URL) {
  console.error('DATABASE_URL is set: back up a PostgreSQL server with pg_dump, e.g.');
  console.error('  pg_dump --format=custom --file=furniture.dump "$DATABASE_URL"');
  process.exit(2);
}
const bytes = await backupPglite(path.resolve(config.DATA_DIR, 'db'), path.resolve(file));
console.log(`Backed up the embedded database to ${file} (${(bytes / 1024 / 1024).toFixed(1)} MB).`);
console.log(`Photos are not in it: copy ${path.join(config.DATA_DIR, 'uploads')} as well.`);
