import { expect, type Browser, type BrowserContext } from '@playwright/test';
import { demoPassword, uniqueEmail } from './accounts';
import { photoFile } from './png';

/**
 * Setting the scene through the API, for tests about something else: throwaway people and their
 * listings, so no test depends on what another one did to the demo data.
 */

export interface Person {
  name: string;
  email: string;
  password: string;
  /** A browser context holding this person's session; pages opened in it are signed in. */
  context: BrowserContext;
}

async function post(context: BrowserContext, origin: string, path: string, data: unknown) {
  const res = await context.request.post(path, { data, headers: { origin } });
  expect(res.ok(), `${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as Record<string, unknown>;
}

/** A new account of the given role, signed in in its own browser context. */
export async function signUpPerson(
  browser: Browser,
  origin: string,
  role: 'buyer' | 'seller',
  name: string,
): Promise<Person> {
  const context = await browser.newContext({ baseURL: origin });
  const email = uniqueEmail(role);
  const password = `${role}-password-1`;
  await post(context, origin, '/api/auth/sign-up/email', { name, email, password, role });
  return { name, email, password, context };
}

/** A demo account (see the README), signed in in its own browser context. */
export async function signInPerson(browser: Browser, origin: string, email: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: origin });
  await post(context, origin, '/api/auth/sign-in/email', { email, password: demoPassword });
  return context;
}

export interface Listing {
  id: string;
  title: string;
  categoryId: string;
  categorySlug: string;
}

/** A product of the seller's, with one photo, in the category with the given slug. */
export async function listProduct(
  seller: Person,
  origin: string,
  details: {
    title: string;
    categorySlug: string;
    sellingPrice: string;
    description: string;
    /** Measures as the API takes them; a small table by default, so any category takes it. */
    dimensions?: Record<string, unknown>;
  },
): Promise<Listing> {
  const categories = (await (await seller.context.request.get('/api/categories')).json()) as {
    id: string;
    slug: string;
  }[];
  const category = categories.find((c) => c.slug === details.categorySlug)!;
  const upload = await seller.context.request.post('/api/uploads/images', {
    multipart: { file: photoFile('listing.png', '#7c4a1e') },
    headers: { origin },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const photoId = ((await upload.json()) as { id: string }).id;
  const created = await post(seller.context, origin, '/api/products', {
    title: details.title,
    phone: '+8801711000111',
    originalPrice: '400',
    sellingPrice: details.sellingPrice,
    yearsUsed: '3',
    description: details.description,
    location: 'Dhaka',
    district: 'dhaka',
    condition: 'excellent',
    categoryId: category.id,
    photoIds: [photoId],
    dimensions: details.dimensions ?? { unit: 'cm', width: 80, depth: 45, height: 75 },
  });
  return {
    id: created.id as string,
    title: details.title,
    categoryId: category.id,
    categorySlug: category.slug,
  };
}

/** Books a product as the buyer; returns the booking's id. */
export async function bookProduct(buyer: Person, origin: string, productId: string): Promise<string> {
  const booking = await post(buyer.context, origin, '/api/bookings', {
    productId,
    phone: '+880 1711 000222',
    meetingLocation: 'Banani 11, by the lake',
  });
  return booking.id as string;
}

export async function reportProduct(buyer: Person, origin: string, productId: string): Promise<void> {
  await post(buyer.context, origin, '/api/reports', {
    productId,
    reason: 'wrong_condition',
    details: 'The photos do not match the description.',
  });
}

/** The buyer asks the seller about a product; returns the conversation's id. */
export async function askSeller(
  buyer: Person,
  origin: string,
  productId: string,
  body: string,
): Promise<string> {
  const started = await post(buyer.context, origin, `/api/products/${productId}/conversations`, { body });
  return (started.conversation as { id: string }).id;
}
