/**
 * The rate-limit store of @fastify/rate-limit when REDIS_URL is set: the plugin's own Redis store, so
 * every instance counts in one place and N instances allow exactly what one allows; and, beside it, the
 * plugin's own memory store, used whenever Redis cannot answer (down, or slower than its command
 * timeout). A request is then still limited, by this instance's count: the server keeps serving with
 * per-instance limits rather than failing or allowing everything.
 */
import type {
  FastifyRateLimitOptions,
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
// The plugin's own two stores: files of the package that its type declarations do not describe.
// @ts-expect-error: no declaration file
import RedisStoreImpl from '@fastify/rate-limit/store/RedisStore.js';
// @ts-expect-error: no declaration file
import LocalStoreImpl from '@fastify/rate-limit/store/LocalStore.js';
import type { SharedRedis } from '../platform/redis.js';

type StoreCallback = Parameters<FastifyRateLimitStore['incr']>[1];
type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0];

interface StoreCtor {
  new (...args: unknown[]): FastifyRateLimitStore;
}
const RedisStore = RedisStoreImpl as StoreCtor;
const LocalStore = LocalStoreImpl as StoreCtor;

class SharedWithFallback implements FastifyRateLimitStore {
  constructor(
    private readonly redis: SharedRedis,
    private readonly shared: FastifyRateLimitStore,
    private readonly local: FastifyRateLimitStore,
  ) {}

  incr(key: string, callback: StoreCallback, timeWindow: number, max: number): void {
    if (!this.redis.available()) {
      this.local.incr(key, callback, timeWindow, max);
      return;
    }
    this.shared.incr(
      key,
      (error, result) => {
        if (error || !result) {
          this.redis.reportFailure(error);
          this.local.incr(key, callback, timeWindow, max);
          return;
        }
        this.redis.reportSuccess();
        callback(null, result);
      },
      timeWindow,
      max,
    );
  }

  child(routeOptions: ChildOptions): FastifyRateLimitStore {
    return new SharedWithFallback(
      this.redis,
      this.shared.child(routeOptions),
      this.local.child(routeOptions),
    );
  }
}

/** The `store` option of @fastify/rate-limit: counts in Redis, in memory while Redis cannot answer. */
export function sharedRateLimitStore(redis: SharedRedis): FastifyRateLimitStoreCtor {
  return class implements FastifyRateLimitStore {
    private readonly store: FastifyRateLimitStore;
    constructor(options: FastifyRateLimitOptions) {
      // The plugin passes its settings as resolved, these two among them.
      const { continueExceeding, exponentialBackoff } = options as {
        continueExceeding?: boolean;
        exponentialBackoff?: boolean;
      };
      this.store = new SharedWithFallback(
        redis,
        new RedisStore(continueExceeding, exponentialBackoff, redis.client, 'rate-limit:'),
        new LocalStore(continueExceeding, exponentialBackoff),
      );
    }
    incr(key: string, callback: StoreCallback, timeWindow: number, max: number): void {
      this.store.incr(key, callback, timeWindow, max);
    }
    child(routeOptions: ChildOptions): FastifyRateLimitStore {
      return this.store.child(routeOptions);
    }
  };
}
