/**
 * Traces for real: the built server, started as production starts it with OTEL_EXPORTER_OTLP_ENDPOINT
 * naming an OTLP/HTTP receiver in this process, on its own PostgreSQL database with the demo data. A
 * booking and its checkout arrive as request spans with their route and request id, the database
 * statements as their children, the payment provider's call as another; the request's log line carries
 * the trace. (On PostgreSQL only: PGlite has no driver whose statements could be spans.)
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtEntry } from '../../test/helpers/built.js';

const postgresUrl = process.env.TEST_DATABASE_URL;

interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes: Record<string, unknown>;
  status?: { code?: number };
}

/** An OTLP/HTTP collector: every span posted to /v1/traces (JSON encoding), and nothing else. */
async function startReceiver() {
  const spans: ReceivedSpan[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.url === '/v1/traces') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        for (const resource of body.resourceSpans ?? []) {
          for (const scope of resource.scopeSpans ?? []) {
            for (const span of scope.spans ?? []) {
              const attributes: Record<string, unknown> = {};
              for (const { key, value } of span.attributes ?? []) attributes[key] = Object.values(value)[0];
              spans.push({ ...span, attributes });
            }
          }
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    spans,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe.skipIf(!postgresUrl)('traces sent to an OTLP collector', () => {
  const databaseName = `fm_traces_${randomBytes(4).toString('hex')}`;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let child: ReturnType<typeof spawn>;
  let base: string;
  let output = '';
  let dataDir: string;

  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    receiver = await startReceiver();
    await admin(`create database ${databaseName}`);
    const url = new URL(postgresUrl!);
    url.pathname = `/${databaseName}`;
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    dataDir = mkdtempSync(path.join(tmpdir(), 'fm-traces-'));
    child = spawn(process.execPath, [builtEntry('server')], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: base,
        DATA_DIR: dataDir,
        DATABASE_URL: url.toString(),
        SEED_DEMO: 'true',
        LOG_LEVEL: 'info',
        METRICS_PORT: 'off',
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_SERVICE_NAME: 'furniture-mart-test',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    for (let i = 0; ; i++) {
      const ready = await fetch(`${base}/api/ready`).then(
        (answer) => answer.ok,
        () => false,
      );
      if (ready) break;
      if (i > 1200 || child.exitCode !== null) throw new Error(`the server did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 180_000);

  afterAll(async () => {
    child?.kill('SIGKILL');
    await receiver?.close();
    await admin(`drop database if exists ${databaseName} with (force)`).catch(() => {});
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("sends a booking's trace with its database statements and the payment call", async () => {
    const call = async (method: string, pathname: string, body?: unknown, cookie = '') =>
      fetch(`${base}${pathname}`, {
        method,
        headers: {
          origin: base,
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(cookie ? { cookie } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
    const signIn = await call('POST', '/api/auth/sign-in/email', {
      email: 'buyer2@furnituremart.test',
      password: 'furniture123',
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const advertised = (await (await call('GET', '/api/products/advertised')).json()) as {
      items: { id: string }[];
    };
    const productId = advertised.items[0]!.id;

    const booked = await call(
      'POST',
      '/api/bookings',
      { productId, phone: '+880 1811 000333', meetingLocation: 'Gulshan 2 circle' },
      cookie,
    );
    expect(booked.status).toBe(201);
    const requestId = booked.headers.get('x-request-id')!;
    const bookingId = ((await booked.json()) as { id: string }).id;
    const checkout = await call('POST', `/api/bookings/${bookingId}/checkout`, {}, cookie);
    expect(checkout.status).toBe(200);
    const checkoutId = checkout.headers.get('x-request-id')!;

    // Sent in batches about every second.
    const spanOf = (id: string) => receiver.spans.find((span) => span.attributes['request.id'] === id);
    await expect.poll(() => spanOf(requestId) && spanOf(checkoutId), { timeout: 15_000 }).toBeTruthy();
    const booking = spanOf(requestId)!;
    expect(booking.name).toBe('POST /api/bookings');
    expect(booking.attributes['http.route']).toBe('/api/bookings');
    expect(Number(booking.attributes['http.response.status_code'])).toBe(201);

    // Its statements, children of the request's span (directly, or under the pool's connect span).
    const inTrace = (traceId: string) => receiver.spans.filter((span) => span.traceId === traceId);
    const statements = inTrace(booking.traceId).filter((span) => span.name.startsWith('pg.query'));
    expect(statements.length).toBeGreaterThan(2);
    expect(statements.some((span) => span.parentSpanId === booking.spanId)).toBe(true);
    expect(
      statements.some((span) =>
        String(span.attributes['db.query.text'] ?? span.attributes['db.statement']).includes(
          'insert into "bookings"',
        ),
      ),
    ).toBe(true);

    const checkoutSpan = spanOf(checkoutId)!;
    const payment = inTrace(checkoutSpan.traceId).find((span) => span.name === 'payment.createIntent');
    expect(payment?.parentSpanId).toBe(checkoutSpan.spanId);

    // The request's log line carries its request id and its trace id alike.
    const line = output
      .split('\n')
      // Log lines are JSON; a first start's word that it prepares the database is not.
      .filter((text) => text.startsWith('{'))
      .map((text) => JSON.parse(text) as Record<string, unknown>)
      .find((entry) => entry.reqId === requestId && entry.msg === 'request');
    expect(line?.traceId).toBe(booking.traceId);
  }, 60_000);
});
