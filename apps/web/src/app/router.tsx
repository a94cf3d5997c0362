import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import {
  createBrowserRouter,
  type HydrationState,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
import { PageSpinner } from '../components/Spinner';
import { categoryProductsQuery } from '../features/catalogue/api';
import { HomePage } from '../features/catalogue/pages/HomePage';
import { mayBeSignedIn } from '../lib/sessionHint';
import { RequireAuth } from './guards';
import { DashboardLayout } from './layouts/DashboardLayout';
import { PublicLayout } from './layouts/PublicLayout';
import { NotFoundPage } from './pages/NotFoundPage';
import { RouteErrorContent, RouteErrorScreen } from './pages/RouteErrorPage';

/** Loads a page's module only when its route is first visited (one chunk per page). */
function lazyPage<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) {
  return async () => ({ Component: (await load())[name] });
}

/**
 * Pages sit under a pathless route that owns the error and first-load fallbacks, so both
 * appear inside the layout and the header and footer stay usable.
 */
function withinLayout(children: RouteObject[]): RouteObject[] {
  return [{ errorElement: <RouteErrorContent />, hydrateFallbackElement: <PageSpinner />, children }];
}

/**
 * A category page's products start loading with the page's code, not once the page has rendered. Only
 * for the plain category address (a link from the home page or the footer): filtered addresses are
 * read by the page itself. The loader does not wait for the answer (the page shows its own loading
 * state) and skips visitors, whom the guard sends to sign in.
 */
function prefetchCategory(queryClient: QueryClient) {
  return ({ params, request }: LoaderFunctionArgs) => {
    if (params.id && !new URL(request.url).search) startCategoryLoad(queryClient, params.id);
    return null;
  };
}

function startCategoryLoad(queryClient: QueryClient, id: string) {
  // Only a head start that never throws: the page shows the outcome, errors included.
  if (mayBeSignedIn()) void queryClient.prefetchQuery(categoryProductsQuery(id));
}

/**
 * On a first visit straight to a category page, its products are asked for as soon as the app runs:
 * the route's loader would only run once the page's code has arrived.
 */
function prefetchFirstCategory(queryClient: QueryClient, { pathname, search }: Location) {
  const match = /^\/categories\/([^/]+)\/?$/.exec(pathname);
  if (!match || search) return;
  try {
    startCategoryLoad(queryClient, decodeURIComponent(match[1]!));
  } catch {
    // A malformed address: the page itself will say what is wrong.
  }
}

export const createRoutes = (queryClient: QueryClient): RouteObject[] => [
  {
    path: '/',
    element: <PublicLayout />,
    errorElement: <RouteErrorScreen />,
    children: withinLayout([
      // The landing page ships with the app itself: most visits start here, and waiting for one more
      // chunk would hold back its first paint on a slow phone.
      { index: true, Component: HomePage },
      { path: 'blog', lazy: lazyPage(() => import('../features/catalogue/pages/BlogPage'), 'BlogPage') },
      { path: 'login', lazy: lazyPage(() => import('../features/auth/pages/LoginPage'), 'LoginPage') },
      { path: 'signup', lazy: lazyPage(() => import('../features/auth/pages/SignUpPage'), 'SignUpPage') },
      {
        element: <RequireAuth />,
        children: [
          {
            path: 'search',
            lazy: lazyPage(() => import('../features/catalogue/pages/SearchPage'), 'SearchPage'),
          },
          {
            path: 'categories/:id',
            loader: prefetchCategory(queryClient),
            lazy: lazyPage(() => import('../features/catalogue/pages/CategoryPage'), 'CategoryPage'),
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ]),
  },
  {
    path: '/dashboard',
    element: (
      <RequireAuth>
        <DashboardLayout />
      </RequireAuth>
    ),
    errorElement: <RouteErrorScreen />,
    children: withinLayout([
      {
        index: true,
        lazy: lazyPage(() => import('../features/dashboard/pages/DashboardHomePage'), 'DashboardHomePage'),
      },
      { path: 'account', lazy: lazyPage(() => import('../features/auth/pages/AccountPage'), 'AccountPage') },
      {
        element: <RequireAuth role="buyer" />,
        children: [
          {
            path: 'myOrders',
            lazy: lazyPage(() => import('../features/buyer/pages/MyOrdersPage'), 'MyOrdersPage'),
          },
          {
            path: 'payment/:id',
            lazy: lazyPage(() => import('../features/payments/pages/PaymentPage'), 'PaymentPage'),
          },
        ],
      },
      {
        element: <RequireAuth role="seller" />,
        children: [
          {
            path: 'myProducts',
            lazy: lazyPage(() => import('../features/seller/pages/MyProductsPage'), 'MyProductsPage'),
          },
          {
            path: 'addProduct',
            lazy: lazyPage(() => import('../features/seller/pages/AddProductPage'), 'AddProductPage'),
          },
        ],
      },
      {
        element: <RequireAuth role="admin" />,
        children: [
          {
            path: 'allSellers',
            lazy: lazyPage(() => import('../features/admin/pages/AllSellersPage'), 'AllSellersPage'),
          },
          {
            path: 'allBuyers',
            lazy: lazyPage(() => import('../features/admin/pages/AllBuyersPage'), 'AllBuyersPage'),
          },
          {
            path: 'allReport',
            lazy: lazyPage(() => import('../features/admin/pages/ReportedItemsPage'), 'ReportedItemsPage'),
          },
          {
            path: 'activity',
            lazy: lazyPage(() => import('../features/admin/pages/ActivityPage'), 'ActivityPage'),
          },
        ],
      },
    ]),
  },
];

export function createAppRouter(
  queryClient: QueryClient,
  routes = createRoutes(queryClient),
  hydrationData?: HydrationState,
) {
  prefetchFirstCategory(queryClient, window.location);
  return createBrowserRouter(routes, { hydrationData });
}
