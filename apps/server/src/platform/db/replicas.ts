/**
 * Read replicas (DATABASE_READ_URL): listing, search, category, product-page and seller-page reads go
 * through `db` here, a Drizzle handle whose every statement is sent to a replica when one may answer it,
 * and to the primary otherwise. Everything else keeps using the primary's handle.
 *
 * Read your own writes (docs/decisions/0045): after a request that changed something, the person who
 * sent it gets a short-lived cookie holding the primary's WAL position (LSN) right after the change.
 * Their reads go only to a replica that has replayed at least that far (as its last check said), else
 * to the primary, and skip the listing and page caches, which may hold what a lagging replica answered
 * someone else. A replica further behind than DATABASE_READ_MAX_LAG_SECONDS is left out for everyone
 * until it catches up, and the cookie lives a little longer than that: so whoever wrote never sees a
 * listing without their change, however long a replica stays behind.
 *
 * Each replica is checked every half second on a connection of its own (its replay position, and the
 * primary's current one to measure its lag). A replica that does not answer, there or for a read, is
 * left out until it answers again: its reads go to the primary, the change is logged once each way,
 * and /api/ready shows it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyBaseLogger } from 'fastify';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from './db-types.js';
import * as schema from './schema.js';

export type ReplicaState = 'up' | 'lagging' | 'down';

/** The cookie that holds the writer's LSN. */
export const READ_AFTER_COOKIE = 'fm_read_after';

/** A PostgreSQL LSN as PostgreSQL prints it (`16/B374D848`), as a number that compares. */
export function parseLsn(text: string): bigint | null {
  const match = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(text.trim());
  if (!match) return null;
  return (BigInt(`0x${match[1]}`) << 32n) | BigInt(`0x${match[2]}`);
}

interface Replica {
  /** host:port/database, for logs and /api/ready: never the password. */
  name: string;
  pool: pg.Pool;
  checker: pg.Client | null;
  state: ReplicaState;
  /** The last replay position it reported. */
  replayed: bigint;
}

export interface ReadRouting {
  /** Reads only (no transactions): every statement goes to a replica that may answer it, or the primary. */
  readonly db: Db;
  /** Runs `task` (the rest of a request) as the reads of someone who wrote up to `lsn` (from the cookie). */
  runAs<T>(lsn: bigint | null, task: () => T): T;
  /** Whether the current request must see its own writes: no listing or page from a cache. */
  isWriter(): boolean;
  /** The primary's WAL position now: handed to whoever just wrote. */
  writePosition(): Promise<string>;
  /** How long the writer's cookie lives. */
  readonly cookieSeconds: number;
  replicas(): { name: string; state: ReplicaState }[];
  close(): Promise<void>;
}

export interface ReadRoutingOptions {
  primary: pg.Pool;
  urls: string[];
  maxLagSeconds: number;
  log: FastifyBaseLogger;
  /** Told of each read and where it went (metrics). */
  onRead?: (target: 'replica' | 'primary') => void;
  /** Pool size of each replica. */
  poolSize?: number;
  timeouts?: { statementMs: number };
  checkEveryMs?: number;
}

const CHECK_TIMEOUT_MS = 1000;

function nameOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`;
}

/** Errors of the connection rather than of the statement: the replica is away, the read goes elsewhere. */
function isConnectionError(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  if (
    code &&
    /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENOTFOUND|EPIPE|57P0[123]|08\d\d\d)$/.test(code)
  )
    return true;
  return /timeout exceeded when trying to connect|Connection terminated|connection.*(closed|ended)/i.test(
    message ?? '',
  );
}

export function createReadRouting(options: ReadRoutingOptions): ReadRouting {
  const { primary, log, maxLagSeconds } = options;
  const writers = new AsyncLocalStorage<{ lsn: bigint }>();
  const replicas: Replica[] = options.urls.map((url) => {
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 1000,
      idleTimeoutMillis: 30_000,
      ...(options.timeouts
        ? {
            statement_timeout: options.timeouts.statementMs,
            query_timeout: options.timeouts.statementMs + 1000,
          }
        : {}),
    });
    pool.on('error', () => {});
    // Until its first check says otherwise, a replica is not trusted with anyone's reads.
    return { name: nameOf(url), pool, checker: null, state: 'down' as ReplicaState, replayed: -1n };
  });

  const setState = (replica: Replica, state: ReplicaState, reason?: string) => {
    if (replica.state === state) return;
    const was = replica.state;
    replica.state = state;
    if (state === 'up') log.info({ replica: replica.name, was }, 'read replica in use');
    else
      log.warn(
        { replica: replica.name, reason },
        state === 'down'
          ? 'read replica unreachable: its reads go to the primary until it answers'
          : 'read replica too far behind: its reads go to the primary until it catches up',
      );
  };

  // The primary's positions over the last while: a replica's lag is the age of the oldest position
  // it has not replayed yet.
  const history: { at: number; lsn: bigint }[] = [];
  let primaryChecker: pg.Client | null = null;
  const checkerOf = async (url: string | undefined, existing: pg.Client | null, config?: pg.PoolConfig) => {
    if (existing) return existing;
    const client = new pg.Client({
      ...(url ? { connectionString: url } : config),
      connectionTimeoutMillis: CHECK_TIMEOUT_MS,
      query_timeout: CHECK_TIMEOUT_MS,
      application_name: 'furniture-mart replica check',
    });
    client.on('error', () => {});
    await client.connect();
    return client;
  };
  const primaryConfig = primary.options as pg.PoolConfig;

  const check = async () => {
    try {
      primaryChecker = await checkerOf(undefined, primaryChecker, primaryConfig);
      const { rows } = await primaryChecker.query<{ lsn: string }>(
        'select pg_current_wal_lsn()::text as lsn',
      );
      const lsn = parseLsn(rows[0]!.lsn);
      if (lsn !== null) history.push({ at: Date.now(), lsn });
    } catch {
      primaryChecker?.end().catch(() => {});
      primaryChecker = null;
    }
    const keepFrom = Date.now() - (maxLagSeconds + 5) * 1000;
    while (history.length > 1 && history[0]!.at < keepFrom) history.shift();
    await Promise.all(
      replicas.map(async (replica, index) => {
        try {
          replica.checker = await checkerOf(options.urls[index], replica.checker);
          const { rows } = await replica.checker.query<{ lsn: string | null }>(
            'select pg_last_wal_replay_lsn()::text as lsn',
          );
          const replayed = rows[0]?.lsn ? parseLsn(rows[0].lsn) : null;
          if (replayed === null) throw new Error('not a replica (no replay position)');
          replica.replayed = replayed;
          const behindSince = history.find((sample) => sample.lsn > replayed)?.at;
          const lagMs = behindSince === undefined ? 0 : Date.now() - behindSince;
          setState(
            replica,
            lagMs > maxLagSeconds * 1000 ? 'lagging' : 'up',
            `${Math.round(lagMs / 1000)} s behind`,
          );
        } catch (error) {
          replica.checker?.end().catch(() => {});
          replica.checker = null;
          setState(replica, 'down', (error as Error).message);
        }
      }),
    );
  };
  let checking: Promise<void> | null = null;
  const checkNow = () => {
    checking ??= check().finally(() => (checking = null));
  };
  checkNow();
  const timer = setInterval(checkNow, options.checkEveryMs ?? 500);
  timer.unref();

  let next = 0;
  /** A replica that may answer this read now, round robin; none: the primary. */
  const pick = (): Replica | null => {
    const writer = writers.getStore();
    const usable = replicas.filter(
      (replica) => replica.state === 'up' && (!writer || replica.replayed >= writer.lsn),
    );
    if (usable.length === 0) return null;
    next = (next + 1) % usable.length;
    return usable[next]!;
  };

  // What Drizzle's node-postgres session calls: query(config, values). Not a pool, so Drizzle never
  // opens a transaction on it (nothing here writes).
  const router = {
    async query(...args: unknown[]) {
      const replica = pick();
      if (replica) {
        try {
          const result = await (replica.pool.query as (...a: unknown[]) => Promise<unknown>)(...args);
          options.onRead?.('replica');
          return result;
        } catch (error) {
          // A standby may cancel a read that conflicts with the WAL it replays (40001): the primary
          // answers it instead, and the replica stays in use.
          const conflict = (error as { code?: string }).code === '40001';
          if (!conflict && !isConnectionError(error)) throw error;
          if (!conflict) setState(replica, 'down', (error as Error).message);
        }
      }
      options.onRead?.('primary');
      return (primary.query as (...a: unknown[]) => Promise<unknown>)(...args);
    },
  };
  const db = drizzle(router as unknown as pg.Pool, { schema }) as unknown as Db;

  return {
    db,
    runAs: (lsn, task) => (lsn === null ? task() : writers.run({ lsn }, task)),
    isWriter: () => writers.getStore() !== undefined,
    async writePosition() {
      const { rows } = await primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
      return rows[0]!.lsn;
    },
    // A replica still behind the writer after this long is left out anyway (maxLagSeconds), with a
    // margin for the checks that notice it.
    cookieSeconds: maxLagSeconds + 5,
    replicas: () => replicas.map(({ name, state }) => ({ name, state })),
    async close() {
      clearInterval(timer);
      await checking?.catch(() => {});
      await Promise.all([
        primaryChecker?.end().catch(() => {}),
        ...replicas.map(async (replica) => {
          await replica.checker?.end().catch(() => {});
          await replica.pool.end().catch(() => {});
        }),
      ]);
    },
  };
}
