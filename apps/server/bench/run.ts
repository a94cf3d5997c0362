/**
 * `npm run bench`: loads a generated dataset (BENCH_PRODUCTS, default 100,000) into PostgreSQL
 * (BENCH_DATABASE_URL) or PGlite, then in one run measures the built server with wrk, against what the
 * machine does in the same run (so a busy machine still gives meaningful ratios):
 * - bare Node: a Node HTTP server answering fixed JSON, what this machine can do over HTTP at all;
 * - the JSON API, each endpoint beside its ceiling (the same service call with no HTTP);
 * - the pages people load, rendered on the server;
 * - a cache-hostile mix where every request is a distinct combination of category, filters, search,
 *   sort and page, beside its own ceiling (the same listing calls in process) and the statements each
 *   listing request sends.
 * Each load reports requests/s with 50 connections, the CPU time per request of the server process and
 * (on PostgreSQL) of its database backends, and the latency of one request at a time. The server runs
 * at the default log level and is measured twice: as configured (listings answered from memory for a
 * few seconds) and with every read going to the database (LISTING_CACHE_SECONDS=0). Then /api/health
 * on a server that logs nothing, for what logging costs; live events (bench/live-events.ts); and, with
 * BENCH_LARGE_PRODUCTS set (1000000), the mix and text search on a second server holding that many
 * products, measured alternately with the first. Prints a table and the targets of decision 0060, and
 * writes .bench/results-<products>.json.
 * BENCH_ONLY=name,name measures only the loads whose names start so (a quicker look at one of them;
 * its results go to results-<products>-only.json).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, openSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { categoryProductsQueryIn, productSearchQueryIn, pageQuery } from '@furniture-mart/shared';
import { createDatabase } from '../src/platform/db/client.js';
import { loadConfig } from '../src/config.js';
import { buildApp } from '../src/app.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { loadDataset, measureDataset, productCount, vacuum } from './dataset.js';
import { cpuMs, measureHttp, measureInProcess, type HttpLoad, type Measurement } from './measure.js';
import { measureLiveEvents, prepareConversation, type LiveEventFigures } from './live-events.js';
import { cacheHostilePaths, countListed, type ListedCount } from './mix.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const products = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
/** Pages must be fast this soon after a server starts (the render path is warmed at start). */
const warmUpSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
/** How long one request at a time is measured, for its latency. */
const oneAtATimeSeconds = 3;
const largeProducts = Number(process.env.BENCH_LARGE_PRODUCTS ?? 0);
/**
 * The mix reaches every part of the table and its indexes. Each database connection of a fresh server
 * maps a shared buffer into its own memory the first time it touches it (a page fault), so a new
 * process's first seconds of the mix measure that more than its queries: at 1,000,000 products its
 * connections took about 12 s of the mix to settle (decision 0030).
 */
const mixWarmUpSeconds = Number(process.env.BENCH_MIX_WARMUP_SECONDS ?? 15);
const databaseUrl = process.env.BENCH_DATABASE_URL;
const only = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean);
const selected = (name: string) => only.length === 0 || only.some((prefix) => name.startsWith(prefix));
const benchDir = path.join(root, '.bench');
const dataDirOf = (count: number) => path.join(benchDir, `data-${count}`);
const dataDir = dataDirOf(products);
const port = 3300 + Math.floor(Math.random() * 500);
const base = `http://127.0.0.1:${port}`;
const secret = randomBytes(32).toString('hex');

/** A load measured over HTTP, with what it cost the machine. */
interface Figures extends Omit<Measurement, 'cpuMsPerRequest'> {
  /** CPU time of the server process per request (ms). */
  cpuMsPerRequest: number;
  /** CPU time of the server's PostgreSQL backends per request (ms); PGlite runs inside the server. */
  dbCpuMsPerRequest?: number;
  /** Latency of one request at a time (one connection), p50. */
  oneAtATimeP50Ms: number;
}

interface Row {
  name: string;
  path: string;
  /** Listings answered from memory, as the server runs by default. */
  http: Figures;
  /** Every read from the database. */
  httpUncached: Figures;
  /** JSON endpoints and the mix: the service calls without HTTP. */
  ceiling?: Measurement;
}

interface Load {
  name: string;
  path: string;
  /** Sent with the signed-in buyer's session. */
  signedIn: boolean;
  /** Rendered pages: what the answer must contain to count as rendered with its data. */
  rendered?: RegExp;
  /** Asked in this language (the fm_locale cookie); English otherwise. */
  locale?: 'bn';
  nextPath?: () => string;
}

/** As Chromium asks (less zstd, which Node 20's zlib lacks, so both runtimes answer alike). */
const ACCEPT_ENCODING = 'gzip, deflate, br';

/** Product titles end in "#<number>" (dataset.ts): a page showing one was rendered with its data. */
const showsProducts = /#\d+/;

/** The same, rendered in Bangla. */
const showsProductsInBangla = /<html lang="bn-BD"[\s\S]*#\d+/;

async function main() {
  mkdirSync(benchDir, { recursive: true });
  const engine = databaseUrl ? 'postgres' : 'pglite';
  console.log(
    `Benchmark: ${products} products on ${engine}, ${connections} connections, ${seconds}s per measurement`,
  );

  // 1. Dataset and in-process ceilings, with the server not yet running (PGlite allows one process).
  // The ceiling is the SQL itself: nothing answered from memory.
  const config = loadConfig({
    NODE_ENV: 'production',
    BETTER_AUTH_SECRET: secret,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl ?? '',
    RATE_LIMIT_AUTH_PER_MINUTE: '100000',
    PUBLIC_URL: base,
    LISTING_CACHE_SECONDS: '0',
    // The bench's own calls are never shed, however busy the machine.
    PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
  });
  const database = createDatabase({ url: databaseUrl, dataDir: path.join(dataDir, 'db'), poolSize: 20 });
  await database.migrate();
  const existing = await productCount(database.db);
  if (existing < products) {
    const started = Date.now();
    console.log(`Loading ${products - existing} products...`);
    await loadDataset(database.db, products - existing);
    console.log(`Loaded in ${((Date.now() - started) / 1000).toFixed(1)}s`);
  }
  await measureDataset(database.db);
  await vacuum(database.db);
  const app = await buildApp({ config, database, authSecret: secret, logger: false });
  const categoryProductsQuery = categoryProductsQueryIn(config.CURRENCY);
  const productSearchQuery = productSearchQueryIn(config.CURRENCY);
  await app.ready();
  const [category] = await app.services.categories.list();
  const cookie = await signUpCookie(app);
  const viewer = (await app.viewers.read({ headers: { cookie } } as FastifyRequest))!;
  // The bench buyer's home, for the "fits my home" listing: a front door, a stairway and a lift.
  await app.services.homes.save(viewer.id, [
    { kind: 'door', name: 'Front door', widthMm: 800, heightMm: 2000, depthMm: null },
    { kind: 'stairs', name: 'Stairs', widthMm: 900, heightMm: 1900, depthMm: null },
    { kind: 'lift', name: 'Lift', widthMm: 1000, heightMm: 2100, depthMm: 1400 },
  ]);
  // A product of the first page of the first category: one people open from a listing.
  const product = (
    await app.services.catalogue.categoryWithProducts(category!.id, categoryProductsQuery.parse({}))
  ).products.items[0]!;

  const endpoints = [
    // What every request pays: no database, no session.
    { name: 'health', path: '/api/health', call: async () => ({ status: 'ok' }) },
    {
      name: 'category page 1 (JSON)',
      path: `/api/categories/${category!.id}`,
      call: () => app.services.catalogue.categoryWithProducts(category!.id, categoryProductsQuery.parse({})),
    },
    // The same first page, only the pieces that pass every opening of the buyer's home (issue target:
    // p99 within 1.5x of the page without the filter).
    {
      name: 'category page 1, fits my home',
      path: `/api/categories/${category!.id}?fits=1`,
      call: () =>
        app.services.catalogue.categoryWithProducts(
          category!.id,
          categoryProductsQuery.parse({ fits: '1' }),
          viewer,
        ),
    },
    {
      name: 'category page 50',
      path: `/api/categories/${category!.id}?page=50`,
      call: () =>
        app.services.catalogue.categoryWithProducts(
          category!.id,
          categoryProductsQuery.parse({ page: '50' }),
        ),
    },
    {
      name: 'filtered',
      path: `/api/categories/${category!.id}?minPrice=100&maxPrice=900&condition=good&sort=price_asc`,
      call: () =>
        app.services.catalogue.categoryWithProducts(
          category!.id,
          categoryProductsQuery.parse({
            minPrice: '100',
            maxPrice: '900',
            condition: 'excellent',
            sort: 'price_asc',
          }),
        ),
    },
    {
      name: 'text search',
      path: `/api/products?q=walnut%20desk`,
      call: () => app.services.catalogue.search(productSearchQuery.parse({ q: 'walnut desk' })),
    },
    {
      name: 'advertised',
      path: `/api/products/advertised`,
      call: () => app.services.catalogue.advertised(pageQuery.parse({})),
    },
    // What GET /api/me does for a session in use: read it, and renew it through Better Auth when due.
    {
      name: 'me',
      path: `/api/me`,
      call: () => app.viewers.readAndRenew({ headers: { cookie } } as FastifyRequest, {} as FastifyReply),
    },
    {
      name: 'product (JSON)',
      path: `/api/products/${product.id}`,
      call: () => app.services.productPages.get(viewer, product.id),
    },
  ];

  const categories = await app.services.categories.list();
  // One pass over the table (about a second at 1,000,000 products), only when the mix is measured.
  const listed = selected('cache-hostile mix') ? await countListed(database.db) : () => 1;
  const loads: Load[] = [
    ...endpoints.map((endpoint) => ({
      name: endpoint.name,
      path: endpoint.path,
      signedIn: endpoint.name !== 'advertised' && endpoint.name !== 'health',
    })),
    {
      name: 'category page rendered',
      path: `/categories/${category!.slug}`,
      signedIn: true,
      rendered: showsProducts,
    },
    { name: 'home, visitor', path: '/', signedIn: false, rendered: showsProducts },
    // The same page in Bangla, measured beside the English one: a page of its own in the page cache.
    {
      name: 'home, visitor, Bangla',
      path: '/',
      signedIn: false,
      rendered: showsProductsInBangla,
      locale: 'bn',
    },
    { name: 'home, signed in', path: '/', signedIn: true, rendered: showsProducts },
    {
      name: 'product page rendered',
      path: `/products/${product.id}`,
      signedIn: true,
      rendered: showsProducts,
    },
    {
      name: 'cache-hostile mix',
      path: '(distinct filters, searches, sorts, deep pages)',
      signedIn: true,
      nextPath: cacheHostilePaths(
        categories.map((c) => c.id),
        listed,
      ),
    },
  ];

  const conversation = selected('live events') ? await prepareConversation(app, database.db, base) : null;

  countStatements();
  const ceilings = new Map<string, Measurement>();
  for (const endpoint of endpoints.filter(({ name }) => selected(name))) {
    await endpoint.call(); // warm up
    ceilings.set(endpoint.name, await measureInProcess(endpoint.call, { connections, seconds }));
    console.log(`  ceiling ${endpoint.name}: ${ceilings.get(endpoint.name)!.requestsPerSecond} calls/s`);
  }
  // The mix's ceiling: the same listing calls, in process, with the statements each one sends.
  let statementsPerListing: number | null = null;
  if (selected('cache-hostile mix')) {
    const nextPath = cacheHostilePaths(
      categories.map((c) => c.id),
      listed,
    );
    const listing = () => {
      const url = new URL(nextPath(), base);
      const query = Object.fromEntries(url.searchParams);
      const categoryId = /^\/api\/categories\/([^/]+)$/.exec(url.pathname)?.[1];
      return categoryId
        ? app.services.catalogue.categoryWithProducts(categoryId, categoryProductsQuery.parse(query))
        : app.services.catalogue.search(productSearchQuery.parse(query));
    };
    await measureInProcess(listing, { connections, seconds: warmUpSeconds });
    const before = statements;
    const ceiling = await measureInProcess(listing, { connections, seconds });
    statementsPerListing = Math.round(((statements - before) / ceiling.requests) * 100) / 100;
    ceilings.set('cache-hostile mix', ceiling);
    console.log(
      `  ceiling cache-hostile mix: ${ceiling.requestsPerSecond} calls/s, CPU ${ceiling.cpuMsPerRequest} ms a call, ${statementsPerListing} statements a listing`,
    );
  }
  // Let background work of the last calls (session refresh) finish before the pool closes.
  await new Promise((resolve) => setTimeout(resolve, 500));
  await app.close();
  await database.close();

  // 2. The built server over HTTP, same database and the same session: as configured by default, then
  // with every read going to the database. Bare Node is measured beside it, while it waits.
  let bare: Figures | null = null;
  const measured = new Map<string, Figures>();
  const uncached = new Map<string, Figures>();
  const notRendered = new Set<string>();
  const headersOf = (load: Load): Record<string, string> => {
    // What a browser sends: pages and answers go out compressed, as people get them.
    const cookies = [
      ...(load.signedIn ? [cookie] : []),
      ...(load.locale ? [`fm_locale=${load.locale}`] : []),
    ];
    return {
      'accept-encoding': ACCEPT_ENCODING,
      ...(cookies.length > 0 ? { cookie: cookies.join('; ') } : {}),
    };
  };
  const backends = databaseUrl ? await databaseBackends(databaseUrl) : null;
  for (const [label, results, env] of [
    ['http', measured, {}],
    ['http, every read from the database', uncached, { LISTING_CACHE_SECONDS: '0' }],
  ] as const) {
    const server = startServer(env);
    try {
      await waitForHealth();
      bare ??= await measureBareNode();
      for (const load of loads.filter(({ name }) => selected(name))) {
        const headers = headersOf(load);
        if (load.rendered) {
          // A page the server could not render is sent as the empty app page: far cheaper, and no answer.
          const body = await fetch(base + load.path, { headers }).then((r) => r.text());
          if (!load.rendered.test(body)) {
            notRendered.add(load.name);
            console.warn(`  ${load.name}: the answer is not rendered with its data (is the web app built?)`);
          }
        }
        // A mix names its paths itself; its `path` only describes it.
        const url = load.nextPath ? `${base}/` : base + load.path;
        const options = {
          connections,
          headers,
          pid: server.pid,
          ...(load.nextPath ? { nextPath: load.nextPath } : {}),
        };
        // Warm up: the first requests of a fresh process also compile its code.
        await measureHttp(url, { ...options, seconds: load.nextPath ? mixWarmUpSeconds : warmUpSeconds });
        const result = await measureLoad(url, { ...options, seconds }, server.pid!, backends);
        results.set(load.name, result);
        console.log(`  ${label} ${load.name}: ${describe(result)}`);
      }
    } finally {
      await stopServer(server);
    }
  }
  bare ??= await measureBareNode();
  console.log(`  bare Node: ${describe(bare)}`);
  const rows: Row[] = loads
    .filter(({ name }) => selected(name))
    .map((load) => ({
      name: notRendered.has(load.name) ? `${load.name} (NOT RENDERED)` : load.name,
      path: load.path,
      http: measured.get(load.name)!,
      httpUncached: uncached.get(load.name)!,
      ...(ceilings.has(load.name) ? { ceiling: ceilings.get(load.name)! } : {}),
    }));

  // What logging costs: /api/health on a server that logs every request (the default, `info`) and
  // on one that logs nothing, one after the other.
  let logging: { info: Figures; silent: Figures } | null = null;
  if (selected('health')) {
    const figures: Figures[] = [];
    for (const level of ['info', 'silent']) {
      const server = startServer({ LOG_LEVEL: level });
      try {
        await waitForHealth();
        const load = { connections, seconds, pid: server.pid! };
        await measureHttp(`${base}/api/health`, { ...load, seconds: warmUpSeconds });
        figures.push(await measureLoad(`${base}/api/health`, load, server.pid!, null));
        console.log(`  health, LOG_LEVEL=${level}: ${describe(figures.at(-1)!)}`);
      } finally {
        await stopServer(server);
      }
    }
    logging = { info: figures[0]!, silent: figures[1]! };
  }

  // At BENCH_LARGE_PRODUCTS: the mix and a text search on this dataset and on the larger one, two
  // servers running side by side and measured alternately, so both see the same machine.
  let large: LargeFigures | null = null;
  if (largeProducts > products) {
    large = await measureLarger(cookie, listed, (counts) =>
      cacheHostilePaths(
        categories.map((c) => c.id),
        counts,
      ),
    );
  }
  await backends?.close();

  // 3. Live events: one instance holding many streams, then messages between two instances (one on
  // PGlite) while the listing load runs.
  let live: LiveEventFigures | null = null;
  if (conversation) {
    const env = {
      EVENT_STREAMS_PER_PERSON: '5000',
      MESSAGES_PER_MINUTE: '100000',
      NEW_ACCOUNT_MESSAGES_PER_MINUTE: '100000',
      // Measured as they are, not shed: on PGlite the listing load holds the event loop (its queries
      // run in the process), past the default limit on a busy machine.
      PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
    };
    const receiver = startServer(env);
    const sender = databaseUrl ? startServer(env, port + 1) : receiver;
    try {
      await waitForHealth();
      if (sender !== receiver) await waitForHealth(`http://127.0.0.1:${port + 1}`);
      live = await measureLiveEvents({
        sender: sender === receiver ? base : `http://127.0.0.1:${port + 1}`,
        receiver: base,
        receiverPid: receiver.pid!,
        conversation,
        streams: 1000,
        messages: 100,
        listingLoad: {
          nextPath: cacheHostilePaths(
            categories.map((c) => c.id),
            listed,
          ),
          cookie,
          connections: 10,
          seconds: 12,
        },
      });
      console.log(
        `  live events: ${live.rssKbPerStream} KB per open stream, one message to ${live.streams} streams in ${live.fanOutMs} ms; ` +
          `${live.messages} messages ${live.instances === 2 ? 'between two instances' : 'on one instance'}: ` +
          `p50 ${live.deliveryP50Ms} ms, p99 ${live.deliveryP99Ms} ms (listing load ${live.listingRequestsPerSecond} req/s)`,
      );
    } finally {
      for (const child of new Set([receiver, sender])) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
    }
  }

  report(engine, rows, bare, live, statementsPerListing, logging, large);
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

function startServer(extraEnv: Record<string, string>, atPort = port): ChildProcess {
  // Its log lines go to a file, as a production server's go to a collector: written, not thrown away.
  const log = openSync(path.join(benchDir, `server-${atPort}.log`), 'w');
  return spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      BETTER_AUTH_SECRET: secret,
      PORT: String(atPort),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      LOG_LEVEL: 'info',
      // Metrics as in production, on a port of the system's choosing.
      METRICS_PORT: '0',
      // Measured as they are, not shed: on PGlite the queries run in the server's own thread, past the
      // default event-loop limit on a busy machine, and a refusal costs far less than an answer.
      PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
      ...extraEnv,
    },
    stdio: ['ignore', log, 'inherit'],
  });
}

async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
}

/** Waits up to 90 s: a busy machine of two cores can take that long to start a server. */
async function waitForHealth(at = base): Promise<void> {
  for (let i = 0; i < 900; i++) {
    const ok = await fetch(`${at}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not start within 90 s');
}

/** Statements this process has sent to the database: every query call of either driver, counted. */
let statements = 0;
function countStatements(): void {
  for (const proto of [pg.Client.prototype, PGlite.prototype] as unknown as {
    query: (...args: unknown[]) => unknown;
  }[]) {
    const query = proto.query;
    proto.query = function (this: unknown, ...args: unknown[]) {
      statements += 1;
      return query.apply(this, args);
    };
  }
}

/**
 * The CPU time of the PostgreSQL backends serving this database (the server's pool), from /proc: the
 * server must run on this machine. A backend started during a measurement counts all it used.
 */
async function databaseBackends(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    async cpuMs(): Promise<number> {
      const { rows } = await client.query<{ pid: number }>(
        `select pid from pg_stat_activity
         where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()`,
      );
      return rows.reduce((sum, row) => sum + cpuMs(row.pid), 0);
    },
    close: () => client.end(),
  };
}

const perRequest = (ms: number, requests: number) => Math.round((ms / Math.max(1, requests)) * 1000) / 1000;

/** One measurement with its CPU per request, then one request at a time for its latency. */
async function measureLoad(
  url: string,
  load: HttpLoad,
  pid: number,
  backends: Awaited<ReturnType<typeof databaseBackends>> | null,
): Promise<Figures> {
  const cpuBefore = cpuMs(pid);
  const dbBefore = await backends?.cpuMs();
  const result = await measureHttp(url, load);
  const cpu = cpuMs(pid) - cpuBefore;
  const db = backends && dbBefore !== undefined ? (await backends.cpuMs()) - dbBefore : undefined;
  const one = await measureHttp(url, { ...load, connections: 1, seconds: oneAtATimeSeconds });
  return {
    ...result,
    cpuMsPerRequest: perRequest(cpu, result.requests),
    ...(db !== undefined ? { dbCpuMsPerRequest: perRequest(db, result.requests) } : {}),
    oneAtATimeP50Ms: one.p50Ms,
  };
}

function describe(m: Figures): string {
  const db = m.dbCpuMsPerRequest !== undefined ? ` + ${m.dbCpuMsPerRequest} ms in PostgreSQL` : '';
  return (
    `${m.errors > 0 ? `${m.errors} ERRORS, ` : ''}${m.requestsPerSecond} req/s, p99 ${m.p99Ms} ms, CPU ${m.cpuMsPerRequest} ms a request${db}, ` +
    `one at a time p50 ${m.oneAtATimeP50Ms} ms${m.rssMb ? `, rss ${m.rssMb} MB` : ''}`
  );
}

/** A bare Node HTTP server in this process: what this machine can do over HTTP at all. */
async function measureBareNode(): Promise<Figures> {
  const body = JSON.stringify({ items: [], page: 1, pageSize: 24, total: 0 });
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
  await measureHttp(url, { connections, seconds: warmUpSeconds });
  const before = process.cpuUsage();
  const result = await measureHttp(url, { connections, seconds });
  const used = process.cpuUsage(before);
  const one = await measureHttp(url, { connections: 1, seconds: oneAtATimeSeconds });
  server.close();
  return {
    ...result,
    cpuMsPerRequest: perRequest((used.user + used.system) / 1000, result.requests),
    oneAtATimeP50Ms: one.p50Ms,
  };
}

interface LargeFigures {
  products: number;
  /** Per load: the mean of the alternate measurements on each dataset. */
  loads: { name: string; small: Measurement; large: Measurement }[];
}

/**
 * The mix and a text search on this dataset and on one of BENCH_LARGE_PRODUCTS (PGlite: its own data
 * directory; PostgreSQL: BENCH_LARGE_DATABASE_URL), both servers running, measured in turn twice.
 */
async function measureLarger(
  smallCookie: string,
  smallListed: ListedCount,
  pathsFor: (listed: ListedCount) => () => string,
): Promise<LargeFigures> {
  const largeUrl = process.env.BENCH_LARGE_DATABASE_URL;
  if (databaseUrl && !largeUrl)
    throw new Error('BENCH_LARGE_PRODUCTS on PostgreSQL needs BENCH_LARGE_DATABASE_URL');
  const largeDir = dataDirOf(largeProducts);
  const database = createDatabase({ url: largeUrl, dataDir: path.join(largeDir, 'db'), poolSize: 4 });
  await database.migrate();
  const existing = await productCount(database.db);
  if (existing < largeProducts) {
    const started = Date.now();
    console.log(`Loading ${largeProducts - existing} products into the larger dataset...`);
    await loadDataset(database.db, largeProducts - existing);
    await vacuum(database.db);
    console.log(`Loaded in ${((Date.now() - started) / 1000).toFixed(1)}s`);
  }
  const config = loadConfig({
    NODE_ENV: 'production',
    BETTER_AUTH_SECRET: secret,
    DATA_DIR: largeDir,
    LOG_LEVEL: 'silent',
    DATABASE_URL: largeUrl ?? '',
    PUBLIC_URL: base,
    PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
  });
  const app = await buildApp({ config, database, authSecret: secret, logger: false });
  await app.ready();
  const largeCookie = await signUpCookie(app);
  const largeListed = await countListed(database.db);
  await new Promise((resolve) => setTimeout(resolve, 500));
  await app.close();
  await database.close();

  const uncachedEnv = { LISTING_CACHE_SECONDS: '0' };
  const largePort = port + 2;
  const small = startServer(uncachedEnv);
  const large = startServer({ ...uncachedEnv, DATA_DIR: largeDir, DATABASE_URL: largeUrl ?? '' }, largePort);
  const servers = [
    { at: base, cookie: smallCookie, paths: pathsFor(smallListed) },
    { at: `http://127.0.0.1:${largePort}`, cookie: largeCookie, paths: pathsFor(largeListed) },
  ];
  try {
    await waitForHealth(servers[0]!.at);
    await waitForHealth(servers[1]!.at);
    const loads = [
      { name: 'cache-hostile mix', path: '/', mix: true },
      { name: 'text search', path: '/api/products?q=walnut%20desk', mix: false },
    ];
    const results = loads.map(() => servers.map(() => [] as Measurement[]));
    // The first round warms both servers up; the next two are measured.
    for (const round of [0, 1, 2]) {
      for (const [l, load] of loads.entries()) {
        for (const [s, server] of servers.entries()) {
          const warmUp = load.mix ? mixWarmUpSeconds : warmUpSeconds;
          const options: HttpLoad = {
            connections,
            seconds: round === 0 ? warmUp : seconds,
            headers: { 'accept-encoding': ACCEPT_ENCODING, cookie: server.cookie },
            ...(load.mix ? { nextPath: server.paths } : {}),
          };
          const result = await measureHttp(server.at + load.path, options);
          if (round > 0) results[l]![s]!.push(result);
        }
      }
    }
    const mean = (list: Measurement[]): Measurement => ({
      requestsPerSecond: Math.round(list.reduce((sum, m) => sum + m.requestsPerSecond, 0) / list.length),
      requests: list.reduce((sum, m) => sum + m.requests, 0),
      p50Ms: Math.max(...list.map((m) => m.p50Ms)),
      p99Ms: Math.max(...list.map((m) => m.p99Ms)),
      errors: list.reduce((sum, m) => sum + m.errors, 0),
    });
    const figures = loads.map((load, l) => ({
      name: load.name,
      small: mean(results[l]![0]!),
      large: mean(results[l]![1]!),
    }));
    for (const figure of figures)
      console.log(
        `  ${figure.name} at ${products} / ${largeProducts} products: ${figure.small.requestsPerSecond} / ${figure.large.requestsPerSecond} req/s, p99 ${figure.small.p99Ms} / ${figure.large.p99Ms} ms`,
      );
    return { products: largeProducts, loads: figures };
  } finally {
    await stopServer(small);
    await stopServer(large);
  }
}

/** a / b, rounded to `places` (100: two decimals). */
const ratio = (a: number, b: number, places = 100) => Math.round((a / b) * places) / places;

function report(
  engine: string,
  rows: Row[],
  bare: Figures,
  live: LiveEventFigures | null,
  statementsPerListing: number | null,
  logging: { info: Figures; silent: Figures } | null,
  large: LargeFigures | null,
) {
  const columns = (m: Figures, prefix = '') => ({
    [`${prefix}req/s`]: m.requestsPerSecond,
    [`${prefix}p99 ms`]: m.p99Ms,
    [`${prefix}CPU ms/req`]: m.cpuMsPerRequest,
    ...(m.dbCpuMsPerRequest !== undefined ? { [`${prefix}db CPU ms/req`]: m.dbCpuMsPerRequest } : {}),
    [`${prefix}1 conn p50 ms`]: m.oneAtATimeP50Ms,
  });
  const table = rows.map((row) => ({
    endpoint: row.name,
    ...columns(row.http),
    'x bare': ratio(row.http.requestsPerSecond, bare.requestsPerSecond),
    'rss MB': row.http.rssMb,
    errors: row.http.errors + row.httpUncached.errors,
    'ceiling calls/s': row.ceiling?.requestsPerSecond ?? '',
    ...columns(row.httpUncached, 'db only '),
  }));
  console.table(table);
  console.log('db only: the same server with LISTING_CACHE_SECONDS=0, every listing read from the database');
  console.log(`bare Node HTTP: ${describe(bare)}`);

  const targets = checkTargets(rows, bare, statementsPerListing, logging, large);
  console.log('\nTargets (docs/decisions/0060-the-bench-measures-against-the-machine.md):');
  for (const target of targets)
    console.log(`  ${target.met ? 'met    ' : 'NOT MET'} ${target.name}: ${target.reached}`);

  const out = path.join(benchDir, `results-${products}${only.length > 0 ? '-only' : ''}.json`);
  writeFileSync(
    out,
    JSON.stringify(
      {
        date: new Date().toISOString(),
        engine,
        products,
        connections,
        seconds,
        rows,
        bareNode: bare,
        statementsPerListing,
        logging,
        large,
        liveEvents: live,
        targets,
      },
      null,
      2,
    ),
  );
  console.log(`written to ${path.relative(root, out)}`);
}

interface Target {
  name: string;
  reached: string;
  met: boolean;
}

/** The targets of decision 0060: each a ratio to what the machine did in the same run. */
function checkTargets(
  rows: Row[],
  bare: Figures,
  statementsPerListing: number | null,
  logging: { info: Figures; silent: Figures } | null,
  large: LargeFigures | null,
): Target[] {
  const find = (prefix: string) => rows.find((row) => row.name.startsWith(prefix));
  const targets: Target[] = [];
  const add = (name: string, met: boolean, reached: string) => targets.push({ name, met, reached });
  const rate = (m: Measurement, base: Measurement) => ratio(m.requestsPerSecond, base.requestsPerSecond);
  const versus = (m: Measurement, base: Measurement) =>
    `${rate(m, base)}x (${m.requestsPerSecond} / ${base.requestsPerSecond} req/s)`;

  const health = find('health')?.http;
  if (health) {
    const cpu = ratio(health.cpuMsPerRequest, bare.cpuMsPerRequest);
    add(
      '/api/health >= 0.7x bare Node, at most 2x its CPU a request',
      rate(health, bare) >= 0.7 && cpu <= 2,
      `${versus(health, bare)}, CPU ${cpu}x (${health.cpuMsPerRequest} / ${bare.cpuMsPerRequest} ms)`,
    );
  }
  const me = find('me')?.http;
  if (me && health) add('/api/me >= 0.8x /api/health', rate(me, health) >= 0.8, versus(me, health));
  for (const [page, json] of [
    ['category page rendered', 'category page 1 (JSON)'],
    ['product page rendered', 'product (JSON)'],
  ] as const) {
    const rendered = find(page);
    const answer = find(json)?.http;
    if (!rendered || !answer) continue;
    const shown = !rendered.name.includes('NOT RENDERED');
    add(
      `${page} (cache on) >= 0.8x its JSON after a ${warmUpSeconds} s warm-up`,
      shown && rate(rendered.http, answer) >= 0.8,
      `${versus(rendered.http, answer)}${shown ? '' : ', NOT RENDERED'}`,
    );
  }
  // "Fits my home" read from the database against the same page without it (decision 0076).
  const fits = find('category page 1, fits my home')?.httpUncached;
  const plain = find('category page 1 (JSON)')?.httpUncached;
  if (fits && plain) {
    const p99 = ratio(fits.p99Ms, plain.p99Ms);
    add(
      'category page 1 with fits=1 (uncached): p99 within 1.5x of the page without it',
      p99 <= 1.5,
      `p99 ${p99}x (${fits.p99Ms} / ${plain.p99Ms} ms), ${versus(fits, plain)}`,
    );
  }
  const mix = find('cache-hostile mix');
  if (mix?.ceiling) {
    const m = mix.httpUncached;
    const cpu = `CPU ${m.cpuMsPerRequest} ms a request${m.dbCpuMsPerRequest !== undefined ? ` + ${m.dbCpuMsPerRequest} in PostgreSQL` : ''}`;
    add(
      'uncached mix >= 0.8x its in-process ceiling, <= 2 statements a listing, p99 <= 150 ms',
      rate(m, mix.ceiling) >= 0.8 && (statementsPerListing ?? 99) <= 2 && m.p99Ms <= 150,
      `${versus(m, mix.ceiling)}, ${statementsPerListing} statements, p99 ${m.p99Ms} ms, ${cpu} (in process ${mix.ceiling.cpuMsPerRequest} ms a call)`,
    );
  }
  for (const load of large?.loads ?? []) {
    const p99 = ratio(load.large.p99Ms, load.small.p99Ms);
    add(
      `${load.name} at ${large!.products} products >= 0.6x ${products}, p99 within 1.5x`,
      rate(load.large, load.small) >= 0.6 && p99 <= 1.5,
      `${versus(load.large, load.small)}, p99 ${p99}x (${load.large.p99Ms} / ${load.small.p99Ms} ms)`,
    );
  }
  if (logging) {
    // CPU a request is steadier than requests/s on a shared machine; both are shown.
    const cost = Math.round((1 - logging.silent.cpuMsPerRequest / logging.info.cpuMsPerRequest) * 100);
    const slower = Math.round((1 - logging.info.requestsPerSecond / logging.silent.requestsPerSecond) * 100);
    add(
      'logging at info costs <= 10% of a request (/api/health)',
      cost <= 10,
      `${cost}% of its CPU (${logging.info.cpuMsPerRequest} / ${logging.silent.cpuMsPerRequest} ms), ${slower}% of its req/s`,
    );
  }
  return targets;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
