/** Runs one group of fuzz targets in its own app and database (one test file per group). */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FUZZ_RUNS, fuzzRoute } from './fuzz.js';
import { createPool, fuzzTargets, type FuzzGroup, type Pool } from './fuzz-targets.js';
import { buildReleaseApp, createWorld, type ReleaseApp } from './world.js';

/** Generous: a thousand requests through the whole stack on a busy two-core machine. */
const ROUTE_TIMEOUT_MS = 180_000;

export function fuzzGroup(group: FuzzGroup, onReady?: (ctx: ReleaseApp) => void): void {
  let ctx: ReleaseApp;
  let pool: Pool;
  beforeAll(async () => {
    ctx = await buildReleaseApp();
    pool = await createPool(await createWorld(ctx.app));
    onReady?.(ctx);
  });
  afterAll(() => ctx?.close());

  for (const target of fuzzTargets.filter((t) => t.group === group)) {
    it(
      `${target.method} ${target.route} as ${target.as}: ${FUZZ_RUNS} generated requests, no 5xx, errors in the format, nothing internal`,
      async () => {
        const cookie =
          target.as === 'own'
            ? (await pool.world.user('buyer')).client.cookie
            : pool.world.client(target.as).cookie;
        const { statuses } = await fuzzRoute(ctx.app, () => cookie, target.arbitrary(pool));
        const total = [...statuses.values()].reduce((a, b) => a + b, 0);
        // FUZZ_DEBUG=1 shows how the answers spread over statuses (silent by default).
        if (process.env.FUZZ_DEBUG)
          console.log(target.method, target.route, JSON.stringify([...statuses].sort()));
        expect(total).toBeGreaterThanOrEqual(FUZZ_RUNS);
        // Signed in as the route wants: the requests were judged on their content, not refused at the door.
        if (target.as !== 'anonymous' && target.as !== 'own') {
          const refused = (statuses.get(401) ?? 0) + (statuses.get(403) ?? 0);
          expect(
            refused / total,
            `share refused as signed out or forbidden: ${JSON.stringify([...statuses])}`,
          ).toBeLessThan(0.2);
        }
        // The generated oversized JSON bodies met the body limit (uploads have their own, larger one).
        const writes = target.method !== 'GET' && target.method !== 'HEAD';
        const uploads = ['/api/uploads/images', '/api/conversations/:id/photos'];
        if (writes && !uploads.includes(target.route) && FUZZ_RUNS >= 1000) {
          expect(statuses.get(413) ?? 0, 'oversized bodies answered 413').toBeGreaterThan(0);
        }
      },
      ROUTE_TIMEOUT_MS,
    );
  }
}
