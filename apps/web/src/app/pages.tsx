/**
 * Every page of the app, in one table: its address, who may see it, its code, what it reads first and
 * how it first reaches the browser. The router (router.tsx), the server-side render (serverRender.tsx)
 * and, through the table the build writes (`dist/pages.json`), the server all read it: the server
 * answers 404 to an address that matches no page here, and lists the sitemap's pages from it.
 */
import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';
import type { BuiltPage, BuiltPageTable, PageAccess, PageRendering } from '@furniture-mart/shared/render';
import { configQuery } from '../features/auth/api';
import {
  advertisedQuery,
  categoriesQuery,
  categoryProductsQuery,
  POPULAR_SHOWN,
} from '../features/catalogue/api';
import { HomePage } from '../features/catalogue/pages/HomePage';
import { productPageQuery, productSitemapQuery } from '../features/catalogue/productApi';

/** One address of a page with parameters in the sitemap, and when what it shows last changed. */
export interface SitemapEntry {
  params: Params<string>;
  lastmod?: string;
}

/** A page module under src/, named without its extension; it exports the page under its file's name. */
export type PageModule = `features/${string}/pages/${string}`;

/** What a page's data functions are given. */
export interface PageRequest {
  queryClient: QueryClient;
  /** The address's parameters, decoded (`id` of `/categories/:id`). */
  params: Params<string>;
  url: URL;
}

export interface Page {
  /** The full address pattern; `:name` stands for one segment. */
  path: string;
  layout: 'public' | 'dashboard';
  /** Anyone else is sent to sign in (guards.tsx). */
  access: PageAccess;
  /** The page's code: shipped with the app (`component`) or its own chunk, loaded on first visit. */
  component?: ComponentType;
  module?: PageModule;
  /**
   * A head start in the browser: starts reading what the page shows while its code is still on its
   * way. Never awaited and never throws (the page shows the outcome, errors included). Skipped for a
   * members-only page when the browser surely holds no session.
   */
  prefetch?(request: PageRequest): void;
  rendering: PageRendering;
  /** For a page rendered per request: every read its components make, done before it renders. */
  data?(request: PageRequest): Promise<unknown>[];
  /**
   * Listed in the sitemap. A pattern with parameters says how to list its addresses: one set of
   * parameters per address, read through the API as a visitor.
   */
  sitemap?: true | ((queryClient: QueryClient) => Promise<SitemapEntry[]>);
}

export const pages: readonly Page[] = [
  // The landing page ships with the app itself: most visits start here, and waiting for one more
  // chunk would hold back its first paint on a slow phone.
  {
    path: '/',
    layout: 'public',
    access: 'public',
    component: HomePage,
    rendering: 'request',
    data: ({ queryClient }) => [
      queryClient.fetchQuery(configQuery),
      queryClient.fetchQuery(categoriesQuery),
      queryClient.fetchQuery(advertisedQuery(POPULAR_SHOWN)),
    ],
    sitemap: true,
  },
  {
    path: '/blog',
    layout: 'public',
    access: 'public',
    module: 'features/catalogue/pages/BlogPage',
    rendering: 'browser',
    sitemap: true,
  },
  // The same for every visitor, so the build renders them (decision 0007).
  {
    path: '/login',
    layout: 'public',
    access: 'public',
    module: 'features/auth/pages/LoginPage',
    rendering: 'ahead',
    sitemap: true,
  },
  {
    path: '/signup',
    layout: 'public',
    access: 'public',
    module: 'features/auth/pages/SignUpPage',
    rendering: 'ahead',
    sitemap: true,
  },
  {
    path: '/forgot-password',
    layout: 'public',
    access: 'public',
    module: 'features/auth/pages/ForgotPasswordPage',
    rendering: 'browser',
  },
  {
    path: '/reset-password',
    layout: 'public',
    access: 'public',
    module: 'features/auth/pages/ResetPasswordPage',
    rendering: 'browser',
  },
  // For people signed in, as the specification says, unless the shop opens its catalogue to visitors.
  {
    path: '/search',
    layout: 'public',
    access: 'catalogue',
    module: 'features/catalogue/pages/SearchPage',
    rendering: 'browser',
  },
  {
    path: '/categories/:id',
    layout: 'public',
    access: 'catalogue',
    module: 'features/catalogue/pages/CategoryPage',
    // Only the plain category address (a link from the home page or the footer): filtered addresses
    // are read by the page itself.
    prefetch: ({ queryClient, params, url }) => {
      if (params.id && !url.search) void queryClient.prefetchQuery(categoryProductsQuery(params.id));
    },
    rendering: 'request',
    data: ({ queryClient, params, url }) => [
      queryClient.fetchQuery(configQuery),
      queryClient.fetchQuery(categoriesQuery),
      // Imported when needed: only the server renders with it, and the listing's filters bring their
      // checks (Zod) along, which the home page's script would otherwise carry.
      Promise.all([
        import('../features/catalogue/listingApi'),
        import('../features/catalogue/listingState'),
      ]).then(([{ categoryListingQuery }, { readListingState }]) =>
        queryClient.fetchQuery(categoryListingQuery(params.id!, readListingState(url.searchParams))),
      ),
    ],
    // Listed only while visitors may read it (the server leaves out pages for members).
    sitemap: async (queryClient) =>
      (await queryClient.fetchQuery(categoriesQuery)).map((category) => ({ params: { id: category.slug } })),
  },
  // Anyone's: a shared link opens on the product itself, rendered per request with its photos, price,
  // preview tags and structured data; what a buyer does there asks a visitor to sign in first.
  {
    path: '/products/:id',
    layout: 'public',
    access: 'public',
    module: 'features/catalogue/pages/ProductPage',
    prefetch: ({ queryClient, params }) => {
      if (params.id) void queryClient.prefetchQuery(productPageQuery(params.id));
    },
    rendering: 'request',
    data: ({ queryClient, params }) => [
      queryClient.fetchQuery(configQuery),
      queryClient.fetchQuery(categoriesQuery),
      queryClient.fetchQuery(productPageQuery(params.id!)),
    ],
    sitemap: async (queryClient) =>
      (await queryClient.fetchQuery(productSitemapQuery)).items.map((item) => ({
        params: { id: item.id },
        lastmod: item.updatedAt,
      })),
  },
  {
    path: '/sellers/:id',
    layout: 'public',
    access: 'public',
    module: 'features/sellers/pages/SellerPage',
    rendering: 'browser',
  },
  // A seller's published reviews with their answers, by page (issue 41).
  {
    path: '/sellers/:id/reviews',
    layout: 'public',
    access: 'public',
    module: 'features/reviews/pages/SellerReviewsPage',
    rendering: 'browser',
  },
  {
    path: '/dashboard',
    layout: 'dashboard',
    access: 'signed-in',
    module: 'features/dashboard/pages/DashboardHomePage',
    rendering: 'browser',
  },
  {
    path: '/dashboard/account',
    layout: 'dashboard',
    access: 'signed-in',
    module: 'features/auth/pages/AccountPage',
    rendering: 'browser',
  },
  // One order for its buyer, its seller or an admin; the server answers 404 to anyone else.
  {
    path: '/dashboard/orders/:id',
    layout: 'dashboard',
    access: 'signed-in',
    module: 'features/orders/pages/OrderPage',
    rendering: 'browser',
  },
  // A buyer's and a seller's conversations; the server answers 404 for a conversation not theirs.
  {
    path: '/dashboard/messages',
    layout: 'dashboard',
    access: 'signed-in',
    module: 'features/conversations/pages/MessagesPage',
    rendering: 'browser',
  },
  {
    path: '/dashboard/messages/:id',
    layout: 'dashboard',
    access: 'signed-in',
    module: 'features/conversations/pages/ConversationPage',
    rendering: 'browser',
  },
  // Offers (issue 40): a buyer's offer on a piece, one offer for its buyer or seller, and the lists.
  {
    path: '/products/:id/offer',
    layout: 'public',
    access: 'buyer',
    module: 'features/offers/pages/MakeOfferPage',
    rendering: 'browser',
  },
  {
    path: '/dashboard/offers',
    layout: 'dashboard',
    access: 'signed-in',
    module: 'features/offers/pages/OffersPage',
    rendering: 'browser',
  },
  {
    path: '/dashboard/offers/:id',
    layout: 'dashboard',
    access: 'signed-in',
    module: 'features/offers/pages/OfferPage',
    rendering: 'browser',
  },
  {
    path: '/dashboard/myOrders',
    layout: 'dashboard',
    access: 'buyer',
    module: 'features/buyer/pages/MyOrdersPage',
    rendering: 'browser',
  },
  {
    path: '/dashboard/favourites',
    layout: 'dashboard',
    access: 'buyer',
    module: 'features/favourites/pages/FavouritesPage',
    rendering: 'browser',
  },
  {
    path: '/dashboard/payment/:id',
    layout: 'dashboard',
    access: 'buyer',
    module: 'features/payments/pages/PaymentPage',
    rendering: 'browser',
  },
  {
    // The wallet sandbox's approval page (no BKASH_* configured), standing in for bKash's own.
    path: '/dashboard/wallet-sandbox/:id',
    layout: 'dashboard',
    access: 'buyer',
    module: 'features/payments/pages/WalletSandboxPage',
    rendering: 'browser',
  },
  {
    path: '/dashboard/myProducts',
    layout: 'dashboard',
    access: 'seller',
    module: 'features/seller/pages/MyProductsPage',
    rendering: 'browser',
  },
  {
    path: '/dashboard/addProduct',
    layout: 'dashboard',
    access: 'seller',
    module: 'features/seller/pages/AddProductPage',
    rendering: 'browser',
  },
  {
    path: '/dashboard/products/:id/edit',
    layout: 'dashboard',
    access: 'seller',
    module: 'features/seller/pages/EditProductPage',
    rendering: 'browser',
  },
  {
    path: '/dashboard/allSellers',
    layout: 'dashboard',
    access: 'admin',
    module: 'features/admin/pages/AllSellersPage',
    rendering: 'browser',
  },
  {
    path: '/dashboard/allBuyers',
    layout: 'dashboard',
    access: 'admin',
    module: 'features/admin/pages/AllBuyersPage',
    rendering: 'browser',
  },
  {
    path: '/dashboard/allReport',
    layout: 'dashboard',
    access: 'admin',
    module: 'features/admin/pages/ReportedItemsPage',
    rendering: 'browser',
  },
  {
    path: '/dashboard/activity',
    layout: 'dashboard',
    access: 'admin',
    module: 'features/admin/pages/ActivityPage',
    rendering: 'browser',
  },
];

/**
 * Every page module, each its own chunk. Vite turns this into one `import()` per file; the home page
 * is left out because it ships with the app.
 */
const pageModules = import.meta.glob<Record<string, ComponentType>>([
  '../features/*/pages/*.tsx',
  '!../features/catalogue/pages/HomePage.tsx',
]);

/** Loads a page's module and picks the page from it (exported under the file's own name). */
export async function loadPageComponent(module: PageModule): Promise<ComponentType> {
  const load = pageModules[`../${module}.tsx`];
  if (!load) throw new Error(`No page module ${module}`);
  const name = module.slice(module.lastIndexOf('/') + 1);
  const component = (await load())[name];
  if (!component) throw new Error(`${module} exports no ${name}`);
  return component;
}

/** The table as the build writes it for the server (`dist/pages.json`). */
export function builtPageTable(): BuiltPageTable {
  return {
    pages: pages.map(({ path, access, rendering, module, sitemap }): BuiltPage => ({
      path,
      access,
      rendering,
      // The key Vite's build manifest gives the module: its path from the web app's root.
      ...(module ? { module: `src/${module}.tsx` } : {}),
      sitemap: sitemap !== undefined,
    })),
  };
}

/**
 * What the table must hold for the router and the server to read it the same way; the build stops on
 * the first mistake (scripts/prerender.mjs), and every page module is loaded once to prove it is there.
 */
export async function checkPages(): Promise<void> {
  const seen = new Set<string>();
  for (const page of pages) {
    const { path } = page;
    if (seen.has(path)) throw new Error(`${path} is in the page table twice`);
    seen.add(path);
    if (!path.startsWith('/') || (path.length > 1 && path.endsWith('/'))) {
      throw new Error(`${path}: a page address starts with / and has no trailing slash`);
    }
    if (path.includes('*') || path.includes('?')) throw new Error(`${path}: only :name parameters are read`);
    const dashboard = path === '/dashboard' || path.startsWith('/dashboard/');
    if (dashboard !== (page.layout === 'dashboard')) throw new Error(`${path}: wrong layout`);
    if (page.layout === 'dashboard' && page.access === 'public') {
      throw new Error(`${path}: the dashboard is for members only`);
    }
    if (Boolean(page.component) === Boolean(page.module)) {
      throw new Error(`${path}: give either a component or a module`);
    }
    if (page.module) await loadPageComponent(page.module);
    if ((page.rendering === 'request') !== (page.data !== undefined)) {
      throw new Error(`${path}: a page rendered per request, and only such a page, names its data`);
    }
    if (page.rendering === 'ahead' && (path.includes(':') || page.access !== 'public')) {
      throw new Error(`${path}: a page rendered ahead is one public address`);
    }
    if (path.includes(':') ? page.sitemap === true : typeof page.sitemap === 'function') {
      throw new Error(`${path}: only a pattern with parameters lists its addresses`);
    }
  }
}
