/**
 * Generators of hostile requests (fast-check) and the property every answer must have: no 5xx, every 4xx
 * in the API's error format, no stack trace or file path. A failure prints the seed, the shrunk
 * counterexample (the request, shortened) and the answer; FUZZ_SEED reproduces a run, FUZZ_RUNS changes
 * how many requests each route gets: 300 in `npm test`, kept under five minutes; CI runs 1,000 a route
 * on PGlite.
 */
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { TEST_ORIGIN } from '../helpers/app.js';
import { problemOf } from './send.js';

export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20_261_121);
export const FUZZ_RUNS = Math.max(1, Number(process.env.FUZZ_RUNS ?? 300));

// ---------- values ----------

/** Numbers people (and scripts) type for prices, sizes and pages, as text. */
export const numberText = fc.constantFrom(
  '-1',
  '0',
  'NaN',
  '1e20',
  '10.001',
  '-0',
  'Infinity',
  '-Infinity',
  '1e-7',
  '0x1A',
  '1,000.50',
  '  7  ',
  '１２',
  '٣',
  '9007199254740993',
  '99999999999.99',
  '10000000.01',
  '10.00',
  '.5',
  '5.',
  '+5',
  '1_000',
  '1e308',
  '2147483648',
  '-2147483649',
  '12abc',
);

/** The same, as JSON numbers (NaN and Infinity cannot be JSON: they are sent as text above). */
export const jsonNumber = fc.oneof(
  fc.constantFrom(-1, 0, 1e20, 10.001, -0, 1e308, 2 ** 53 + 1, 0.1 + 0.2, 5e-324, 2 ** 31, -(2 ** 31) - 1),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** Text that has broken servers before: NUL, lone surrogates, markup, SQL, paths, prototype names. */
const nastyText = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\u202eevil',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '%',
  '%00',
  '%zz',
  "'; drop table users; --",
  "' or 1=1 --",
  '\\',
  '$1',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  'ａｄｍｉｎ',
  '😀'.repeat(40),
  'e\u0301'.repeat(30),
  '-- --',
  '"quoted" or -word',
  'a:*',
  '!!!',
  '&|!():*',
);

/** Long text: hundreds to tens of thousands of characters of one repeated piece. */
export const longText = fc
  .tuple(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 3 }), fc.integer({ min: 300, max: 20_000 }))
  .map(([piece, length]) => piece.repeat(Math.ceil(length / piece.length)).slice(0, length));

export const anyText = fc.oneof(
  { weight: 3, arbitrary: fc.string() },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 3, arbitrary: nastyText },
  { weight: 2, arbitrary: numberText },
  { weight: 1, arbitrary: longText },
);

/** Keys an attacker adds to a body: privileges, ownership, money, and prototype names. */
export const sneakyKeys = [
  'role',
  'verified',
  'status',
  'sellerId',
  'userId',
  'buyerId',
  'price',
  'amount',
  'amountCents',
  'priceCents',
  'paymentStatus',
  'isAdmin',
  'advertised',
  'id',
  'emailVerified',
  'deletedAt',
  'currency',
  'constructor',
  'toString',
] as const;

const anyKey = fc.oneof(fc.constantFrom(...sneakyKeys), fc.string({ maxLength: 12 }));

export const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: anyText },
  { weight: 2, arbitrary: jsonNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(anyText, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(anyKey, anyText, { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** A real id now and then, otherwise UUIDs that exist nowhere and things that are not ids at all. */
export function idArb(realIds: () => string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.uuid() },
    {
      weight: 2,
      arbitrary: fc.nat().map((n) => {
        const ids = realIds();
        return ids.length > 0 ? ids[n % ids.length]! : '00000000-0000-4000-8000-000000000000';
      }),
    },
    { weight: 1, arbitrary: fc.uuid().map((id) => id.toUpperCase()) },
    { weight: 1, arbitrary: fc.uuid().map((id) => `${id}x`) },
    { weight: 1, arbitrary: fc.constant('00000000-0000-0000-0000-000000000000') },
    { weight: 4, arbitrary: anyText },
  );
}

/** One path segment: usually encoded, sometimes raw bytes a client should not send. */
export function segmentArb(values: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 8, arbitrary: values.map((value) => encodeURIComponent(safeUnicode(value))) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '%',
        '%zz',
        '%E0%A4%A',
        '%00',
        '%2F',
        'a%2Fb',
        '..',
        '.',
        '%2e%2e',
        '%C0%AF',
        '%u0041',
      ),
    },
  );
}

/** encodeURIComponent throws on lone surrogates; those are sent as their replacement character. */
function safeUnicode(text: string): string {
  return text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}

/** A query string: known and unknown keys, duplicated keys (?page=1&page=2), odd values and encodings. */
export function queryArb(knownKeys: readonly string[]): fc.Arbitrary<string> {
  const key = fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...knownKeys, 'page', 'pageSize') },
    {
      weight: 1,
      arbitrary: fc.constantFrom('__proto__', 'constructor', '__proto__[role]', 'a[b]', 'page[]', 'q[0]', ''),
    },
    { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
  );
  const value = fc.oneof(
    { weight: 3, arbitrary: numberText },
    { weight: 3, arbitrary: anyText },
    {
      weight: 1,
      arbitrary: fc.constantFrom('1', '2', '24', '100', '101', 'newest', 'price_asc', 'good', 'Dhaka'),
    },
  );
  const pairs = fc
    .array(fc.tuple(key, value), { maxLength: 6 })
    .map((list) =>
      list
        .map(([k, v]) => `${encodeURIComponent(safeUnicode(k))}=${encodeURIComponent(safeUnicode(v))}`)
        .join('&'),
    );
  return fc.oneof(
    { weight: 6, arbitrary: pairs },
    {
      weight: 1,
      arbitrary: fc.constantFrom('page=1&page=2', 'pageSize=1&pageSize=100&pageSize=101', 'q=a&q=b&q=c'),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom('%', 'a=%zz', '&&&', '=', 'page', 'page=', '??', 'a=1&', '%00=%00'),
    },
    { weight: 1, arbitrary: fc.constant('') },
  );
}

// ---------- bodies ----------

export interface Body {
  contentType?: string;
  payload?: string | Buffer;
}

const oversizedJson = JSON.stringify({ title: 'x'.repeat(1024 * 1024 + 100), description: 'too large' });

function deepJson(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array'
    ? '['.repeat(depth) + ']'.repeat(depth)
    : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

/** Mostly the valid value, now and then anything at all. */
export function lean<T>(
  valid: fc.Arbitrary<T>,
  weird: fc.Arbitrary<unknown> = anyValue,
): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 9, arbitrary: valid }, { weight: 1, arbitrary: weird });
}

/**
 * A body close to a valid one: the fields' own (mostly valid) values, and in about half of the bodies one
 * or two fields replaced by anything, a field dropped, or sneaky keys added. So many bodies pass validation
 * and reach the services and the database, and the rest probe validation one field at a time.
 */
export function nearValid(
  fields: Record<string, fc.Arbitrary<unknown>>,
): fc.Arbitrary<Record<string, unknown>> {
  const names = Object.keys(fields);
  const some = (max: number) =>
    names.length === 0
      ? fc.constant([] as string[])
      : fc.oneof(
          { weight: 3, arbitrary: fc.constant([] as string[]) },
          {
            weight: 1,
            arbitrary: fc.subarray(names, { minLength: 1, maxLength: Math.min(max, names.length) }),
          },
        );
  return fc
    .tuple(
      fc.record(fields),
      some(2),
      fc.array(anyValue, { minLength: 2, maxLength: 2 }),
      some(1),
      fc.oneof(
        { weight: 3, arbitrary: fc.constant({}) },
        { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...sneakyKeys), anyValue, { maxKeys: 3 }) },
      ),
    )
    .map(([record, replaced, values, dropped, extra]) => {
      const body: Record<string, unknown> = { ...extra, ...record };
      replaced.forEach((name, i) => (body[name] = values[i]));
      for (const name of dropped) delete body[name];
      return body;
    });
}

/** JSON text with __proto__ / constructor keys (JSON.stringify would drop an own __proto__ key). */
function prototypeBody(fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<string> {
  return fc
    .tuple(
      nearValid(fields),
      fc.constantFrom(
        '"__proto__":{"role":"admin","isAdmin":true}',
        '"constructor":{"prototype":{"isAdmin":true}}',
        '"__proto__":null',
        '"constructor":"x"',
        '"a":{"__proto__":{"polluted":true}}',
      ),
    )
    .map(([body, poison]) => {
      const text = JSON.stringify(body);
      return text === '{}' ? `{${poison}}` : `{${poison},${text.slice(1)}`;
    });
}

export const wrongContentType = fc.constantFrom(
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json; charset=latin1',
  'application/vnd.api+json',
  'a/b/c',
  ';;;',
  'application/json, text/plain',
  'image/png',
);

/** Bodies for a JSON route: mostly near-valid, plus everything a parser can choke on. */
export function jsonBodyArb(
  fields: Record<string, fc.Arbitrary<unknown>>,
  nearValidWeight = 12,
): fc.Arbitrary<Body> {
  const json = (payload: string): Body => ({ contentType: 'application/json', payload });
  return fc.oneof(
    { weight: nearValidWeight, arbitrary: nearValid(fields).map((body) => json(JSON.stringify(body))) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => json(JSON.stringify(value))) },
    { weight: 2, arbitrary: prototypeBody(fields).map(json) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.integer({ min: 50, max: 5000 }),
          fc.constantFrom('array', 'object') as fc.Arbitrary<'array' | 'object'>,
        )
        .map(([depth, kind]) => json(deepJson(depth, kind))),
    },
    { weight: 1, arbitrary: fc.constant(json(oversizedJson)) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(
          'NaN',
          '{"sellingPrice":NaN}',
          '{"price":1e999}',
          '{',
          '',
          'undefined',
          '\u0000',
          '{"a":1}{"b":2}',
          '[1,]',
          "{'a':1}",
          '\ufeff{}',
          '{"a":"\\ud800"}',
        )
        .map(json),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          wrongContentType,
          fc.oneof(
            anyText,
            nearValid(fields).map((body) => JSON.stringify(body)),
          ),
        )
        .map(([contentType, payload]) => ({ contentType, payload })),
    },
    { weight: 1, arbitrary: fc.constant({}) },
  );
}

/** Multipart uploads: a real small image now and then, junk, wrong fields, two files, broken framing. */
export function multipartArb(image: Buffer): fc.Arbitrary<Body> {
  const part = fc.record({
    field: fc.constantFrom('file', 'file', 'photo', '', 'file"; name="x'),
    filename: fc.oneof(
      fc.constantFrom('photo.jpg', '../../etc/passwd', 'a.heic', ''),
      anyText.map((t) => t.slice(0, 40)),
    ),
    type: fc.constantFrom('image/jpeg', 'image/png', 'text/plain', 'application/octet-stream', ''),
    bytes: fc.oneof(
      { weight: 2, arbitrary: fc.constant(image) },
      { weight: 2, arbitrary: fc.uint8Array({ maxLength: 2000 }).map((a) => Buffer.from(a)) },
      { weight: 1, arbitrary: fc.constant(Buffer.concat([image.subarray(0, image.length / 2)])) },
      { weight: 1, arbitrary: fc.constant(Buffer.alloc(0)) },
    ),
  });
  const boundary = 'fuzzboundary';
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .tuple(fc.array(part, { minLength: 0, maxLength: 3 }), fc.boolean())
        .map(([parts, closed]) => ({
          contentType: `multipart/form-data; boundary=${boundary}`,
          payload: Buffer.concat([
            ...parts.flatMap((p) => [
              Buffer.from(
                `--${boundary}\r\nContent-Disposition: form-data; name="${p.field}"; filename="${p.filename.replace(/[\r\n"]/g, '')}"\r\n` +
                  (p.type ? `Content-Type: ${p.type}\r\n` : '') +
                  '\r\n',
              ),
              p.bytes,
              Buffer.from('\r\n'),
            ]),
            Buffer.from(closed ? `--${boundary}--\r\n` : ''),
          ]),
        })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            `multipart/form-data; boundary=${boundary}`,
            'multipart/form-data',
            'multipart/form-data; boundary=',
          ),
          anyText,
        )
        .map(([contentType, payload]) => ({ contentType, payload })),
    },
    { weight: 2, arbitrary: jsonBodyArb({ file: anyText }, 2) },
  );
}

// ---------- requests ----------

export interface FuzzRequest {
  method: string;
  url: string;
  body: Body;
  remoteAddress: string;
}

/** fast-check prints counterexamples with this; bodies are cut so a 1 MiB body stays readable. */
function describe(request: FuzzRequest): string {
  const payload = request.body.payload;
  const text =
    payload === undefined
      ? '(no body)'
      : Buffer.isBuffer(payload)
        ? `<${payload.length} bytes> ${JSON.stringify(payload.subarray(0, 200).toString('latin1'))}`
        : payload.length > 300
          ? `${JSON.stringify(payload.slice(0, 300))}… (${payload.length} characters)`
          : JSON.stringify(payload);
  return `${request.method} ${request.url} [content-type: ${request.body.contentType ?? '(none)'}] body: ${text}`;
}

export function requestArb(parts: {
  method: fc.Arbitrary<string>;
  url: fc.Arbitrary<string>;
  body: fc.Arbitrary<Body>;
}): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({ method: parts.method, url: parts.url, body: parts.body, address: fc.nat({ max: 2 ** 24 - 1 }) })
    .map(({ method, url, body, address }) => {
      const request: FuzzRequest = {
        method,
        url,
        body: method === 'GET' || method === 'HEAD' ? {} : body,
        // A different client address per request, so per-address rate limits do not stop the bodies short
        // of validation.
        remoteAddress: `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
      };
      Object.defineProperty(request, fc.toStringMethod, { value: () => describe(request) });
      return request;
    });
}

export interface FuzzOutcome {
  statuses: Map<number, number>;
}

/**
 * Sends `runs` generated requests with the given cookie and checks every answer. Resolves with how often
 * each status came back (so a test can show its requests reached validation and beyond).
 */
export async function fuzzRoute(
  app: FastifyInstance,
  cookie: () => string | null,
  arbitrary: fc.Arbitrary<FuzzRequest>,
  runs = FUZZ_RUNS,
): Promise<FuzzOutcome> {
  const statuses = new Map<number, number>();
  await fc.assert(
    fc.asyncProperty(arbitrary, async (request) => {
      const session = cookie();
      const response = await app.inject({
        method: request.method as 'GET',
        url: request.url,
        remoteAddress: request.remoteAddress,
        headers: {
          origin: TEST_ORIGIN,
          ...(session ? { cookie: session } : {}),
          ...(request.body.contentType !== undefined ? { 'content-type': request.body.contentType } : {}),
        },
        ...(request.body.payload !== undefined ? { payload: request.body.payload } : {}),
      });
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      const problem = problemOf(response, request.method);
      if (problem) {
        throw new Error(`${problem}: ${response.statusCode} ${response.body.slice(0, 600)}`);
      }
    }),
    { numRuns: runs, seed: FUZZ_SEED },
  );
  return { statuses };
}
