import { Suspense } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  matchPath,
  matchRoutes,
  Outlet,
  useLocation,
  useParams,
  useRoutes,
  type Params,
  type RouteObject,
} from 'react-router';
import type { PageAccess } from '@furniture-mart/shared/render';
import { PageSpinner } from '../components/ui/Spinner';
import { mayBeSignedIn } from '../lib/sessionHint';
import { RequireAuth } from './guards';
import { DashboardShell } from './layouts/DashboardShell';
import { PublicLayout } from './layouts/PublicLayout';
import { ScrollRestoration } from './layouts/ScrollRestoration';
import { NotFoundPage } from '../components/NotFoundPage';
import { lazyCode, type LazyCode } from './lazyCode';
import { loadPageComponent, pages, type Page } from './pages';
import { RouteErrorBoundary } from './pages/RouteErrorPage';

/*
 * The app's routes, for the browser (main.tsx) and for renders outside it (serverRender.tsx). They use
 * React Router's declarative routing: pages read their data through the query cache, not through route
 * loaders, so the router's data layer (loaders, actions, fetchers) would be code every visitor
 * downloads for nothing (decision 0022). What it gave besides is done here: a page's code loads on
 * its first visit (lazyCode), its data starts at the same time, errors show inside the layout, and
 * scroll positions come back (layouts/ScrollRestoration.tsx).
 */

/** What a route needs loaded before it renders without waiting: its page's or its layout's code. */
interface RouteHandle {
  code: LazyCode;
}

// The dashboard's layout arrives with its first page, not with the public pages where visits start.
const dashboardLayout = lazyCode(async () => (await import('./layouts/DashboardLayout')).DashboardLayout);

/** The head start a page asks for; skipped for a members-only page when no one can be signed in. */
function startPrefetch(queryClient: QueryClient, page: Page, url: URL, params: Params<string>) {
  if (!page.prefetch || (page.access !== 'public' && !mayBeSignedIn())) return;
  page.prefetch({ queryClient, params, url });
}

/**
 * A page whose code is its own chunk. While that code is on its way, the page's data is asked for
 * too, rather than once the code has arrived; the page then finds it in the query cache. (Starting
 * a request is all this render does besides: asking twice is one request, which the cache shares.)
 */
function LazyPage({ page, code }: { page: Page; code: LazyCode }) {
  const queryClient = useQueryClient();
  const params = useParams();
  const location = useLocation();
  if (!code.ready() && typeof window !== 'undefined') {
    const url = new URL(`${location.pathname}${location.search}`, window.location.origin);
    startPrefetch(queryClient, page, url, params);
  }
  return <code.Component />;
}

/**
 * Where a layout shows its pages: an error in a page shows inside the layout, so the header and
 * footer stay usable, and a page whose code has not arrived shows a spinner there. Scroll positions
 * are restored with the page or its error, not with the spinner, which would cut them short.
 */
function PageOutlet() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <RouteErrorBoundary>
        <Outlet />
      </RouteErrorBoundary>
      <ScrollRestoration />
    </Suspense>
  );
}

function withinLayout(children: RouteObject[]): RouteObject[] {
  return [{ element: <PageOutlet />, children }];
}

/** One page's route, at its address below its layout's (`base`). */
function pageRoute(page: Page, base: string): RouteObject {
  const relative = page.path.slice(base.length).replace(/^\//, '');
  const at = relative ? { path: relative } : { index: true as const };
  const { module } = page;
  if (module) {
    // The routes are made once, so every render shares this page's code once it has loaded.
    const code = lazyCode(() => loadPageComponent(module));
    return { ...at, element: <LazyPage page={page} code={code} />, handle: { code } satisfies RouteHandle };
  }
  if (!page.component) throw new Error(`${page.path} names neither a component nor a module`);
  const Component = page.component;
  return { ...at, element: <Component /> };
}

/**
 * A layout's pages, those for fewer people than the layout itself (`open`) each behind one guard per
 * kind of access, in the order the table names them.
 */
function layoutRoutes(layout: Page['layout'], base: string, open: PageAccess): RouteObject[] {
  const routes: RouteObject[] = [];
  const guarded = new Map<PageAccess, RouteObject[]>();
  for (const page of pages.filter((candidate) => candidate.layout === layout)) {
    const route = pageRoute(page, base);
    if (page.access === open) {
      routes.push(route);
      continue;
    }
    let group = guarded.get(page.access);
    if (!group) {
      group = [];
      guarded.set(page.access, group);
      // Nothing is more open than a layout, so a public page never reaches here.
      routes.push({
        element:
          page.access === 'catalogue' ? (
            <RequireAuth catalogue />
          ) : (
            <RequireAuth
              role={page.access === 'signed-in' || page.access === 'public' ? undefined : page.access}
            />
          ),
        children: group,
      });
    }
    group.push(route);
  }
  return routes;
}

export const routes: RouteObject[] = [
  {
    path: '/',
    // An error in the layout itself shows on a screen of its own.
    element: (
      <RouteErrorBoundary screen>
        <PublicLayout />
      </RouteErrorBoundary>
    ),
    children: withinLayout([
      ...layoutRoutes('public', '/', 'public'),
      // The server answers 404 with the app page for an address that is no page of the table.
      { path: '*', element: <NotFoundPage /> },
    ]),
  },
  {
    path: '/dashboard',
    // Until the layout's code is here, the dashboard shows the same shell the server sent.
    element: (
      <RouteErrorBoundary screen>
        <Suspense fallback={<DashboardShell />}>
          <RequireAuth>
            <dashboardLayout.Component />
          </RequireAuth>
        </Suspense>
      </RouteErrorBoundary>
    ),
    handle: { code: dashboardLayout } satisfies RouteHandle,
    children: withinLayout(layoutRoutes('dashboard', '/dashboard', 'signed-in')),
  },
];

/** The app's pages at the current address. */
export function AppRoutes() {
  return useRoutes(routes);
}

/**
 * Loads the code of the page at `pathname` and of its layout, so that it renders in one pass: before
 * hydrating a page rendered outside the browser, and before rendering one there.
 */
export async function loadCodeFor(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(matches.map(({ route }) => (route.handle as RouteHandle | undefined)?.code.load()));
}

/**
 * On a first visit straight to a page that asks for a head start, its data is asked for as soon as
 * the app runs, while its code is still on its way.
 */
export function prefetchFirstPage(queryClient: QueryClient, location: Location) {
  const url = new URL(location.href);
  for (const page of pages) {
    if (!page.prefetch) continue;
    try {
      const match = matchPath(page.path, url.pathname);
      if (match) return startPrefetch(queryClient, page, url, match.params);
    } catch {
      // A malformed address: the page itself will say what is wrong.
      return;
    }
  }
}
