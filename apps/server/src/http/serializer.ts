/**
 * Answers are written from each route's Zod response schema, which also leaves out any field the
 * schema does not name. A frozen answer (a listing kept in memory, modules/catalogue/listing-cache.ts)
 * is the same object for every request that reads it, so it is checked and written once.
 */
import { serializerCompiler } from 'fastify-type-provider-zod';

type Compiler = typeof serializerCompiler;

export const answerSerializerCompiler: Compiler = (route) => {
  const serialize = serializerCompiler(route);
  const written = new WeakMap<object, string>();
  return (data) => {
    if (typeof data !== 'object' || data === null || !Object.isFrozen(data)) return serialize(data);
    let json = written.get(data);
    if (json === undefined) {
      json = serialize(data);
      written.set(data, json);
    }
    return json;
  };
};
