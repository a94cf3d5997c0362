/** What the server process and the command-line tasks both do first. */
import path from 'node:path';
import { ConfigError, loadConfig, type Config } from '../config.js';
import { createDatabase, type Database } from '../db/client.js';
import { applyEnvFiles } from './env-files.js';

/**
 * The environment (with `.env.local` and `.env` under it), or the list of its problems on stderr and
 * exit code 1.
 */
export function loadConfigOrExit(): Config {
  try {
    applyEnvFiles();
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** The configured database (PGlite under DATA_DIR/db, or DATABASE_URL), migrated. */
export async function openMigratedDatabase(config: Config, poolSize = config.DATABASE_POOL_SIZE): Promise<Database> {
  const database = createDatabase({
    url: config.DATABASE_URL,
    dataDir: path.resolve(config.DATA_DIR, 'db'),
    poolSize,
  });
  await database.migrate();
  return database;
}
