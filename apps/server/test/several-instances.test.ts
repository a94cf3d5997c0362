/**
 * What several instances share, piece by piece (test/cluster/ runs whole built instances together):
 * migrations under a lock on PostgreSQL, listing changes announced through LISTEN/NOTIFY (the change
 * feed), rate limits
 * counted in Redis with memory while Redis cannot answer, and the generated session secret.
 *
 * PostgreSQL parts need TEST_DATABASE_URL; Redis parts need TEST_REDIS_URL (keys under a prefix of
 * their own, deleted afterwards).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, advisoryLocks } from '../src/platform/db/client.js';
import { drizzle } from 'drizzle-orm/node-postgres';
import { ListingCache, shareListingChanges } from '../src/platform/listing-cache.js';
import { createChangeFeed, type ChangeFeed } from '../src/platform/db/change-feed.js';
import type { Database, Db } from '../src/platform/db/client.js';
import { SharedAttemptStore } from '../src/platform/attempts.js';
import { createSharedRedis, type SharedRedis } from '../src/platform/redis.js';
import { sharedRateLimitStore } from '../src/http/rate-limit-store.js';
import { resolveAuthSecret } from '../src/platform/auth/secret.js';
import { loadConfig } from '../src/config.js';
import { createTestApp, TestClient, type TestContext } from './helpers/app.js';
import { TcpProxy } from './helpers/tcp-proxy.js';

const serverUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const silent = Fastify({ logger: false }).log;

async function waitFor(check: () => boolean, ms: number): Promise<number> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return Date.now() - started;
}

describe.skipIf(!serverUrl)('several instances on one PostgreSQL database', () => {
  const name = `fm_instances_${randomBytes(5).toString('hex')}`;
  let url: string;
  const admin = () => new pg.Client({ connectionString: serverUrl });

  beforeAll(async () => {
    const client = admin();
    await client.connect();
    await client.query(`create database ${name}`);
    await client.end();
    const target = new URL(serverUrl!);
    target.pathname = `/${name}`;
    url = target.toString();
  });

  afterAll(async () => {
    const client = admin();
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  });

  it('migrates an empty database from five processes at once, each waiting its turn', async () => {
    const databases = Array.from({ length: 5 }, () => createDatabase({ url, poolSize: 2 }));
    try {
      const results = await Promise.allSettled(databases.map((database) => database.migrate()));
      expect(results.map((result) => result.status)).toEqual(Array(5).fill('fulfilled'));
    } finally {
      await Promise.all(databases.map((database) => database.close()));
    }
  });

  it('runs a periodic job in one process at a time; the others skip that round', async () => {
    const [a, b] = [createDatabase({ url, poolSize: 2 }), createDatabase({ url, poolSize: 2 })];
    try {
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      const first = a.ifUnlocked(advisoryLocks.photoCleanup, async () => {
        await held;
        return 'ran';
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await b.ifUnlocked(advisoryLocks.photoCleanup, async () => 'ran too')).toBeNull();
      release();
      expect(await first).toBe('ran');
      expect(await b.ifUnlocked(advisoryLocks.photoCleanup, async () => 'ran next')).toBe('ran next');
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  describe('listing changes', () => {
    let proxy: TcpProxy;
    let pool: pg.Pool;
    const caches = [new ListingCache(60_000), new ListingCache(60_000)];
    const changes: ChangeFeed[] = [];

    beforeAll(async () => {
      const upstream = new URL(serverUrl!);
      proxy = new TcpProxy(upstream.hostname, Number(upstream.port || 5432));
      await proxy.start();
      const proxied = new URL(url);
      proxied.host = `127.0.0.1:${proxy.port}`;
      pool = new pg.Pool({ connectionString: url, max: 2 });
      // pool.end() resolves before its connections have closed, so the forced drop of the database
      // afterwards can still end one; the pool reports that as an error, as the app's own pools do.
      pool.on('error', () => {});
      const db = drizzle(pool) as unknown as Db;
      // Each instance listens on a connection of its own; the second reaches the database through a
      // proxy the test can cut.
      for (const [i, connectionString] of [url, proxied.toString()].entries()) {
        const feed = await createChangeFeed({ connectionString } as Database, { log: silent, retryMs: 100 });
        shareListingChanges(caches[i]!, feed, db, silent);
        changes.push(feed);
      }
    });

    afterAll(async () => {
      await Promise.all(changes.map((c) => c.close()));
      await pool?.end();
      await proxy?.close();
    });

    it("drops another instance's copies within a second of a change", async () => {
      const [a, b] = caches as [ListingCache, ListingCache];
      expect(changes.every((c) => c.listening())).toBe(true);
      await b.read('advertised', async () => 'before');
      await a.read('advertised', async () => 'before');
      expect(await b.read('advertised', async () => 'unused')).toBe('before');

      a.changed();
      const ms = await waitFor(() => {
        let fresh = false;
        void b.read('advertised', async () => ((fresh = true), 'after'));
        return fresh;
      }, 1000);
      expect(ms).toBeLessThan(1000);
      // The instance that made the change had already dropped its own, and kept announcing nothing twice.
      expect(await a.read('advertised', async () => 'after')).toBe('after');
    });

    it('keeps nothing while not listening, and keeps again once listening again', async () => {
      const b = caches[1]!;
      proxy.stop();
      await waitFor(() => !changes[1]!.listening(), 2000);
      expect(b.isKeeping).toBe(false);
      expect(await b.read('advertised', async () => 'one')).toBe('one');
      expect(await b.read('advertised', async () => 'two')).toBe('two');

      proxy.resume();
      await waitFor(() => changes[1]!.listening(), 5000);
      expect(b.isKeeping).toBe(true);
      expect(await b.read('advertised', async () => 'three')).toBe('three');
      expect(await b.read('advertised', async () => 'four')).toBe('three');
      caches[0]!.changed();
      await waitFor(() => {
        let fresh = false;
        void b.read('advertised', async () => ((fresh = true), 'five'));
        return fresh;
      }, 1000);
    });
  });
});

describe.skipIf(!redisUrl)('rate limits shared through Redis', () => {
  const prefix = `fm-test-${randomBytes(4).toString('hex')}:`;
  const opened: SharedRedis[] = [];

  async function limitedApp(redis: SharedRedis) {
    const app = Fastify({ logger: false });
    await app.register(rateLimit, { global: false, store: sharedRateLimitStore(redis) });
    app.post('/attempt', { config: { rateLimit: { max: 3, timeWindow: '1 minute' } } }, async () => 'ok');
    await app.ready();
    return app;
  }
  const shared = (url: string, keyPrefix = prefix) => {
    const redis = createSharedRedis({ url, keyPrefix, log: silent, commandTimeoutMs: 300 });
    opened.push(redis);
    return redis;
  };

  afterAll(async () => {
    await Promise.all(opened.map((redis) => redis.close()));
    const cleaner = new Redis(redisUrl!);
    const keys = await cleaner.keys(`${prefix}*`);
    if (keys.length > 0) await cleaner.del(...keys);
    await cleaner.quit();
  });

  it('counts attempts through two instances as one instance would', async () => {
    const [a, b] = [shared(redisUrl!), shared(redisUrl!)];
    await waitFor(() => a.available() && b.available(), 2000);
    const apps = [await limitedApp(a), await limitedApp(b)];
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await apps[i % 2]!.inject({ method: 'POST', url: '/attempt' })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
    const look = new Redis(redisUrl!);
    expect((await look.keys(`${prefix}rate-limit:*`)).length).toBeGreaterThan(0);
    await look.quit();
    await Promise.all(apps.map((app) => app.close()));
  });

  it('increments a key shared by every instance, with a window', async () => {
    const [a, b] = [shared(redisUrl!), shared(redisUrl!)];
    await waitFor(() => a.available() && b.available(), 2000);
    expect((await a.increment('sign-in-failures:someone', 60_000)).count).toBe(1);
    const second = await b.increment('sign-in-failures:someone', 60_000);
    expect(second.count).toBe(2);
    expect(second.ttlMs).toBeGreaterThan(59_000);
    expect(second.ttlMs).toBeLessThanOrEqual(60_000);
  });

  it('counts failed attempts across instances, and gives one back on success', async () => {
    const [a, b] = [shared(redisUrl!), shared(redisUrl!)];
    await waitFor(() => a.available() && b.available(), 2000);
    const onA = new SharedAttemptStore(a);
    const onB = new SharedAttemptStore(b);
    expect(await onA.add('someone@example.test', 60_000)).toMatchObject({ count: 1 });
    expect(await onB.add('someone@example.test', 60_000)).toMatchObject({ count: 2 });
    await onB.remove('someone@example.test');
    expect(await onA.add('someone@example.test', 60_000)).toMatchObject({ count: 2 });
  });

  it('limits per instance, in memory, while Redis is unreachable, and shares again once it is back', async () => {
    const upstream = new URL(redisUrl!);
    const proxy = new TcpProxy(upstream.hostname, Number(upstream.port || 6379));
    await proxy.start();
    const proxied = new URL(redisUrl!);
    proxied.host = `127.0.0.1:${proxy.port}`;
    const redis = shared(proxied.toString(), `${prefix}outage:`);
    await waitFor(() => redis.available(), 2000);
    const app = await limitedApp(redis);
    try {
      proxy.stop();
      await waitFor(() => !redis.available(), 2000);
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++)
        statuses.push((await app.inject({ method: 'POST', url: '/attempt' })).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      await expect(redis.increment('anything', 1000)).rejects.toThrow();

      // Back in Redis, where this route was never counted: it starts again from zero.
      proxy.resume();
      await waitFor(() => redis.available(), 5000);
      const after: number[] = [];
      for (let i = 0; i < 4; i++)
        after.push((await app.inject({ method: 'POST', url: '/attempt' })).statusCode);
      expect(after).toEqual([200, 200, 200, 429]);
    } finally {
      await app.close();
      await proxy.close();
    }
  });

  it('reports in /api/ready how limits are counted, and still limits sign-in with Redis away', async () => {
    const contexts: TestContext[] = [];
    try {
      const up = await createTestApp({ REDIS_URL: redisUrl!, REDIS_KEY_PREFIX: prefix });
      contexts.push(up);
      await waitFor(() => up.app.redis!.available(), 2000);
      expect((await new TestClient(up.app).get('/api/ready')).json()).toMatchObject({
        status: 'ready',
        rateLimits: 'shared',
        redis: 'reachable',
      });

      // Nothing listens on port 1.
      const away = await createTestApp({
        REDIS_URL: 'redis://127.0.0.1:1',
        REDIS_KEY_PREFIX: prefix,
        SIGN_IN_FAILURES_PER_ADDRESS: '2',
      });
      contexts.push(away);
      const client = new TestClient(away.app);
      const ready = await client.get('/api/ready');
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({ rateLimits: 'per-instance', redis: 'unreachable' });
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await client.post('/api/auth/sign-in/email', {
          email: 'no@example.test',
          password: 'wrong-password',
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([401, 401, 429]);
    } finally {
      await Promise.all(contexts.map((context) => context.close()));
    }
  });
});

describe('the generated session secret', () => {
  it('is the same for processes that make it at the same moment', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'fm-secret-'));
    try {
      const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
      const secrets = await Promise.all(Array.from({ length: 8 }, () => resolveAuthSecret(config)));
      expect(new Set(secrets).size).toBe(1);
      expect(readFileSync(path.join(dataDir, 'auth-secret'), 'utf8')).toBe(secrets[0]);
      expect(await resolveAuthSecret(config)).toBe(secrets[0]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('TRUST_PROXY as a number of proxies', () => {
  it('takes the client address that many hops back and ignores what the client put before it', async () => {
    const context = await createTestApp({ TRUST_PROXY: '1', SIGN_IN_FAILURES_PER_ADDRESS: '2' });
    try {
      const attempt = (forwardedFor: string) =>
        new TestClient(context.app)
          .post(
            '/api/auth/sign-in/email',
            { email: 'no@example.test', password: 'wrong-password' },
            {
              'x-forwarded-for': forwardedFor,
            },
          )
          .then((res) => res.statusCode);
      // The same client behind one proxy, claiming a new address each time: still one client.
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push(await attempt(`198.51.100.${i}, 203.0.113.5`));
      expect(statuses).toEqual([401, 401, 429]);
      // Another client of that proxy has its own count.
      expect(await attempt('203.0.113.6')).toBe(401);
    } finally {
      await context.close();
    }
  });
});
