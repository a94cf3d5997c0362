/**
 * Serves the built web app: hashed assets with long cache headers, compressed copies made by the build,
 * and the app page for every page address outside /api (200 for a page of the app's page table, 404
 * for any other address, so the app shows its Page Not Found), plus the sitemap and robots.txt made
 * from that table. Also keeps the signed-in hint cookie the web app reads before asking who is signed
 * in.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Locale, Me } from '@furniture-mart/shared';
import {
  PAGE_TABLE_FILE,
  SIGNED_IN_HINT,
  type BuiltPage,
  type PageRenderer,
} from '@furniture-mart/shared/render';
import { discoveryRoutes } from './discovery.js';
import { meOf } from '../platform/auth/viewer.js';
import { webDistDir } from '../paths.js';
import { fetchInProcess, loadAppPages, loadPageRenderer, type AppPages } from './app-pages.js';
import { acceptedEncoding, KeptPage, PageCache, type Encoding } from './page-cache.js';
import { inLocale, keepLocale } from '../platform/locale.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Pages rendered with their data, kept (null: no server-side bundle or no listing cache). */
    pageCache?: PageCache | null;
  }
  interface FastifyReply {
    /**
     * Answers a page address with the app page (never cached): rendered with its data, rendered
     * ahead, or as built; 404 and the page as built when the address is no page of the app.
     */
    sendAppPage(): Promise<FastifyReply>;
  }
}

/*
 * The signed-in hint (SIGNED_IN_HINT) is a readable, non-secret cookie that tells the web app whether
 * to ask who is signed in. The session cookie itself is httpOnly, so without the hint the app would
 * call GET /api/me on every page load, and a visitor's 401 shows as an error in the browser console.
 * `1`: the browser holds a session cookie; `0`: it holds one the server has refused (revoked,
 * expired). It proves nothing: every API call still checks the real session, and a wrong hint costs
 * at most one /api/me answering 401.
 */
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
    // The page table is for this server only.
    allowedPath: (pathname) => pathname !== `/${PAGE_TABLE_FILE}`,
    setHeaders: (res, filePath) => {
      res.header('cache-control', cacheControl(filePath));
    },
  });
  let pageRenderer = renderer;
  if (pageRenderer === undefined) {
    const built = await loadPageRenderer(path.join(root, '..', 'dist-ssr', 'serverRender.js'));
    if (built) app.addHook('onClose', () => built.close());
    pageRenderer = built;
  }
  const pages = loadAppPages(root, pageRenderer, {
    publicCatalogue: app.hasDecorator('config') && app.config.CATALOGUE_ACCESS === 'public',
  });
  await app.register(discoveryRoutes, { pages });
  // The page as built, English: sent as the build compressed it.
  const plainPage = pages.pageFor(undefined, false, 'en');
  // Without the app's services (a bare server in a test), rendered pages are not kept.
  const listings = app.hasDecorator('services') ? app.services.listings : null;
  const pageCache = listings ? new PageCache(listings) : null;
  app.decorate('pageCache', pageCache);
  app.decorateReply('sendAppPage', async function (this: FastifyReply) {
    const { request } = this;
    const url = requestedUrl(request.url);
    const page = pages.find(url.pathname);
    // Any session cookie, even one the server may refuse, means the page could be shown signed in.
    const visitor = !SESSION_COOKIE.exec(request.headers.cookie ?? '')?.[1];
    this.header('cache-control', 'no-cache').header('vary', 'cookie, accept-language');
    // No page of the app: the page as built, which shows the app's Page Not Found.
    if (!page) {
      return sendCompressed(
        this.code(404),
        pages.pageFor(undefined, false, localeOf(request)),
        'no-cache',
        compressedPage,
      );
    }
    if (request.method === 'GET' && pages.rendersWithData(page)) {
      const rendered = await renderWithData(app, this, pages, page, url, visitor, pageCache).catch(
        (error: unknown) => {
          if (error instanceof NothingToShow) return error;
          request.log.error({ err: error }, 'could not render the page; sending the app page as built');
          return null;
        },
      );
      // What the page would show does not exist (an unknown or removed product): 404, with the app
      // page, which says so.
      if (rendered instanceof NothingToShow) {
        const notFound = pages.pageFor(undefined, false, localeOf(request));
        return sendCompressed(this.code(404), notFound, 'no-cache', compressedPage);
      }
      // It shows this person's own header, so no shared cache may keep it.
      if (rendered) return sendKept(this, rendered);
    }
    const html = pages.pageFor(page, visitor, localeOf(request));
    // The plain page goes out as the build compressed it; any other is compressed once here (the
    // compression plugin only covers routes, and this answer comes from the not-found handler).
    if (html === plainPage) return this.sendFile('index.html');
    return sendCompressed(this, html, 'no-cache', compressedPage);
  });
}

/** The request's language (platform/locale.ts); English on a bare server without it (a test's). */
function localeOf(request: FastifyRequest): Locale {
  return (request.locale as Locale | undefined) ?? 'en';
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

/** What a page would show does not exist (its API read answered 404). */
class NothingToShow extends Error {}

/**
 * A page rendered with the data its API routes give this person (their cookies go along), or the same
 * page kept from an earlier request (page-cache.ts). Who is signed in is read for every request, and a
 * renewed or cleared session cookie from GET /api/me goes to the browser with the page.
 */
async function renderWithData(
  app: FastifyInstance,
  reply: FastifyReply,
  pages: AppPages,
  page: BuiltPage,
  url: URL,
  visitor: boolean,
  pageCache: PageCache | null,
): Promise<KeptPage | null> {
  const cookie = reply.request.headers.cookie ?? '';
  let me: Me | null = null;
  // The viewer's part of the key: their whole /api/me answer, so no one is given a page made for
  // another person, nor one made before a change to their own account.
  let viewer = 'visitor';
  let locale: Locale = localeOf(reply.request);
  if (!visitor) {
    // Without the app's sessions (a bare server in a test) nobody can be shown signed in.
    if (!app.hasDecorator('viewers')) return null;
    // As GET /api/me reads it: a session due for renewal is renewed, a dead one's cookie cleared,
    // and either Set-Cookie goes out with the page.
    const user = await app.viewers.readAndRenew(reply.request, reply);
    if (user) {
      me = meOf(user);
      viewer = JSON.stringify(me);
      // Someone signed in reads the language of their account; their browser keeps it from now on.
      if (user.locale !== locale) {
        locale = user.locale;
        keepLocale(reply, locale);
      }
    }
  }
  // A signed-in person's page reads their own data with their cookie; a visitor's reads nothing private.
  const fetchApi = fetchInProcess(app, me ? cookie : '');
  const pageLocale = locale;
  const render = async () => {
    const rendered = await inLocale(pageLocale, () =>
      pages.renderWithData(page, url, me, fetchApi, pageLocale),
    );
    // Not kept: it is answered as not found (sendAppPage), and only until the thing exists.
    if (rendered === 'not-found') throw new NothingToShow();
    return rendered;
  };
  // Someone who just wrote sees a page made now, from reads that include their change.
  if (!pageCache || app.readRouting?.isWriter())
    return render().then((html) => (html ? new KeptPage(html) : null));
  // One kept page per address, viewer and language.
  return pageCache.read(`${url.pathname}${url.search}\n${viewer}\n${locale}`, render);
}

/** A page rendered with data; never kept by a shared cache, since it shows this person's own header. */
async function sendKept(reply: FastifyReply, page: KeptPage): Promise<FastifyReply> {
  const encoding = acceptedEncoding(reply.request.headers['accept-encoding']);
  reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'private, no-cache')
    .header('vary', 'cookie, accept-encoding');
  if (!encoding) return reply.send(page.html);
  return reply.header('content-encoding', encoding).send(await page.body(encoding));
}

async function sendCompressed(
  reply: FastifyReply,
  page: string,
  cacheControl: string,
  compress: (page: string, encoding: Encoding) => Buffer,
): Promise<FastifyReply> {
  const encoding = acceptedEncoding(reply.request.headers['accept-encoding']);
  reply
    .type('text/html; charset=utf-8')
    .header('cache-control', cacheControl)
    .header('vary', 'cookie, accept-encoding');
  if (!encoding) return reply.send(page);
  const body = await compress(page, encoding);
  return reply.header('content-encoding', encoding).send(body);
}

const compressedPages = new Map<string, Buffer>();

/** The few app pages there are (the page as built included, for a 404), each compressed once at the best ratio. */
function compressedPage(page: string, encoding: Encoding): Buffer {
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
  app.addHook('onSend', (request, reply, payload, done) => {
    const current = (HINT_COOKIE.exec(request.headers.cookie ?? '')?.[1] ?? null) as Hint;
    const wanted = wantedHint(request, reply, current);
    // A `1` is renewed each time, so it lasts as long as the session keeps being used.
    if (wanted === undefined || (wanted === current && wanted !== '1')) return done(null, payload);
    // Fastify appends to any Set-Cookie already there (the session's own).
    reply.header(
      'set-cookie',
      wanted === null
        ? `${SIGNED_IN_HINT}=; Max-Age=0; ${attributes}`
        : `${SIGNED_IN_HINT}=${wanted}; Max-Age=${HINT_MAX_AGE}; ${attributes}`,
    );
    done(null, payload);
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
  // The app page: a page of the app, or the app's Page Not Found (404), which runs the app just the same.
  const appPage = type.startsWith('text/html') && (reply.statusCode === 200 || reply.statusCode === 404);
  if (['GET', 'HEAD'].includes(request.method) && appPage) {
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
