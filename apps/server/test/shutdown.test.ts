/**
 * SIGTERM while a request is in flight: that request completes, new connections are refused, and the
 * process exits after closing the database. Behind a balancer: readiness goes down at once while
 * requests are still served for SHUTDOWN_DRAIN_SECONDS. Standard output that nobody reads holds neither
 * the requests nor the exit, and nothing that holds `process.exit()` itself makes a stop take longer
 * than the drain plus two seconds.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtEntry } from './helpers/built.js';

/** The longest a stop may take after its drain (server.ts), plus the time for this process to see it. */
const EXIT_AFTER_DRAIN_MS = 2000;
const SEEN_MS = 500;

// The bundled server, started as production starts it.
const serverEntry = builtEntry('server');

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

// A bound that catches a server that never starts, not a speed check: a fresh embedded database runs
// every migration first, which took close to 30 s on two cores busy with other work.
async function waitForHealth(port: number): Promise<void> {
  for (let i = 0; i < 900; i++) {
    if (
      await fetch(`http://127.0.0.1:${port}/api/health`)
        .then((r) => r.ok)
        .catch(() => false)
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('server did not start');
}

describe('graceful shutdown', () => {
  it('finishes in-flight requests, refuses new ones and exits with the database closed', async () => {
    const port = await freePort();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'fm-shutdown-'));
    const child = spawn(process.execPath, [serverEntry], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        DATABASE_URL: '',
        LOG_LEVEL: 'info',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        SHUTDOWN_DRAIN_SECONDS: '0',
        // Its metrics port closes with it; any free one.
        METRICS_PORT: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
      child.on('exit', (code) => resolve({ code, at: Date.now() })),
    );

    try {
      await waitForHealth(port);

      // A request whose body is still arriving when the signal comes.
      const body = JSON.stringify({ email: 'nobody@example.test', password: 'not-the-password' });
      const socket = net.connect(port, '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk));
      const answered = new Promise((resolve) => socket.once('end', resolve));
      socket.write(
        `POST /api/auth/sign-in/email HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: http://127.0.0.1:${port}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n` +
          body.slice(0, 10),
      );
      await new Promise((resolve) => setTimeout(resolve, 200));

      const signalled = Date.now();
      child.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 500));

      // New connections are refused while the in-flight one finishes.
      const refused = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.status,
        () => 'refused',
      );
      expect(refused === 'refused' || refused === 503).toBe(true);

      socket.write(body.slice(10));
      await answered;
      expect(answer, output).toMatch(/^HTTP\/1\.1 401/);

      const { code, at } = await exited;
      expect(code).toBe(0);
      expect(at - signalled).toBeLessThan(EXIT_AFTER_DRAIN_MS + SEEN_MS);
      expect(output).toContain('database closed');
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 150_000);

  /** The server on a fresh embedded database; standard output read only when `readOutput`. */
  async function start(env: Record<string, string>, readOutput = true) {
    const port = await freePort();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'fm-shutdown-'));
    const child = spawn(process.execPath, [serverEntry], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        DATABASE_URL: '',
        LOG_LEVEL: 'info',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        METRICS_PORT: '0',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    if (readOutput) child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise<{ code: number | null; signal: string | null; at: number }>((resolve) =>
      child.on('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
    );
    const stop = () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    };
    try {
      await waitForHealth(port);
    } catch (error) {
      stop();
      throw error;
    }
    const base = `http://127.0.0.1:${port}`;
    return { child, base, exited, stop, output: () => output };
  }

  it('says it is not ready at once on SIGTERM, serves on while draining, then exits', async () => {
    const server = await start({ SHUTDOWN_DRAIN_SECONDS: '2' });
    try {
      const signalled = Date.now();
      server.child.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 100));
      const ready = await fetch(`${server.base}/api/ready`);
      expect(ready.status).toBe(503);
      // Everything else is still served until the drain time is over.
      const statuses: number[] = [];
      while (Date.now() - signalled < 1700) {
        statuses.push((await fetch(`${server.base}/api/categories`)).status);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(new Set(statuses)).toEqual(new Set([200]));
      const { code, at } = await server.exited;
      expect(code, server.output()).toBe(0);
      expect(at - signalled).toBeGreaterThanOrEqual(2000);
      expect(at - signalled).toBeLessThan(2000 + EXIT_AFTER_DRAIN_MS + SEEN_MS);
      expect(server.output()).toContain('database closed');
    } finally {
      server.stop();
    }
  }, 150_000);

  it('keeps answering and exits in time when nobody reads its log', async () => {
    const server = await start({ SHUTDOWN_DRAIN_SECONDS: '1' }, false);
    try {
      // Far more log lines than a pipe holds (64 KiB on Linux): a blocking logger would stall here.
      for (let round = 0; round < 60; round++) {
        const answers = await Promise.all(
          Array.from({ length: 25 }, () =>
            fetch(`${server.base}/api/health`, { signal: AbortSignal.timeout(5000) }).then((r) => r.status),
          ),
        );
        expect(new Set(answers)).toEqual(new Set([200]));
      }
      const signalled = Date.now();
      server.child.kill('SIGTERM');
      const { at, code } = await server.exited;
      // Drain (1 s), then an orderly close: not the watchdog's kill.
      expect(code).toBe(0);
      expect(at - signalled).toBeLessThan(1000 + EXIT_AFTER_DRAIN_MS + SEEN_MS);
    } finally {
      server.stop();
    }
  }, 150_000);

  it('is gone two seconds after its drain even when process.exit() cannot finish', async () => {
    // A thread that process.exit() waits for in vain: it sits in open() of a FIFO nobody writes to,
    // where no request to stop reaches it, as a thread busy in native code on a loaded machine would.
    // process.exit() stops and joins every thread before the process ends, so it never returns.
    const scratch = mkdtempSync(path.join(tmpdir(), 'fm-stuck-exit-'));
    const fifo = path.join(scratch, 'never-written');
    execFileSync('mkfifo', [fifo]);
    const preload = path.join(scratch, 'stuck-thread.mjs');
    writeFileSync(
      preload,
      // The main thread's alone (worker threads read NODE_OPTIONS too).
      `import { Worker, isMainThread } from 'node:worker_threads';\n` +
        `if (isMainThread) new Worker(${JSON.stringify(`require('node:fs').openSync(${JSON.stringify(fifo)}, 'r')`)}, { eval: true }).unref();\n`,
    );
    const server = await start({ SHUTDOWN_DRAIN_SECONDS: '1', NODE_OPTIONS: `--import ${preload}` });
    try {
      const signalled = Date.now();
      server.child.kill('SIGTERM');
      const { at, signal } = await server.exited;
      // The orderly part finished; the exit itself was cut short by the deadline.
      expect(server.output()).toContain('database closed');
      expect(signal).toBe('SIGKILL');
      expect(at - signalled).toBeGreaterThanOrEqual(1000 + EXIT_AFTER_DRAIN_MS - 100);
      expect(at - signalled).toBeLessThan(1000 + EXIT_AFTER_DRAIN_MS + SEEN_MS);
    } finally {
      server.stop();
      rmSync(scratch, { recursive: true, force: true });
    }
  }, 150_000);
});
