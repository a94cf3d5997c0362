/**
 * One database interface over two engines: PGlite (embedded, persisted under DATA_DIR) by default and a
 * PostgreSQL server through a pg pool when DATABASE_URL is set. Both speak the same SQL dialect.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsDir } from '../../paths.js';
import * as schema from './schema.js';
import { createReadRouting, type ReadRouting, type ReadRoutingOptions } from './replicas.js';

import type { Db } from './db-types.js';
export type { Db, DbOrTx, Tx } from './db-types.js';

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** Applies the committed migrations; on PostgreSQL under an advisory lock, so instances take turns. */
  migrate(): Promise<void>;
  /**
   * Runs `task` while holding a PostgreSQL advisory lock (session level, on a connection of its own), so
   * any number of processes on one database do it one at a time: migrations, demo seeding. PGlite has one
   * process only and just runs it.
   */
  withLock<T>(lock: AdvisoryLock, task: () => Promise<T>): Promise<T>;
  /**
   * Runs `task` only if no other process is running it now (an advisory lock tried, not waited for, and
   * held by one pooled connection until the task ends): periodic jobs that every instance schedules.
   * Resolves to null when another process has it.
   */
  ifUnlocked<T>(lock: AdvisoryLock, task: () => Promise<T>): Promise<T | null>;
  /** The server's address (PostgreSQL only), for connections of their own such as LISTEN. */
  readonly connectionString?: string;
  /** PGlite only (it runs in this process): hears NOTIFY on `channel`; answers how to stop. */
  listen?(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** The connection pool now (PostgreSQL only): connections open, idle, and requests waiting for one. */
  poolStats?(): { total: number; idle: number; waiting: number };
  /**
   * Reads through replicas of this primary (PostgreSQL only, DATABASE_READ_URL): replicas.ts. Closed
   * by the caller.
   */
  readReplicas?(options: Omit<ReadRoutingOptions, 'primary' | 'timeouts'>): ReadRouting;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Advisory lock keys of this application: pg_advisory_lock(APP, key). The first number keeps them apart
 * from any other application's locks on the same server.
 */
const LOCK_NAMESPACE = 0x464d; // "FM"
export const advisoryLocks = {
  migrations: 1,
  demoSeed: 2,
  photoCleanup: 3,
} as const;
export type AdvisoryLock = (typeof advisoryLocks)[keyof typeof advisoryLocks];

export interface DatabaseOptions {
  /** postgres:// URL; when absent, PGlite is used. */
  url?: string;
  /** PGlite data directory; `memory://` keeps it in memory (tests). */
  dataDir?: string;
  /** PGlite only: start from this data directory tarball (`dumpDataDir`), e.g. a migrated template. */
  loadDataDir?: Blob;
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
    : createPglite(options.dataDir, options.loadDataDir);
}

/** How long readiness waits for the database to answer `select 1`. */
export const READY_PING_MS = 1000;

function createPglite(dataDir = 'memory://', loadDataDir?: Blob): Database {
  if (!dataDir.startsWith('memory://')) mkdirSync(path.resolve(dataDir), { recursive: true });
  // pg_trgm ships with PGlite as a contrib extension; it is loaded here and created by the migrations,
  // as on a PostgreSQL server (search matches parts of words through it). Options go in the one
  // argument: given beside an undefined data directory they are not read.
  const client = new PGlite({
    ...(dataDir.startsWith('memory://') ? {} : { dataDir: path.resolve(dataDir) }),
    ...(loadDataDir ? { loadDataDir } : {}),
    extensions: { pg_trgm },
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    engine: 'pglite',
    migrate: async () => {
      await migratePglite(db as never, { migrationsFolder: migrationsDir });
    },
    withLock: (_lock, task) => task(),
    ifUnlocked: (_lock, task) => task(),
    listen: (channel, onPayload) => client.listen(channel, onPayload),
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
  const pinger = createPinger(url);
  let closed = false;

  const withLock = async <T>(lock: AdvisoryLock, task: () => Promise<T>): Promise<T> => {
    // A connection of its own, outside the pool: the task may need every pooled connection, and the
    // lock goes with the connection if this process dies.
    const holder = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
    holder.on('error', () => {});
    await holder.connect();
    try {
      await holder.query('select pg_advisory_lock($1, $2)', [LOCK_NAMESPACE, lock]);
      try {
        return await task();
      } finally {
        await holder.query('select pg_advisory_unlock($1, $2)', [LOCK_NAMESPACE, lock]).catch(() => {});
      }
    } finally {
      await holder.end().catch(() => {});
    }
  };

  return {
    db,
    engine: 'postgres',
    connectionString: url,
    migrate: () =>
      withLock(advisoryLocks.migrations, async () => {
        // A pool of its own without the request timeouts: building an index on a large table may take
        // far longer than any request is allowed to.
        const migrationPool = new pg.Pool({ connectionString: url, max: 1 });
        migrationPool.on('error', () => {});
        try {
          await migratePg(drizzlePg(migrationPool, { schema }) as never, { migrationsFolder: migrationsDir });
        } finally {
          await migrationPool.end();
        }
      }),
    withLock,
    ifUnlocked: async (lock, task) => {
      const connection = await pool.connect();
      let broken = false;
      try {
        const { rows } = await connection.query<{ locked: boolean }>(
          'select pg_try_advisory_lock($1, $2) as locked',
          [LOCK_NAMESPACE, lock],
        );
        if (!rows[0]?.locked) return null;
        try {
          return await task();
        } finally {
          // If the lock cannot be given back, the connection is closed instead, which releases it.
          await connection.query('select pg_advisory_unlock($1, $2)', [LOCK_NAMESPACE, lock]).catch(() => {
            broken = true;
          });
        }
      } finally {
        connection.release(broken);
      }
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    readReplicas: (options) =>
      createReadRouting({
        ...options,
        primary: pool,
        ...(timeouts ? { timeouts: { statementMs: timeouts.statementMs } } : {}),
      }),
    ping: () => pinger.ping(),
    close: async () => {
      if (closed) return;
      closed = true;
      await pinger.close();
      await pool.end();
    },
  };
}

/**
 * Readiness pings over one connection kept for them alone, never a pool slot: with the server silent,
 * pool slots are what requests are waiting for, and readiness must answer within its bound whatever
 * they do. A ping that fails or times out drops the connection; the next one connects again. Pings
 * asked for while one is under way share it.
 */
function createPinger(url: string): { ping(): Promise<void>; close(): Promise<void> } {
  let client: pg.Client | null = null;
  let inFlight: Promise<void> | null = null;
  const drop = () => {
    const dropped = client;
    client = null;
    // Not awaited: over a dead connection the goodbye itself may never be answered.
    dropped?.end().catch(() => {});
  };
  const once = async () => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        (async () => {
          if (!client) {
            const fresh = new pg.Client({
              connectionString: url,
              connectionTimeoutMillis: READY_PING_MS,
              query_timeout: READY_PING_MS,
              application_name: 'furniture-mart readiness',
            });
            fresh.on('error', () => {
              if (client === fresh) drop();
            });
            client = fresh;
            await fresh.connect();
          }
          await client.query('select 1');
        })(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('database ping timed out')), READY_PING_MS);
        }),
      ]);
    } catch (error) {
      drop();
      throw error;
    } finally {
      clearTimeout(timer);
    }
  };
  return {
    ping: () => {
      inFlight ??= once().finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
    close: async () => {
      const open = client;
      client = null;
      await open?.end().catch(() => {});
    },
  };
}
