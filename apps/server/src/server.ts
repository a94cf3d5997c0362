/**
 * Process entry: read the environment, start tracing when configured, open the database, apply
 * migrations, seed demo data when asked, listen, run the background jobs (ROLE), and shut down
 * gracefully on SIGTERM/SIGINT.
 */
import { shouldSeedDemo } from './config.js';
import {
  databaseReadyLine,
  loadConfigOrExit,
  openMigratedDatabase,
  preparingDatabaseLine,
} from './startup.js';
import { buildApp } from './app.js';
import { resolveAuthSecret } from './platform/auth/secret.js';
import { seedDemoIfEmpty } from './platform/db/seed/demo.js';
import { exitWithin } from './lib/exit-deadline.js';
import { LogDestination } from './lib/log-destination.js';
import { startBackgroundJobs } from './jobs.js';

/** After the drain: the longest the process may take to be gone (the deadline its watchdog keeps). */
const EXIT_AFTER_DRAIN_MS = 2000;
/** Of that, what requests in flight and running jobs get to finish. */
const CLOSE_MS = 1200;
/** Then the database (its connections ended, or PGlite's files closed). */
const DATABASE_CLOSE_MS = 300;
/** Then the log lines still queued; what is left over is the exit's own. */
const LOG_FLUSH_MS = 200;

/** `task`, or an error once `until` (a time) has passed. */
async function boundedBy<T>(task: Promise<T>, until: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      task,
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`${what} did not close in time`)),
          Math.max(0, until - Date.now()),
        );
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  // OpenTelemetry's SDK is loaded only when a collector is configured.
  if (config.OTEL_EXPORTER_OTLP_ENDPOINT) (await import('./platform/tracing.js')).startTracing(config);
  // A first start migrates and seeds for minutes on a slow machine: it says so, on standard error like
  // the wait for the database, whatever the log level, and says when the database is ready.
  const preparingSince = Date.now();
  let preparing = false;
  const seedsDemo = shouldSeedDemo(config);
  // With MIGRATE_ON_START=false migrations are a release step (npm run db:migrate) instead.
  const database = await openMigratedDatabase(
    config,
    config.DATABASE_POOL_SIZE,
    config.MIGRATE_ON_START,
    (state) => {
      const line = preparingDatabaseLine(state, seedsDemo);
      if (!line) return;
      preparing = true;
      console.error(line);
    },
  );

  // Log lines never block the process, even when nobody reads standard output.
  const logs = new LogDestination();
  const app = await buildApp({
    config,
    database,
    logger: { level: config.LOG_LEVEL, stream: logs },
    authSecret: await resolveAuthSecret(config),
    serveWebApp: config.ROLE !== 'worker',
  });
  // Its own port, never the public one; a port already taken stops the start
  // before anything else begins.
  const metricsServer =
    app.metrics && config.METRICS_PORT !== 'off'
      ? await (
          await import('./http/metrics.js')
        )
          .listenForMetrics(app.metrics, config.METRICS_HOST, config.METRICS_PORT)
          .catch((error: Error) => {
            console.error(error.message);
            process.exit(1);
          })
      : null;

  if (seedsDemo) {
    // A start after one stopped while seeding finishes the demo data: that takes a while too.
    const seeded = await seedDemoIfEmpty(app, () => {
      if (preparing) return;
      preparing = true;
      console.error('Adding the demo data…');
    });
    if (seeded) app.log.info('demo data seeded (see README for the demo accounts)');
  }
  if (preparing) console.error(databaseReadyLine(Date.now() - preparingSince));

  if (config.DATABASE_URL && !config.S3_BUCKET) {
    app.log.warn(
      "photos are stored on this instance's disk only (DATA_DIR/uploads): with several instances, " +
        'configure S3_BUCKET (or give every instance one shared DATA_DIR/uploads volume)',
    );
  }

  // A web instance leaves the background jobs to the worker instances.
  const jobs =
    config.ROLE === 'web'
      ? { stop: async () => {} }
      : startBackgroundJobs(app, (job, failed) => app.metrics?.countJobRun(job, failed));
  // On a signal: /api/ready answers 503 at once, so a balancer stops sending new requests here, while
  // this instance goes on serving for SHUTDOWN_DRAIN_SECONDS; then it closes, and is gone at most
  // EXIT_AFTER_DRAIN_MS after the drain: requests still in flight get most of that time, the rest is for
  // the database, the last log lines and the process's own exit. A second signal skips what is left of
  // the drain.
  let closing = false;
  let endDrain = () => {};
  const shutdown = async (signal: string) => {
    if (closing) {
      endDrain();
      return;
    }
    closing = true;
    app.lifecycle.draining = true;
    const drainMs = config.SHUTDOWN_DRAIN_SECONDS * 1000;
    // Kept by another process, so neither a blocked thread nor a slow process.exit() can hold us.
    exitWithin(drainMs + EXIT_AFTER_DRAIN_MS);
    app.log.info({ signal, drainSeconds: config.SHUTDOWN_DRAIN_SECONDS }, 'shutting down: draining');
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, drainMs);
      endDrain = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    app.log.info('closing');
    const closedBy = Date.now() + CLOSE_MS;
    // Requests still in flight then lose their connections; the database and the logs still close.
    const cutOff = setTimeout(() => app.server.closeAllConnections(), CLOSE_MS);
    cutOff.unref();
    let code = 0;
    // Each step is taken even when one before it failed or ran out of time.
    const steps: [string, () => Promise<unknown>, number][] = [
      ['background jobs', () => jobs.stop(), closedBy],
      ['open requests', () => app.close(), closedBy],
      ['the metrics port', async () => metricsServer?.close(), closedBy],
      ['the database', () => database.close(), closedBy + DATABASE_CLOSE_MS],
    ];
    for (const [what, step, until] of steps) {
      try {
        await boundedBy(step(), until, what);
      } catch (error) {
        app.log.error({ err: error }, `error during shutdown: ${what}`);
        code = 1;
      }
    }
    if (code === 0) app.log.info('database closed; bye');
    await logs.flush(LOG_FLUSH_MS);
    process.exit(code);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  const address = await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    `Furniture Mart is listening on ${address}, public URL ${config.PUBLIC_URL} (database: ${database.engine})`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
