/**
 * GET /metrics: scraped after a known number of requests, its counters moved by exactly that number;
 * never answered on the public port without the bearer token; on a port of its own otherwise, which
 * must be free. Load shedding answers 503 with Retry-After past its limits, except health, readiness
 * and metrics. ROLE decides what an instance serves.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtEntry } from '../../test/helpers/built.js';
import { loadConfig } from '../config.js';
import { TestClient, createTestApp, signUp, type TestContext } from '../../test/helpers/app.js';
import { listenForMetrics } from './metrics.js';

const TOKEN = 'a-metrics-token-of-enough-length-0123';

/** The value of one sample line of the exposition text, 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string>): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    if (wanted.length === 0 && line.startsWith(`${name} `)) return Number(line.slice(name.length + 1));
    if (!line.startsWith(`${name}{`)) continue;
    const inside = line.slice(name.length + 1, line.indexOf('}'));
    const given = inside.split(',');
    if (wanted.every((pair) => given.includes(pair))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return 0;
}

describe('metrics', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ METRICS_TOKEN: TOKEN, METRICS_PORT: 'off' });
  });
  afterAll(() => ctx.close());

  const scrape = async () => {
    const answer = await ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/plain');
    return answer.body;
  };

  it('counts exactly the requests made between two scrapes, by route and status', async () => {
    const visitor = new TestClient(ctx.app);
    const before = await scrape();
    for (let i = 0; i < 7; i++) expect((await visitor.get('/api/categories')).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect((await visitor.get('/api/no-such-thing')).statusCode).toBe(404);
    const after = await scrape();
    const ok = { method: 'GET', route: '/api/categories', status: '200' };
    expect(sample(after, 'http_requests_total', ok) - sample(before, 'http_requests_total', ok)).toBe(7);
    expect(
      sample(after, 'http_request_duration_seconds_count', ok) -
        sample(before, 'http_request_duration_seconds_count', ok),
    ).toBe(7);
    const missing = { method: 'GET', route: 'unmatched', status: '404' };
    expect(
      sample(after, 'http_requests_total', missing) - sample(before, 'http_requests_total', missing),
    ).toBe(3);
    // The scrapes themselves are not counted.
    expect(after).not.toContain('route="/metrics"');
  });

  it('shows the process, the listing cache, the job queues and refunds', async () => {
    const buyer = await signUp(ctx.app, 'buyer');
    const before = await scrape();
    await buyer.client.get('/api/categories/living-room');
    await buyer.client.get('/api/categories/living-room');
    const after = await scrape();
    const hits = (text: string) =>
      sample(text, 'cache_requests_total', { cache: 'listings', outcome: 'hit' });
    const misses = (text: string) =>
      sample(text, 'cache_requests_total', { cache: 'listings', outcome: 'miss' });
    expect(misses(after) - misses(before)).toBe(1);
    expect(hits(after) - hits(before)).toBe(1);
    for (const name of [
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
      'job_pending{job="mail"}',
      'job_oldest_pending_seconds{job="refund"}',
      'job_failed{job="mail"}',
      'job_stuck{job="refund"}',
      'refunds_needing_attention',
      'job_runs_total{job="mail"}',
      'http_rate_limited_total',
      'http_load_shed_total',
    ]) {
      expect(after, name).toContain(name);
    }
    // The conversations module registers its live streams once: none open here.
    expect(after).toContain('event_streams_open 0');
    expect(() => ctx.app.metrics!.registerOpenEventStreams(() => 4)).toThrow(/already registered/);
  });

  it('refuses the public port without the token, or with another', async () => {
    const anonymous = new TestClient(ctx.app);
    expect((await anonymous.get('/metrics')).statusCode).toBe(401);
    expect((await anonymous.get('/metrics', { authorization: `Bearer ${TOKEN}x` })).statusCode).toBe(401);
    expect((await anonymous.get('/metrics', { authorization: TOKEN })).statusCode).toBe(401);
  });
});

describe('the metrics port', () => {
  it('is the only place metrics answer without a token', async () => {
    const ctx = await createTestApp({ METRICS_PORT: '0' });
    try {
      expect((await new TestClient(ctx.app).get('/metrics')).statusCode).toBe(404);
      const port = await listenForMetrics(ctx.app.metrics!, '127.0.0.1', 0);
      try {
        const answer = await fetch(`http://127.0.0.1:${port.port}/metrics`);
        expect(answer.status).toBe(200);
        expect(await answer.text()).toContain('http_requests_total');
        expect((await fetch(`http://127.0.0.1:${port.port}/api/categories`)).status).toBe(404);
      } finally {
        await port.close();
      }
    } finally {
      await ctx.close();
    }
  });

  it('stops the start with one line when the port is taken', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as net.AddressInfo;
    const ctx = await createTestApp({ METRICS_PORT: '0' });
    try {
      await expect(listenForMetrics(ctx.app.metrics!, '127.0.0.1', port)).rejects.toThrow(
        `METRICS_PORT: 127.0.0.1:${port} is already in use`,
      );
    } finally {
      await ctx.close();
      taken.close();
    }
  });

  it("stops the server's start with that one line", async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as net.AddressInfo;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'fm-metrics-port-'));
    try {
      const child = spawn(process.execPath, [builtEntry('server')], {
        env: {
          ...process.env,
          PORT: '0',
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          SEED_DEMO: 'false',
          LOG_LEVEL: 'warn',
          METRICS_PORT: String(port),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let errors = '';
      child.stderr.on('data', (chunk) => (errors += chunk));
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(code).toBe(1);
      // Besides the first start's word that it prepares the database, that one line.
      const lines = errors.trim().split('\n');
      expect(lines.filter((line) => !line.startsWith('Preparing the database'))).toEqual([
        `METRICS_PORT: 127.0.0.1:${port} is already in use (choose another METRICS_PORT, or METRICS_PORT=off)`,
      ]);
    } finally {
      taken.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 150_000);

  it('is not loaded when neither a port nor a token is configured', async () => {
    const ctx = await createTestApp({ METRICS_PORT: 'off' });
    try {
      expect(ctx.app.metrics).toBeNull();
      expect((await new TestClient(ctx.app).get('/metrics')).statusCode).toBe(404);
    } finally {
      await ctx.close();
    }
  });
});

describe('load shedding', () => {
  it('answers 503 with Retry-After past the heap limit, but health, readiness and metrics still answer', async () => {
    // A limit every process is over: from the first sample on, the instance sheds load.
    const ctx = await createTestApp({
      PRESSURE_MAX_HEAP_MB: '1',
      PRESSURE_RETRY_AFTER_SECONDS: '7',
      METRICS_TOKEN: TOKEN,
    });
    try {
      const visitor = new TestClient(ctx.app);
      await expect
        .poll(async () => (await visitor.get('/api/categories')).statusCode, { timeout: 5000 })
        .toBe(503);
      const refused = await visitor.get('/api/categories');
      expect(refused.headers['retry-after']).toBe('7');
      expect(refused.json().error.code).toBe('UNAVAILABLE');
      expect((await visitor.get('/api/health')).statusCode).toBe(200);
      const ready = await visitor.get('/api/ready');
      expect(ready.statusCode).toBe(200);
      expect(ready.json().load).toBe('shedding');
      const metrics = await visitor.get('/metrics', { authorization: `Bearer ${TOKEN}` });
      expect(metrics.statusCode).toBe(200);
      expect(sample(metrics.body, 'http_load_shed_total', {})).toBeGreaterThan(0);
    } finally {
      await ctx.close();
    }
  });

  it('serves normally under its limits and says so', async () => {
    const ctx = await createTestApp({ METRICS_PORT: 'off' });
    try {
      const visitor = new TestClient(ctx.app);
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect((await visitor.get('/api/categories')).statusCode).toBe(200);
      expect((await visitor.get('/api/ready')).json().load).toBe('normal');
    } finally {
      await ctx.close();
    }
  });
});

describe('ROLE', () => {
  it('worker: health, readiness and metrics only', async () => {
    const ctx = await createTestApp({ ROLE: 'worker', METRICS_TOKEN: TOKEN });
    try {
      const visitor = new TestClient(ctx.app);
      expect((await visitor.get('/api/health')).statusCode).toBe(200);
      const ready = await visitor.get('/api/ready');
      expect(ready.statusCode).toBe(200);
      expect(ready.json().role).toBe('worker');
      expect((await visitor.get('/metrics', { authorization: `Bearer ${TOKEN}` })).statusCode).toBe(200);
      expect((await visitor.get('/api/categories')).statusCode).toBe(404);
      expect(
        (await visitor.post('/api/auth/sign-in/email', { email: 'a@b.test', password: 'x' })).statusCode,
      ).toBe(404);
    } finally {
      await ctx.close();
    }
  });

  it('an unknown role stops the start with one line', () => {
    expect(() => loadConfig({ ROLE: 'both' })).toThrow(
      /^Invalid configuration:\n {2}- ROLE: must be web, worker or all$/,
    );
  });
});
