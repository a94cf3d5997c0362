/**
 * The app rendered outside the browser, so a page can paint before any script has run:
 * - at build time (scripts/prerender.mjs), login and sign-up, the same for every visitor;
 * - per request (the server's plugins/app-pages.ts), the pages whose first paint needs data (home,
 *   a category page), with the data read from the server's own API routes.
 * The page carries the data it was rendered with (`#app-state`), and main.tsx hydrates with it.
 */
import './lib/noEval';
import { AsyncLocalStorage } from 'node:async_hooks';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { Me } from '@furniture-mart/shared';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/queryClient';
import { createRoutes } from './app/router';
import type { AppState } from './app/appState';
import { authKeys, configQuery } from './features/auth/api';
import { advertisedQuery, categoriesQuery, POPULAR_SHOWN } from './features/catalogue/api';
import { categoryListingQuery } from './features/catalogue/listingApi';
import { readListingState } from './features/catalogue/listingState';
import { setApiTransport } from './lib/api';

/** The addresses rendered at build time; the server reads the same list from the files written. */
export const prerenderedPaths = ['/login', '/signup'] as const;

export interface RenderedPage {
  /** The page's own <title> element, for the head. */
  title: string;
  /** Other elements React hoists to the head (preloads of the images the page shows first). */
  head: string;
  /** What goes inside #root. */
  html: string;
  /** The AppState it was rendered with, as JSON that is safe inside a <script> element. */
  state: string;
}

/** Answers an API call (always a GET) on the server, as the signed-in browser would get it. */
export type ApiFetch = (path: string) => Promise<Response>;

// Renders of concurrent requests interleave; each one's API calls go to its own fetcher.
const renderCalls = new AsyncLocalStorage<ApiFetch>();
setApiTransport((path, init) => {
  const fetchApi = renderCalls.getStore();
  if (!fetchApi || (init.method ?? 'GET') !== 'GET') throw new Error(`no API call ${path} while rendering`);
  return fetchApi(path);
});

/**
 * Pages rendered per request: the page module each shows (for the server's preload links; the home
 * page ships in the entry) and what each reads before it renders, the queries its components use.
 */
const pagesWithData = [
  {
    pattern: /^\/$/,
    module: undefined,
    signedInOnly: false,
    load: (client: QueryClient) => [
      client.fetchQuery(configQuery),
      client.fetchQuery(categoriesQuery),
      client.fetchQuery(advertisedQuery(POPULAR_SHOWN)),
    ],
  },
  {
    pattern: /^\/categories\/([^/]+)\/?$/,
    module: 'src/features/catalogue/pages/CategoryPage.tsx',
    signedInOnly: true,
    load: (client: QueryClient, match: RegExpExecArray, url: URL) => [
      client.fetchQuery(configQuery),
      client.fetchQuery(categoriesQuery),
      client.fetchQuery(
        categoryListingQuery(decodeURIComponent(match[1]!), readListingState(url.searchParams)),
      ),
    ],
  },
];

/** Whether the page at this path is rendered per request, and the page module it shows. */
export function findPageWithData(pathname: string): { module: string | undefined } | undefined {
  return pagesWithData.find(({ pattern }) => pattern.test(pathname));
}

/** Build time: a page as a visitor sees it. */
export async function renderAhead(pathname: string): Promise<RenderedPage> {
  const page = await render(new URL(pathname, 'http://localhost'), null, () => Promise.resolve());
  if (!page) throw new Error(`${pathname} could not be rendered ahead`);
  return page;
}

/**
 * Request time: the page at `url` with its data, or null when it is not one rendered on the server or
 * its data could not all be read (the browser then renders it and shows what went wrong).
 */
export async function renderWithData(
  url: URL,
  me: Me | null,
  fetchApi: ApiFetch,
): Promise<RenderedPage | null> {
  for (const page of pagesWithData) {
    const match = page.pattern.exec(url.pathname);
    if (!match) continue;
    if (page.signedInOnly && !me) return null;
    return renderCalls.run(fetchApi, () =>
      render(url, me, async (queryClient) => {
        await Promise.all(page.load(queryClient, match, url));
      }),
    );
  }
  return null;
}

async function render(
  url: URL,
  me: Me | null,
  load: (queryClient: QueryClient) => Promise<void>,
): Promise<RenderedPage | null> {
  const queryClient = createQueryClient();
  // A failed read is not tried again here: the browser will, when it renders the page itself.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  try {
    queryClient.setQueryData(authKeys.me, me);
    try {
      await load(queryClient);
    } catch {
      return null;
    }
    const handler = createStaticHandler(createRoutes(queryClient));
    const context = await handler.query(new Request(url));
    if (context instanceof Response || context.errors) return null;
    const router = createStaticRouter(handler.dataRoutes, context);
    const rendered = renderToString(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </StrictMode>,
    );
    // React writes what belongs in the head first: preloads, then the page's <title>.
    const hoisted = /^(?:<link\b[^>]*>|<meta\b[^>]*>|<title>[^<]*<\/title>)*/.exec(rendered)![0];
    const title = /<title>[^<]*<\/title>/.exec(hoisted)?.[0] ?? '';
    const state: AppState = { queries: dehydrate(queryClient), loaderData: context.loaderData };
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
