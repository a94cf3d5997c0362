import type { QueryClient } from '@tanstack/react-query';
import {
  createBrowserRouter,
  matchPath,
  type HydrationState,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
import type { PageAccess } from '@furniture-mart/shared/render';
import { PageSpinner } from '../components/ui/Spinner';
import { mayBeSignedIn } from '../lib/sessionHint';
import { RequireAuth } from './guards';
import { DashboardShell } from './layouts/DashboardShell';
import { PublicLayout } from './layouts/PublicLayout';
import { NotFoundPage } from '../components/NotFoundPage';
import { loadPageComponent, pages, type Page } from './pages';
import { RouteErrorContent, RouteErrorScreen } from './pages/RouteErrorPage';

/**
 * Pages sit under a pathless route that owns the error and first-load fallbacks, so both
 * appear inside the layout and the header and footer stay usable.
 */
function withinLayout(children: RouteObject[]): RouteObject[] {
  return [{ errorElement: <RouteErrorContent />, hydrateFallbackElement: <PageSpinner />, children }];
}

/** The head start a page asks for; skipped for a members-only page when no one can be signed in. */
function startPrefetch(queryClient: QueryClient, page: Page, url: URL, params: LoaderFunctionArgs['params']) {
  if (!page.prefetch || (page.access !== 'public' && !mayBeSignedIn())) return;
  page.prefetch({ queryClient, params, url });
}

/** One page's route, at its address below its layout's (`base`). */
function pageRoute(queryClient: QueryClient, page: Page, base: string): RouteObject {
  const relative = page.path.slice(base.length).replace(/^\//, '');
  const { component, module } = page;
  return {
    ...(relative ? { path: relative } : { index: true }),
    ...(component ? { Component: component } : {}),
    // One chunk per page, loaded when its route is first visited.
    ...(module ? { lazy: async () => ({ Component: await loadPageComponent(module) }) } : {}),
    // The loader does not wait for the answer: the page shows its own loading state.
    ...(page.prefetch
      ? {
          loader: ({ params, request }: LoaderFunctionArgs) => {
            startPrefetch(queryClient, page, new URL(request.url), params);
            return null;
          },
        }
      : {}),
  } as RouteObject;
}

/**
 * A layout's pages, those for fewer people than the layout itself (`open`) each behind one guard per
 * kind of access, in the order the table names them.
 */
function layoutRoutes(
  queryClient: QueryClient,
  layout: Page['layout'],
  base: string,
  open: PageAccess,
): RouteObject[] {
  const routes: RouteObject[] = [];
  const guarded = new Map<PageAccess, RouteObject[]>();
  for (const page of pages.filter((candidate) => candidate.layout === layout)) {
    const route = pageRoute(queryClient, page, base);
    if (page.access === open) {
      routes.push(route);
      continue;
    }
    let group = guarded.get(page.access);
    if (!group) {
      group = [];
      guarded.set(page.access, group);
      // Nothing is more open than a layout, so a public page never reaches here.
      const role = page.access === 'signed-in' || page.access === 'public' ? undefined : page.access;
      routes.push({ element: <RequireAuth role={role} />, children: group });
    }
    group.push(route);
  }
  return routes;
}

export const createRoutes = (queryClient: QueryClient): RouteObject[] => [
  {
    path: '/',
    element: <PublicLayout />,
    errorElement: <RouteErrorScreen />,
    children: withinLayout([
      ...layoutRoutes(queryClient, 'public', '/', 'public'),
      // The server answers 404 with the app page for an address that is no page of the table.
      { path: '*', element: <NotFoundPage /> },
    ]),
  },
  {
    path: '/dashboard',
    // The dashboard's layout arrives with its first page, not with the public pages where visits start;
    // until then the dashboard shows the same shell the server sent.
    lazy: async () => {
      const { DashboardLayout } = await import('./layouts/DashboardLayout');
      return {
        element: (
          <RequireAuth>
            <DashboardLayout />
          </RequireAuth>
        ),
      };
    },
    hydrateFallbackElement: <DashboardShell />,
    errorElement: <RouteErrorScreen />,
    children: withinLayout(layoutRoutes(queryClient, 'dashboard', '/dashboard', 'signed-in')),
  },
];

/**
 * On a first visit straight to a page that asks for a head start, its data is asked for as soon as
 * the app runs: the route's loader would only run once the page's code has arrived.
 */
function prefetchFirstPage(queryClient: QueryClient, location: Location) {
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

export function createAppRouter(
  queryClient: QueryClient,
  routes = createRoutes(queryClient),
  hydrationData?: HydrationState,
) {
  prefetchFirstPage(queryClient, window.location);
  return createBrowserRouter(routes, { hydrationData });
}
