/**
 * `npm run openapi:lint`'s first half: builds the app on an in-memory database, as the tests do, and
 * writes its OpenAPI document to the file given (default .openapi/openapi.json) for Redocly's linter.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createDatabase } from '../src/platform/db/client.js';

const output = path.resolve(process.argv[2] ?? '.openapi/openapi.json');
const dataDir = mkdtempSync(path.join(tmpdir(), 'fm-openapi-'));
const database = createDatabase({ dataDir: 'memory://' });
try {
  await database.migrate();
  const app = await buildApp({
    // A public address as a deployment has one (the linter refuses localhost as a server).
    config: loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'https://furniture-mart.test',
    }),
    database,
    authSecret: 'openapi-document-only-'.padEnd(40, 'x'),
    logger: false,
  });
  await app.ready();
  mkdirSync(path.dirname(output), { recursive: true });
  writeFileSync(output, `${JSON.stringify(app.swagger(), null, 2)}\n`);
  await app.close();
  console.log(`OpenAPI document written to ${path.relative(process.cwd(), output)}`);
} finally {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
