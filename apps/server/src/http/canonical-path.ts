/**
 * One spelling per address. A path that a router, a proxy or a library could read as another path
 * (`/api/auth/x/../update-user`, `/%61pi/...`, `//api`, `\`) is refused with 400 before any other hook
 * or handler runs, so no check can be passed by by spelling an address differently. This holds for the
 * API, rendered pages and static files alike.
 *
 * What stays valid: any percent-encoding of characters that must be encoded in a path segment (spaces,
 * non-ASCII, `%25` itself). Letter case matters (the router is case-sensitive, so `/API/...` is not the
 * API: 404). A trailing slash is not canonical either: a page address with one is sent on to the same
 * address without it (308, so people's links keep working), anything else with one is refused (400).
 */
import type { FastifyInstance } from 'fastify';
import { errorMessages } from '@furniture-mart/shared';
import { BadRequest } from '../platform/errors.js';

const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/** Why a request path is not canonical, or null when it is. `raw` is the request target as sent. */
export function pathProblem(raw: string): string | null {
  const end = raw.search(/[?#]/);
  const path = end === -1 ? raw : raw.slice(0, end);
  if (!path.startsWith('/')) return 'must start with /';
  if (path.includes('\\')) return 'contains a backslash';
  if (path.includes('\0')) return 'contains a NUL character';
  if (path.includes('//')) return 'contains an empty segment';
  for (let i = path.indexOf('%'); i !== -1; i = path.indexOf('%', i + 1)) {
    const hex = path.slice(i + 1, i + 3);
    if (!/^[0-9A-Fa-f]{2}$/.test(hex)) return 'contains a malformed percent-encoding';
    const code = parseInt(hex, 16);
    if (code === 0) return 'contains a NUL character';
    if (code === 0x2f || code === 0x5c) return 'contains an encoded slash or backslash';
    if (UNRESERVED.test(String.fromCharCode(code))) return 'encodes a character that needs no encoding';
  }
  for (const segment of path.split('/')) {
    if (segment === '.' || segment === '..') return 'contains a dot segment';
  }
  return null;
}

/**
 * Whether a request is for a page address: a GET or HEAD outside the API, the build's hashed assets and
 * the media files. Such an address is the web app's to answer (its page, or its Page Not Found with a
 * 404); any other address the server does not know is a 404 in the API's format.
 */
export function isPageAddress(method: string, path: string): boolean {
  return (method === 'GET' || method === 'HEAD') && !/^\/(api|assets|media)(\/|$)/.test(path);
}

function notCanonical(): BadRequest {
  return new BadRequest(errorMessages.notCanonical, undefined, 'BAD_URL');
}

export function registerCanonicalPaths(app: FastifyInstance): void {
  // Not awaited: every request runs it.
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw.url ?? request.url;
    const problem = pathProblem(raw);
    if (problem) return done(notCanonical());
    const query = raw.indexOf('?');
    const path = query === -1 ? raw : raw.slice(0, query);
    if (path.length > 1 && path.endsWith('/')) {
      if (!isPageAddress(request.method, path)) return done(notCanonical());
      reply.redirect(path.slice(0, -1) + (query === -1 ? '' : raw.slice(query)), 308);
      return;
    }
    done();
  });
}
