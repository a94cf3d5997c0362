import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { accountMessages, jobMessages, messages } from '@furniture-mart/shared';
import { demoAccounts } from './accounts';
import {
  askSeller,
  bookProduct,
  listProduct,
  reportProduct,
  signInPerson,
  signUpPerson,
  type Listing,
  type Person,
} from './api';

/**
 * Every page of the route table, each opened as the role it is for, with data on it: a seller of our
 * own with a listing, a buyer of our own who booked it (so My Orders and the payment page have
 * something to show) and reported it (so the admin's queue does), and the demo admin.
 */

export type Role = 'visitor' | 'buyer' | 'seller' | 'admin';

export interface Scene {
  seller: Person;
  buyer: Person;
  listing: Listing;
  bookingId: string;
  conversationId: string;
  contexts: Record<Role, BrowserContext>;
  close(): Promise<void>;
}

export async function setUpScene(browser: Browser, origin: string): Promise<Scene> {
  const stamp = Date.now();
  const seller = await signUpPerson(browser, origin, 'seller', `Route Seller ${stamp}`);
  const listing = await listProduct(seller, origin, {
    title: `Walnut reading chair ${stamp}`,
    categorySlug: 'living-room',
    sellingPrice: '120',
    description: 'A low walnut reading chair with a linen cushion; sturdy and comfortable.',
  });
  const buyer = await signUpPerson(browser, origin, 'buyer', `Route Buyer ${stamp}`);
  const bookingId = await bookProduct(buyer, origin, listing.id);
  await reportProduct(buyer, origin, listing.id);
  const conversationId = await askSeller(buyer, origin, listing.id, 'Does the cushion come off for washing?');
  const admin = await signInPerson(browser, origin, demoAccounts.admin);
  const visitor = await browser.newContext({ baseURL: origin });
  const contexts = { visitor, buyer: buyer.context, seller: seller.context, admin };
  return {
    seller,
    buyer,
    listing,
    bookingId,
    conversationId,
    contexts,
    close: async () => {
      for (const context of Object.values(contexts)) await context.close();
    },
  };
}

export interface RoutePage {
  /** Names the screenshots. */
  name: string;
  role: Role;
  path(scene: Scene): string;
  /** Resolves once the page shows its content rather than a loading state. */
  ready(page: Page, scene: Scene): Promise<void>;
}

function heading(page: Page, name: string | RegExp) {
  return expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

/** No spinner, skeleton or dimmed list left on the page. */
async function settled(page: Page) {
  await expect(page.locator('.skeleton, .loading, [aria-busy="true"]')).toHaveCount(0);
}

export const routeTable: RoutePage[] = [
  {
    name: 'home',
    role: 'visitor',
    path: () => '/',
    ready: async (page) => {
      await expect(page.getByRole('heading', { name: 'Shop by category' })).toBeVisible();
      await expect(page.locator('#categories').getByRole('link')).toHaveCount(6);
      await settled(page);
    },
  },
  { name: 'blog', role: 'visitor', path: () => '/blog', ready: (page) => heading(page, 'Our Blog') },
  { name: 'signup', role: 'visitor', path: () => '/signup', ready: (page) => heading(page, 'Sign Up') },
  { name: 'login', role: 'visitor', path: () => '/login', ready: (page) => heading(page, 'Login') },
  {
    name: 'forgot-password',
    role: 'visitor',
    path: () => '/forgot-password',
    ready: (page) => heading(page, accountMessages.forgotTitle),
  },
  {
    name: 'reset-password',
    role: 'visitor',
    path: () => '/reset-password?token=from-the-mail',
    ready: (page) => heading(page, accountMessages.resetTitle),
  },
  {
    name: 'search',
    role: 'buyer',
    path: () => '/search',
    ready: async (page) => {
      await heading(page, 'Search');
      await expect(page.getByRole('article').first()).toBeVisible();
      await settled(page);
    },
  },
  {
    name: 'category',
    role: 'buyer',
    path: (scene) => `/categories/${scene.listing.categoryId}`,
    ready: async (page, scene) => {
      await heading(page, 'Living Room');
      await expect(page.getByRole('article', { name: scene.listing.title })).toBeVisible();
      await settled(page);
    },
  },
  {
    name: 'dashboard',
    role: 'buyer',
    path: () => '/dashboard',
    ready: (page, scene) => heading(page, `Welcome, ${scene.buyer.name}`),
  },
  {
    name: 'my-orders',
    role: 'buyer',
    path: () => '/dashboard/myOrders',
    ready: async (page, scene) => {
      await heading(page, 'My Orders');
      await expect(page.getByRole('row').filter({ hasText: scene.listing.title })).toBeVisible();
      await settled(page);
    },
  },
  {
    name: 'order',
    role: 'buyer',
    path: (scene) => `/dashboard/orders/${scene.bookingId}`,
    ready: async (page, scene) => {
      await heading(page, scene.listing.title);
      await settled(page);
    },
  },
  {
    name: 'order-seller',
    role: 'seller',
    path: (scene) => `/dashboard/orders/${scene.bookingId}`,
    ready: async (page, scene) => {
      await heading(page, scene.listing.title);
      await settled(page);
    },
  },
  {
    name: 'payment',
    role: 'buyer',
    path: (scene) => `/dashboard/payment/${scene.bookingId}`,
    ready: async (page) => {
      await heading(page, 'Payment');
      await expect(page.getByRole('form', { name: 'Card details' })).toBeVisible();
      await settled(page);
    },
  },
  {
    name: 'messages',
    role: 'buyer',
    path: () => '/dashboard/messages',
    ready: async (page, scene) => {
      await heading(page, 'Messages');
      await expect(page.getByTestId('conversation').filter({ hasText: scene.listing.title })).toBeVisible();
      await settled(page);
    },
  },
  {
    name: 'conversation',
    role: 'seller',
    path: (scene) => `/dashboard/messages/${scene.conversationId}`,
    ready: async (page, scene) => {
      await heading(page, scene.buyer.name);
      await expect(page.getByTestId('message')).toHaveCount(1);
      await settled(page);
    },
  },
  {
    name: 'make-offer',
    role: 'buyer',
    path: (scene) => `/products/${scene.listing.id}/offer`,
    ready: async (page) => {
      await heading(page, 'Make an offer');
      await settled(page);
    },
  },
  {
    name: 'offers',
    role: 'buyer',
    path: () => '/dashboard/offers',
    ready: async (page) => {
      await heading(page, 'Offers I made');
      await settled(page);
    },
  },
  {
    name: 'my-products',
    role: 'seller',
    path: () => '/dashboard/myProducts',
    ready: async (page, scene) => {
      await heading(page, 'My Products');
      await expect(page.getByRole('row').filter({ hasText: scene.listing.title })).toBeVisible();
      await settled(page);
    },
  },
  {
    name: 'add-product',
    role: 'seller',
    path: () => '/dashboard/addProduct',
    ready: async (page) => {
      await heading(page, 'Add A Product');
      // The category list comes from the server.
      await expect(page.getByLabel('Category').getByRole('option', { name: 'Kitchen' })).toBeAttached();
    },
  },
  {
    name: 'admin-overview',
    role: 'admin',
    path: () => '/dashboard',
    ready: async (page) => {
      await heading(page, /^Welcome/);
      await expect(page.getByRole('heading', { name: jobMessages.title })).toBeVisible();
      await expect(page.getByText(jobMessages.nothingFailed)).toBeVisible();
      await settled(page);
    },
  },
  {
    name: 'all-sellers',
    role: 'admin',
    path: () => '/dashboard/allSellers',
    ready: async (page) => {
      await heading(page, 'All Sellers');
      await expect(page.getByRole('row').nth(1)).toBeVisible();
      await settled(page);
    },
  },
  {
    name: 'all-buyers',
    role: 'admin',
    path: () => '/dashboard/allBuyers',
    ready: async (page) => {
      await heading(page, 'All Buyers');
      await expect(page.getByRole('row').nth(1)).toBeVisible();
      await settled(page);
    },
  },
  {
    name: 'all-report',
    role: 'admin',
    path: () => '/dashboard/allReport',
    ready: async (page, scene) => {
      await heading(page, 'Reported Items');
      await expect(page.getByRole('row').filter({ hasText: scene.listing.title })).toBeVisible();
      await settled(page);
    },
  },
  {
    name: 'activity',
    role: 'admin',
    path: () => '/dashboard/activity',
    ready: async (page) => {
      await heading(page, 'Activity');
      await settled(page);
    },
  },
  {
    name: 'not-found',
    role: 'visitor',
    path: () => '/no-such-page/at-all',
    ready: (page) => heading(page, messages.notFoundTitle),
  },
];

/** Opens a page of the route table as its role and waits for its content. */
export async function openRoute(scene: Scene, route: RoutePage): Promise<Page> {
  const page = await scene.contexts[route.role].newPage();
  await page.goto(route.path(scene));
  await route.ready(page, scene);
  return page;
}

/** Lazy photos load only when scrolled near; brings every one in, e.g. before a full-page screenshot. */
export async function loadAllImages(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForFunction(() => [...document.images].every((image) => image.complete));
}
