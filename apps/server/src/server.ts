/**
 * Process entry: read the environment, open the database, apply migrations, seed demo data when asked,
 * listen, and shut down gracefully on SIGTERM/SIGINT.
 */
import { shouldSeedDemo } from './config.js';
import { loadConfigOrExit, openMigratedDatabase } from './lib/startup.js';
import { buildApp } from './app.js';
import { resolveAuthSecret } from './lib/auth-secret.js';
import { seedDemoIfEmpty } from './db/seed/demo.js';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const database = await openMigratedDatabase(config);

  const app = await buildApp({
    config,
    database,
    authSecret: await resolveAuthSecret(config),
    serveWebApp: true,
  });
  if (shouldSeedDemo(config)) {
    const seeded = await seedDemoIfEmpty(app);
    if (seeded) app.log.info('demo data seeded (see README for the demo accounts)');
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Give in-flight requests up to 10 s, then stop regardless.
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    let code = 0;
    try {
      await app.close();
      await database.close();
      app.log.info('database closed; bye');
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      code = 1;
    }
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
