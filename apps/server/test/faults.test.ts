/**
 * The PostgreSQL server goes away while the app runs: readiness and data routes answer 503 quickly, the
 * process stays up, and requests succeed again once the server is back, without a restart.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createDatabase, type Database } from '../src/platform/db/client.js';
import { createProxiedDatabase, type ProxiedDatabase } from './helpers/proxied-database.js';
import type { TcpProxy } from './helpers/tcp-proxy.js';
import { TestClient } from './helpers/app.js';
import type { FastifyInstance } from 'fastify';

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('database outage (PostgreSQL)', () => {
  let proxied: ProxiedDatabase;
  let proxy: TcpProxy;
  let database: Database;
  let app: FastifyInstance;
  let client: TestClient;

  beforeAll(async () => {
    proxied = await createProxiedDatabase(serverUrl!, 'fm_fault');
    proxy = proxied.proxy;
    database = createDatabase({ url: proxied.url, poolSize: 5 });
    await database.migrate();
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: proxied.url });
    app = await buildApp({ config, database, authSecret: randomBytes(32).toString('hex'), logger: false });
    client = new TestClient(app);
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await proxied?.drop();
  });

  it('answers 503 within 2 s while the database is down, then recovers by itself', async () => {
    expect((await client.get('/api/categories')).statusCode).toBe(200);
    expect((await client.get('/api/products/advertised')).statusCode).toBe(200);

    proxy.stop();
    // Cut off, this instance can no longer hear other instances' listing changes
    // (the change feed), so it stops answering listings from memory: every one has to reach the
    // database, even one read just before.
    const cut = Date.now();
    while (app.changes.listening() && Date.now() - cut < 2000) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(app.changes.listening()).toBe(false);
    for (const path of ['/api/ready', '/api/products/advertised', '/api/products/advertised?page=2']) {
      const started = Date.now();
      const res = await client.get(path);
      expect(Date.now() - started).toBeLessThan(2500);
      expect(res.statusCode).toBe(503);
      expect(res.json().error.code).toBe('UNAVAILABLE');
    }
    // Signing in or up needs the database too: the same 503, never Better Auth's bare 500.
    for (const [path, body] of [
      ['/api/auth/sign-in/email', { email: 'someone@example.test', password: 'a-long-password' }],
      [
        '/api/auth/sign-up/email',
        { name: 'Someone', email: 'someone@example.test', password: 'a-long-password', role: 'buyer' },
      ],
      ['/api/auth/request-password-reset', { email: 'someone@example.test' }],
    ] as const) {
      const res = await client.post(path, body);
      expect(res.statusCode, path).toBe(503);
      expect(res.json().error.code).toBe('UNAVAILABLE');
      expect(res.headers['retry-after']).toBeDefined();
    }
    // Still alive: liveness does not depend on the database, and categories are answered from memory.
    expect((await client.get('/api/health')).statusCode).toBe(200);
    expect((await client.get('/api/categories')).statusCode).toBe(200);

    proxy.resume();
    const deadline = Date.now() + 10_000;
    let status = 0;
    while (Date.now() < deadline) {
      status = (await client.get('/api/products/advertised?page=2')).statusCode;
      if (status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(status).toBe(200);
    expect((await client.get('/api/ready')).statusCode).toBe(200);
  }, 30_000);
});
