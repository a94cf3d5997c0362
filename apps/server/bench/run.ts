/**
 * `npm run bench`: loads a generated dataset (BENCH_PRODUCTS, default 100,000) into PostgreSQL
 * (BENCH_DATABASE_URL) or PGlite, then in one run measures the built server with autocannon and, beside
 * each endpoint, its ceiling: the same service call (same SQL, same driver) with no HTTP and nothing
 * answered from memory, and a bare Node HTTP server answering fixed JSON. The server is measured twice:
 * as configured by default (listings answered from memory for a few seconds, listing-cache.ts) and with
 * every read going to the database (LISTING_CACHE_SECONDS=0). Prints a table and writes
 * .bench/results.json.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { categoryProductsQuery, productSearchQuery, pageQuery } from '@furniture-mart/shared';
import { createDatabase } from '../src/db/client.js';
import { loadConfig } from '../src/config.js';
import { buildApp } from '../src/app.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { loadDataset, productCount, vacuum } from './dataset.js';
import { measureHttp, measureInProcess, type Measurement } from './measure.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const products = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const warmUpSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const databaseUrl = process.env.BENCH_DATABASE_URL;
const benchDir = path.join(root, '.bench');
const dataDir = path.join(benchDir, `data-${products}`);
const port = 3300 + Math.floor(Math.random() * 500);
const base = `http://127.0.0.1:${port}`;
const secret = randomBytes(32).toString('hex');

interface Row {
  name: string;
  path: string;
  /** Listings answered from memory, as the server runs by default. */
  http: Measurement;
  /** Every read from the database. */
  httpUncached: Measurement;
  ceiling: Measurement;
}

async function main() {
  mkdirSync(benchDir, { recursive: true });
  const engine = databaseUrl ? 'postgres' : 'pglite';
  console.log(`Benchmark: ${products} products on ${engine}, ${connections} connections, ${seconds}s per measurement`);

  // 1. Dataset and in-process ceilings, with the server not yet running (PGlite allows one process).
  // The ceiling is the SQL itself: nothing answered from memory.
  const config = loadConfig({ NODE_ENV: 'production', BETTER_AUTH_SECRET: secret, DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl ?? '', RATE_LIMIT_AUTH_PER_MINUTE: '100000', PUBLIC_URL: base, LISTING_CACHE_SECONDS: '0' });
  const database = createDatabase({ url: databaseUrl, dataDir: path.join(dataDir, 'db'), poolSize: 20 });
  await database.migrate();
  const existing = await productCount(database.db);
  if (existing < products) {
    const started = Date.now();
    console.log(`Loading ${products - existing} products...`);
    await loadDataset(database.db, products - existing);
    console.log(`Loaded in ${((Date.now() - started) / 1000).toFixed(1)}s`);
  }
  await vacuum(database.db);
  const app = await buildApp({ config, database, authSecret: secret, logger: false });
  await app.ready();
  const [category] = await app.services.categories.list();
  const cookie = await signUpCookie(app);

  const endpoints = [
    { name: 'category page 1', path: `/api/categories/${category!.id}`, call: () => app.services.catalogue.categoryWithProducts(category!.id, categoryProductsQuery.parse({})) },
    { name: 'category page 50', path: `/api/categories/${category!.id}?page=50`, call: () => app.services.catalogue.categoryWithProducts(category!.id, categoryProductsQuery.parse({ page: '50' })) },
    { name: 'filtered', path: `/api/categories/${category!.id}?minPrice=100&maxPrice=900&condition=good&sort=price_asc`, call: () => app.services.catalogue.categoryWithProducts(category!.id, categoryProductsQuery.parse({ minPrice: '100', maxPrice: '900', condition: 'good', sort: 'price_asc' })) },
    { name: 'text search', path: `/api/products?q=walnut%20desk`, call: () => app.services.catalogue.search(productSearchQuery.parse({ q: 'walnut desk' })) },
    { name: 'advertised', path: `/api/products/advertised`, call: () => app.services.catalogue.advertised(pageQuery.parse({})) },
    // What GET /api/me does for a session in use: read it, and renew it through Better Auth when due.
    { name: 'me', path: `/api/me`, call: () => app.viewers.readAndRenew({ headers: { cookie } } as FastifyRequest, {} as FastifyReply) },
  ];

  const ceilings = new Map<string, Measurement>();
  for (const endpoint of endpoints) {
    await endpoint.call(); // warm up
    ceilings.set(endpoint.name, await measureInProcess(endpoint.call, { connections, seconds }));
    console.log(`  ceiling ${endpoint.name}: ${ceilings.get(endpoint.name)!.requestsPerSecond} calls/s`);
  }
  // Let background work of the last calls (session refresh) finish before the pool closes.
  await new Promise((resolve) => setTimeout(resolve, 500));
  await app.close();
  await database.close();

  // 2. The built server over HTTP, same database and the same session: as configured by default, then
  // with every read going to the database.
  const measured = new Map<string, Measurement>();
  const uncached = new Map<string, Measurement>();
  for (const [label, results, env] of [
    ['http', measured, {}],
    ['http, every read from the database', uncached, { LISTING_CACHE_SECONDS: '0' }],
  ] as const) {
    const server = startServer(env);
    try {
      await waitForHealth();
      for (const endpoint of endpoints) {
        // Warm up: the first requests of a fresh process also compile its code.
        await measureHttp(base + endpoint.path, { connections, seconds: warmUpSeconds, headers: { cookie } });
        const result = await measureHttp(base + endpoint.path, { connections, seconds, headers: { cookie } });
        results.set(endpoint.name, result);
        console.log(`  ${label} ${endpoint.name}: ${result.requestsPerSecond} req/s, p99 ${result.p99Ms} ms`);
      }
    } finally {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
  }
  const rows: Row[] = endpoints.map((endpoint) => ({
    name: endpoint.name,
    path: endpoint.path,
    http: measured.get(endpoint.name)!,
    httpUncached: uncached.get(endpoint.name)!,
    ceiling: ceilings.get(endpoint.name)!,
  }));

  // 3. A bare Node HTTP server: what this machine can do over HTTP at all.
  const bare = await measureBareNode();
  report(engine, rows, bare);
}

async function signUpCookie(app: Awaited<ReturnType<typeof buildApp>>): Promise<string> {
  const email = `bench-buyer-${Date.now()}@bench.test`;
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: base },
    payload: { name: 'Bench Buyer', email, password: 'bench-password-1', role: 'buyer' },
  });
  const cookie = response.cookies.find((c) => c.name.includes('session_token'));
  if (!cookie) throw new Error(`could not sign up the bench buyer: ${response.body}`);
  return `${cookie.name}=${cookie.value}`;
}

function startServer(extraEnv: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
    env: {
      ...process.env,
      ...extraEnv,
      NODE_ENV: 'production',
      BETTER_AUTH_SECRET: secret,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      DATABASE_POOL_SIZE: '20',
      LOG_LEVEL: 'silent',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function waitForHealth(): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const ok = await fetch(`${base}/api/health`).then((r) => r.ok).catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not start');
}

async function measureBareNode(): Promise<Measurement> {
  const body = JSON.stringify({ items: [], page: 1, pageSize: 24, total: 0 });
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port: barePort } = server.address() as { port: number };
  const result = await measureHttp(`http://127.0.0.1:${barePort}/`, { connections, seconds });
  server.close();
  return result;
}

function report(engine: string, rows: Row[], bare: Measurement) {
  const ratio = (a: number, b: number, places = 100) => Math.round((a / b) * places) / places;
  const table = rows.map((row) => ({
    endpoint: row.name,
    'req/s': row.http.requestsPerSecond,
    'p50 ms': row.http.p50Ms,
    'p99 ms': row.http.p99Ms,
    errors: row.http.errors + row.httpUncached.errors,
    'ceiling calls/s': row.ceiling.requestsPerSecond,
    'ratio to ceiling': ratio(row.http.requestsPerSecond, row.ceiling.requestsPerSecond),
    'ratio to bare node': ratio(row.http.requestsPerSecond, bare.requestsPerSecond, 1000),
    'db only req/s': row.httpUncached.requestsPerSecond,
    'db only p99 ms': row.httpUncached.p99Ms,
    'db only ratio': ratio(row.httpUncached.requestsPerSecond, row.ceiling.requestsPerSecond),
  }));
  console.table(table);
  console.log('db only: the same server with LISTING_CACHE_SECONDS=0, every listing read from the database');
  console.log(`bare Node HTTP: ${bare.requestsPerSecond} req/s, p50 ${bare.p50Ms} ms, p99 ${bare.p99Ms} ms`);
  const out = path.join(benchDir, 'results.json');
  writeFileSync(
    out,
    JSON.stringify({ date: new Date().toISOString(), engine, products, connections, seconds, rows, bareNode: bare }, null, 2),
  );
  console.log(`written to ${path.relative(root, out)}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
