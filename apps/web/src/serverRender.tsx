/**
 * The app rendered outside the browser, so a page can paint before any script has run. The page
 * table (app/pages.tsx) says which pages are rendered where:
 * - at build time (scripts/prerender.mjs), the pages the same for every visitor (login, sign-up);
 * - per request (by the server, through this bundle), the pages whose first paint needs data (home,
 *   a category page), with the data read from the server's own API routes.
 * The page carries the data it was rendered with (`#app-state`), and main.tsx hydrates with it.
 * What this bundle exports for the server is declared in @furniture-mart/shared/render.
 */
import './lib/noEval';
import { AsyncLocalStorage } from 'node:async_hooks';
import { StrictMode } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { generatePath, matchPath, StaticRouter } from 'react-router';
import {
  loadCatalogue,
  localeTags,
  locales,
  setLocaleSource,
  translate,
  type Locale,
  type Me,
  type PublicConfig,
} from '@furniture-mart/shared';
import type {
  ApiFetch,
  PageRenderer,
  RenderedPage,
  RenderOutcome,
  SitemapAddress,
} from '@furniture-mart/shared/render';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/queryClient';
import { AppRoutes, loadCodeFor } from './app/router';
import { DashboardShell } from './app/layouts/DashboardShell';
import { pages, type Page } from './app/pages';
import type { AppState } from './app/appState';
import { authKeys, hasRole } from './features/auth/api';
import { isApiError, setApiTransport } from './lib/api';

// For the build's last step (scripts/prerender.mjs).
export { builtPageTable, checkPages } from './app/pages';
export { manifestFile, webManifest } from './app/webManifest';
export { locales } from '@furniture-mart/shared';
export { PAGE_TABLE_FILE, appPageFile, prerenderedFile, shellFile } from '@furniture-mart/shared/render';

/** The addresses the build renders ahead. */
export const prerenderedPaths = pages.filter((page) => page.rendering === 'ahead').map((page) => page.path);

// Renders of concurrent requests interleave; each one's API calls go to its own fetcher, and each
// speaks its own language (the catalogue asks renderLocale which).
const renderCalls = new AsyncLocalStorage<ApiFetch>();
const renderLocale = new AsyncLocalStorage<Locale>();
setLocaleSource(() => renderLocale.getStore());
await Promise.all(locales.map((locale) => loadCatalogue(locale)));
setApiTransport((path, init) => {
  const fetchApi = renderCalls.getStore();
  if (!fetchApi || (init.method ?? 'GET') !== 'GET') throw new Error(`no API call ${path} while rendering`);
  return fetchApi(path);
});

/** Whether this viewer gets the page itself rather than the guard's way to sign in. */
async function mayView(page: Page, me: Me | null, fetchApi: ApiFetch): Promise<boolean> {
  if (page.access === 'public') return true;
  if (me) return page.access === 'signed-in' || page.access === 'catalogue' || hasRole(me, page.access);
  if (page.access !== 'catalogue') return false;
  // A visitor reads the catalogue when the shop opens it.
  const answer = await fetchApi('/api/config');
  return answer.ok && ((await answer.json()) as PublicConfig).catalogueAccess === 'public';
}

/**
 * Build time: the shell of each section whose pages are rendered in the browser and for members only,
 * sent (by apps/server/src/http/app-pages.ts) for every address of the section under
 * `prerendered/<section>.shell.html` (`prerendered/bn/...` in Bangla), so it shows its layout and
 * skeletons before the script runs. `template` is the app page in that language.
 */
export function renderShells(template: string, locale: Locale): { section: string; html: string }[] {
  return renderLocale.run(locale, () => [
    { section: 'dashboard', html: shellHtml(template, <DashboardShell />) },
  ]);
}

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * Build time: the app page as built (index.html) in a language: `<html lang>`, title, description,
 * web manifest and the message shown without JavaScript; a Bangla page also preloads the Bengali font
 * (`fontHref`, the build's file of its regular weight), which no English page loads.
 */
export function appPageIn(
  template: string,
  locale: Locale,
  manifestHref: string,
  fontHref: string | null,
): string {
  const say = (key: Parameters<typeof translate>[1]) => escapeHtml(translate(locale, key));
  const font =
    locale === 'bn' && fontHref
      ? `<link rel="preload" as="font" type="font/woff2" crossorigin href="${fontHref}">`
      : '';
  return template
    .replace(/<html lang="[^"]*"/, `<html lang="${localeTags[locale]}"`)
    .replace(
      /(<meta\s+name="description"\s+content=")[^"]*(")/,
      (_, start: string, end: string) => `${start}${say('app.description')}${end}`,
    )
    .replace(/<title>[^<]*<\/title>/, () => `<title>${say('app.title')}</title>`)
    .replace(/<link rel="manifest" href="[^"]*"/, `<link rel="manifest" href="/${manifestHref}"`)
    .replace(/<noscript>[^<]*<\/noscript>/, () => `<noscript>${say('app.needsJavaScript')}</noscript>`)
    .replace('</head>', () => `${font}</head>`);
}

function shellHtml(template: string, shell: React.ReactElement): string {
  if (!template.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root to fill');
  // No #app-state: the app renders these pages itself, replacing the shell.
  return template.replace(
    '<div id="root"></div>',
    () => `<div id="root">${renderToStaticMarkup(shell)}</div>`,
  );
}

/** Build time: a page as a visitor sees it, in a language. */
export async function renderAhead(pathname: string, locale: Locale): Promise<RenderedPage> {
  const page = await renderLocale.run(locale, () =>
    render(new URL(pathname, 'http://localhost'), null, () => Promise.resolve()),
  );
  if (!page || page === 'not-found') throw new Error(`${pathname} could not be rendered ahead`);
  return page;
}

/** Request time: the page at `url` with its data, in `locale` (see PageRenderer). */
export async function renderWithData(
  url: URL,
  me: Me | null,
  fetchApi: ApiFetch,
  locale: Locale,
): Promise<RenderOutcome> {
  return renderLocale.run(locale, () => renderPageWithData(url, me, fetchApi));
}

async function renderPageWithData(url: URL, me: Me | null, fetchApi: ApiFetch): Promise<RenderOutcome> {
  for (const page of pages) {
    if (page.rendering !== 'request' || !page.data) continue;
    const match = matchPath(page.path, url.pathname);
    if (!match) continue;
    if (!(await mayView(page, me, fetchApi))) return null;
    const { data } = page;
    return renderCalls.run(fetchApi, () =>
      render(url, me, async (queryClient) => {
        await Promise.all(data({ queryClient, params: match.params, url }));
      }),
    );
  }
  return null;
}

/** Every address of a sitemap page with parameters, read as a visitor would. */
export async function sitemapAddresses(pattern: string, fetchApi: ApiFetch): Promise<SitemapAddress[]> {
  const page = pages.find((candidate) => candidate.path === pattern);
  if (typeof page?.sitemap !== 'function') return [];
  const list = page.sitemap;
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  try {
    const entries = await renderCalls.run(fetchApi, () => list(queryClient));
    // generatePath encodes each parameter as one path segment.
    return entries.map(({ params, lastmod }) => ({
      path: generatePath(pattern, params),
      ...(lastmod ? { lastmod } : {}),
    }));
  } finally {
    queryClient.clear();
  }
}

/**
 * Any page of the table, for `me`, in `locale`, with everything its components read: rendered, the
 * reads its components started are made, and it is rendered again until none is missing. The pages
 * rendered in the browser are checked this way in every language (the server's tests of the page
 * texts); requests still render only the pages the table renders per request (renderWithData).
 */
export async function renderComplete(
  url: URL,
  me: Me | null,
  fetchApi: ApiFetch,
  locale: Locale,
): Promise<RenderedPage | null> {
  return renderLocale.run(locale, () =>
    renderCalls.run(fetchApi, () =>
      render(url, me, () => Promise.resolve(), { complete: true }).then((page) =>
        page === 'not-found' ? null : page,
      ),
    ),
  );
}

async function render(
  url: URL,
  me: Me | null,
  load: (queryClient: QueryClient) => Promise<void>,
  { complete = false }: { complete?: boolean } = {},
): Promise<RenderOutcome> {
  const queryClient = createQueryClient();
  // A failed read is not tried again here: the browser will, when it renders the page itself.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  try {
    queryClient.setQueryData(authKeys.me, me);
    try {
      // The page's code too, so it renders here in one pass, as the browser will hydrate it.
      await Promise.all([load(queryClient), loadCodeFor(url.pathname)]);
    } catch (error) {
      // What the page shows does not exist (an unknown or removed product): the server answers 404.
      return isApiError(error) && error.status === 404 ? 'not-found' : null;
    }
    const renderApp = () =>
      renderToString(
        <StrictMode>
          <AppProviders queryClient={queryClient}>
            <StaticRouter location={`${url.pathname}${url.search}`}>
              <AppRoutes />
            </StaticRouter>
          </AppProviders>
        </StrictMode>,
      );
    let rendered = renderApp();
    // Reads that depend on others' answers show up one render later: a few rounds find them all.
    for (let round = 0; complete && round < 5; round++) {
      const missing = queryClient
        .getQueryCache()
        .getAll()
        .filter((query) => query.state.status === 'pending' && query.state.fetchStatus === 'idle');
      if (missing.length === 0) break;
      await Promise.all(missing.map((query) => query.fetch().catch(() => undefined)));
      rendered = renderApp();
    }
    // React writes what belongs in the head first: preloads, then the page's <title>.
    const hoisted = /^(?:<link\b[^>]*>|<meta\b[^>]*>|<title>[^<]*<\/title>)*/.exec(rendered)![0];
    const title = /<title>[^<]*<\/title>/.exec(hoisted)?.[0] ?? '';
    const state: AppState = { queries: dehydrate(queryClient) };
    return {
      title,
      head: hoisted.replace(title, ''),
      html: rendered.slice(hoisted.length),
      // `<` escaped, so no value can close the script element it travels in.
      state: JSON.stringify(state).replace(/</g, '\\u003c'),
    };
  } finally {
    // The cache's clean-up timers would keep a build's process alive for minutes.
    queryClient.clear();
  }
}

/** The app page as built (index.html) with a rendered page in it. */
export function pageHtml(template: string, page: RenderedPage): string {
  if (!template.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root to fill');
  return (
    template
      .replace(/<title>[^<]*<\/title>/, (generic) => page.title || generic)
      .replace('</head>', () => `${page.head}</head>`)
      // The page shows without its scripts; they must not hold back the styles it needs to paint.
      .replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"')
      .replace(
        '<div id="root"></div>',
        () =>
          `<div id="root">${page.html}</div>` +
          `<script type="application/json" id="app-state">${page.state}</script>`,
      )
  );
}

// The bundle keeps to the contract the server reads it by.
void ({ renderWithData, pageHtml, sitemapAddresses } satisfies PageRenderer);
