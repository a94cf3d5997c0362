/** What the server process and the command-line tasks both do first. */
import path from 'node:path';
import { ConfigError, loadConfig, type Config } from './config.js';
import { createDatabase, type Database } from './platform/db/client.js';
import { applyEnvFiles } from './lib/env-files.js';

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

/**
 * Waits for the database to accept connections (a server started at the same time as this process may
 * still be starting), retrying with backoff for up to DATABASE_WAIT_SECONDS and saying so on stderr.
 */
export async function waitForDatabase(
  database: Pick<Database, 'ping'>,
  seconds: number,
  log: (line: string) => void = (line) => console.error(line),
): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  for (let attempt = 1; ; attempt++) {
    try {
      await database.ping();
      if (attempt > 1) log(`database is up after ${attempt} attempts`);
      return;
    } catch (error) {
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new Error(
          `The database did not answer within ${seconds} s (DATABASE_WAIT_SECONDS): ${(error as Error).message}`,
          { cause: error },
        );
      }
      const delay = Math.min(500 * 2 ** (attempt - 1), 5000, left);
      log(
        `waiting for the database (attempt ${attempt}: ${(error as Error).message}); retrying in ${(delay / 1000).toFixed(1)} s`,
      );
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
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
    timeouts: { statementMs: config.DATABASE_STATEMENT_TIMEOUT_MS, lockMs: config.DATABASE_LOCK_TIMEOUT_MS },
  });
  if (config.DATABASE_URL) await waitForDatabase(database, config.DATABASE_WAIT_SECONDS);
  if (migrate) await database.migrate();
  return database;
}
