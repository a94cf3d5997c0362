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
}

export function createDatabase(options: DatabaseOptions): Database {
  return options.url ? createPostgres(options.url, options.poolSize ?? 10) : createPglite(options.dataDir);
}

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

function createPostgres(url: string, poolSize: number): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // Fail fast when the server is unreachable so requests answer 503 instead of hanging.
    connectionTimeoutMillis: 2000,
    idleTimeoutMillis: 30_000,
  });
  // A dropped server connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  let closed = false;
  return {
    db,
    engine: 'postgres',
    migrate: async () => {
      await migratePg(db as never, { migrationsFolder: migrationsDir });
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
