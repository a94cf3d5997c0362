/**
 * A fresh database for each test file: in-memory PGlite by default, or a new database on the PostgreSQL
 * server named by TEST_DATABASE_URL (created here, dropped when the file is done).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase, type Database } from '../../src/db/client.js';

export async function createTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = createDatabase({ dataDir: 'memory://' });
    await database.migrate();
    return database;
  }

  const name = `fm_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();

  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = createDatabase({ url: url.toString(), poolSize: 20 });
  await database.migrate();
  const close = database.close;
  return {
    ...database,
    close: async () => {
      await close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
