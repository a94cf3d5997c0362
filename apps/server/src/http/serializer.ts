/**
 * Answers are written from each route's Zod response schema, which also leaves out any field the
 * schema does not name. A frozen answer (a listing kept in memory, modules/catalogue/listing-cache.ts)
 * is the same object for every request that reads it, so it is checked and written once, and
 * compressed once per encoding (registerKeptAnswers) instead of once per request.
 */
import type { FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
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

export const answerSerializerCompiler: Compiler = (route) => {
  const serialize = serializerCompiler(route);
  const written = new WeakMap<object, string>();
  return (data) => {
    if (typeof data !== 'object' || data === null || !Object.isFrozen(data)) return serialize(data);
    let json = written.get(data);
    if (json === undefined) {
      json = serialize(data);
      written.set(data, json);
      keepCopies(json);
    }
    return json;
  };
};

/**
 * Sends a kept answer's compressed copy when the client accepts one (from 1 KB, as the compression
 * plugin does). Runs before the plugin's own hook (a route's), which leaves an answer that already has
 * an encoding as it is.
 */
export function registerKeptAnswers(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' || payload.length < 1024 || keptCopies.size === 0) return payload;
    const kept = keptCopies.get(payload);
    const encoding = kept && acceptedEncoding(request.headers['accept-encoding']);
    if (!kept || !encoding) return payload;
    const vary = reply.getHeader('vary');
    reply
      .header('content-encoding', encoding)
      .header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
    return kept.body(encoding);
  });
}
