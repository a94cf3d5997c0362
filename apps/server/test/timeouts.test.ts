/**
 * Bounded waits on the PostgreSQL server: a held row lock and a database that has gone silent answer
 * 503 (with Retry-After) within the configured bound instead of hanging, readiness never waits on a
 * pool slot, and start-up waits for a database that is not up yet.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createDatabase, type Database } from '../src/platform/db/client.js';
import { waitForDatabase } from '../src/startup.js';
import { insertProduct } from './helpers/fixtures.js';
import { createProxiedDatabase, type ProxiedDatabase } from './helpers/proxied-database.js';
import type { TcpProxy } from './helpers/tcp-proxy.js';
import { signUp, TestClient, type TestUser } from './helpers/app.js';

const serverUrl = process.env.TEST_DATABASE_URL;

describe('waiting for the database at start-up', () => {
  it('retries with backoff until the database answers', async () => {
    let calls = 0;
    const lines: string[] = [];
    await waitForDatabase(
      {
        ping: async () => {
          calls += 1;
          if (calls < 3) throw new Error('connect ECONNREFUSED');
        },
      },
      10,
      (line) => lines.push(line),
    );
    expect(calls).toBe(3);
    expect(lines[0]).toMatch(
      /waiting for the database \(attempt 1: connect ECONNREFUSED\); retrying in 0\.5 s/,
    );
    expect(lines.at(-1)).toBe('database is up after 3 attempts');
  });

  it('gives up after DATABASE_WAIT_SECONDS with a line that says why', async () => {
    const started = Date.now();
    await expect(
      waitForDatabase({ ping: () => Promise.reject(new Error('connect ECONNREFUSED')) }, 1, () => {}),
    ).rejects.toThrow(/did not answer within 1 s \(DATABASE_WAIT_SECONDS\): connect ECONNREFUSED/);
    expect(Date.now() - started).toBeLessThan(2500);
  });
});

describe.skipIf(!serverUrl)('bounded waits (PostgreSQL)', () => {
  let proxied: ProxiedDatabase;
  let proxy: TcpProxy;
  let database: Database;
  let app: FastifyInstance;
  let seller: TestUser;
  let proxiedUrl: string;

  beforeAll(async () => {
    proxied = await createProxiedDatabase(serverUrl!, 'fm_timeouts');
    proxy = proxied.proxy;
    proxiedUrl = proxied.url;
    database = createDatabase({ url: proxiedUrl, poolSize: 6, timeouts: { statementMs: 1000, lockMs: 300 } });
    await database.migrate();
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: proxiedUrl,
      LISTING_CACHE_SECONDS: '0',
    });
    app = await buildApp({ config, database, authSecret: randomBytes(32).toString('hex'), logger: false });
    seller = await signUp(app, 'seller');
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await proxied?.drop();
  });

  it('answers 503 with Retry-After within the lock timeout while another transaction holds the row', async () => {
    const product = await insertProduct(app.database.db, seller.id, {
      advertised: false,
      advertisedAt: null,
    });
    const holder = new pg.Client({ connectionString: proxied.directUrl });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select id from products where id = $1 for update', [product.id]);
      const started = Date.now();
      const res = await seller.client.post(`/api/products/${product.id}/advertise`);
      const took = Date.now() - started;
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json().error.code).toBe('UNAVAILABLE');
      expect(res.headers['retry-after']).toBe('5');
      expect(took).toBeLessThan(1500);
    } finally {
      await holder.query('rollback');
      await holder.end();
    }
    // Nothing was half-written, and the same request works once the lock is gone.
    expect((await seller.client.post(`/api/products/${product.id}/advertise`)).statusCode).toBe(200);
  });

  it('answers every request within the bound when the database goes silent, readiness included', async () => {
    const client = new TestClient(app);
    expect((await client.get('/api/ready')).statusCode).toBe(200);
    proxy.blackhole();
    try {
      const started = Date.now();
      const answers = await Promise.all([
        ...Array.from({ length: 11 }, (_, i) => seller.client.get(`/api/products?page=${i + 2}`)),
        client.get('/api/ready'),
      ]);
      const took = Date.now() - started;
      for (const res of answers) {
        expect(res.statusCode, res.body).toBe(503);
        expect(res.json().error.code).toBe('UNAVAILABLE');
      }
      // Statement bound (1 s) plus the driver's margin (1 s) plus a connection attempt (2 s) at most.
      expect(took).toBeLessThan(5000);
      const ready = Date.now();
      expect((await client.get('/api/ready')).statusCode).toBe(503);
      expect(Date.now() - ready).toBeLessThan(2000);
    } finally {
      proxy.resume();
    }
    const deadline = Date.now() + 10_000;
    let status = 0;
    while (Date.now() < deadline && status !== 200) {
      status = (await seller.client.get('/api/products?page=2')).statusCode;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(status).toBe(200);
  }, 30_000);

  it('waits at start-up for a database that comes up later', async () => {
    proxy.stop();
    const late = createDatabase({ url: proxiedUrl, poolSize: 1 });
    try {
      setTimeout(() => proxy.resume(), 1200);
      const started = Date.now();
      await waitForDatabase(late, 10, () => {});
      expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    } finally {
      proxy.resume();
      await late.close();
    }
  });
});
