import type * as Zlib from 'node:zlib';
import type * as Serializer from './serializer.js';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
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
let answerSerializerCompiler: typeof Serializer.answerSerializerCompiler;
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
  ({ answerSerializerCompiler, registerKeptAnswers } = await import('./serializer.js'));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler);
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
