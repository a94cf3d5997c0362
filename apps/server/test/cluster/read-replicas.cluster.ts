/**
 * Read replicas for real: a private PostgreSQL primary (initdb, run as the postgres user: the shared
 * server takes no replication connections), a streaming replica of it (pg_basebackup into a temporary
 * folder, a second postgres on another port), and the built server with DATABASE_URL on the primary and
 * DATABASE_READ_URL on the replica. `npm run test:cluster` (builds first).
 *
 * - A listing read goes to the replica (its own pg_stat_statements count it; the primary's do not).
 * - A seller sees their own edit at once, on every page that shows it.
 * - With the replica's replay paused, the seller still never sees the listing without their edit,
 *   while someone else is shown what the replica has (so the replica really was read, and stale).
 * - With the replica stopped, reads go to the primary, the outage is logged once and /api/ready says so.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repository = path.resolve(import.meta.dirname, '../../../..');
const serverEntry = path.join(repository, 'apps/server/dist/server.js');
const run = randomBytes(4).toString('hex');
const password = 'furniture123';

/** The newest PostgreSQL installed from Debian's packages. */
function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(a) - Number(b)) : [];
  if (versions.length === 0) throw new Error(`no PostgreSQL under ${root}`);
  return path.join(root, versions.at(-1)!, 'bin');
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Polls until `check` holds. */
async function until(ms: number, check: () => Promise<boolean>, what: string): Promise<void> {
  const started = Date.now();
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() - started > ms) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const bin = postgresBin();
let scratch: string;
let primaryPort: number;
let replicaPort: number;
let server: ChildProcess;
let base: string;
let metricsPort: number;
let output = '';

/** A PostgreSQL command run as the postgres user (initdb and postgres refuse to run as root). */
function asPostgres(command: string, args: string[]): string {
  return execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

const urlOf = (port: number) => `postgres://postgres@127.0.0.1:${port}/shop`;

async function sql<T extends pg.QueryResultRow>(port: number, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: urlOf(port) });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

/** Statements of the shop's products counted by a server's pg_stat_statements. */
async function productStatements(port: number): Promise<number> {
  const [row] = await sql<{ calls: string }>(
    port,
    `select coalesce(sum(calls), 0) as calls from pg_stat_statements
     where query ilike '%"products"%' and query not ilike '%pg_stat_statements%'`,
  );
  return Number(row!.calls);
}

function postgresAt(directory: string, port: number, log: string): void {
  asPostgres('pg_ctl', ['-D', directory, '-l', log, '-o', `-p ${port} -k ${scratch}`, '-w', 'start']);
}

interface Answer {
  status: number;
  text: string;
  json: () => any; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers of many shapes
  headers: Headers;
}

async function call(method: string, pathname: string, cookie = '', body?: unknown): Promise<Answer> {
  const answer = await fetch(`${base}${pathname}`, {
    method,
    headers: {
      origin: base,
      ...(cookie ? { cookie } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await answer.text();
  return { status: answer.status, text, json: () => JSON.parse(text), headers: answer.headers };
}

/** A browser's cookie jar, enough for one person: every Set-Cookie kept, expired ones dropped. */
class Person {
  private readonly jar = new Map<string, string>();
  constructor(readonly email: string) {}
  get cookie(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }
  async request(method: string, pathname: string, body?: unknown): Promise<Answer> {
    const answer = await call(method, pathname, this.cookie, body);
    for (const line of answer.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const gone =
        attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute)) || at === pair.length - 1;
      if (gone) this.jar.delete(name);
      else this.jar.set(name, pair.slice(at + 1).trim());
    }
    return answer;
  }
  async signIn(): Promise<this> {
    const answer = await this.request('POST', '/api/auth/sign-in/email', { email: this.email, password });
    expect(answer.status, answer.text).toBe(200);
    return this;
  }
}

async function scrape(name: string): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  const line = text.split('\n').find((entry) => entry.startsWith(name));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

const ready = async () => (await call('GET', '/api/ready')).json();

beforeAll(async () => {
  if (!existsSync(serverEntry)) throw new Error('No built server: run `npm run build` first.');
  scratch = mkdtempSync(path.join(tmpdir(), 'fm-replicas-'));
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
  chownSync(scratch, uid, gid);
  [primaryPort, replicaPort, metricsPort] = [await freePort(), await freePort(), await freePort()];

  const primary = path.join(scratch, 'primary');
  asPostgres('initdb', ['-D', primary, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C']);
  appendFileSync(
    path.join(primary, 'postgresql.conf'),
    [
      "listen_addresses = '127.0.0.1'",
      'wal_level = replica',
      'max_wal_senders = 4',
      'hot_standby = on',
      "shared_preload_libraries = 'pg_stat_statements'",
      // A test database: nothing here must survive a crash of the machine.
      'fsync = off',
      '',
    ].join('\n'),
  );
  postgresAt(primary, primaryPort, path.join(scratch, 'primary.log'));
  asPostgres('createdb', ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', 'shop']);
  await sql(primaryPort, 'create extension pg_stat_statements');

  // The replica: a copy of the primary that streams its WAL (-R writes standby.signal and the
  // connection to the primary).
  const replica = path.join(scratch, 'replica');
  asPostgres('pg_basebackup', [
    ...['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres'],
    ...['-D', replica, '-R', '-X', 'stream', '-c', 'fast'],
  ]);
  postgresAt(replica, replicaPort, path.join(scratch, 'replica.log'));

  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, [serverEntry], {
    cwd: repository,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? tmpdir(),
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: base,
      DATA_DIR: path.join(scratch, 'data'),
      DATABASE_URL: urlOf(primaryPort),
      DATABASE_READ_URL: urlOf(replicaPort),
      METRICS_PORT: String(metricsPort),
      BETTER_AUTH_SECRET: randomBytes(32).toString('hex'),
      SEED_DEMO: 'true',
      // Long enough that a listing kept from the replica would still be given when it is stale.
      LISTING_CACHE_SECONDS: '60',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (chunk) => (output += chunk));
  server.stderr!.on('data', (chunk) => (output += chunk));
  await until(
    180_000,
    async () => {
      if (server.exitCode !== null) throw new Error(`the server exited:\n${output}`);
      const answer = await call('GET', '/api/ready');
      return answer.status === 200 && answer.json().replicas?.[0]?.state === 'up';
    },
    'the server ready with its replica in use',
  );
}, 240_000);

afterAll(async () => {
  server?.kill('SIGKILL');
  for (const folder of ['replica', 'primary']) {
    try {
      asPostgres('pg_ctl', ['-D', path.join(scratch, folder), '-m', 'immediate', 'stop']);
    } catch {
      // already stopped
    }
  }
  if (scratch) rmSync(scratch, { recursive: true, force: true });
}, 60_000);

describe('a PostgreSQL streaming replica', () => {
  let seller: Person;
  let buyer: Person;
  let productId: string;
  let sellerId: string;
  let categorySlug: string;

  beforeAll(async () => {
    seller = await new Person('seller@furnituremart.test').signIn();
    buyer = await new Person('buyer@furnituremart.test').signIn();
    const mine = (await seller.request('GET', '/api/my/products?pageSize=50')).json();
    const product = mine.items.find((item: { status: string }) => item.status === 'available');
    productId = product.id;
    const page = (await seller.request('GET', `/api/products/${productId}`)).json();
    sellerId = page.seller.id;
    categorySlug = page.category.slug;
  });

  it('answers listing reads from the replica', async () => {
    const token = `replica${run}`;
    const [onReplica, onPrimary, replicaReads] = [
      await productStatements(replicaPort),
      await productStatements(primaryPort),
      await scrape('db_reads_total{target="replica"}'),
    ];
    // Searches of a word nobody wrote: each one a read of its own, never kept from an earlier one.
    for (let i = 0; i < 5; i++) {
      expect((await buyer.request('GET', `/api/products?q=${token}${i}`)).status).toBe(200);
    }
    expect((await buyer.request('GET', `/api/products/${productId}`)).status).toBe(200);
    expect(await productStatements(replicaPort)).toBeGreaterThanOrEqual(onReplica + 6);
    expect(await productStatements(primaryPort)).toBe(onPrimary);
    expect(await scrape('db_reads_total{target="replica"}')).toBeGreaterThanOrEqual(replicaReads + 6);
  });

  /** Every page where the seller's listing shows, as the seller (or someone else) reads it now. */
  async function titlesSeenBy(person: Person, word: string) {
    const [page, search, category, sellerPage] = await Promise.all([
      person.request('GET', `/api/products/${productId}`),
      person.request('GET', `/api/products?q=${word}`),
      person.request('GET', `/api/categories/${categorySlug}?pageSize=100`),
      person.request('GET', `/api/sellers/${sellerId}?pageSize=100`),
    ]);
    const titleIn = (items: { id: string; title: string }[]) =>
      items.find((item) => item.id === productId)?.title ?? null;
    return {
      page: page.json().title as string,
      search: titleIn(search.json().items),
      category: titleIn(category.json().products.items),
      seller: titleIn(sellerPage.json().products.items),
    };
  }

  it('shows the seller their own edit at once', async () => {
    const word = `Walnut${run}a`;
    const title = `Sideboard ${word}`;
    expect((await seller.request('PATCH', `/api/products/${productId}`, { title })).status).toBe(200);
    expect(await titlesSeenBy(seller, word)).toEqual({
      page: title,
      search: title,
      category: title,
      seller: title,
    });
  });

  it('never shows the seller a listing without their edit while the replica is paused', async () => {
    const before = (await buyer.request('GET', `/api/products/${productId}`)).json().title as string;
    await sql(replicaPort, 'select pg_wal_replay_pause()');
    await until(
      5000,
      async () =>
        (await sql<{ state: string }>(replicaPort, 'select pg_get_wal_replay_pause_state() as state'))[0]!
          .state === 'paused',
      'replay paused',
    );
    try {
      const word = `Walnut${run}b`;
      const title = `Sideboard ${word}`;
      expect((await seller.request('PATCH', `/api/products/${productId}`, { title })).status).toBe(200);
      // Someone else reads from the paused replica: the listing as it was, and the category is kept so.
      const others = await titlesSeenBy(buyer, word);
      expect(others.page).toBe(before);
      expect(others.category).toBe(before);
      // The seller, again and again for a while: always their edit, never the replica's nor a kept copy.
      for (let round = 0; round < 5; round++) {
        expect(await titlesSeenBy(seller, word)).toEqual({
          page: title,
          search: title,
          category: title,
          seller: title,
        });
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
      // The rendered category page too.
      const rendered = await seller.request('GET', `/categories/${categorySlug}`);
      expect(rendered.text).toContain(title);
    } finally {
      await sql(replicaPort, 'select pg_wal_replay_resume()');
    }
    await until(
      10_000,
      async () => (await buyer.request('GET', `/api/products/${productId}`)).json().title !== before,
      'the replica caught up',
    );
  });

  it('sends reads to the primary when the replica is down, says so once and in readiness', async () => {
    const primaryReads = await scrape('db_reads_total{target="primary"}');
    asPostgres('pg_ctl', ['-D', path.join(scratch, 'replica'), '-m', 'immediate', 'stop']);
    for (let i = 0; i < 10; i++) {
      const answer = await buyer.request('GET', `/api/products?q=down${run}${i}`);
      expect(answer.status, answer.text).toBe(200);
      expect((await buyer.request('GET', `/api/products/${productId}`)).status).toBe(200);
    }
    await until(5000, async () => (await ready()).replicas[0].state === 'down', 'readiness says down');
    const status = await call('GET', '/api/ready');
    expect(status.status).toBe(200);
    expect(await scrape('db_reads_total{target="primary"}')).toBeGreaterThanOrEqual(primaryReads + 20);
    const warnings = output.split('\n').filter((line) => line.includes('read replica unreachable'));
    expect(warnings).toHaveLength(1);
  });
});
