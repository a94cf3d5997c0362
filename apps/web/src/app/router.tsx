import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageSpinner } from '../components/Spinner';
import { HomePage } from '../features/catalogue/pages/HomePage';
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

export const routes: RouteObject[] = [
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

export function createAppRouter() {
  return createBrowserRouter(routes);
}
