/**
 * The web app's pages, as its build describes them (the contract is @furniture-mart/shared/render):
 * - the page table (dist/pages.json): every page address pattern, who it is for and how it is
 *   rendered. An address that matches no page is answered 404, with the app page, so the app shows
 *   its Page Not Found;
 * - pages the build rendered ahead (dist/prerendered/: login and sign-up, the same for every visitor),
 *   sent to visitors instead of the empty app page;
 * - the shell of a section rendered in the browser for members only (dist/prerendered/dashboard.shell.html:
 *   its layout with skeletons, nothing private), sent for each of its addresses, to anyone, so the
 *   page has its shape before the script runs;
 * - pages whose first paint needs data (home, a category page), rendered per request by the web app's
 *   server-side bundle (dist-ssr/serverRender.js) with data read from this server's own API routes.
 * Each of these exists once per language: the app page as built (`index.html`, `index.bn.html`), the
 * pages and shells rendered ahead (`prerendered/`, `prerendered/bn/`), and a page rendered per request in
 * the language it is asked in.
 * The app hydrates a rendered page only once that page's own chunk has loaded, so the page names its
 * chunks with `modulepreload` links (from the build manifest, Vite's `build.manifest`); they load at
 * low priority, behind the styles the page needs to paint.
 *
 * Pages rendered in the browser get no such links: preloading their chunks measured worse on a
 * throttled phone (the app and the page then run as one long task before anything shows).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { startRenderThread } from './render-thread.js';
import { locales, type Locale, type Me } from '@furniture-mart/shared';
import {
  PAGE_TABLE_FILE,
  appPageFile,
  prerenderedFile,
  shellFile,
  type ApiFetch,
  type BuiltPage,
  type BuiltPageTable,
  type PageAccess,
  type PageRenderer,
  type SitemapAddress,
} from '@furniture-mart/shared/render';

/** A renderer that holds a thread, ended with `close()`. */
export type ThreadedPageRenderer = PageRenderer & { close(): Promise<void> };

/**
 * The web app's server-side bundle, when the build made one: pages rendered with data in a thread of
 * their own (render-thread.ts); the page template and the sitemap's addresses, both cheap, here.
 */
export async function loadPageRenderer(file: string): Promise<ThreadedPageRenderer | null> {
  if (!existsSync(file)) return null;
  const bundle = (await import(pathToFileURL(file).href)) as PageRenderer;
  const thread = startRenderThread(file);
  return {
    renderWithData: (url, me, fetchApi, locale) => thread.renderWithData(url, me, fetchApi, locale),
    pageHtml: (template, page) => bundle.pageHtml(template, page),
    sitemapAddresses: (pattern, fetchApi) => bundle.sitemapAddresses(pattern, fetchApi),
    close: () => thread.close(),
  };
}

/** API calls answered in process, as the browser holding these cookies would get them. */
export function fetchInProcess(app: FastifyInstance, cookie = ''): ApiFetch {
  return async (apiPath) => {
    const answer = await app.inject({
      method: 'GET',
      url: apiPath,
      headers: { ...(cookie ? { cookie } : {}), accept: 'application/json' },
    });
    return new Response(answer.rawPayload.length > 0 ? answer.body : null, {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type'] ?? '') },
    });
  };
}

const builtPageTableSchema = z.object({
  pages: z.array(
    z.object({
      path: z.string().regex(/^\/(?:[^/]+(?:\/[^/]+)*)?$/),
      access: z.enum(['public', 'catalogue', 'signed-in', 'buyer', 'seller', 'admin']),
      rendering: z.enum(['ahead', 'request', 'browser']),
      module: z.string().optional(),
      sitemap: z.boolean(),
    }),
  ),
}) satisfies z.ZodType<BuiltPageTable>;

/** The page table the web build wrote; a build without one predates it and must be made again. */
export function readPageTable(root: string): BuiltPage[] {
  const file = path.join(root, PAGE_TABLE_FILE);
  if (!existsSync(file)) throw new Error(`The web build has no ${PAGE_TABLE_FILE}: run \`npm run build\`.`);
  const parsed = builtPageTableSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file} is not a page table: ${parsed.error.message}`);
  return parsed.data.pages;
}

/**
 * Whether a request path is an address of this page pattern. Like the app's router: `:name` stands
 * for one segment, and letter case does not matter.
 */
export function matchesPattern(pattern: string, pathname: string): boolean {
  const wanted = pattern.split('/');
  const given = pathname.split('/');
  if (wanted.length !== given.length) return false;
  return wanted.every((segment, i) =>
    segment.startsWith(':') ? given[i] !== '' : segment.toLowerCase() === given[i]!.toLowerCase(),
  );
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

export interface AppPages {
  /** The page at this address, or undefined when it is no page of the app (404). */
  find(pathname: string): BuiltPage | undefined;
  /**
   * The app page for this page in a language: rendered ahead when the build did and the request is a
   * visitor's (someone signed in sees another header), its section's shell when it has one (the same
   * for everyone), else the page as built.
   */
  pageFor(page: BuiltPage | undefined, visitor: boolean, locale: Locale): string;
  /** Whether this page is rendered per request, with its data. */
  rendersWithData(page: BuiltPage): boolean;
  /**
   * That page for this viewer; `not-found` when what it shows does not exist; null when it cannot be
   * rendered here (no renderer, a page for members only and no one signed in, data that could not be
   * read): the app page as built then.
   */
  renderWithData(
    page: BuiltPage,
    url: URL,
    me: Me | null,
    fetchApi: ApiFetch,
    locale: Locale,
  ): Promise<string | 'not-found' | null>;
  /** The addresses the sitemap lists, in the table's order: only pages anyone may read. */
  sitemap(fetchApi: ApiFetch): Promise<SitemapAddress[]>;
  /**
   * Where search engines are not wanted: the first segment of each page that is for members only and
   * not in the sitemap (`/dashboard`, `/search`).
   */
  membersOnly(): string[];
}

export interface AppPagesOptions {
  /** Visitors may read the catalogue (CATALOGUE_ACCESS=public): its pages are anyone's. */
  publicCatalogue?: boolean;
}

export function loadAppPages(
  root: string,
  renderer: PageRenderer | null = null,
  { publicCatalogue = false }: AppPagesOptions = {},
): AppPages {
  const forAnyone = (access: PageAccess) =>
    access === 'public' || (publicCatalogue && access === 'catalogue');
  const indexHtml = readFileSync(path.join(root, 'index.html'), 'utf8');
  // A build without a language's page serves English in its place.
  const appPage = new Map<Locale, string>(
    locales.map((locale) => {
      const file = path.join(root, appPageFile(locale));
      return [locale, existsSync(file) ? readFileSync(file, 'utf8') : indexHtml];
    }),
  );
  const table = readPageTable(root);
  const manifestPath = path.join(root, '.vite', 'manifest.json');
  const manifest = existsSync(manifestPath)
    ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest)
    : {};

  /** Every chunk a module needs, following static imports. */
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) closure(imported, seen);
    return seen;
  };
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  // The page as built already names the entry's chunks.
  const alreadyLoaded = entry ? closure(entry) : new Set<string>();

  /** The links naming a page module's own chunks, worked out once per module. */
  const preloads = new Map<string, string>();
  function withPreloads(html: string, module: string | undefined): string {
    if (!module) return html;
    let links = preloads.get(module);
    if (links === undefined) {
      links = '';
      for (const key of closure(module)) {
        if (alreadyLoaded.has(key)) continue;
        const chunk = manifest[key]!;
        links += `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${chunk.file}">`;
        for (const css of chunk.css ?? []) links += `<link rel="stylesheet" crossorigin href="/${css}">`;
      }
      preloads.set(module, links);
    }
    return html.replace('</head>', () => `${links}</head>`);
  }

  const ahead = new Map<string, string>();
  // A section's shell, named by its first segment (apps/web/src/serverRender.tsx, renderShells).
  const shells = new Map<string, string>();
  const key = (page: BuiltPage, locale: Locale) => `${locale} ${page.path}`;
  for (const locale of locales) {
    for (const page of table.filter(({ rendering }) => rendering === 'ahead')) {
      const file = path.join(root, prerenderedFile(page.path, locale));
      if (existsSync(file))
        ahead.set(key(page, locale), withPreloads(readFileSync(file, 'utf8'), page.module));
    }
    for (const page of table.filter(
      ({ rendering, access }) => rendering === 'browser' && access !== 'public',
    )) {
      const file = path.join(root, shellFile(page.path.split('/')[1]!, locale));
      if (existsSync(file)) shells.set(key(page, locale), readFileSync(file, 'utf8'));
    }
  }

  return {
    find: (pathname) => table.find((page) => matchesPattern(page.path, pathname)),
    pageFor: (page, visitor, locale) =>
      (page && ((visitor && ahead.get(key(page, locale))) || shells.get(key(page, locale)))) ||
      appPage.get(locale)!,
    rendersWithData: (page) => renderer !== null && page.rendering === 'request',
    async renderWithData(page, url, me, fetchApi, locale) {
      if (!renderer || page.rendering !== 'request') return null;
      const rendered = await renderer.renderWithData(url, me, fetchApi, locale);
      if (!rendered || rendered === 'not-found') return rendered;
      return withPreloads(renderer.pageHtml(appPage.get(locale)!, rendered), page.module);
    },
    async sitemap(fetchApi) {
      const addresses: SitemapAddress[] = [];
      // A page that needs signing in would show a crawler nothing but the way to sign in.
      for (const page of table.filter(({ sitemap, access }) => sitemap && forAnyone(access))) {
        if (!page.path.includes('/:')) addresses.push({ path: page.path });
        // Only the renderer knows how to list a pattern's addresses; without it there are none.
        else if (renderer) addresses.push(...(await renderer.sitemapAddresses(page.path, fetchApi)));
      }
      return addresses;
    },
    membersOnly: () => {
      // Kept out by its first segment ("/dashboard"), unless public pages share it: then by its own
      // pattern, a robots.txt wildcard standing for each parameter ("/products/*/offer").
      const first = (pattern: string) => `/${pattern.split('/')[1]}`;
      const shared = new Set(table.filter(({ access }) => forAnyone(access)).map(({ path: p }) => first(p)));
      return [
        ...new Set(
          table
            .filter(({ access }) => !forAnyone(access))
            .map(({ path: pattern }) =>
              shared.has(first(pattern)) ? pattern.replace(/:[^/]+/g, '*') : first(pattern),
            ),
        ),
      ];
    },
  };
}
