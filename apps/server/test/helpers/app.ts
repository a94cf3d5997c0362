/** Builds a real app on a fresh database for one test file, plus a small client for app.inject. */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { Role } from '@furniture-mart/shared';
import { buildApp, type AppDeps } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import type { Database } from '../../src/platform/db/client.js';
import { sessions, users } from '../../src/platform/db/schema.js';
import { LocalImageStore } from '../../src/platform/images/local-store.js';
import { createTestDatabase } from './database.js';

export const TEST_ORIGIN = 'http://localhost:3000';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: Config;
  dataDir: string;
  /** The secret session cookies are signed with. */
  authSecret: string;
  close(): Promise<void>;
}

export async function createTestApp(
  env: Record<string, string> = {},
  deps: Partial<Pick<AppDeps, 'images' | 'cardProvider' | 'walletProvider' | 'serveWebApp' | 'onRoute'>> = {},
): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fm-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: TEST_ORIGIN,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_AUTH_PER_MINUTE: '10000',
    SIGN_IN_FAILURES_PER_ACCOUNT: '10000',
    SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS: '10000',
    SIGN_IN_FAILURES_PER_ADDRESS: '10000',
    // Test files reuse one buyer across many products; the limits have tests of their own.
    MAX_CHECKOUT_HOLDS: '100',
    MAX_OPEN_BOOKINGS: '1000',
    MAX_OPEN_OFFERS: '10000',
    // The same for the pace of conversations, which conversations.test.ts holds at its defaults.
    MESSAGES_PER_MINUTE: '10000',
    NEW_ACCOUNT_MESSAGES_PER_MINUTE: '10000',
    CONVERSATIONS_PER_DAY: '10000',
    NEW_ACCOUNT_CONVERSATIONS_PER_DAY: '10000',
    // A test process blocks its own event loop (property tests, image work): no load shedding, except
    // in the tests of load shedding, which set their own limits.
    PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
    // Metrics watch the whole process (event loop, garbage collection) for as long as it runs: only the
    // tests of metrics turn them on, not every app a test file builds.
    METRICS_PORT: 'off',
    ...env,
  });
  const database = await createTestDatabase();
  const authSecret = randomBytes(32).toString('hex');
  const app = await buildApp({
    config,
    database,
    authSecret,
    logger: false,
    images: deps.images ?? new LocalImageStore(path.join(dataDir, 'uploads')),
    cardProvider: deps.cardProvider,
    walletProvider: deps.walletProvider,
    serveWebApp: deps.serveWebApp ?? false,
    onRoute: deps.onRoute,
  });
  await app.ready();
  return {
    app,
    database,
    config,
    dataDir,
    authSecret,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A browser-like client: same-origin Origin header and the session cookie it was given. */
export class TestClient {
  constructor(
    readonly app: FastifyInstance,
    public cookie: string | null = null,
  ) {}

  request(
    method: Method,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    return this.app.inject({
      method,
      url,
      headers: {
        origin: TEST_ORIGIN,
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
  }

  get(url: string, headers?: Record<string, string>) {
    return this.request('GET', url, undefined, headers);
  }
  post(url: string, body: unknown = {}, headers?: Record<string, string>) {
    return this.request('POST', url, body, headers);
  }
  put(url: string, body: unknown = {}) {
    return this.request('PUT', url, body);
  }
  patch(url: string, body: unknown = {}) {
    return this.request('PATCH', url, body);
  }
  delete(url: string) {
    return this.request('DELETE', url);
  }
}

export function sessionCookieOf(response: LightMyRequestResponse): string {
  const cookies = response.cookies.filter((c) => c.name.includes('session_token'));
  if (cookies.length === 0)
    throw new Error(`no session cookie in answer ${response.statusCode}: ${response.body}`);
  return cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

let counter = 0;

export interface TestUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  client: TestClient;
}

/** Signs up a fresh account (admins are promoted server-side, as in production) and signs it in. */
export async function signUp(
  app: FastifyInstance,
  role: Role,
  overrides: { name?: string; email?: string; password?: string; verified?: boolean } = {},
): Promise<TestUser> {
  counter += 1;
  const email = overrides.email ?? `${role}${counter}-${randomBytes(3).toString('hex')}@example.test`;
  const name = overrides.name ?? `Test ${role} ${counter}`;
  const client = new TestClient(app);
  const response = await client.post('/api/auth/sign-up/email', {
    name,
    email,
    password: overrides.password ?? 'correct-horse-battery',
    role: role === 'admin' ? 'buyer' : role,
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed ${response.statusCode}: ${response.body}`);
  client.cookie = sessionCookieOf(response);
  const [user] = await app.database.db.select().from(users).where(eq(users.email, email));
  if (role === 'admin' || overrides.verified) {
    await app.database.db
      .update(users)
      .set({ role, verified: overrides.verified ?? false })
      .where(eq(users.id, user!.id));
  }
  return { id: user!.id, email, name, role, client };
}

/** As if signed in 28 days ago: two days left of a 30-day session, so its renewal is due. */
export async function makeSessionDueForRenewal(app: FastifyInstance, userId: string): Promise<void> {
  await app.database.db
    .update(sessions)
    .set({ expiresAt: sql`now() + interval '2 days'`, updatedAt: sql`now() - interval '28 days'` })
    .where(eq(sessions.userId, userId));
}
