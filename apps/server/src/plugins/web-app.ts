/**
 * Serves the built web app: hashed assets with long cache headers, compressed copies made by the build,
 * every other non-/api GET falling back to index.html so client-side routes work on reload. Also keeps the signed-in hint cookie the web
 * app reads before asking who is signed in.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { webDistDir } from '../paths.js';
import { loadAppPages, loadPageRenderer, type AppPages, type PageRenderer } from './app-pages.js';

declare module 'fastify' {
  interface FastifyReply {
    /**
     * Answers a client-side route with the app page (never cached): rendered with its data, rendered
     * ahead, or as built.
     */
    sendAppPage(): Promise<FastifyReply>;
  }
}

/**
 * A readable, non-secret cookie that tells the web app whether to ask who is signed in. The session
 * cookie itself is httpOnly, so without the hint the app would call GET /api/me on every page load,
 * and a visitor's 401 shows as an error in the browser console. `1`: the browser holds a session
 * cookie; `0`: it holds one the server has refused (revoked, expired). It proves nothing: every API
 * call still checks the real session, and a wrong hint costs at most one /api/me answering 401.
 */
export const SIGNED_IN_HINT = 'fm_signed_in';
/** As long as a session can live (auth.ts); renewed by every /api/me that answers 200. */
const HINT_MAX_AGE = 60 * 60 * 24 * 30;

const SESSION_COOKIE = /(?:^|;\s*)[\w.-]*session_token=([^;]*)/;
const HINT_COOKIE = new RegExp(`(?:^|;\\s*)${SIGNED_IN_HINT}=([01])(?:;|$)`);
const SETS_SESSION = /^[\w.-]*session_token=([^;]*)(.*)$/i;

type Hint = '1' | '0' | null;

export interface WebAppOptions {
  /** The web app's build (dist/). */
  root?: string;
  /** Renders pages per request; by default the web build's server-side bundle beside `root`, if any. */
  renderer?: PageRenderer | null;
}

export async function registerWebApp(
  app: FastifyInstance,
  { root = webDistDir, renderer }: WebAppOptions = {},
): Promise<void> {
  registerSignedInHint(app);
  if (!existsSync(path.join(root, 'index.html'))) {
    app.log.warn({ root }, 'web app not built; run `npm run build` to serve it');
    return;
  }
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: false,
    index: false,
    decorateReply: true,
    // The build writes .br and .gz copies beside the text files; they are sent as they are.
    preCompressed: true,
    setHeaders: (res, filePath) => {
      res.header('cache-control', cacheControl(filePath));
    },
  });
  const pages = loadAppPages(
    root,
    renderer === undefined
      ? await loadPageRenderer(path.join(root, '..', 'dist-ssr', 'serverRender.js'))
      : renderer,
  );
  const plainPage = pages.pageFor('/', false);
  app.decorateReply('sendAppPage', async function (this: FastifyReply) {
    const { request } = this;
    const url = requestedUrl(request.url);
    // Any session cookie, even one the server may refuse, means the page could be shown signed in.
    const visitor = !SESSION_COOKIE.exec(request.headers.cookie ?? '')?.[1];
    this.header('cache-control', 'no-cache').header('vary', 'cookie');
    if (request.method === 'GET' && pages.rendersWithData(url.pathname)) {
      const page = await renderWithData(app, this, pages, url, visitor).catch((error: unknown) => {
        request.log.error({ err: error }, 'could not render the page; sending the app page as built');
        return null;
      });
      // It shows this person's own header, so no shared cache may keep it.
      if (page) return sendCompressed(this, page, 'private, no-cache', fastCompressed);
    }
    const page = pages.pageFor(url.pathname, visitor);
    // The plain page goes out as the build compressed it; any other is compressed once here (the
    // compression plugin only covers routes, and this answer comes from the not-found handler).
    if (page === plainPage) return this.sendFile('index.html');
    return sendCompressed(this, page, 'no-cache', compressedPage);
  });
}

/**
 * The address asked for, read as a path of this site whatever it looks like: `new URL(path, base)`
 * would take `//host/...` for another host, and throw on `//[`.
 */
function requestedUrl(raw: string): URL {
  const url = new URL('http://localhost/');
  const query = raw.indexOf('?');
  url.pathname = query === -1 ? raw : raw.slice(0, query);
  if (query !== -1) url.search = raw.slice(query);
  return url;
}

/**
 * A page rendered for this request, with the data its API routes give this person (their cookies go
 * along). A renewed or cleared session cookie from GET /api/me goes to the browser with the page.
 */
async function renderWithData(
  app: FastifyInstance,
  reply: FastifyReply,
  pages: AppPages,
  url: URL,
  visitor: boolean,
): Promise<string | null> {
  const cookie = reply.request.headers.cookie ?? '';
  const get = (apiPath: string) =>
    app.inject({ method: 'GET', url: apiPath, headers: { cookie, accept: 'application/json' } });
  let me = null;
  if (!visitor) {
    const answer = await get('/api/me');
    for (const setCookie of setCookies(answer.headers['set-cookie'])) {
      if (!setCookie.startsWith(`${SIGNED_IN_HINT}=`)) reply.header('set-cookie', setCookie);
    }
    if (answer.statusCode === 200) me = answer.json();
    else if (answer.statusCode !== 401) return null;
  }
  return pages.renderWithData(url, me, async (apiPath) => {
    const answer = await get(apiPath);
    return new Response(answer.rawPayload.length > 0 ? answer.body : null, {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type'] ?? '') },
    });
  });
}

async function sendCompressed(
  reply: FastifyReply,
  page: string,
  cacheControl: string,
  compress: (page: string, encoding: 'br' | 'gzip') => Buffer | Promise<Buffer>,
): Promise<FastifyReply> {
  const accepted = String(reply.request.headers['accept-encoding'] ?? '');
  const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
  reply
    .type('text/html; charset=utf-8')
    .header('cache-control', cacheControl)
    .header('vary', 'cookie, accept-encoding');
  if (!encoding) return reply.send(page);
  const body = await compress(page, encoding);
  return reply.header('content-encoding', encoding).send(body);
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A page made for one request: compressed off the main thread, at a level that costs little time. */
function fastCompressed(page: string, encoding: 'br' | 'gzip'): Promise<Buffer> {
  return encoding === 'br'
    ? brotliAsync(page, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
    : gzipAsync(page, { level: 6 });
}

const compressedPages = new Map<string, Buffer>();

/** The few app pages there are, each compressed once at the best ratio. */
function compressedPage(page: string, encoding: 'br' | 'gzip'): Buffer {
  const key = `${encoding}:${page}`;
  let body = compressedPages.get(key);
  if (!body) {
    body =
      encoding === 'br'
        ? brotliCompressSync(page, {
            params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
          })
        : gzipSync(page, { level: constants.Z_BEST_COMPRESSION });
    compressedPages.set(key, body);
  }
  return body;
}

/**
 * Hashed assets never change under their name. The page itself must be checked on every visit, or a
 * browser could keep an old page that names assets a new release no longer has.
 */
function cacheControl(filePath: string): string {
  if (filePath.includes(`${path.sep}assets${path.sep}`)) return 'public, max-age=31536000, immutable';
  // The name of the file on disk, which may be a compressed copy (index.html.br).
  if (path.basename(filePath).replace(/\.(br|gz)$/, '') === 'index.html') return 'no-cache';
  return 'public, max-age=300';
}

/**
 * Sets or clears the hint whenever an answer tells what the browser's session is: a response that sets
 * or clears the session cookie (sign-in, sign-up, Google's callback, sign-out), GET /api/me (200 or 401)
 * and the app's HTML page (from the cookies the browser sent).
 */
export function registerSignedInHint(app: FastifyInstance): void {
  const attributes = `Path=/; SameSite=Lax${app.config.PUBLIC_URL.startsWith('https://') ? '; Secure' : ''}`;
  app.addHook('onSend', async (request, reply, payload) => {
    const current = (HINT_COOKIE.exec(request.headers.cookie ?? '')?.[1] ?? null) as Hint;
    const wanted = wantedHint(request, reply, current);
    // A `1` is renewed each time, so it lasts as long as the session keeps being used.
    if (wanted === undefined || (wanted === current && wanted !== '1')) return payload;
    // Fastify appends to any Set-Cookie already there (the session's own).
    reply.header(
      'set-cookie',
      wanted === null
        ? `${SIGNED_IN_HINT}=; Max-Age=0; ${attributes}`
        : `${SIGNED_IN_HINT}=${wanted}; Max-Age=${HINT_MAX_AGE}; ${attributes}`,
    );
    return payload;
  });
}

/** What the hint should be after this answer; undefined when the answer says nothing about it. */
function wantedHint(request: FastifyRequest, reply: FastifyReply, current: Hint): Hint | undefined {
  for (const cookie of setCookies(reply.getHeader('set-cookie'))) {
    const match = SETS_SESSION.exec(cookie);
    if (match) return match[1] !== '' && !/;\s*max-age=0(?:;|$)/i.test(match[2]!) ? '1' : null;
  }
  const hasSession = Boolean(SESSION_COOKIE.exec(request.headers.cookie ?? '')?.[1]);
  const pathname = request.url.split('?')[0];
  if (request.method === 'GET' && pathname === '/api/me') {
    if (reply.statusCode === 200) return '1';
    if (reply.statusCode === 401) return hasSession ? '0' : null;
    return undefined;
  }
  const type = String(reply.getHeader('content-type') ?? '');
  if (['GET', 'HEAD'].includes(request.method) && type.startsWith('text/html') && reply.statusCode === 200) {
    if (!hasSession) return null;
    // A session cookie the server already refused stays refused until a new sign-in.
    return current ?? '1';
  }
  return undefined;
}

function setCookies(header: string | number | string[] | undefined): string[] {
  if (header === undefined) return [];
  return (Array.isArray(header) ? header : [header]).map(String);
}
