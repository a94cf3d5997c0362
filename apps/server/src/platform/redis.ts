/**
 * The one Redis connection of a process (REDIS_URL), for state that every instance must share: rate
 * limits, and small counters such as failed sign-ins per account (lib/attempts.ts). Without REDIS_URL there is none and
 * each instance counts in its own memory.
 *
 * Redis is a help, not a dependency: commands fail at once while the connection is down (no queue of
 * waiting commands), the connection keeps trying again in the background, and callers fall back to
 * their own memory meanwhile (see rate-limit-store.ts). The state is logged once per change and shown
 * by /api/ready.
 */
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

export interface CountInWindow {
  /** How many times the key has been counted in its current window, this time included. */
  count: number;
  /** Milliseconds until the window ends and the count starts again from zero. */
  ttlMs: number;
}

export interface SharedRedis {
  /** The ioredis client; its keys are given the prefix below by ioredis itself. */
  readonly client: Redis;
  readonly keyPrefix: string;
  /** Whether commands can be sent now; false while the connection is down. */
  available(): boolean;
  /**
   * Adds one to `key` (under this application's prefix) and answers the count in the window: the first
   * increment starts a window of `windowMs`, and the key vanishes when it ends. Atomic across every
   * instance. Rejects at once while Redis is unreachable; a caller then counts in memory.
   */
  increment(key: string, windowMs: number): Promise<CountInWindow>;
  /** Removes `key` (under this application's prefix), e.g. a count to forget after a success. */
  remove(key: string): Promise<void>;
  /** Takes one back from a count `increment` made, if its window is still running. */
  decrement(key: string): Promise<void>;
  /** For callers that noticed a failed command: logs the outage (once) and shows it in /api/ready. */
  reportFailure(error: unknown): void;
  /** For callers whose command succeeded: ends an outage (logged once). */
  reportSuccess(): void;
  close(): Promise<void>;
}

export interface SharedRedisOptions {
  url: string;
  keyPrefix?: string;
  log: FastifyBaseLogger;
  /** A command not answered within this many milliseconds fails (and the caller falls back). */
  commandTimeoutMs?: number;
}

const incrementScript = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

// Never below zero, and never on a key whose window has ended (DECR would make one without expiry).
const decrementScript = `
if redis.call('EXISTS', KEYS[1]) == 1 and tonumber(redis.call('GET', KEYS[1])) > 0 then
  return redis.call('DECR', KEYS[1])
end
return 0
`;

type WithIncrement = Redis & {
  fmIncrement(key: string, windowMs: number): Promise<[number, number]>;
  fmDecrement(key: string): Promise<number>;
};

export function createSharedRedis(options: SharedRedisOptions): SharedRedis {
  const keyPrefix = options.keyPrefix ?? 'furniture-mart:';
  const client = new Redis(options.url, {
    keyPrefix,
    // Fail fast instead of queueing while disconnected: a request must not wait for Redis to return.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: options.commandTimeoutMs ?? 500,
    connectTimeout: 2000,
    // Keep trying, at most every two seconds, for as long as the process runs.
    retryStrategy: (times) => Math.min(times * 200, 2000),
  }) as WithIncrement;
  client.defineCommand('fmIncrement', { numberOfKeys: 1, lua: incrementScript });
  client.defineCommand('fmDecrement', { numberOfKeys: 1, lua: decrementScript });

  const log = options.log;
  // Whether the last word from Redis was good (logged on every change), and until when to leave it
  // alone after a failed command, so a struggling server is not asked again by every request.
  let state: 'connecting' | 'up' | 'down' = 'connecting';
  let restingUntil = 0;
  const markDown = (reason: string) => {
    restingUntil = Date.now() + 2000;
    if (state === 'down') return;
    state = 'down';
    log.warn({ reason }, 'Redis unreachable: rate limits are counted per instance until it is back');
  };
  const markUp = () => {
    if (state === 'up') return;
    state = 'up';
    log.info('Redis reachable: rate limits are shared by every instance');
  };
  client.on('ready', markUp);
  client.on('error', (error: Error) => markDown(error.message));
  client.on('close', () => markDown('connection closed'));

  return {
    client,
    keyPrefix,
    available: () => client.status === 'ready' && Date.now() >= restingUntil,
    async increment(key, windowMs) {
      try {
        const [count, ttlMs] = await client.fmIncrement(key, Math.max(1, Math.round(windowMs)));
        markUp();
        return { count, ttlMs };
      } catch (error) {
        markDown(error instanceof Error ? error.message : String(error));
        throw error;
      }
    },
    async remove(key) {
      try {
        await client.del(key);
      } catch (error) {
        markDown(error instanceof Error ? error.message : String(error));
        throw error;
      }
    },
    async decrement(key) {
      try {
        await client.fmDecrement(key);
      } catch (error) {
        markDown(error instanceof Error ? error.message : String(error));
        throw error;
      }
    },
    reportFailure(error) {
      markDown(error instanceof Error ? error.message : String(error));
    },
    reportSuccess: markUp,
    async close() {
      client.removeAllListeners('error');
      client.on('error', () => {});
      await client.quit().catch(() => client.disconnect());
    },
  };
}
