/**
 * JSON request bodies: Fastify's own parser (prototype and constructor poisoning refused), plus a limit on
 * how deeply arrays and objects nest. No request of this API nests more than a few levels; a body nested
 * thousands deep is an attack on whatever walks it later (validation, re-serialising, logging) and is
 * refused here with 400.
 */
import type { FastifyInstance } from 'fastify';
import { errorMessages } from '@furniture-mart/shared';
import { BadRequest } from '../platform/errors.js';

export const MAX_JSON_DEPTH = 32;

export function registerJsonBody(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (nestingDepthExceeds(body as string, MAX_JSON_DEPTH)) {
      done(new BadRequest(errorMessages.bodyTooDeep, undefined, 'BODY_TOO_DEEP'), undefined);
      return;
    }
    parse(request, body as string, done);
  });
}

/** Whether brackets outside strings nest deeper than `limit`; one pass, stops as soon as they do. */
export function nestingDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c)
        i++; // backslash: skip the escaped character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x7b || char === 0x5b) {
      if (++depth > limit) return true;
    } else if (char === 0x7d || char === 0x5d) {
      depth--;
    }
  }
  return false;
}
