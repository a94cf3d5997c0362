/**
 * Counting attempts per key in a fixed window, for limits that count only some outcomes (failed
 * sign-ins, wrong current passwords), which @fastify/rate-limit cannot do: it counts every request.
 *
 * An attempt is counted before it runs and taken back when it succeeds, so concurrent attempts cannot
 * slip past the limit together, and a successful sign-in never uses up the budget.
 */
import { TooManyRequests } from './errors.js';
import type { SharedRedis } from './redis.js';

export interface AttemptCount {
  count: number;
  /** Milliseconds until the window of this key ends. */
  resetMs: number;
}

/** Where counts live: memory for one instance; a shared store (Redis) for several. */
export interface AttemptStore {
  /** Adds one attempt to the key's window (starting one if none is running); answers the new count. */
  add(key: string, windowMs: number): Promise<AttemptCount>;
  /** Takes one attempt back. */
  remove(key: string): Promise<void>;
}

/** Keys expire with their window; the map never holds more than `maxKeys` (the oldest go first). */
export class MemoryAttemptStore implements AttemptStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly maxKeys = 100_000) {}

  async add(key: string, windowMs: number): Promise<AttemptCount> {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      if (window) this.windows.delete(key);
      if (this.windows.size >= this.maxKeys) this.evict(now);
      window = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { count: window.count, resetMs: window.resetAt - now };
  }

  async remove(key: string): Promise<void> {
    const window = this.windows.get(key);
    if (window && window.count > 0) window.count -= 1;
  }

  get size(): number {
    return this.windows.size;
  }

  /** Drops expired windows; if none had expired, the oldest tenth (a Map keeps insertion order). */
  private evict(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
    if (this.windows.size < this.maxKeys) return;
    let drop = Math.ceil(this.maxKeys / 10);
    for (const key of this.windows.keys()) {
      if (drop-- <= 0) break;
      this.windows.delete(key);
    }
  }
}

/**
 * Counts in Redis while it answers, so every instance shares them; in this process's memory while it
 * does not (the Redis connection logs the outage and /api/ready shows it), so limits still hold per
 * instance.
 */
export class SharedAttemptStore implements AttemptStore {
  constructor(
    private readonly redis: SharedRedis,
    private readonly local: AttemptStore = new MemoryAttemptStore(),
    private readonly prefix = 'attempts:',
  ) {}

  async add(key: string, windowMs: number): Promise<AttemptCount> {
    if (this.redis.available()) {
      try {
        const { count, ttlMs } = await this.redis.increment(this.prefix + key, windowMs);
        return { count, resetMs: ttlMs };
      } catch {
        // Counted here instead.
      }
    }
    return this.local.add(key, windowMs);
  }

  async remove(key: string): Promise<void> {
    if (this.redis.available()) {
      try {
        await this.redis.decrement(this.prefix + key);
        return;
      } catch {
        // Taken back here instead.
      }
    }
    await this.local.remove(key);
  }
}

export interface AttemptLimitOptions {
  windowMs: number;
  /** The sentence a person reads when the limit is reached, given the minutes to wait. */
  message: (minutes: number) => string;
}

export interface AttemptKey {
  key: string;
  /** The most attempts allowed in the window, or a rule given every key's count (in `begin`'s order). */
  max: number | ((counts: readonly number[]) => number);
}

/** One attempt in progress: `succeeded()` gives it back, `failed()` keeps it counted. */
export interface Attempt {
  /** Each key's count with this attempt, in the order they were given. */
  counts: readonly number[];
  succeeded(): Promise<void>;
  failed(): Promise<void>;
}

export class AttemptLimit {
  constructor(
    private readonly store: AttemptStore,
    private readonly options: AttemptLimitOptions,
  ) {}

  /**
   * Counts an attempt against every key, each with its own limit (e.g. the account and the client
   * address); throws 429 with the wait when any of them is over its limit, counting nothing. A limit may
   * depend on every key's count (a stricter one while another count is high); a key counted only to be
   * read has no limit (`Infinity`). Answers the counts with the attempt.
   */
  async begin(limits: ReadonlyArray<AttemptKey>): Promise<Attempt> {
    const keys = limits.map((limit) => limit.key);
    const counts = await Promise.all(keys.map((key) => this.store.add(key, this.options.windowMs)));
    const values = counts.map((count) => count.count);
    const maxOf = (limit: AttemptKey) => (typeof limit.max === 'function' ? limit.max(values) : limit.max);
    const over = counts.filter((count, index) => count.count > maxOf(limits[index]!));
    if (over.length > 0) {
      await Promise.all(keys.map((key) => this.store.remove(key)));
      const waitMs = Math.max(...over.map((count) => count.resetMs));
      const seconds = Math.max(1, Math.ceil(waitMs / 1000));
      throw new TooManyRequests(this.options.message(Math.ceil(seconds / 60)), seconds);
    }
    let settled = false;
    return {
      counts: values,
      succeeded: async () => {
        if (settled) return;
        settled = true;
        await Promise.all(keys.map((key) => this.store.remove(key)));
      },
      failed: async () => {
        settled = true;
      },
    };
  }
}
