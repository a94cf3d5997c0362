/**
 * App pages that arrive rendered, so they show before any script runs:
 * - pages the build rendered ahead (dist/prerendered/<page>.html: login and sign-up, the same for every
 *   visitor), sent to visitors instead of the empty app page;
 * - pages whose first paint needs data (home, a category page), rendered per request by the web app's
 *   server-side bundle (dist-ssr/serverRender.js) with data read from this server's own API routes.
 * The app hydrates such a page only once that page's own chunk has loaded, so the page names its
 * chunks with `modulepreload` links (from the build manifest, Vite's `build.manifest`); they load at
 * low priority, behind the styles the page needs to paint.
 *
 * Pages rendered in the browser get no such links: preloading their chunks measured worse on a
 * throttled phone (the app and the page then run as one long task before anything shows).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Me } from '@furniture-mart/shared';

/** Addresses rendered at build time (apps/web/src/serverRender.tsx) and the page module each one loads. */
export const pagesRenderedAhead: readonly { pathname: string; module: string }[] = [
  { pathname: '/login', module: 'src/features/auth/pages/LoginPage.tsx' },
  { pathname: '/signup', module: 'src/features/auth/pages/SignUpPage.tsx' },
];

/** What the web app's src/serverRender.tsx exports for rendering per request. */
interface RenderedPage {
  title: string;
  head: string;
  html: string;
  state: string;
}
export interface PageRenderer {
  /** Whether the page at this path is rendered per request, and the page module it shows. */
  findPageWithData(pathname: string): { module: string | undefined } | undefined;
  renderWithData(
    url: URL,
    me: Me | null,
    fetchApi: (path: string) => Promise<Response>,
  ): Promise<RenderedPage | null>;
  pageHtml(template: string, page: RenderedPage): string;
}

/** The web app's server-side bundle, when the build made one. */
export async function loadPageRenderer(file: string): Promise<PageRenderer | null> {
  if (!existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as PageRenderer;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

export interface AppPages {
  /**
   * The app page for this address: rendered ahead when the build did and the request is a visitor's
   * (someone signed in sees another header), else the page as built.
   */
  pageFor(pathname: string, visitor: boolean): string;
  /** Whether the page at this address is rendered per request, with its data. */
  rendersWithData(pathname: string): boolean;
  /**
   * That page for this viewer, or null when it cannot be rendered here (no renderer, a page for
   * members only and no one signed in, data that could not be read): the app page as built then.
   */
  renderWithData(
    url: URL,
    me: Me | null,
    fetchApi: (path: string) => Promise<Response>,
  ): Promise<string | null>;
}

export function loadAppPages(root: string, renderer: PageRenderer | null = null): AppPages {
  const indexHtml = readFileSync(path.join(root, 'index.html'), 'utf8');
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
  function withPreloads(page: string, module: string | undefined): string {
    if (!module) return page;
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
    return page.replace('</head>', () => `${links}</head>`);
  }

  const ahead = new Map<string, string>();
  for (const { pathname, module } of pagesRenderedAhead) {
    const file = path.join(root, 'prerendered', `${pathname.slice(1)}.html`);
    if (existsSync(file)) ahead.set(pathname, withPreloads(readFileSync(file, 'utf8'), module));
  }

  return {
    pageFor: (pathname, visitor) => (visitor && ahead.get(pathname)) || indexHtml,
    rendersWithData: (pathname) => renderer?.findPageWithData(pathname) !== undefined,
    async renderWithData(url, me, fetchApi) {
      const page = renderer?.findPageWithData(url.pathname);
      if (!renderer || !page) return null;
      const rendered = await renderer.renderWithData(url, me, fetchApi);
      return rendered && withPreloads(renderer.pageHtml(indexHtml, rendered), page.module);
    },
  };
}
