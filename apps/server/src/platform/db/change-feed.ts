/**
 * Changes every instance hears, through PostgreSQL's LISTEN/NOTIFY: kept listings dropped, a session
 * ended, a message sent. An announcement is written with `pg_notify` by the change itself (in its
 * transaction, or by a trigger), so it goes out exactly when the change commits, whichever instance or
 * command made it, and carries ids only (readers read the rest back from the database).
 *
 * On PostgreSQL, listening takes one connection of its own. While it is down, this instance could miss
 * announcements: whoever keeps something in memory because of them is told (`onListening`) and keeps
 * nothing until it listens again. PGlite runs in this process and hears its own announcements the same
 * way, as they commit.
 */
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database, DbOrTx } from './client.js';

/** The channels of this application, named once. */
export const channels = {
  listings: 'furniture_mart_listings',
  /** A user's sessions or account changed (a trigger, migration 0015): payload is the user's id. */
  sessions: 'furniture_mart_sessions',
  /** Something happened for a user (live events): payload is `<userId>:<eventId>`. */
  events: 'furniture_mart_events',
} as const;
export type Channel = (typeof channels)[keyof typeof channels];

type Listener = (payload: string) => void;

/**
 * Announces `payload` on `channel` when `db`'s transaction commits (at once outside one): every
 * instance's feed hears it. Needs no feed of its own, so a service can announce inside its transaction.
 */
export async function announce(db: DbOrTx, channel: Channel, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

export interface ChangeFeed {
  /** Announces `payload` on `channel` when `db`'s transaction commits (at once outside one). */
  publish(db: DbOrTx, channel: Channel, payload: string): Promise<void>;
  /** Hears every announcement on `channel` from now on, this instance's own included. */
  subscribe(channel: Channel, listener: Listener): () => void;
  /** Whether every announcement is heard now. */
  listening(): boolean;
  /** Told each time listening stops (false) or starts again (true). */
  onListening(listener: (up: boolean) => void): () => void;
  close(): Promise<void>;
}

export interface ChangeFeedOptions {
  log: FastifyBaseLogger;
  /** Wait between attempts to listen again (PostgreSQL). */
  retryMs?: number;
}

export async function createChangeFeed(database: Database, options: ChangeFeedOptions): Promise<ChangeFeed> {
  const listeners = new Map<Channel, Set<Listener>>();
  const states = new Set<(up: boolean) => void>();
  const deliver = (channel: string, payload: string) => {
    for (const listener of listeners.get(channel as Channel) ?? []) {
      try {
        listener(payload);
      } catch (error) {
        options.log.error({ err: error, channel }, 'a change listener failed');
      }
    }
  };
  const connection = database.connectionString
    ? await listenOverConnection(
        database.connectionString,
        deliver,
        (up) => states.forEach((tell) => tell(up)),
        {
          log: options.log,
          retryMs: options.retryMs ?? 1000,
        },
      )
    : inProcess(database, deliver);

  return {
    publish: announce,
    subscribe(channel, listener) {
      let set = listeners.get(channel);
      if (!set) {
        listeners.set(channel, (set = new Set()));
        connection.listen(channel);
      }
      set.add(listener);
      return () => set.delete(listener);
    },
    listening: () => connection.up(),
    onListening(listener) {
      states.add(listener);
      return () => states.delete(listener);
    },
    close: () => connection.close(),
  };
}

interface Connection {
  listen(channel: string): void;
  up(): boolean;
  close(): Promise<void>;
}

/** PGlite: the database is in this process, and tells its own listeners as a change commits. */
function inProcess(database: Database, deliver: (channel: string, payload: string) => void): Connection {
  const stops: Promise<() => Promise<void>>[] = [];
  return {
    listen(channel) {
      if (!database.listen) throw new Error('this database cannot listen');
      stops.push(database.listen(channel, (payload) => deliver(channel, payload)));
    },
    up: () => true,
    async close() {
      for (const stop of await Promise.allSettled(stops)) {
        if (stop.status === 'fulfilled') await stop.value().catch(() => {});
      }
    },
  };
}

/** PostgreSQL: one connection of its own, connected again after any failure. */
async function listenOverConnection(
  connectionString: string,
  deliver: (channel: string, payload: string) => void,
  tell: (up: boolean) => void,
  { log, retryMs }: { log: FastifyBaseLogger; retryMs: number },
): Promise<Connection> {
  const heard = new Set<string>();
  let client: pg.Client | null = null;
  let isUp = false;
  let everUp = false;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  const down = (reason: string) => {
    if (isUp)
      log.warn({ reason }, 'change feed: not listening; what is kept in memory is read again until back');
    const wasUp = isUp;
    isUp = false;
    const dropped = client;
    client = null;
    dropped?.removeAllListeners('notification');
    void dropped?.end().catch(() => {});
    if (wasUp) tell(false);
    if (!closed && !retry) {
      retry = setTimeout(() => {
        retry = null;
        void connect();
      }, retryMs);
      retry.unref();
    }
  };

  const connect = async (): Promise<void> => {
    if (closed || client) return;
    const connection = new pg.Client({
      connectionString,
      connectionTimeoutMillis: 2000,
      keepAlive: true,
      application_name: 'furniture-mart change feed',
    });
    client = connection;
    connection.on('error', (error) => {
      if (client === connection) down(error.message);
    });
    connection.on('end', () => {
      if (client === connection) down('connection ended');
    });
    connection.on('notification', (message) => deliver(message.channel, message.payload ?? ''));
    try {
      await connection.connect();
      for (const channel of heard) await connection.query(`listen ${channel}`);
    } catch (error) {
      if (client === connection) down(error instanceof Error ? error.message : String(error));
      return;
    }
    if (closed || client !== connection) return;
    isUp = true;
    if (everUp) log.info('change feed: listening again');
    everUp = true;
    // Anything announced while not listening was missed: whoever keeps things starts from nothing.
    tell(true);
  };

  await connect();
  if (!isUp)
    log.warn('change feed: not listening yet; what is kept in memory is read from the database until then');

  return {
    listen(channel) {
      if (heard.has(channel)) return;
      heard.add(channel);
      const current = client;
      if (current && isUp) {
        current.query(`listen ${channel}`).catch((error: unknown) => {
          if (client === current) down(error instanceof Error ? error.message : String(error));
        });
      }
    },
    up: () => isUp,
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const open = client;
      client = null;
      isUp = false;
      await open?.end().catch(() => {});
    },
  };
}
