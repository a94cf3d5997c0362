/** Opens the configured database and builds the app (not listening) for command-line tasks. */
import type { FastifyInstance } from 'fastify';
import { loadConfigOrExit, openMigratedDatabase } from '../startup.js';
import { buildApp } from '../app.js';
import { resolveAuthSecret } from '../platform/auth/secret.js';

export async function withApp(task: (app: FastifyInstance) => Promise<void>): Promise<void> {
  const config = loadConfigOrExit();
  const database = await openMigratedDatabase(config, 2);
  const app = await buildApp({
    config,
    database,
    authSecret: await resolveAuthSecret(config),
    logger: { level: 'warn' },
  });
  try {
    await task(app);
  } finally {
    await app.close();
    await database.close();
  }
}
