/**
 * GET /metrics in Prometheus's text format (prom-client), never to the public: on a port of its own
 * (METRICS_HOST/METRICS_PORT, 127.0.0.1:9464 by default), and on the main port only to requests bearing
 * METRICS_TOKEN. Loaded only when one of them is configured.
 *
 * What it shows: requests by route and status with their latency, the process (event-loop lag, heap,
 * garbage collection: prom-client's default metrics), the database pool, the listing and page caches'
 * hits and misses, rate-limit refusals and load shed, each background job's runs and failures, its
 * backlog, oldest pending age, failed and stuck jobs, and the refunds needing attention. Figures read
 * from the database are read when scraped.
 */
import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { Unauthorized } from '../platform/errors.js';

export interface Metrics {
  readonly contentType: string;
  /** The text a scrape gets. */
  text(): Promise<string>;
  /** A background job ran (jobs.ts). */
  countJobRun(job: string, failed: boolean): void;
  /** A request refused by load shedding. */
  countShed(): void;
  /** Reads sent to a replica or to the primary (platform/db/replicas.ts). */
  countRead(target: 'replica' | 'primary'): void;
  /**
   * For the live-events module: the number of event streams open now, read at each scrape. Until a
   * module registers it, the gauge does not exist (no made-up zero).
   */
  registerOpenEventStreams(count: () => number): void;
}

/** Routes whose own requests are not counted. */
const UNCOUNTED = new Set(['/metrics']);

export function createMetrics(app: FastifyInstance): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by method, route (the pattern, or "unmatched") and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const rateLimited = new Counter({
    name: 'http_rate_limited_total',
    help: 'Requests refused by a rate limit (429), by route',
    labelNames: ['route'] as const,
    registers: [registry],
  });
  const shed = new Counter({
    name: 'http_load_shed_total',
    help: 'Requests refused because the process was under pressure (503)',
    registers: [registry],
  });
  const jobRuns = new Counter({
    name: 'job_runs_total',
    help: 'Runs of each background job',
    labelNames: ['job'] as const,
    registers: [registry],
  });
  const jobRunFailures = new Counter({
    name: 'job_run_failures_total',
    help: 'Runs of each background job that ended in an error',
    labelNames: ['job'] as const,
    registers: [registry],
  });
  const reads = new Counter({
    name: 'db_reads_total',
    help: 'Listing and page reads, by where they went (a replica or the primary)',
    labelNames: ['target'] as const,
    registers: [registry],
  });
  // Both exist from the start, so a rate over them is defined before the first job runs.
  for (const job of ['mail', 'refunds', 'handoff-auto-complete', 'photo-cleanup']) {
    jobRuns.inc({ job }, 0);
    jobRunFailures.inc({ job }, 0);
  }
  reads.inc({ target: 'primary' }, 0);
  reads.inc({ target: 'replica' }, 0);

  // Not awaited: every request runs it.
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (!UNCOUNTED.has(route)) {
      const labels = { method: request.method, route, status: String(reply.statusCode) };
      requests.inc(labels);
      latency.observe(labels, reply.elapsedTime / 1000);
      if (reply.statusCode === 429) rateLimited.inc({ route });
    }
    done();
  });

  const pool = app.database.poolStats?.bind(app.database);
  if (pool) {
    new Gauge({
      name: 'db_pool_connections',
      help: 'Connections of the database pool: in use, idle, and requests waiting for one',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const { total, idle, waiting } = pool();
        this.set({ state: 'in_use' }, total - idle);
        this.set({ state: 'idle' }, idle);
        this.set({ state: 'waiting' }, waiting);
      },
    });
  }

  new Counter({
    name: 'cache_requests_total',
    help: 'Reads of the listing cache and the rendered-page cache, answered from memory (hit) or not',
    labelNames: ['cache', 'outcome'] as const,
    registers: [registry],
    collect() {
      this.reset();
      const caches = { listings: app.services.listings.stats, pages: app.pageCache?.stats };
      for (const [cache, stats] of Object.entries(caches)) {
        if (!stats) continue;
        this.inc({ cache, outcome: 'hit' }, stats.hits);
        this.inc({ cache, outcome: 'miss' }, stats.misses);
      }
    },
  });

  const backlog = (name: string, help: string, pick: (line: BacklogLine) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['job'] as const,
      registers: [registry],
      async collect() {
        for (const line of await readBacklog()) this.set({ job: line.kind }, pick(line));
      },
    });
  // One read of the queues per scrape, shared by the four gauges.
  type BacklogLine = Awaited<ReturnType<typeof app.services.jobs.backlog>>[number];
  let scrape: Promise<BacklogLine[]> | null = null;
  const readBacklog = () => {
    scrape ??= app.services.jobs.backlog().finally(() => setTimeout(() => (scrape = null), 0));
    return scrape;
  };
  backlog('job_pending', 'Jobs waiting to be done, by kind (mail, refund)', (line) => line.pending);
  backlog(
    'job_oldest_pending_seconds',
    'Age of the oldest job waiting, by kind',
    (line) => line.oldestPendingSeconds,
  );
  backlog('job_failed', 'Jobs out of attempts, waiting for a retry, by kind', (line) => line.failed);
  backlog('job_stuck', 'Jobs due for long and taken by no worker, by kind', (line) => line.stuck);
  new Gauge({
    name: 'refunds_needing_attention',
    help: 'Refunds the provider refused at least once that are not done',
    registers: [registry],
    async collect() {
      this.set(await app.services.refunds.countNeedingAttention());
    },
  });

  let streams = false;
  return {
    contentType: registry.contentType,
    text: () => registry.metrics(),
    countJobRun(job, failed) {
      jobRuns.inc({ job });
      if (failed) jobRunFailures.inc({ job });
    },
    countShed: () => shed.inc(),
    countRead: (target) => reads.inc({ target }),
    registerOpenEventStreams(count) {
      if (streams) throw new Error('the open event streams are already registered');
      streams = true;
      new Gauge({
        name: 'event_streams_open',
        help: 'Live event streams (GET /api/my/events) open on this instance',
        registers: [registry],
        collect() {
          this.set(count());
        },
      });
    },
  };
}

/** GET /metrics on the main port, for requests bearing METRICS_TOKEN; nobody else learns anything. */
export function registerMetricsRoute(app: FastifyInstance, metrics: Metrics, token: string): void {
  const expected = Buffer.from(`Bearer ${token}`);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new Unauthorized();
    return reply.type(metrics.contentType).send(await metrics.text());
  });
}

/**
 * The metrics port: GET /metrics and nothing else. Rejects with a sentence naming the address when it
 * cannot listen (a port already taken), which stops the start.
 */
export async function listenForMetrics(
  metrics: Metrics,
  host: string,
  port: number,
): Promise<{ port: number; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    metrics.text().then(
      (text) => response.writeHead(200, { 'content-type': metrics.contentType }).end(text),
      (error: unknown) => response.writeHead(500, { 'content-type': 'text/plain' }).end(`${String(error)}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          error.code === 'EADDRINUSE'
            ? `METRICS_PORT: ${host}:${port} is already in use (choose another METRICS_PORT, or METRICS_PORT=off)`
            : `METRICS_PORT: cannot listen on ${host}:${port}: ${error.message}`,
        ),
      ),
    );
    server.listen(port, host, resolve);
  });
  return {
    port: (server.address() as { port: number }).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
