/**
 * A fresh database for each test file, copied from the run's migrated template (template-database.ts):
 * an in-memory PGlite loaded from the template's tarball by default, or a new database on the PostgreSQL
 * server named by TEST_DATABASE_URL, created from the template database and dropped when the file is done.
 *
 * Run without the server project's globalSetup (another vitest config), there is no template yet: it is
 * made here, once per worker, so the answer is the same, only slower.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { createDatabase, type Database } from '../../src/platform/db/client.js';
import { databaseUrl, pgliteTemplate, postgresTemplate } from './template-database.js';

/** Template archives already read by this worker, by path: files in one worker share the bytes. */
const archives = new Map<string, Promise<Blob>>();

function provided(key: 'pgliteTemplate' | 'postgresTemplate'): string | null {
  try {
    return inject(key) ?? null;
  } catch {
    // Outside a vitest worker (a script importing the helpers).
    return null;
  }
}

/** The run's migrated PGlite data directory as a tarball, for `createDatabase({ loadDataDir })`. */
export async function pgliteArchive(): Promise<Blob> {
  const file = provided('pgliteTemplate') ?? (await pgliteTemplate());
  let archive = archives.get(file);
  if (!archive) {
    archive = readFile(file).then((bytes) => new Blob([bytes]));
    archives.set(file, archive);
  }
  return archive;
}

let ownPostgresTemplate: Promise<string> | null = null;

/** A template made by this worker when the run has none; dropped when the worker exits. */
function postgresTemplateOf(serverUrl: string): Promise<string> {
  const name = provided('postgresTemplate');
  if (name) return Promise.resolve(name);
  ownPostgresTemplate ??= postgresTemplate(serverUrl).then((template) => {
    process.once('beforeExit', () => void template.drop().catch(() => {}));
    return template.name;
  });
  return ownPostgresTemplate;
}

async function admin(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function createTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = createDatabase({ dataDir: 'memory://', loadDataDir: await pgliteArchive() });
    // Nothing to apply on the template (one query); were it ever behind, this brings the copy up to date.
    await database.migrate();
    return database;
  }

  const template = await postgresTemplateOf(serverUrl);
  const name = `fm_test_${randomBytes(6).toString('hex')}`;
  await admin(serverUrl, `create database ${name} template ${template}`);
  const database = createDatabase({ url: databaseUrl(serverUrl, name), poolSize: 20 });
  const close = database.close;
  return {
    ...database,
    close: async () => {
      await close();
      await admin(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
