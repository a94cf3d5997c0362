/** The checks every answer of the release suites goes through, tried on answers that must pass and fail. */
import { describe, expect, it } from 'vitest';
import { errorFormatProblem, leakIn } from './send.js';

describe('errorFormatProblem', () => {
  it.each([
    ['{"error":{"code":"NOT_FOUND","message":"Not found."}}'],
    [
      '{"error":{"code":"VALIDATION_FAILED","message":"Some fields need your attention.","fields":{"email":"Required"}}}',
    ],
  ])('accepts %s', (body) => expect(errorFormatProblem(body)).toBeNull());

  it.each([
    ['not JSON', 'Internal Server Error'],
    [
      'Fastify’s own shape',
      '{"error":"Bad Request","code":"FST_ERR_BAD_URL","message":"x","statusCode":400}',
    ],
    ['a missing message', '{"error":{"code":"X"}}'],
    ['an empty code', '{"error":{"code":"","message":"x"}}'],
    ['an extra key', '{"error":{"code":"X","message":"x","stack":"..."}}'],
    ['a non-string field', '{"error":{"code":"X","message":"x","fields":{"a":1}}}'],
    ['a top-level extra', '{"error":{"code":"X","message":"x"},"statusCode":400}'],
    ['null', 'null'],
  ])('refuses %s', (_what, body) => expect(errorFormatProblem(body)).not.toBeNull());
});

describe('leakIn', () => {
  it.each([
    ['TypeError: x\n    at forwardToAuth (/srv/app/dist/server.js:143:28)'],
    ['at Object.<anonymous> (file:///srv/app/dist/server.js:1:2)'],
    ['failed in /work/app/src/modules/auth/auth.routes.ts'],
    ['node_modules/better-auth/dist/index.mjs'],
    ['auth.routes.ts:143'],
    ['server.js:10:5'],
    ['at /srv/app/dist/server.js:10:5'],
  ])('finds internals in %j', (text) => expect(leakIn(text)).not.toBeNull());

  it.each([
    ['pageSize can be at most 100.'],
    ['Please wait 60 seconds and try again (at most 10 a minute).'],
    ['{"error":{"code":"NOT_FOUND","message":"No route for GET /api/x."}}'],
  ])('lets ordinary English through: %j', (text) => expect(leakIn(text)).toBeNull());
});
