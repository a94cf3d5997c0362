/**
 * Answers are written from each route's Zod response schema, which also leaves out any field the
 * schema does not name. The writer is compiled once per route from the schema's JSON Schema
 * (fast-json-stringify, as Fastify does for its own schemas): Zod checking a page of 24 cards and
 * `JSON.stringify` took 0.85 ms an answer, the compiled writer 0.09 ms (decision 0021). A schema that
 * JSON Schema cannot express (a transform, a date) is written by Zod.
 * A frozen answer (a listing kept in memory, platform/listing-cache.ts) is the same object for
 * every request that reads it, so it is written once, and compressed once per encoding
 * (registerKeptAnswers) instead of once per request.
 */
import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance } from 'fastify';
import fastJsonStringify from 'fast-json-stringify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptedEncoding, KeptPage } from './page-cache.js';

type Compiler = typeof serializerCompiler;

/**
 * The text of kept answers with their compressed copies, found by that text: the serializer gives the
 * same string for the same kept answer, so a hit compares no characters. Bounded, oldest first out.
 */
const keptCopies = new Map<string, KeptPage>();
const MAX_KEPT_COPIES = 500;

function keepCopies(json: string): void {
  keptCopies.set(json, new KeptPage(json));
  if (keptCopies.size > MAX_KEPT_COPIES) keptCopies.delete(keptCopies.keys().next().value!);
}

type Write = (data: unknown) => string;

/**
 * The compiled writer of a response schema, or null when JSON Schema cannot express it. Only the fields
 * the schema names are written (objects are closed: `additionalProperties: false`); optional ones come
 * after the others, where Zod keeps the schema's order: the same JSON.
 */
export function compileAnswerWriter(schema: unknown): Write | null {
  const zodSchema =
    schema instanceof z.ZodType
      ? schema
      : schema &&
          typeof schema === 'object' &&
          'properties' in schema &&
          schema.properties instanceof z.ZodType
        ? schema.properties
        : null;
  if (!zodSchema) return null;
  try {
    const json = z.toJSONSchema(zodSchema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' });
    return fastJsonStringify(json as Parameters<typeof fastJsonStringify>[0]) as Write;
  } catch {
    return null;
  }
}

/**
 * `verify` (every environment but production): each answer is also written by Zod, which checks it
 * against the schema (types, enums, required fields), and the two must read as the same JSON. The compiled
 * writer checks nothing, so this is where an answer that breaks its schema, or a schema the two read
 * differently, fails: in the tests, as a 500 naming the route.
 */
export function createAnswerSerializerCompiler({ verify }: { verify: boolean }): Compiler {
  return (route) => {
    const checked = serializerCompiler(route);
    // Compiled on the first answer, so starting the server compiles nothing it does not send.
    let compiled: Write | null | undefined;
    const write: Write = (data) => {
      if (compiled === undefined) compiled = compileAnswerWriter(route.schema);
      if (!compiled) return checked(data);
      const text = compiled(data);
      if (verify) {
        const expected = checked(data);
        if (!isDeepStrictEqual(JSON.parse(text), JSON.parse(expected))) {
          throw new Error(
            `${route.method} ${route.url} (${route.httpStatus}): the compiled writer wrote ${text.slice(0, 300)}, the schema ${expected.slice(0, 300)}`,
          );
        }
      }
      return text;
    };
    const written = new WeakMap<object, string>();
    return (data) => {
      if (typeof data !== 'object' || data === null || !Object.isFrozen(data)) return write(data);
      let json = written.get(data);
      if (json === undefined) {
        json = write(data);
        written.set(data, json);
        keepCopies(json);
      }
      return json;
    };
  };
}

/**
 * Sends a kept answer's compressed copy when the client accepts one (from 1 KB, as the compression
 * plugin does). Runs before the plugin's own hook (a route's), which leaves an answer that already has
 * an encoding as it is.
 */
export function registerKeptAnswers(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (typeof payload !== 'string' || payload.length < 1024 || keptCopies.size === 0)
      return done(null, payload);
    const kept = keptCopies.get(payload);
    const encoding = kept && acceptedEncoding(request.headers['accept-encoding']);
    if (!kept || !encoding) return done(null, payload);
    const vary = reply.getHeader('vary');
    reply
      .header('content-encoding', encoding)
      .header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
    kept.body(encoding).then(
      (body) => done(null, body),
      (error: Error) => done(error),
    );
  });
}
