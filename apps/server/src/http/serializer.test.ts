import type * as Zlib from 'node:zlib';
import type * as Serializer from './serializer.js';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

/** Counts the compressions of kept answers (the compression plugin uses other zlib calls). */
const keptCompressions = vi.hoisted(() => ({ count: 0 }));
vi.mock('node:zlib', async (importOriginal) => {
  const zlib = await importOriginal<typeof Zlib>();
  return {
    ...zlib,
    brotliCompress: ((...args: Parameters<typeof zlib.brotliCompress>) => {
      keptCompressions.count += 1;
      return zlib.brotliCompress(...args);
    }) as typeof zlib.brotliCompress,
  };
});

// Test files share their modules (isolate: false), so the serializer may already be loaded with the
// real zlib: it is loaded afresh here, under the mock.
let createAnswerSerializerCompiler: typeof Serializer.createAnswerSerializerCompiler;
let compileAnswerWriter: typeof Serializer.compileAnswerWriter;
let registerKeptAnswers: typeof Serializer.registerKeptAnswers;

let reads = 0;
/** Counts how often the answer is checked: the schema reads `name` each time. */
const frozenAnswer = Object.freeze({
  get name() {
    reads += 1;
    return 'Oak table';
  },
  email: 'seller@example.test',
});

/** A kept listing, large enough to be compressed. */
const items = Array.from({ length: 200 }, (_, i) => `Chair ${i}`);
const keptListing = Object.freeze({ items });
Object.freeze(items);

const app = Fastify().withTypeProvider<ZodTypeProvider>();
beforeAll(async () => {
  vi.resetModules();
  ({ createAnswerSerializerCompiler, compileAnswerWriter, registerKeptAnswers } =
    await import('./serializer.js'));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createAnswerSerializerCompiler({ verify: false }));
  registerKeptAnswers(app);
  await app.register(compress, { global: true, threshold: 1024 });
  const response = { 200: z.object({ name: z.string() }) };
  const listing = { 200: z.object({ items: z.array(z.string()) }) };
  app.get('/kept-listing', { schema: { response: listing } }, async () => keptListing);
  app.get('/fresh-listing', { schema: { response: listing } }, async () => ({
    items: [...keptListing.items],
  }));
  app.get('/frozen', { schema: { response } }, async () => frozenAnswer);
  app.get('/fresh', { schema: { response } }, async () => ({ name: `Chair ${reads}`, email: 'a@b.test' }));
  await app.ready();
});
afterAll(() => app.close());

describe('answers written from the response schema', () => {
  it('writes a frozen answer once for every request that sends it, without the fields the schema leaves out', async () => {
    reads = 0;
    for (let i = 0; i < 3; i++) {
      const res = await app.inject({ method: 'GET', url: '/frozen' });
      expect(res.json()).toEqual({ name: 'Oak table' });
    }
    expect(reads).toBe(1);
  });

  it('writes any other answer every time', async () => {
    reads = 5;
    expect((await app.inject({ method: 'GET', url: '/fresh' })).json()).toEqual({ name: 'Chair 5' });
    reads = 6;
    expect((await app.inject({ method: 'GET', url: '/fresh' })).json()).toEqual({ name: 'Chair 6' });
  });
});

describe('kept answers compressed once', () => {
  it('sends a kept answer compressed as the client accepts, compressed once for every request', async () => {
    keptCompressions.count = 0;
    const first = await app.inject({
      url: '/kept-listing',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    const second = await app.inject({
      url: '/kept-listing',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.vary).toContain('accept-encoding');
    expect(JSON.parse(brotliDecompressSync(first.rawPayload).toString())).toEqual(keptListing);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(keptCompressions.count).toBe(1);
    const gzip = await app.inject({ url: '/kept-listing', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(keptListing);
  });

  it('sends it plain to a client that accepts no encoding, and leaves other answers to the plugin', async () => {
    const plain = await app.inject({ url: '/kept-listing' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(keptListing);
    const fresh = await app.inject({ url: '/fresh-listing', headers: { 'accept-encoding': 'gzip' } });
    expect(fresh.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(fresh.rawPayload).toString())).toEqual(keptListing);
  });
});

describe('the compiled writer', () => {
  const card = z.object({
    id: z.uuid(),
    title: z.string(),
    condition: z.enum(['excellent', 'good', 'fair']),
    priceCents: z.int(),
    previousPriceCents: z.int().nullable(),
    note: z.string().optional(),
    postedAt: z.iso.datetime(),
    photos: z.array(z.object({ url: z.string(), width: z.int() })),
    counts: z.record(z.string(), z.int()),
    seller: z.object({ name: z.string(), verified: z.boolean() }),
  });
  const page = z.object({ items: z.array(card), total: z.int(), totalCapped: z.boolean() });
  const answer = {
    items: [
      {
        id: '0b8f5a52-8d3e-4f6a-9c1e-2f3a4b5c6d7e',
        title: 'Teak "Queen" bed \u2028 frame',
        condition: 'good',
        priceCents: 12_500,
        previousPriceCents: null,
        postedAt: '2026-11-20T10:00:00.000Z',
        photos: [{ url: '/media/a.webp', width: 800, secret: 'left out' }],
        counts: { views: 3 },
        seller: { name: 'Rahim', verified: true, email: 'rahim@example.test', phone: '+880' },
      },
      {
        id: '1c9f5a52-8d3e-4f6a-9c1e-2f3a4b5c6d7e',
        title: 'Oak desk',
        condition: 'fair',
        priceCents: 4_000,
        previousPriceCents: 5_000,
        note: 'Small scratch',
        postedAt: '2026-11-21T10:00:00.000Z',
        photos: [],
        counts: {},
        seller: { name: 'Nadia', verified: false },
      },
    ],
    total: 2,
    totalCapped: false,
    debug: 'left out',
  };
  const route = { method: 'GET', url: '/page', httpStatus: '200' };

  it("writes what Zod writes: only the schema's fields, nulls and absent fields kept apart", () => {
    const write = compileAnswerWriter(page)!;
    expect(write).not.toBeNull();
    const expected = serializerCompiler({ schema: page, ...route })(answer);
    // The same JSON; the compiled writer puts optional fields after the others.
    expect(JSON.parse(write(answer))).toStrictEqual(JSON.parse(expected));
    expect(expected).not.toContain('example.test');
    expect(expected).not.toContain('left out');
  });

  it('leaves to Zod a schema JSON Schema cannot express', () => {
    expect(compileAnswerWriter(z.object({ at: z.date() }))).toBeNull();
    expect(compileAnswerWriter(z.string().transform((text) => text.length))).toBeNull();
    expect(compileAnswerWriter({ type: 'object' })).toBeNull();
  });

  it('outside production, also checks each answer against its schema and fails one that breaks it', async () => {
    // Without the type provider: these handlers return what the schema refuses, on purpose.
    const strict = Fastify();
    const lenient = Fastify();
    for (const [server, verify] of [
      [strict, true],
      [lenient, false],
    ] as const) {
      server.setSerializerCompiler(createAnswerSerializerCompiler({ verify }));
      server.get('/good', { schema: { response: { 200: page } } }, async () => answer);
      server.get('/bad', { schema: { response: { 200: page } } }, async () => ({
        ...answer,
        items: [{ ...answer.items[0], condition: 'broken' }],
      }));
      await server.ready();
    }
    expect((await strict.inject({ url: '/good' })).json()).toEqual(
      JSON.parse(compileAnswerWriter(page)!(answer)),
    );
    expect((await strict.inject({ url: '/bad' })).statusCode).toBe(500);
    // In production the compiled writer alone writes it, as Fastify's own serializer would.
    expect((await lenient.inject({ url: '/bad' })).statusCode).toBe(200);
    await Promise.all([strict.close(), lenient.close()]);
  });
});
