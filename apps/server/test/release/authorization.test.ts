/**
 * Release gate "authorization matrix": every route the app registers (Fastify's onRoute) against the
 * checked-in policy table (policy.ts), as signed out, buyer, another buyer, seller, another seller, admin
 * and a removed user's old cookie; owned objects also with random UUIDs.
 */
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ORIGIN } from '../helpers/app.js';
import { sendRaw } from '../helpers/raw-http.js';
import { policy, type PolicyRow } from './policy.js';
import { spellings } from './spellings.js';
import { errorFormatProblem, expectWellFormed, send } from './send.js';
import { actors, buildReleaseApp, createWorld, type Actor, type ReleaseApp, type World } from './world.js';

let ctx: ReleaseApp;
let world: World;

beforeAll(async () => {
  ctx = await buildReleaseApp();
  world = await createWorld(ctx.app);
});
afterAll(() => ctx?.close());

const key = (method: string, url: string) => `${method} ${url}`;
const label = (row: PolicyRow) => key(row.method, row.concrete ?? row.route);

describe('the policy table covers exactly the registered routes', () => {
  it('has a row for every registered route (HEAD variants through their GET row)', () => {
    const inTable = new Set(policy.map((row) => key(row.method, row.route)));
    const missing = ctx.routes
      .filter(({ method, url }) => {
        if (inTable.has(key(method, url))) return false;
        // Fastify's automatic HEAD route answers as its GET route; it is tried in the matrix too.
        return !(method === 'HEAD' && inTable.has(key('GET', url)));
      })
      .map(({ method, url }) => key(method, url));
    expect(missing, 'registered routes that policy.ts does not mention').toEqual([]);
  });

  it('has no row for a route that is not registered', () => {
    const registered = new Set(ctx.routes.map(({ method, url }) => key(method, url)));
    const stale = policy.map((row) => key(row.method, row.route)).filter((k) => !registered.has(k));
    expect(stale, 'rows of policy.ts for routes the app does not register').toEqual([]);
  });

  it('has a HEAD route next to every GET route', () => {
    const registered = new Set(ctx.routes.map(({ method, url }) => key(method, url)));
    const withoutHead = ctx.routes
      .filter(({ method, url }) => method === 'GET' && !registered.has(key('HEAD', url)))
      .map(({ url }) => url);
    expect(withoutHead).toEqual([]);
  });

  it('collected the routes through onRoute (a sanity floor, so an empty collector cannot pass)', () => {
    expect(ctx.routes.length).toBeGreaterThan(60);
    expect(ctx.routes).toContainEqual({ method: 'DELETE', url: '/api/admin/users/:id' });
  });
});

const isDenied = (status: number) => status === 401 || status === 403;

describe.each(policy.map((row) => [label(row), row] as const))('%s', (_name, row) => {
  it(`answers as the table says: ${row.rule}`, async () => {
    const actual = {} as Record<Actor, number>;
    const answers = {} as Record<Actor, LightMyRequestResponse>;
    for (const actor of actors) {
      const request = await row.build(world, actor);
      const response = await send(world, actor, request);
      actual[actor] = response.statusCode;
      answers[actor] = response;
      expectWellFormed(response, `${label(row)} as ${actor}`, request.method);
    }
    expect(actual).toEqual(row.expect);

    // The removed seller's cookie is as dead as the removed buyer's.
    const request = await row.build(world, 'removed');
    const removedSeller = await send(world, 'removed', request, world.removedSeller.client.cookie);
    expect(removedSeller.statusCode, 'removed seller').toBe(row.expect.removed);

    if (row.method === 'GET') {
      const heads = {} as Record<Actor, number>;
      for (const actor of actors) {
        const getRequest = await row.build(world, actor);
        const response = await send(world, actor, { ...getRequest, method: 'HEAD' });
        heads[actor] = response.statusCode;
        expect(response.body, `HEAD ${getRequest.url} has no body`).toBe('');
      }
      expect(heads, 'HEAD answers as GET').toEqual(row.expect);
    }

    if (row.owned) {
      const missingStatus = row.owned.missingStatus ?? 404;
      const unknownAnswers: Array<[string, LightMyRequestResponse]> = [];
      for (const actor of actors) {
        const probe = await row.build(world, actor, randomUUID());
        const response = await send(world, actor, probe);
        expectWellFormed(response, `${label(row)} as ${actor} with a random id`, probe.method);
        const real = answers[actor];
        if (isDenied(row.expect[actor])) {
          // Refused before anything is looked up: the same answer whatever the id.
          expect(response.statusCode, `${actor}, random id`).toBe(real.statusCode);
          expect(response.json(), `${actor}, random id`).toEqual(real.json());
        } else {
          expect(response.statusCode, `${actor}, random id`).toBe(missingStatus);
        }
        unknownAnswers.push([`${actor} with a random id`, response]);
        if (real.statusCode === missingStatus) unknownAnswers.push([`${actor} with a real id`, real]);
      }
      // "Not yours" and "does not exist" cannot be told apart.
      const [first, ...rest] = unknownAnswers.filter(([, r]) => r.statusCode === missingStatus);
      expect(first, 'someone got the unknown-id answer').toBeDefined();
      for (const [who, response] of rest) {
        expect(response.json(), `${who} vs ${first![0]}`).toEqual(first![1].json());
      }
    }
  });
});

/**
 * Routes of the payments module that still check the input before the caller. Each answers 400 instead of
 * 401/403 to a malformed request; listed here (and asserted as such, so fixing one fails this list) until
 * the payments module checks the caller first like every other module.
 */

describe('who may ask is decided before the input is looked at', () => {
  /** The row's request with a malformed id, body and page, so validation would fail if it ran first. */
  async function malformed(row: PolicyRow, actor: Actor) {
    const request = await row.build(
      world,
      actor,
      row.owned && row.owned.kind !== 'photo' ? 'not-a-uuid' : undefined,
    );
    return {
      ...request,
      url: `${request.url}${request.url.includes('?') ? '&' : '?'}page=0&pageSize=100000`,
      ...(request.body !== undefined
        ? { body: { unexpected: ['field'], productId: 7, photoIds: 'none' } }
        : {}),
    };
  }

  // Sign-in's 403 (a removed account) is an answer to the credentials themselves, so it is not a gate.
  const guarded = policy.filter(
    (row) =>
      row.route !== '/api/auth/sign-in/email' &&
      (row.expect.anonymous === 401 || actors.some((a) => row.expect[a] === 403)),
  );

  it.each(guarded.map((row) => [label(row), row] as const))(
    '%s: 401 signed out, 403 wrong role, whatever the input',
    async (_name, row) => {
      const answers: Record<string, number> = {};
      const expected: Record<string, number> = {};
      for (const actor of actors) {
        if (row.expect[actor] !== 401 && row.expect[actor] !== 403) continue;
        const response = await send(world, actor, await malformed(row, actor));
        expectWellFormed(response, `${label(row)} as ${actor}, malformed`);
        answers[actor] = response.statusCode;
        expected[actor] = row.expect[actor];
      }
      expect(answers).toEqual(expected);
    },
  );
});

describe('OPTIONS', () => {
  // No route answers OPTIONS (the API is same-origin only, so there is no CORS preflight): each URL of the
  // table answers it with the API's 404.
  it('answers OPTIONS on every URL of the table with 404 in the error format', async () => {
    const urls = new Set<string>();
    for (const row of policy) urls.add((await row.build(world, 'admin')).url.split('?')[0]!);
    for (const url of urls) {
      const res = await world.app.inject({
        method: 'OPTIONS',
        url,
        headers: { origin: 'http://localhost:3000' },
      });
      // A trailing slash is refused before routing (http/canonical-path.ts), whatever the method.
      expect(res.statusCode, url).toBe(url.endsWith('/') ? 400 : 404);
      expectWellFormed(res, `OPTIONS ${url}`, 'OPTIONS');
    }
  });
});

describe('state-changing requests from another site', () => {
  const writes = policy.filter(
    (row) => row.method !== 'GET' && row.method !== 'HEAD' && row.route !== '/api/payments/stripe/webhook',
  );

  it.each(writes.map((row) => [label(row), row] as const))(
    '%s is refused without a same-origin Origin, whoever asks',
    async (_name, row) => {
      // The caller the row lets in (or the buyer), so only the missing origin can be the reason.
      const actor = actors.find((a) => row.expect[a] < 300) ?? 'buyer';
      for (const origin of [undefined, 'https://evil.example', 'null']) {
        const request = await row.build(world, actor);
        const headers = { ...request.headers, origin: origin as string };
        if (origin === undefined) delete (headers as Record<string, unknown>).origin;
        const response = await world.app.inject({
          method: request.method,
          url: request.url,
          headers: {
            ...(request.cookie !== null && world.client(actor).cookie
              ? { cookie: request.cookie ?? world.client(actor).cookie! }
              : {}),
            ...(request.body !== undefined && !request.payload ? { 'content-type': 'application/json' } : {}),
            ...headers,
          },
          ...(request.payload
            ? { payload: request.payload }
            : request.body !== undefined
              ? { payload: JSON.stringify(request.body) }
              : {}),
        });
        expect(response.statusCode, `${label(row)} with origin ${origin}: ${response.body}`).toBe(403);
        expect(response.json().error.code).toBe('BAD_ORIGIN');
        expect(errorFormatProblem(response.body)).toBeNull();
      }
    },
  );
});

/**
 * Other spellings of every route's address (a dot segment once reached Better Auth's update-user past
 * our schema and limits). Each is refused before any handler runs (400), or is simply another address
 * with no route (404); none reaches the route with fewer checks.
 */
describe('every route under other spellings of its address', () => {
  it.each(policy.map((row) => [label(row), row] as const))('%s', async (_name, row) => {
    // The caller the row lets in, so only the address can be the reason for a refusal.
    const actor = actors.find((a) => row.expect[a] < 300) ?? 'admin';
    for (const [how, respell] of spellings) {
      const request = await row.build(world, actor);
      const query = request.url.indexOf('?');
      const path = query === -1 ? request.url : request.url.slice(0, query);
      const url = respell(path) + (query === -1 ? '' : request.url.slice(query));
      expect(url, how).not.toBe(request.url);
      const cookie = request.cookie !== undefined ? request.cookie : world.client(actor).cookie;
      const json = request.body !== undefined && request.payload === undefined;
      const response = await sendRaw(world.app, {
        method: request.method,
        path: url,
        headers: {
          origin: TEST_ORIGIN,
          ...(cookie ? { cookie } : {}),
          ...(json ? { 'content-type': 'application/json' } : {}),
          ...request.headers,
        },
        body: request.payload ?? (json ? JSON.stringify(request.body) : undefined),
      });
      // 308 only for what reads as a page address with a trailing slash, sent to the address without it.
      expect(
        [400, 404, 308],
        `${row.method} ${url} (${how}): ${response.statusCode} ${response.body}`,
      ).toContain(response.statusCode);
      if (response.statusCode === 308) {
        expect(response.headers.location, url).toBe(url.replace(/\/(\?|$)/, '$1'));
        expect(url, 'only a page address is sent on').not.toMatch(/^\/(api|media|assets)\//);
      }
      expectWellFormed(response as never, `${row.method} ${url}`, request.method);
      if (response.statusCode === 400 && request.method !== 'HEAD') {
        expect(response.json().error.code, url).toBe('BAD_URL');
      }
    }
  });
});
