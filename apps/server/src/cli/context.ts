/** Opens the configured database and builds the app (not listening) for command-line tasks. */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig } from '../config.js';
import { createDatabase } from '../db/client.js';
import { buildApp } from '../app.js';
import { resolveAuthSecret } from '../lib/auth-secret.js';

export async function withApp(task: (app: FastifyInstance) => Promise<void>): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const database = createDatabase({
    url: config.DATABASE_URL,
    dataDir: path.resolve(config.DATA_DIR, 'db'),
    poolSize: 2,
  });
  await database.migrate();
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
