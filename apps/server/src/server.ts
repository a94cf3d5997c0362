/**
 * Process entry: read the environment, open the database, apply migrations, seed demo data when asked,
 * listen, and shut down gracefully on SIGTERM/SIGINT.
 */
import { shouldSeedDemo } from './config.js';
import { loadConfigOrExit, openMigratedDatabase } from './startup.js';
import { buildApp } from './app.js';
import { resolveAuthSecret } from './platform/auth/secret.js';
import { seedDemoIfEmpty } from './platform/db/seed/demo.js';
import { exitWithin } from './lib/exit-deadline.js';
import { LogDestination } from './lib/log-destination.js';
import { startBackgroundJobs } from './jobs.js';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  // With MIGRATE_ON_START=false migrations are a release step (npm run db:migrate) instead.
  const database = await openMigratedDatabase(config, config.DATABASE_POOL_SIZE, config.MIGRATE_ON_START);

  // Log lines never block the process, even when nobody reads standard output.
  const logs = new LogDestination();
  const app = await buildApp({
    config,
    database,
    logger: { level: config.LOG_LEVEL, stream: logs },
    authSecret: await resolveAuthSecret(config),
    serveWebApp: true,
  });
  if (shouldSeedDemo(config)) {
    const seeded = await seedDemoIfEmpty(app);
    if (seeded) app.log.info('demo data seeded (see README for the demo accounts)');
  }

  if (config.DATABASE_URL && !config.S3_BUCKET) {
    app.log.warn(
      'photos are stored on this instance\'s disk only (DATA_DIR/uploads): with several instances, ' +
        'configure S3_BUCKET (or give every instance one shared DATA_DIR/uploads volume)',
    );
  }

  const jobs = startBackgroundJobs(app);

  // On a signal: /api/ready answers 503 at once, so a balancer stops sending new requests here, while
  // this instance goes on serving for SHUTDOWN_DRAIN_SECONDS; then it closes (in-flight requests finish,
  // up to 10 s more). A second signal skips what is left of the drain.
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
    // Kept by another thread, so nothing that blocks this one (a log pipe nobody reads) can hold us.
    exitWithin(drainMs + 11_000);
    app.log.info({ signal, drainSeconds: config.SHUTDOWN_DRAIN_SECONDS }, 'shutting down: draining');
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, drainMs);
      endDrain = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    app.log.info('closing');
    // Give in-flight requests up to 10 s, then stop regardless.
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    let code = 0;
    try {
      await jobs.stop();
      await app.close();
      await database.close();
      app.log.info('database closed; bye');
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      code = 1;
    }
    await logs.flush(1000);
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
