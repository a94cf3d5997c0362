/**
 * The rate-limit store of @fastify/rate-limit when REDIS_URL is set, given through the plugin's public
 * `store` option: counts in Redis while it answers, so every instance counts in one place and N
 * instances allow exactly what one allows, and in this instance's memory whenever Redis cannot answer
 * (down, or slower than its command timeout). A request is then still limited, by this instance's
 * count: the server keeps serving with per-instance limits rather than failing or allowing everything.
 *
 * The counting itself is the one failed sign-ins use (platform/attempts.ts: a fixed window per key,
 * started by its first request), so there is one implementation of "count in Redis, else in memory".
 */
import type {
  FastifyRateLimitOptions,
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import { MemoryAttemptStore, SharedAttemptStore, type AttemptStore } from '../platform/attempts.js';
import type { SharedRedis } from '../platform/redis.js';

type StoreCallback = Parameters<FastifyRateLimitStore['incr']>[1];
type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0];

class CountingStore implements FastifyRateLimitStore {
  constructor(
    private readonly counts: AttemptStore,
    /** Keeps each route's counts apart, as the plugin's own stores do. */
    private readonly scope: string,
  ) {}

  incr(key: string, callback: StoreCallback, timeWindow: number, _max: number): void {
    this.counts.add(this.scope + key, timeWindow).then(
      ({ count, resetMs }) => callback(null, { current: count, ttl: resetMs }),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  }

  child(routeOptions: ChildOptions): FastifyRateLimitStore {
    // The plugin hands each route its merged options with the route under `routeInfo`.
    const { routeInfo } = routeOptions as ChildOptions & { routeInfo?: { method?: unknown; url?: string } };
    const route = routeInfo?.url ? `${String(routeInfo.method)}${routeInfo.url}-` : '';
    return new CountingStore(this.counts, this.scope + route);
  }
}

/** The `store` option of @fastify/rate-limit: counts in Redis, in memory while Redis cannot answer. */
export function sharedRateLimitStore(redis: SharedRedis): FastifyRateLimitStoreCtor {
  const counts = new SharedAttemptStore(redis, new MemoryAttemptStore(), 'rate-limit:');
  return class implements FastifyRateLimitStore {
    private readonly store = new CountingStore(counts, '');
    constructor(_options: FastifyRateLimitOptions) {}
    incr(key: string, callback: StoreCallback, timeWindow: number, max: number): void {
      this.store.incr(key, callback, timeWindow, max);
    }
    child(routeOptions: ChildOptions): FastifyRateLimitStore {
      return this.store.child(routeOptions);
    }
  };
}
