/**
 * Listing changes shared by every instance on one PostgreSQL database, through LISTEN/NOTIFY: a change
 * made here is announced on one channel once its transaction has committed, and every other instance
 * drops the answers it keeps (listing-cache.ts) when the announcement arrives, usually within a few
 * milliseconds.
 *
 * Listening takes one connection of its own. While it is down, this instance could miss announcements,
 * so it keeps nothing (every listing is read from the database) until it listens again; it then drops
 * what it had and keeps again. PGlite has one process only and needs none of this.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { ListingCache } from './listing-cache.js';

export const LISTING_CHANGES_CHANNEL = 'furniture_mart_listings';

export interface ListingChanges {
  /** Whether this instance hears other instances' changes now. */
  listening(): boolean;
  close(): Promise<void>;
}

export interface ListingChangesOptions {
  connectionString: string;
  cache: ListingCache;
  /** Runs the announcement (a pooled query); its failure is logged, the change still holds here. */
  notify: (channel: string, payload: string) => Promise<unknown>;
  log: FastifyBaseLogger;
  /** Wait between attempts to listen again. */
  retryMs?: number;
}

/** Starts listening (waiting for the first attempt) and announces every change the cache makes. */
export async function shareListingChanges(options: ListingChangesOptions): Promise<ListingChanges> {
  const { cache, log } = options;
  const retryMs = options.retryMs ?? 1000;
  // Our own announcements come back to us too; the cache has already dropped for them.
  const self = randomUUID();
  let client: pg.Client | null = null;
  let up = false;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  let everUp = false;

  cache.setKeeping(false);
  cache.onChange = () => {
    options.notify(LISTING_CHANGES_CHANNEL, self).catch((error: unknown) => {
      log.warn({ err: error }, 'could not announce a listing change to other instances');
    });
  };

  const down = (reason: string) => {
    if (up)
      log.warn({ reason }, 'listing changes: not listening; listings are read from the database until back');
    up = false;
    cache.setKeeping(false);
    const dropped = client;
    client = null;
    dropped?.removeAllListeners('notification');
    void dropped?.end().catch(() => {});
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
      connectionString: options.connectionString,
      connectionTimeoutMillis: 2000,
      keepAlive: true,
      application_name: 'furniture-mart listing changes',
    });
    client = connection;
    connection.on('error', (error) => {
      if (client === connection) down(error.message);
    });
    connection.on('end', () => {
      if (client === connection) down('connection ended');
    });
    connection.on('notification', (message) => {
      if (message.channel === LISTING_CHANGES_CHANNEL && message.payload !== self) cache.dropAll();
    });
    try {
      await connection.connect();
      await connection.query(`listen ${LISTING_CHANGES_CHANNEL}`);
    } catch (error) {
      if (client === connection) down(error instanceof Error ? error.message : String(error));
      return;
    }
    if (closed || client !== connection) return;
    up = true;
    if (everUp) log.info('listing changes: listening again');
    everUp = true;
    // Anything announced while not listening was missed: start from nothing.
    cache.setKeeping(true);
  };

  await connect();
  if (!up) log.warn('listing changes: not listening yet; listings are read from the database until then');

  return {
    listening: () => up,
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      cache.onChange = null;
      const open = client;
      client = null;
      up = false;
      await open?.end().catch(() => {});
    },
  };
}
