/**
 * Release gate "fuzzing", public routes (and the check that every registered route has a fuzz target).
 * See fuzz.ts for what is generated and checked.
 */
import { expect, it } from 'vitest';
import { fuzzTargets } from './fuzz-targets.js';
import { fuzzGroup } from './fuzz-suite.js';
import type { ReleaseApp } from './world.js';

let routes: ReleaseApp['routes'] = [];
fuzzGroup('public', (ctx) => {
  routes = ctx.routes;
});

it('has a fuzz target for every registered route (HEAD variants through their GET target)', () => {
  const key = (method: string, url: string) => `${method} ${url}`;
  const targeted = new Set(fuzzTargets.map((t) => key(t.method, t.route)));
  const missing = routes
    .filter(
      ({ method, url }) =>
        !targeted.has(key(method, url)) && !(method === 'HEAD' && targeted.has(key('GET', url))),
    )
    .map(({ method, url }) => key(method, url));
  expect(routes.length).toBeGreaterThan(60);
  expect(missing).toEqual([]);
  const registered = new Set(routes.map(({ method, url }) => key(method, url)));
  expect(fuzzTargets.map((t) => key(t.method, t.route)).filter((k) => !registered.has(k))).toEqual([]);
});
