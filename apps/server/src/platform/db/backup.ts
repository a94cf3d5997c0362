/**
 * Backups of the embedded database with PGlite's own tools: `dumpDataDir` writes the whole data
 * directory as a gzipped tarball, `loadDataDir` starts a database from one. PostgreSQL servers are
 * backed up with pg_dump instead (README, "Backups").
 *
 * The server must be stopped for both: PGlite is one process's database, and a second process opening
 * the same directory could damage it.
 */
import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/** Writes the database in `dataDir` to `file` (a .tar.gz); answers its size in bytes. */
export async function backupPglite(dataDir: string, file: string): Promise<number> {
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    throw new Error(`There is no embedded database in ${dataDir}.`);
  }
  const client = await PGlite.create(dataDir);
  try {
    const archive = await client.dumpDataDir('gzip');
    const bytes = Buffer.from(await archive.arrayBuffer());
    await writeFile(file, bytes);
    return bytes.length;
  } finally {
    await client.close();
  }
}

/**
 * Replaces the database in `dataDir` with the one in `file`. The backup is first loaded into a directory
 * beside it and checked; only then is the current database moved aside (to `<dataDir>.before-restore-
 * <time>`, answered so it can be deleted once the restore is known good) and the restored one put in
 * its place. A file that is no backup leaves everything as it was.
 */
export async function restorePglite(file: string, dataDir: string): Promise<{ previous: string | null }> {
  const archive = new Blob([await readFile(file)]);
  const staging = `${dataDir}.restoring`;
  rmSync(staging, { recursive: true, force: true });
  try {
    const client = await PGlite.create(staging, { loadDataDir: archive });
    try {
      await client.query('select count(*) from information_schema.tables');
    } finally {
      await client.close();
    }
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw new Error(`${file} is not a backup of the embedded database (${(error as Error).message})`, {
      cause: error,
    });
  }
  let previous: string | null = null;
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    previous = `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(dataDir, previous);
  } else {
    rmSync(dataDir, { recursive: true, force: true });
  }
  renameSync(staging, dataDir);
  return { previous };
}
