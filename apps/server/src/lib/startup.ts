/** What the server process and the command-line tasks both do first. */
import path from 'node:path';
import { ConfigError, loadConfig, type Config } from '../config.js';
import { createDatabase, type Database } from '../db/client.js';

/** The environment, or the list of its problems on stderr and exit code 1. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * The configured database (PGlite under DATA_DIR/db, or DATABASE_URL), migrated unless `migrate` is
 * false (the server passes MIGRATE_ON_START). On PostgreSQL migrations run under an advisory lock, so
 * instances started together on an empty database take turns.
 */
export async function openMigratedDatabase(
  config: Config,
  poolSize = config.DATABASE_POOL_SIZE,
  migrate = true,
): Promise<Database> {
  const database = createDatabase({
    url: config.DATABASE_URL,
    dataDir: path.resolve(config.DATA_DIR, 'db'),
    poolSize,
  });
  if (migrate) await database.migrate();
  return database;
}
