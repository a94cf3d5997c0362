/** What the server process and the command-line tasks both do first. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { ConfigError, loadConfig, type Config } from './config.js';
import { migrationsDir } from './paths.js';
import { createDatabase, type Database } from './platform/db/client.js';
import { rowsOf } from './platform/db/queue.js';
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

/** How far a database is behind the committed migrations: `applied` is 0 on a first start. */
export interface MigrationState {
  applied: number;
  committed: number;
}

/** The committed migrations (drizzle-kit's journal beside them). */
function committedMigrations(): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsDir, 'meta/_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

/** What the database has applied, from the migrator's own table (absent before the first migration). */
export async function migrationState(database: Pick<Database, 'db'>): Promise<MigrationState> {
  const committed = committedMigrations();
  try {
    const [row] = rowsOf<{ n: number }>(
      await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
    );
    return { applied: Number(row?.n ?? 0), committed };
  } catch {
    return { applied: 0, committed };
  }
}

/**
 * The line a start prints before it prepares the database, so a first start (migrations, then the
 * demo data: minutes on a slow machine) is not minutes of silence; null when there is nothing to do.
 */
export function preparingDatabaseLine(state: MigrationState, seedsDemo: boolean): string | null {
  const pending = state.committed - state.applied;
  if (state.applied === 0) {
    return seedsDemo
      ? 'Preparing the database (first start: migrating and adding the demo data)… this can take a few minutes.'
      : `Preparing the database (first start: applying ${pending} migrations)…`;
  }
  if (pending > 0) return `Applying ${pending} new database migration${pending === 1 ? '' : 's'}…`;
  return null;
}

/** The line that ends what `preparingDatabaseLine` began. */
export const databaseReadyLine = (milliseconds: number) =>
  `The database is ready (${(milliseconds / 1000).toFixed(1)} s).`;

/**
 * Applies the migrations the database lacks, first telling `announce` how many when there are any (the
 * server prints a line from it).
 */
export async function migrateAnnounced(
  database: Database,
  announce?: (state: MigrationState) => void,
): Promise<void> {
  if (announce) {
    const state = await migrationState(database);
    if (state.applied < state.committed) announce(state);
  }
  await database.migrate();
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
  announce?: (state: MigrationState) => void,
): Promise<Database> {
  const database = createDatabase({
    url: config.DATABASE_URL,
    dataDir: path.resolve(config.DATA_DIR, 'db'),
    poolSize,
    timeouts: { statementMs: config.DATABASE_STATEMENT_TIMEOUT_MS, lockMs: config.DATABASE_LOCK_TIMEOUT_MS },
  });
  if (config.DATABASE_URL) await waitForDatabase(database, config.DATABASE_WAIT_SECONDS);
  if (migrate) await migrateAnnounced(database, announce);
  return database;
}
