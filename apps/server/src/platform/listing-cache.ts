/**
 * Listing answers (a category page, a search, the advertised list) kept in memory for a few seconds.
 * They are the same for every buyer and the most frequent reads of the site; answered from memory, a
 * burst of buyers on one category costs the database one read instead of one per buyer.
 *
 * Freshness: every service write that changes what a listing shows (a product added, advertised,
 * removed or sold; a seller verified or removed) calls `changed()` once its transaction has committed,
 * which drops everything kept, and a read that began before a change is never served after it. On
 * PostgreSQL the change is also announced to every other instance (shareListingChanges), which drops its
 * copies on receipt (`dropAll()`); while that announcement channel is down, an instance keeps nothing
 * (`setKeeping(false)`). Whatever happens to announcements, an answer is never given more than the time
 * to live after the read that made it began, so no copy outlives a change by more than that, however
 * long nobody asked for it. No decision rests on a listing: booking and payment read the product itself.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { channels, type ChangeFeed } from './db/change-feed.js';
import type { DbOrTx } from './db/client.js';

/** The earliest time any answer read within a `track()` stops being answered. */
const tracked = new AsyncLocalStorage<{ expiresAt: number }>();

/**
 * An answer kept is shared by every request that reads it, so nothing may change it; frozen, it can also
 * be serialized once for all of them (http/serializer.ts).
 */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

interface Entry {
  version: number;
  /** When the read that made this answer began, plus the time to live: never answered after that. */
  expiresAt: number;
  /** From then on, the first reader starts one fresh read in the background. */
  refreshAt: number;
  value: Promise<unknown>;
  refreshing: boolean;
  /** The answer's size as JSON, known once it has loaded. */
  bytes: number;
}

/** Memory is bounded by the answers' total size as well as their number. */
const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;

export class ListingCache {
  private version = 0;
  private keeping = true;
  private readonly entries = new Map<string, Entry>();
  private totalBytes = 0;
  /** Told of every change made here (after the local drop), e.g. to announce it to other instances. */
  onChange: (() => void) | null = null;
  /** Reads answered from memory and reads that went to the database (metrics). */
  readonly stats = { hits: 0, misses: 0 };

  constructor(
    /** 0 turns keeping off: every read goes to the database. */
    private readonly ttlMs: number,
    private readonly maxEntries = 1_000,
    private readonly now: () => number = Date.now,
    private readonly maxBytes = DEFAULT_MAX_BYTES,
  ) {}

  /** What is kept now: entries and their total size in bytes (for tests and diagnostics). */
  get usage(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.totalBytes };
  }

  /**
   * The answer kept for `key`, or `load()`'s, kept for next time. Concurrent reads of one key share one
   * load; a failed load is not kept. Shortly before an answer's time is up, its next reader starts one
   * fresh read in the background and is still given the kept answer, so a busy listing never makes all
   * its readers wait at once; once its time is up it is never given again.
   */
  read<T>(key: string, load: () => Promise<T>): Promise<T> {
    const reader = tracked.getStore();
    if (this.ttlMs <= 0 || !this.keeping) {
      // Read from the database now: nothing made from it may be kept either.
      if (reader) reader.expiresAt = -Infinity;
      return load();
    }
    const kept = this.entries.get(key);
    const now = this.now();
    if (kept && kept.version === this.version && now < kept.expiresAt) {
      this.stats.hits += 1;
      if (reader) reader.expiresAt = Math.min(reader.expiresAt, kept.expiresAt);
      if (kept.refreshAt <= now && !kept.refreshing) {
        kept.refreshing = true;
        this.refresh(key, kept, load);
      }
      return kept.value as Promise<T>;
    }
    this.stats.misses += 1;
    if (reader) reader.expiresAt = Math.min(reader.expiresAt, now + this.ttlMs);
    return this.keep(key, load().then(deepFreeze), now);
  }

  /**
   * Runs `make`, which reads listings (through this cache, in any number of nested calls), and tells
   * until when its outcome may be kept: never longer than the oldest answer it read, so something made
   * from listings (a rendered page) hides a change no longer than the listings themselves would.
   * `generation` tells whether a change has happened since.
   */
  async track<T>(make: () => Promise<T>): Promise<{ value: T; generation: number; expiresAt: number }> {
    const generation = this.version;
    const reader = { expiresAt: this.now() + this.ttlMs };
    const value = await tracked.run(reader, make);
    return { value, generation, expiresAt: this.isKeeping ? reader.expiresAt : -Infinity };
  }

  /** Changes with every drop: what was made from listings at another generation is out of date. */
  get generation(): number {
    return this.version;
  }

  /** Something a listing shows has changed here: nothing kept before now is answered again. */
  changed(): void {
    this.dropAll();
    this.onChange?.();
  }

  /** A change made elsewhere (another instance): drop everything kept, announce nothing. */
  dropAll(): void {
    this.version += 1;
    this.entries.clear();
    this.totalBytes = 0;
  }

  /**
   * false: keep nothing and read every answer from the database, until true again (changes made
   * meanwhile may have gone unannounced, so everything kept before is dropped either way).
   */
  setKeeping(keeping: boolean): void {
    this.dropAll();
    this.keeping = keeping;
  }

  get isKeeping(): boolean {
    return this.keeping && this.ttlMs > 0;
  }

  private keep<T>(key: string, value: Promise<T>, startedAt: number): Promise<T> {
    const entry: Entry = {
      version: this.version,
      expiresAt: startedAt + this.ttlMs,
      refreshAt: startedAt + this.ttlMs - Math.min(this.ttlMs / 2, 1000),
      value,
      refreshing: false,
      bytes: 0,
    };
    // Re-inserted, so the map's first key is always the one kept longest: the first to go when full.
    this.remove(key);
    this.entries.set(key, entry);
    this.dropExpired();
    if (this.entries.size > this.maxEntries) this.remove(this.entries.keys().next().value!);
    value.then(
      (answer) => {
        if (this.entries.get(key) !== entry) return;
        entry.bytes = JSON.stringify(answer)?.length ?? 0;
        this.totalBytes += entry.bytes;
        // Oldest first, but never the answer just kept: one answer over the bound is still answered.
        for (const [oldest] of this.entries) {
          if (this.totalBytes <= this.maxBytes || oldest === key) break;
          this.remove(oldest);
        }
      },
      () => {
        if (this.entries.get(key) === entry) this.remove(key);
      },
    );
    return value;
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.totalBytes -= entry.bytes;
    this.entries.delete(key);
  }

  /**
   * Answers past their time are never given again, so they go, oldest first (the map keeps them in the
   * order they were kept), and idle keys do not hold memory until the map is full.
   */
  private dropExpired(): void {
    const now = this.now();
    for (const [key, entry] of this.entries) {
      if (entry.expiresAt > now) break;
      this.remove(key);
    }
  }

  private refresh<T>(key: string, kept: Entry, load: () => Promise<T>): void {
    const startedAt = this.now();
    load().then(
      (fresh) => {
        // After a change the entry is gone, and this read may predate the change: it is not kept.
        if (this.entries.get(key) === kept)
          void this.keep(key, Promise.resolve(deepFreeze(fresh)), startedAt);
      },
      () => {
        if (this.entries.get(key) === kept) this.remove(key);
      },
    );
  }
}

/**
 * Every instance drops its kept listings when any one of them changes something a listing shows: a
 * change made here is announced once its transaction has committed (the cache's `changed()` runs
 * after it), and the others drop on hearing it, usually within a few milliseconds. While this instance
 * does not hear announcements, it keeps nothing; on hearing again it starts from nothing.
 */
export function shareListingChanges(
  cache: ListingCache,
  feed: ChangeFeed,
  db: DbOrTx,
  log: FastifyBaseLogger,
): () => void {
  // Our own announcements come back to us too; the cache has already dropped for them.
  const self = randomUUID();
  cache.setKeeping(feed.listening());
  const stopHearing = feed.subscribe(channels.listings, (payload) => {
    if (payload !== self) cache.dropAll();
  });
  const stopWatching = feed.onListening((up) => cache.setKeeping(up));
  cache.onChange = () => {
    feed.publish(db, channels.listings, self).catch((error: unknown) => {
      log.warn({ err: error }, 'could not announce a listing change to other instances');
    });
  };
  return () => {
    cache.onChange = null;
    stopHearing();
    stopWatching();
  };
}
