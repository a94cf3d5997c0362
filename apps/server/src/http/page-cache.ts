/**
 * Pages rendered with their data (home, a category page), kept in memory as long as the listings they
 * show, and compressed once per kept page instead of once per request.
 *
 * A page is a function of its address, of who asks (the GET /api/me answer, read per request) and of
 * listings; the configuration and the categories do not change while the server runs. So a page is
 * kept under its address and the viewer's own /api/me answer: a visitor's page is one for every
 * visitor, and a signed-in person's page is theirs alone (another person, or the same person after a
 * change to their account, has another key). It is dropped with the listings it shows: it is kept at
 * one generation of the listing cache (every `changed()` here, and every change announced by another
 * instance, starts a new one) and never answered after the earliest listing it read would have expired
 * (ListingCache.track), so no change is hidden longer than the listings themselves would hide it.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** What a page cache needs of the listing cache (platform/listing-cache.ts). */
export interface ListingGenerations {
  readonly generation: number;
  track<T>(make: () => Promise<T>): Promise<{ value: T; generation: number; expiresAt: number }>;
}

export type Encoding = 'br' | 'gzip';

/** The encoding to answer with, of those the client accepts: brotli first, then gzip, else none. */
export function acceptedEncoding(acceptEncoding: string | string[] | undefined): Encoding | null {
  const accepted = String(acceptEncoding ?? '');
  return /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
}

/** A rendered page and its compressed copies, each made once, on first demand. */
export class KeptPage {
  private readonly compressed = new Map<Encoding, Promise<Buffer>>();

  constructor(readonly html: string) {}

  body(encoding: Encoding): Promise<Buffer> {
    let body = this.compressed.get(encoding);
    if (!body) {
      body = compress(this.html, encoding);
      this.compressed.set(encoding, body);
    }
    return body;
  }
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Off the main thread, at a level that costs little time (a kept page is compressed once anyway). */
function compress(page: string, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotliAsync(page, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
    : gzipAsync(page, { level: 6 });
}

interface Entry {
  generation: number;
  expiresAt: number;
  page: Promise<KeptPage | null>;
  refreshing: boolean;
}

/** How long before a kept page's end its next reader starts a fresh render in the background. */
const REFRESH_AHEAD_MS = 500;

export class PageCache {
  private readonly entries = new Map<string, Entry>();
  /** Pages answered as kept and pages rendered for the asking (metrics). */
  readonly stats = { hits: 0, misses: 0 };

  constructor(
    private readonly listings: ListingGenerations,
    /** A page with its copies is some 100 KB: this bounds the memory to a few tens of MB. */
    private readonly maxEntries = 400,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /**
   * The page kept under `key`, or the one `render()` makes (null: no page, kept by nobody). Concurrent
   * requests for one key while it renders share that one render.
   */
  read(key: string, render: () => Promise<string | null>): Promise<KeptPage | null> {
    const kept = this.entries.get(key);
    const now = this.now();
    if (kept && kept.generation === this.listings.generation && now < kept.expiresAt) {
      // A busy page is made again shortly before its end, so its readers never all wait for a render
      // at once; until the fresh one is there, the kept one is still given (never after its end).
      if (!kept.refreshing && kept.expiresAt - now <= REFRESH_AHEAD_MS) {
        kept.refreshing = true;
        const fresh = this.keep(key, render, kept);
        fresh.catch(() => {});
      }
      this.stats.hits += 1;
      return kept.page;
    }
    this.stats.misses += 1;
    return this.keep(key, render, null);
  }

  /** Renders the page and keeps it; `previous` stays in place, given to readers, until then. */
  private keep(key: string, render: () => Promise<string | null>, previous: Entry | null) {
    const entry: Entry = {
      generation: this.listings.generation,
      expiresAt: Infinity,
      page: null!,
      refreshing: false,
    };
    entry.page = this.listings.track(render).then(
      ({ value, generation, expiresAt }) => {
        entry.generation = generation;
        entry.expiresAt = expiresAt;
        const page = value === null ? null : new KeptPage(value);
        const keepable = page !== null && expiresAt > this.now();
        if (previous) {
          // A fresh render that would end no later (it read the same listings) leaves the next
          // reader to try again.
          if (this.entries.get(key) === previous) {
            if (keepable && expiresAt > previous.expiresAt) this.put(key, entry);
            else previous.refreshing = false;
          }
        } else if (!keepable) this.forget(key, entry);
        return page;
      },
      (error: unknown) => {
        if (previous) previous.refreshing = false;
        else this.forget(key, entry);
        throw error;
      },
    );
    if (!previous) this.put(key, entry);
    return entry.page;
  }

  private put(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.trim();
  }

  private forget(key: string, entry: Entry): void {
    if (this.entries.get(key) === entry) this.entries.delete(key);
  }

  /** Out-of-date pages go first, then the oldest kept (the map keeps them in the order they were kept). */
  private trim(): void {
    if (this.entries.size <= this.maxEntries) return;
    const { generation } = this.listings;
    const now = this.now();
    for (const [key, entry] of this.entries) {
      if (entry.generation !== generation || entry.expiresAt <= now) this.entries.delete(key);
    }
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }
}
