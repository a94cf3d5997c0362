import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { pgliteArchive } from '../../../test/helpers/database.js';
import { backupPglite, restorePglite } from './backup.js';
import { createDatabase } from './client.js';
import { categories, newsletterSubscribers } from './schema.js';

const root = mkdtempSync(path.join(tmpdir(), 'fm-backup-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function withDatabase<T>(
  dataDir: string,
  task: (db: ReturnType<typeof createDatabase>['db']) => Promise<T>,
) {
  // A new directory starts as a copy of the tests' migrated template rather than running initdb.
  const fresh = !existsSync(path.join(dataDir, 'PG_VERSION'));
  const database = createDatabase({ dataDir, ...(fresh ? { loadDataDir: await pgliteArchive() } : {}) });
  try {
    await database.migrate();
    return await task(database.db);
  } finally {
    await database.close();
  }
}

describe('embedded database backups', () => {
  it('restores exactly what was backed up, keeping the replaced database aside', async () => {
    const dataDir = path.join(root, 'db');
    const file = path.join(root, 'backup.tar.gz');
    await withDatabase(dataDir, (db) =>
      db.insert(newsletterSubscribers).values({ email: 'kept@example.com' }),
    );
    expect(await backupPglite(dataDir, file)).toBeGreaterThan(1000);

    // Written after the backup, so gone once it is restored.
    await withDatabase(dataDir, (db) =>
      db.insert(newsletterSubscribers).values({ email: 'later@example.com' }),
    );
    const { previous } = await restorePglite(file, dataDir);
    expect(previous && existsSync(previous)).toBeTruthy();

    const emails = await withDatabase(dataDir, async (db) =>
      (await db.select({ email: newsletterSubscribers.email }).from(newsletterSubscribers)).map(
        (row) => row.email,
      ),
    );
    expect(emails).toEqual(['kept@example.com']);
    expect(
      await withDatabase(dataDir, async (db) => (await db.select({ n: count() }).from(categories))[0]!.n),
    ).toBe(6);
  });

  it('leaves the database alone when the file is no backup', async () => {
    const dataDir = path.join(root, 'db2');
    const file = path.join(root, 'not-a-backup.tar.gz');
    writeFileSync(file, 'hello');
    await withDatabase(dataDir, (db) =>
      db.insert(newsletterSubscribers).values({ email: 'stays@example.com' }),
    );
    await expect(restorePglite(file, dataDir)).rejects.toThrow(/is not a backup/);
    expect(existsSync(`${dataDir}.restoring`)).toBe(false);
    const emails = await withDatabase(dataDir, async (db) =>
      (await db.select({ email: newsletterSubscribers.email }).from(newsletterSubscribers)).map(
        (row) => row.email,
      ),
    );
    expect(emails).toEqual(['stays@example.com']);
  });

  it('refuses to back up a directory without a database', async () => {
    await expect(backupPglite(path.join(root, 'nothing'), path.join(root, 'x.tar.gz'))).rejects.toThrow(
      /no embedded database/,
    );
  });
});
