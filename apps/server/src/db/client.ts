/**
 * One database interface over two engines: PGlite (embedded, persisted under DATA_DIR) by default and a
 * PostgreSQL server through a pg pool when DATABASE_URL is set. Both speak the same SQL dialect.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { migrationsDir } from '../paths.js';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle; services accept either so they compose inside one transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL; when absent, PGlite is used. */
  url?: string;
  /** PGlite data directory; `memory://` keeps it in memory (tests). */
  dataDir?: string;
  poolSize?: number;
  /**
   * PostgreSQL server only: the longest a statement may run and wait for a lock (server-side), so a
   * stalled database or a held lock answers 503 within a bound instead of hanging. Unset: no limit
   * (command-line tasks such as loading a large dataset).
   */
  timeouts?: { statementMs: number; lockMs: number };
}

export function createDatabase(options: DatabaseOptions): Database {
  return options.url
    ? createPostgres(options.url, options.poolSize ?? 10, options.timeouts)
    : createPglite(options.dataDir);
}

/** How long readiness waits for the database to answer `select 1`. */
export const READY_PING_MS = 1000;

function createPglite(dataDir = 'memory://'): Database {
  if (!dataDir.startsWith('memory://')) mkdirSync(path.resolve(dataDir), { recursive: true });
  const client = new PGlite(dataDir.startsWith('memory://') ? undefined : path.resolve(dataDir));
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    engine: 'pglite',
    migrate: async () => {
      await migratePglite(db as never, { migrationsFolder: migrationsDir });
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

function createPostgres(url: string, poolSize: number, timeouts?: DatabaseOptions['timeouts']): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // Fail fast when the server is unreachable so requests answer 503 instead of hanging.
    connectionTimeoutMillis: 2000,
    idleTimeoutMillis: 30_000,
    ...(timeouts
      ? {
          statement_timeout: timeouts.statementMs,
          lock_timeout: timeouts.lockMs,
          // The driver's own bound, for a server that has gone silent and can no longer stop anything.
          query_timeout: timeouts.statementMs + 1000,
          idle_in_transaction_session_timeout: timeouts.statementMs * 2,
        }
      : {}),
  });
  // A dropped server connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  let closed = false;
  return {
    db,
    engine: 'postgres',
    migrate: async () => {
      // A pool of its own without the request timeouts: building an index on a large table may take
      // far longer than any request is allowed to.
      const migrationPool = new pg.Pool({ connectionString: url, max: 1 });
      migrationPool.on('error', () => {});
      try {
        await migratePg(drizzlePg(migrationPool, { schema }) as never, { migrationsFolder: migrationsDir });
      } finally {
        await migrationPool.end();
      }
    },
    // A connection of its own, never a pool slot: with the server silent, pool slots are what requests
    // are waiting for, and readiness must answer within its bound whatever they do.
    ping: () => pingOnce(url),
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

async function pingOnce(url: string): Promise<void> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: READY_PING_MS,
    query_timeout: READY_PING_MS,
    statement_timeout: READY_PING_MS,
  });
  client.on('error', () => {});
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      client.connect().then(() => client.query('select 1')),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('database ping timed out')), READY_PING_MS);
      }),
    ]);
  } finally {
    clearTimeout(timer);
    // Not awaited: over a dead connection the goodbye itself may never be answered.
    client.end().catch(() => {});
  }
}
