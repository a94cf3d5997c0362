/**
 * The migrated template every test file's database is copied from, made once per run (vitest
 * globalSetup, see vitest.config.ts) instead of once per file:
 *
 * - PGlite: a migrated data directory dumped as a tarball; each file starts an in-memory PGlite from it
 *   (`loadDataDir`), which skips both initdb and the migrations. The tarball is kept between runs under
 *   the system's temporary directory, named by a hash of the migrations and the PGlite version, so a run
 *   after the first one migrates nothing; a changed migration gives a new name.
 * - PostgreSQL (TEST_DATABASE_URL): a database migrated once, which each file copies with
 *   `create database … template …` and drops when done. Its name is new each run, so runs of different
 *   people on one server never clone or drop each other's template; it is dropped at the end of the run.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../../src/platform/db/client.js';
import { migrationsDir } from '../../src/paths.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of the migrated PGlite data directory tarball (PGlite runs). */
    pgliteTemplate: string | null;
    /** Name of the migrated template database on the TEST_DATABASE_URL server (PostgreSQL runs). */
    postgresTemplate: string | null;
  }
}

/** A hash of everything the migrated template depends on: every migration file and the PGlite release. */
function templateKey(): string {
  const hash = createHash('sha256');
  const files = readdirSync(migrationsDir, { recursive: true, encoding: 'utf8' }).sort();
  for (const file of files) {
    const full = path.join(migrationsDir, file);
    if (!file.endsWith('.sql') && !file.endsWith('.json')) continue;
    hash.update(file).update('\0').update(readFileSync(full)).update('\0');
  }
  hash.update(pgliteVersion());
  return hash.digest('hex').slice(0, 16);
}

/** The installed PGlite release (its package.json is not among the package's exports, so found by path). */
function pgliteVersion(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('cannot find the package.json of @electric-sql/pglite');
    dir = parent;
  }
  return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

/** Answers the path of a migrated PGlite tarball, making it if this version of the migrations has none. */
export async function pgliteTemplate(): Promise<string> {
  const dir = path.join(tmpdir(), 'furniture-mart-test-templates');
  const file = path.join(dir, `pglite-${templateKey()}.tar`);
  if (existsSync(file)) return file;

  const database = createDatabase({ dataDir: 'memory://' });
  try {
    await database.migrate();
    const client = (database.db as unknown as { $client: PGlite }).$client;
    // Uncompressed: loading it is about twice as fast as loading the gzipped form.
    const archive = await client.dumpDataDir('none');
    mkdirSync(dir, { recursive: true });
    // Written aside and renamed, so a run started meanwhile never reads half a file.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await archive.arrayBuffer()));
    renameSync(partial, file);
  } finally {
    await database.close();
  }
  return file;
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

export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Creates and migrates this run's template database; answers its name and how to drop it. */
export async function postgresTemplate(serverUrl: string): Promise<{ name: string; drop(): Promise<void> }> {
  const name = `fm_test_tpl_${randomBytes(6).toString('hex')}`;
  await admin(serverUrl, `create database ${name}`);
  const drop = () => admin(serverUrl, `drop database if exists ${name} with (force)`);
  try {
    const database = createDatabase({ url: databaseUrl(serverUrl, name), poolSize: 1 });
    try {
      await database.migrate();
    } finally {
      // A template can only be copied while nobody is connected to it.
      await database.close();
    }
  } catch (error) {
    await drop();
    throw error;
  }
  return { name, drop };
}

/** vitest globalSetup of the server project. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = await postgresTemplate(serverUrl);
    project.provide('postgresTemplate', template.name);
    project.provide('pgliteTemplate', null);
    return template.drop;
  }
  project.provide('pgliteTemplate', await pgliteTemplate());
  project.provide('postgresTemplate', null);
  return async () => {};
}
