/**
 * The authorization policy of the API, one row per registered route (method + url exactly as Fastify
 * registers it): the status each kind of caller gets. authorization.test.ts holds the running app against
 * this table, so a new route, a removed route or a changed rule fails until this file says so.
 *
 * Columns: signed out, a buyer, another buyer, a seller, another seller (not the owner of the objects
 * involved), an admin, and the old cookie of a user an admin removed.
 *
 * Owned objects (bookings, products, reports, users) belong to `buyer` and `seller`. Every request is
 * built afresh for each caller, so a delete or a payment by one caller never changes what the next sees.
 * Rows marked `owned` are tried a second time with a random UUID in place of the real id: a caller the
 * object is not for must get exactly the answer an unknown id gets.
 *
 * Grouping rules (nothing is excluded silently):
 * - HEAD: Fastify adds a HEAD route for every GET route. Each must exist and answer as its GET does; a
 *   HEAD route without a GET sibling needs its own row.
 * - Wildcards (`/api/docs/static/*`) are tried through concrete URLs, one row each (`concrete`). Better
 *   Auth has no wildcard: each endpoint the product uses is a route of its own, every other is 404.
 * - OPTIONS: no route answers it (same-origin only, no CORS preflight); authorization.test.ts checks that
 *   every URL of this table answers OPTIONS with the API's 404, and a registered OPTIONS route would need
 *   a row like any other.
 * - The built web app's static files (served only when the app is started with the web build) are not
 *   part of the API app under test.
 */
import { randomUUID } from 'node:crypto';
import { PASSWORD, type Actor, type World, multipartBody, smallJpeg } from './world.js';

export interface PolicyRequest {
  method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  /** An event stream: read until its headers (and its body only when it is refused). */
  stream?: boolean;
  /** JSON body. */
  body?: unknown;
  /** A raw body (multipart), with its content type in headers. */
  payload?: Buffer;
  headers?: Record<string, string>;
  /** Overrides the actor's session cookie (null: none). */
  cookie?: string | null;
}

/** Builds one caller's request; `swapId` replaces the owned object's id (for the random-UUID try). */
type Build = (world: World, actor: Actor, swapId?: string) => Promise<PolicyRequest>;

export interface PolicyRow {
  method: PolicyRequest['method'];
  /** The route exactly as registered. */
  route: string;
  /** Who may call it, in words. */
  rule: string;
  expect: Record<Actor, number>;
  build: Build;
  /** The id in this request is someone's object; an unknown id answers `missingStatus` (default 404). */
  owned?: {
    kind:
      'booking' | 'product' | 'report' | 'user' | 'photo' | 'conversation' | 'message' | 'review' | 'offer';
    missingStatus?: number;
  };
  /** A wildcard route: the concrete URLs it is tried with (each is a row of its own). */
  concrete?: string;
}

/** Everyone gets the same status. */
const all = (status: number): Record<Actor, number> => ({
  anonymous: status,
  buyer: status,
  otherBuyer: status,
  seller: status,
  otherSeller: status,
  admin: status,
  removed: status,
});

/** Needs a session; anything signed in gets `status`. */
const signedIn = (status: number): Record<Actor, number> => ({
  ...all(status),
  anonymous: 401,
  removed: 401,
});

/** Only the given roles; others signed in get 403. */
const only = (roles: Partial<Record<Actor, number>>): Record<Actor, number> => ({
  anonymous: 401,
  buyer: 403,
  otherBuyer: 403,
  seller: 403,
  otherSeller: 403,
  admin: 403,
  removed: 401,
  ...roles,
});

const get =
  (url: string): Build =>
  async () => ({ method: 'GET', url });

/** The account an actor signs in with (the signed-out caller borrows the buyer's). */
function accountOf(world: World, actor: Actor) {
  switch (actor) {
    case 'anonymous':
    case 'buyer':
      return world.buyer;
    case 'otherBuyer':
      return world.otherBuyer;
    case 'seller':
      return world.seller;
    case 'otherSeller':
      return world.otherSeller;
    case 'admin':
      return world.admin;
    case 'removed':
      return world.removedBuyer;
  }
}

/** A second session of the actor's own account, so signing it out leaves the shared one alone. */
async function freshCookie(world: World, actor: Actor): Promise<string | null> {
  if (actor === 'anonymous') return null;
  if (actor === 'removed') return world.client('removed').cookie;
  const res = await world.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: 'http://localhost:3000', 'content-type': 'application/json' },
    payload: JSON.stringify({ email: accountOf(world, actor).email, password: PASSWORD }),
  });
  const cookie = res.cookies.filter((c) => c.name.includes('session_token'));
  if (res.statusCode !== 200 || cookie.length === 0) throw new Error(`sign-in failed: ${res.body}`);
  return cookie.map((c) => `${c.name}=${c.value}`).join('; ');
}

const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', name: 'Matrix Buyer' };

export const policy: PolicyRow[] = [
  // ---------- operations and documentation: public ----------
  { method: 'GET', route: '/api/health', rule: 'anyone', expect: all(200), build: get('/api/health') },
  { method: 'GET', route: '/api/ready', rule: 'anyone', expect: all(200), build: get('/api/ready') },
  {
    method: 'GET',
    route: '/api/openapi.json',
    rule: 'anyone',
    expect: all(200),
    build: get('/api/openapi.json'),
  },
  { method: 'GET', route: '/api/docs', rule: 'anyone', expect: all(200), build: get('/api/docs') },
  {
    method: 'HEAD',
    route: '/api/docs/',
    rule: 'nobody: the docs plugin registers it, but a trailing slash is not canonical (GET /api/docs is the viewer)',
    expect: all(400),
    build: async () => ({ method: 'HEAD', url: '/api/docs/' }),
  },
  { method: 'GET', route: '/api/docs/json', rule: 'anyone', expect: all(200), build: get('/api/docs/json') },
  { method: 'GET', route: '/api/docs/yaml', rule: 'anyone', expect: all(200), build: get('/api/docs/yaml') },
  {
    method: 'GET',
    route: '/api/docs/static/index.html',
    rule: 'anyone (redirects to the viewer)',
    expect: all(302),
    build: get('/api/docs/static/index.html'),
  },
  {
    method: 'GET',
    route: '/api/docs/static/swagger-initializer.js',
    rule: 'anyone',
    expect: all(200),
    build: get('/api/docs/static/swagger-initializer.js'),
  },
  {
    method: 'GET',
    route: '/api/docs/static/*',
    concrete: '/api/docs/static/swagger-ui.css',
    rule: 'anyone',
    expect: all(200),
    build: get('/api/docs/static/swagger-ui.css'),
  },
  {
    method: 'GET',
    route: '/api/docs/static/*',
    concrete: '/api/docs/static/no-such-file.js',
    rule: 'anyone; an unknown file is 404',
    expect: all(404),
    build: get('/api/docs/static/no-such-file.js'),
  },

  // ---------- accounts ----------
  {
    method: 'POST',
    route: '/api/auth/sign-up/email',
    rule: 'anyone (a signed-in caller gets a new account and session)',
    expect: all(200),
    build: async () => ({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      body: {
        name: 'Matrix Newcomer',
        email: `newcomer-${randomUUID()}@example.test`,
        password: PASSWORD,
        role: 'buyer',
      },
    }),
  },
  {
    method: 'POST',
    route: '/api/auth/sign-in/email',
    rule: 'anyone with their password; a removed account is refused',
    expect: { ...all(200), removed: 403 },
    build: async (world, actor) => ({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      body: { email: accountOf(world, actor).email, password: PASSWORD },
    }),
  },
  {
    method: 'POST',
    route: '/api/auth/sign-in/social',
    rule: 'anyone; Google is not configured here, so the provider is unknown',
    expect: all(404),
    build: async () => ({ method: 'POST', url: '/api/auth/sign-in/social', body: { provider: 'google' } }),
  },
  {
    method: 'POST',
    route: '/api/auth/update-user',
    rule: 'signed in, their own name only',
    expect: signedIn(200),
    build: async () => ({
      method: 'POST',
      url: '/api/auth/update-user',
      body: { name: 'Renamed In Matrix' },
    }),
  },
  {
    method: 'POST',
    route: '/api/auth/change-password',
    rule: 'signed in, with their current password',
    expect: signedIn(200),
    build: async (world, actor) => ({
      method: 'POST',
      url: '/api/auth/change-password',
      // The same password again, so every caller can repeat it.
      body: { currentPassword: PASSWORD, newPassword: PASSWORD },
      cookie: await freshCookie(world, actor),
    }),
  },
  {
    method: 'POST',
    route: '/api/auth/sign-out',
    rule: 'anyone (signing out without a session is a no-op)',
    expect: all(200),
    build: async (world, actor) => ({
      method: 'POST',
      url: '/api/auth/sign-out',
      body: {},
      cookie: await freshCookie(world, actor),
    }),
  },
  {
    method: 'GET',
    route: '/api/auth/callback/google',
    rule: 'anyone; an OAuth callback without a valid state goes back to the login page',
    expect: all(302),
    build: get('/api/auth/callback/google?code=abc&state=forged'),
  },
  // ---------- account recovery ----------
  {
    method: 'POST',
    route: '/api/auth/request-password-reset',
    rule: 'anyone; known and unknown emails get the same answer',
    expect: all(200),
    build: async (world, actor) => ({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      body: { email: accountOf(world, actor).email },
    }),
  },
  {
    method: 'POST',
    route: '/api/auth/reset-password',
    rule: 'anyone with a valid token from the mail; a made-up one is 400',
    expect: all(400),
    build: async () => ({
      method: 'POST',
      url: '/api/auth/reset-password',
      body: { token: 'not-a-real-token', newPassword: 'another-password-1' },
    }),
  },
  {
    method: 'POST',
    route: '/api/auth/send-verification-email',
    rule: 'anyone, for their own address (signed out, once per address in 10 minutes)',
    expect: all(200),
    build: async (world, actor) => ({
      method: 'POST',
      url: '/api/auth/send-verification-email',
      // A removed account is signed out: its address is asked for twice here (its buyer's and its
      // seller's cookie), so each asks for an address of its own, as a stranger would.
      body: {
        email: actor === 'removed' ? `removed-${randomUUID()}@example.test` : accountOf(world, actor).email,
      },
    }),
  },
  {
    method: 'GET',
    route: '/api/auth/verify-email',
    rule: 'anyone with the link; a bad token goes to the callback with an error',
    expect: all(302),
    build: get('/api/auth/verify-email?token=forged&callbackURL=%2Fdashboard'),
  },
  {
    method: 'GET',
    route: '/api/newsletter/confirm',
    rule: 'anyone with the link (an unknown token says so on the home page)',
    expect: all(303),
    build: get(`/api/newsletter/confirm?token=${'a'.repeat(32)}`),
  },
  {
    method: 'GET',
    route: '/api/newsletter/unsubscribe',
    rule: 'anyone with the link',
    expect: all(303),
    build: get(`/api/newsletter/unsubscribe?token=${'a'.repeat(32)}`),
  },
  {
    method: 'GET',
    route: '/dev/mail',
    rule: 'anyone, outside production only (not registered in production)',
    expect: all(200),
    build: get('/dev/mail'),
  },
  {
    method: 'GET',
    route: '/dev/mail/:id',
    rule: 'anyone, outside production only; an unknown message is 404',
    expect: all(404),
    build: async () => ({ method: 'GET', url: `/dev/mail/${randomUUID()}` }),
  },
  { method: 'GET', route: '/api/me', rule: 'signed in', expect: signedIn(200), build: get('/api/me') },
  { method: 'GET', route: '/api/config', rule: 'anyone', expect: all(200), build: get('/api/config') },

  // ---------- catalogue ----------
  {
    method: 'GET',
    route: '/api/categories',
    rule: 'anyone',
    expect: all(200),
    build: get('/api/categories'),
  },
  {
    method: 'GET',
    route: '/api/categories/:id',
    rule: 'signed in',
    expect: signedIn(200),
    build: async (world) => ({ method: 'GET', url: `/api/categories/${world.categoryId}` }),
  },
  {
    method: 'GET',
    route: '/api/products',
    rule: 'signed in',
    expect: signedIn(200),
    build: get('/api/products?q=sideboard'),
  },
  {
    method: 'GET',
    route: '/api/products/advertised',
    rule: 'anyone',
    expect: all(200),
    build: get('/api/products/advertised'),
  },
  {
    method: 'GET',
    route: '/api/products/sitemap',
    rule: 'anyone (the sitemap lists every product on sale)',
    expect: all(200),
    build: get('/api/products/sitemap'),
  },
  {
    method: 'GET',
    route: '/media/categories/:file',
    rule: 'anyone',
    expect: all(200),
    build: async (world) => ({ method: 'GET', url: `/media/categories/${world.categorySlug}.svg` }),
  },
  {
    method: 'GET',
    route: '/media/uploads/:key',
    rule: 'anyone (photo names are unguessable)',
    expect: all(200),
    build: async (world) => ({ method: 'GET', url: `/media/uploads/${world.imageKey}` }),
  },
  {
    method: 'POST',
    route: '/api/locale',
    rule: 'anyone',
    expect: all(204),
    build: async () => ({ method: 'POST', url: '/api/locale', body: { locale: 'en' } }),
  },
  {
    method: 'POST',
    route: '/api/newsletter',
    rule: 'anyone',
    expect: all(200),
    build: async () => ({
      method: 'POST',
      url: '/api/newsletter',
      body: { email: `news-${randomUUID()}@example.test` },
    }),
  },

  // ---------- seller ----------
  {
    method: 'POST',
    route: '/api/uploads/images',
    rule: 'sellers (listing photos) and buyers (photos of a refusal at pickup)',
    expect: only({ seller: 201, otherSeller: 201, buyer: 201, otherBuyer: 201 }),
    build: async () => {
      const { payload, headers } = multipartBody(await smallJpeg());
      return { method: 'POST', url: '/api/uploads/images', payload, headers };
    },
  },
  {
    method: 'POST',
    route: '/api/products',
    rule: "sellers, with their own photos; another seller's photo is an unknown photo",
    expect: only({ seller: 201, otherSeller: 400 }),
    owned: { kind: 'photo', missingStatus: 400 },
    build: async (world, _actor, swapId) => {
      // The one photo is also the flaw photo: another seller's is refused on either field.
      const photoId = swapId ?? (await world.photo(world.seller.id));
      return {
        method: 'POST',
        url: '/api/products',
        body: {
          title: 'Matrix armchair',
          phone: '+880 1711 123456',
          originalPrice: '300',
          sellingPrice: '120.50',
          yearsUsed: 2,
          description: 'Green velvet, sturdy frame.',
          location: 'Dhaka',
          district: 'dhaka',
          condition: 'good',
          categoryId: world.categoryId,
          photoIds: [photoId],
          dimensions: { unit: 'cm', width: 200, depth: 90, height: 85 },
          flaws: [{ photoId, caption: 'Worn velvet on the right arm' }],
          checklist: {
            stains: false,
            odour: false,
            pets: true,
            smoke: false,
            missingParts: false,
            wobbles: false,
            scratches: false,
          },
        },
      };
    },
  },
  {
    method: 'GET',
    route: '/api/my/products',
    rule: 'sellers (their own)',
    expect: only({ seller: 200, otherSeller: 200 }),
    build: get('/api/my/products'),
  },
  {
    method: 'POST',
    route: '/api/products/:id/advertise',
    rule: 'the owning seller',
    expect: only({ seller: 200, otherSeller: 404 }),
    owned: { kind: 'product' },
    build: async (world, _actor, swapId) => ({
      method: 'POST',
      url: `/api/products/${swapId ?? (await world.product())}/advertise`,
      body: {},
    }),
  },
  {
    method: 'DELETE',
    route: '/api/products/:id',
    rule: 'the owning seller, admins',
    expect: only({ seller: 204, otherSeller: 404, admin: 204 }),
    owned: { kind: 'product' },
    build: async (world, _actor, swapId) => ({
      method: 'DELETE',
      url: `/api/products/${swapId ?? (await world.product())}`,
    }),
  },
  {
    method: 'GET',
    route: '/api/products/:id',
    rule: 'anyone (a shared link opens for visitors too); a removed product is 404',
    expect: all(200),
    owned: { kind: 'product' },
    build: async (world, _actor, swapId) => ({
      method: 'GET',
      url: `/api/products/${swapId ?? (await world.product())}`,
    }),
  },
  {
    method: 'PATCH',
    route: '/api/products/:id',
    rule: 'the owning seller, while it is available and nobody is paying',
    expect: only({ seller: 200, otherSeller: 404 }),
    owned: { kind: 'product' },
    build: async (world, _actor, swapId) => ({
      method: 'PATCH',
      url: `/api/products/${swapId ?? (await world.product())}`,
      body: { title: 'Matrix sideboard, renamed', sellingPrice: '199' },
    }),
  },
  {
    method: 'GET',
    route: '/api/sellers/:id',
    rule: 'anyone; anyone but a seller is an unknown seller',
    expect: all(200),
    owned: { kind: 'user' },
    build: async (world, _actor, swapId) => ({
      method: 'GET',
      url: `/api/sellers/${swapId ?? world.seller.id}`,
    }),
  },
  {
    method: 'GET',
    route: '/api/products/:id/bookings',
    rule: 'the owning seller, admins',
    expect: only({ seller: 200, otherSeller: 404, admin: 200 }),
    owned: { kind: 'product' },
    build: async (world, _actor, swapId) => {
      let id = swapId;
      if (!id) {
        id = await world.product();
        await world.booking(id);
      }
      return { method: 'GET', url: `/api/products/${id}/bookings` };
    },
  },

  // ---------- buyer ----------
  {
    method: 'POST',
    route: '/api/bookings',
    rule: 'buyers (anyone may book an available product)',
    expect: only({ buyer: 201, otherBuyer: 201 }),
    build: async (world) => ({
      method: 'POST',
      url: '/api/bookings',
      body: { productId: await world.product(), phone: '+880 1711 000333', meetingLocation: 'Gulshan 1' },
    }),
  },
  {
    method: 'GET',
    route: '/api/my/bookings',
    rule: 'buyers (their own)',
    expect: only({ buyer: 200, otherBuyer: 200 }),
    build: get('/api/my/bookings'),
  },
  {
    method: 'GET',
    route: '/api/bookings/:id',
    rule: "the booking's buyer, the product's seller, admins",
    expect: { ...signedIn(404), buyer: 200, seller: 200, admin: 200 },
    owned: { kind: 'booking' },
    build: async (world, _actor, swapId) => ({
      method: 'GET',
      url: `/api/bookings/${swapId ?? (await world.booking(await world.product()))}`,
    }),
  },
  {
    method: 'DELETE',
    route: '/api/bookings/:id',
    rule: "the booking's buyer",
    expect: only({ buyer: 204, otherBuyer: 404 }),
    owned: { kind: 'booking' },
    build: async (world, _actor, swapId) => ({
      method: 'DELETE',
      url: `/api/bookings/${swapId ?? (await world.booking(await world.product()))}`,
    }),
  },
  {
    method: 'POST',
    route: '/api/bookings/:id/checkout',
    rule: "the booking's buyer",
    expect: only({ buyer: 200, otherBuyer: 404 }),
    owned: { kind: 'booking' },
    build: async (world, _actor, swapId) => ({
      method: 'POST',
      url: `/api/bookings/${swapId ?? (await world.booking(await world.product()))}/checkout`,
      body: {},
    }),
  },
  {
    method: 'POST',
    route: '/api/bookings/:id/checkout/confirm',
    rule: "the booking's buyer",
    expect: only({ buyer: 200, otherBuyer: 404 }),
    owned: { kind: 'booking' },
    build: async (world, _actor, swapId) => ({
      method: 'POST',
      url: `/api/bookings/${swapId ?? (await world.booking(await world.product()))}/checkout/confirm`,
      body: card,
    }),
  },
  // ---------- the mobile wallet (decision 0091) ----------
  {
    method: 'GET',
    route: '/api/payments/wallet/callback',
    rule: "the payment's buyer (anyone else's payment id is unknown)",
    expect: only({ buyer: 303, otherBuyer: 404 }),
    owned: { kind: 'booking' },
    build: async (world, _actor, swapId) => ({
      method: 'GET',
      url: `/api/payments/wallet/callback?paymentID=${swapId ?? (await world.walletPayment(await world.product()))}&status=success`,
    }),
  },
  {
    method: 'GET',
    route: '/api/payments/wallet/sandbox/:paymentId',
    rule: "the payment's buyer (the wallet sandbox's approval page)",
    expect: only({ buyer: 200, otherBuyer: 404 }),
    owned: { kind: 'booking' },
    build: async (world, _actor, swapId) => ({
      method: 'GET',
      url: `/api/payments/wallet/sandbox/${swapId ?? (await world.walletPayment(await world.product()))}`,
    }),
  },
  {
    method: 'POST',
    route: '/api/payments/wallet/sandbox/:paymentId',
    rule: "the payment's buyer (approving on the wallet sandbox's page)",
    expect: only({ buyer: 200, otherBuyer: 404 }),
    owned: { kind: 'booking' },
    build: async (world, _actor, swapId) => ({
      method: 'POST',
      url: `/api/payments/wallet/sandbox/${swapId ?? (await world.walletPayment(await world.product()))}`,
      body: { decision: 'cancel' },
    }),
  },
  // ---------- after payment: handoff, cancel-sale, overview, refunds ----------
  {
    method: 'POST',
    route: '/api/bookings/:id/handoff',
    rule: "the product's seller, with the buyer's code",
    expect: only({ seller: 200, otherSeller: 404 }),
    owned: { kind: 'booking' },
    build: async (world, _actor, swapId) => ({
      method: 'POST',
      url: `/api/bookings/${swapId ?? (await world.paidBooking(await world.product()))}/handoff`,
      body: { code: '123456' },
    }),
  },
  {
    method: 'POST',
    route: '/api/bookings/:id/cancel-sale',
    rule: "the product's seller",
    expect: only({ seller: 200, otherSeller: 404 }),
    owned: { kind: 'booking' },
    build: async (world, _actor, swapId) => ({
      method: 'POST',
      url: `/api/bookings/${swapId ?? (await world.paidBooking(await world.product()))}/cancel-sale`,
      body: { reason: 'The drawer is broken.' },
    }),
  },
  // ---------- trust: refusal at pickup, reviews (issue 41) ----------
  {
    method: 'POST',
    route: '/api/bookings/:id/refuse',
    rule: 'the buyer of a paid order, with their own photos',
    expect: only({ buyer: 200, otherBuyer: 404 }),
    owned: { kind: 'booking' },
    build: async (world, _actor, swapId) => ({
      method: 'POST',
      url: `/api/bookings/${swapId ?? (await world.paidBooking(await world.product()))}/refuse`,
      body: {
        reason: 'missing_parts',
        details: 'Two shelves are missing.',
        photoIds: [await world.photo(world.buyer.id)],
      },
    }),
  },
  {
    method: 'POST',
    route: '/api/bookings/:id/confirm-listing',
    rule: "the refused order's seller",
    expect: only({ seller: 200, otherSeller: 404 }),
    owned: { kind: 'booking' },
    build: async (world, _actor, swapId) => ({
      method: 'POST',
      url: `/api/bookings/${swapId ?? (await world.refusedBooking())}/confirm-listing`,
    }),
  },
  {
    method: 'POST',
    route: '/api/bookings/:id/review',
    rule: 'the buyer and the seller of an order handed over with its code',
    expect: only({ buyer: 201, seller: 201, otherBuyer: 404, otherSeller: 404 }),
    owned: { kind: 'booking' },
    build: async (world, _actor, swapId) => ({
      method: 'POST',
      url: `/api/bookings/${swapId ?? (await world.handedOver())}/review`,
      body: { rating: 4, text: 'Smooth pickup, as agreed.' },
    }),
  },
  {
    method: 'POST',
    route: '/api/reviews/:id/reply',
    rule: 'the reviewed seller',
    expect: only({ seller: 200, otherSeller: 404 }),
    owned: { kind: 'review' },
    build: async (world, _actor, swapId) => ({
      method: 'POST',
      url: `/api/reviews/${swapId ?? (await world.publishedReview())}/reply`,
      body: { text: 'Thank you!' },
    }),
  },
  {
    method: 'GET',
    route: '/api/sellers/:id/reviews',
    rule: 'anyone; anyone but a seller is an unknown seller',
    expect: all(200),
    owned: { kind: 'user' },
    build: async (world, _actor, swapId) => ({
      method: 'GET',
      url: `/api/sellers/${swapId ?? world.seller.id}/reviews`,
    }),
  },
  {
    method: 'POST',
    route: '/api/reviews/:id/report',
    rule: 'signed in, a published review',
    expect: signedIn(201),
    owned: { kind: 'review' },
    build: async (world, _actor, swapId) => ({
      method: 'POST',
      url: `/api/reviews/${swapId ?? (await world.publishedReview())}/report`,
      body: { reason: 'offensive' },
    }),
  },
  {
    method: 'GET',
    route: '/api/admin/reviews/reported',
    rule: 'admins',
    expect: only({ admin: 200 }),
    build: get('/api/admin/reviews/reported'),
  },
  {
    method: 'POST',
    route: '/api/admin/reviews/:id/hide',
    rule: 'admins',
    expect: only({ admin: 200 }),
    owned: { kind: 'review' },
    build: async (world, _actor, swapId) => ({
      method: 'POST',
      url: `/api/admin/reviews/${swapId ?? (await world.publishedReview())}/hide`,
    }),
  },
  {
    method: 'GET',
    route: '/api/my/overview',
    rule: 'signed in',
    expect: signedIn(200),
    build: get('/api/my/overview'),
  },
  {
    method: 'GET',
    route: '/api/admin/refunds',
    rule: 'admins',
    expect: only({ admin: 200 }),
    build: get('/api/admin/refunds'),
  },
  {
    method: 'POST',
    route: '/api/payments/stripe/webhook',
    rule: 'Stripe only (signed); with the sandbox provider there is no webhook',
    expect: all(404),
    build: async () => ({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      body: { id: 'evt_1', type: 'payment_intent.succeeded' },
    }),
  },
  {
    method: 'POST',
    route: '/api/favourites/:productId',
    rule: 'buyers (saving again changes nothing)',
    expect: only({ buyer: 200, otherBuyer: 200 }),
    owned: { kind: 'product' },
    build: async (world, _actor, swapId) => ({
      method: 'POST',
      url: `/api/favourites/${swapId ?? (await world.product())}`,
      body: {},
    }),
  },
  {
    method: 'DELETE',
    route: '/api/favourites/:productId',
    rule: 'buyers, their own favourite; one not saved (or unknown) is already gone',
    expect: only({ buyer: 204, otherBuyer: 204 }),
    build: async (world) => {
      const productId = await world.product();
      await world.favourite(productId);
      return { method: 'DELETE', url: `/api/favourites/${productId}` };
    },
  },
  {
    method: 'GET',
    route: '/api/my/favourites',
    rule: 'buyers (their own)',
    expect: only({ buyer: 200, otherBuyer: 200 }),
    build: get('/api/my/favourites'),
  },
  {
    method: 'GET',
    route: '/api/my/home',
    rule: 'buyers (their own home)',
    expect: only({ buyer: 200, otherBuyer: 200 }),
    build: get('/api/my/home'),
  },
  {
    method: 'PUT',
    route: '/api/my/home',
    rule: 'buyers (their own home)',
    expect: only({ buyer: 200, otherBuyer: 200 }),
    build: async () => ({
      method: 'PUT',
      url: '/api/my/home',
      body: { openings: [{ kind: 'door', name: 'Front door', widthMm: 760, heightMm: 2000 }] },
    }),
  },
  {
    method: 'GET',
    route: '/api/my/notices',
    rule: 'signed in (their own)',
    expect: signedIn(200),
    build: get('/api/my/notices'),
  },
  {
    method: 'POST',
    route: '/api/reports',
    rule: 'buyers',
    expect: only({ buyer: 201, otherBuyer: 201 }),
    build: async (world) => ({
      method: 'POST',
      url: '/api/reports',
      body: { productId: await world.product(), reason: 'scam', details: 'Asked for a deposit.' },
    }),
  },

  // ---------- admin ----------
  {
    method: 'GET',
    route: '/api/admin/buyers',
    rule: 'admins',
    expect: only({ admin: 200 }),
    build: get('/api/admin/buyers'),
  },
  {
    method: 'GET',
    route: '/api/admin/sellers',
    rule: 'admins',
    expect: only({ admin: 200 }),
    build: get('/api/admin/sellers'),
  },
  {
    method: 'GET',
    route: '/api/admin/reports',
    rule: 'admins',
    expect: only({ admin: 200 }),
    build: get('/api/admin/reports'),
  },
  {
    method: 'GET',
    route: '/api/admin/audit',
    rule: 'admins',
    expect: only({ admin: 200 }),
    build: get('/api/admin/audit'),
  },
  {
    method: 'GET',
    route: '/api/admin/jobs',
    rule: 'admins',
    expect: only({ admin: 200 }),
    build: get('/api/admin/jobs'),
  },
  {
    method: 'POST',
    route: '/api/admin/jobs/:id/retry',
    rule: 'admins',
    expect: only({ admin: 200 }),
    build: async (world) => ({
      method: 'POST',
      url: `/api/admin/jobs/${await world.failedJob()}/retry`,
      body: {},
    }),
  },
  {
    method: 'DELETE',
    route: '/api/admin/users/:id',
    rule: 'admins',
    expect: only({ admin: 204 }),
    owned: { kind: 'user' },
    build: async (world, _actor, swapId) => ({
      method: 'DELETE',
      url: `/api/admin/users/${swapId ?? (await world.user('buyer')).id}`,
    }),
  },
  {
    method: 'POST',
    route: '/api/admin/sellers/:id/verify',
    rule: 'admins',
    expect: only({ admin: 200 }),
    owned: { kind: 'user' },
    build: async (world, _actor, swapId) => ({
      method: 'POST',
      url: `/api/admin/sellers/${swapId ?? (await world.user('seller')).id}/verify`,
      body: {},
    }),
  },
  {
    method: 'DELETE',
    route: '/api/admin/reports/:id',
    rule: 'admins',
    expect: only({ admin: 204 }),
    owned: { kind: 'report' },
    build: async (world, _actor, swapId) => ({
      method: 'DELETE',
      url: `/api/admin/reports/${swapId ?? (await world.report(await world.product()))}`,
    }),
  },
  {
    method: 'DELETE',
    route: '/api/admin/reports/:id/product',
    rule: 'admins',
    expect: only({ admin: 204 }),
    owned: { kind: 'report' },
    build: async (world, _actor, swapId) => ({
      method: 'DELETE',
      url: `/api/admin/reports/${swapId ?? (await world.report(await world.product()))}/product`,
    }),
  },
  // ---------- offers: the buyer makes and pays, the seller answers (issue 40) ----------
  {
    method: 'POST',
    route: '/api/products/:id/offers',
    rule: 'buyers, on a product of someone else',
    expect: only({ buyer: 201, otherBuyer: 201 }),
    build: async (world) => ({
      method: 'POST',
      url: `/api/products/${await world.product()}/offers`,
      body: { amount: '150' },
    }),
  },
  {
    method: 'POST',
    route: '/api/offers/:id/checkout',
    rule: "the offer's buyer",
    expect: only({ buyer: 200, otherBuyer: 404 }),
    owned: { kind: 'offer' },
    build: async (world, _actor, swapId) => ({
      method: 'POST',
      url: `/api/offers/${swapId ?? (await world.offer('awaiting_payment'))}/checkout`,
      body: {},
    }),
  },
  {
    method: 'POST',
    route: '/api/offers/:id/checkout/confirm',
    rule: "the offer's buyer",
    expect: only({ buyer: 200, otherBuyer: 404 }),
    owned: { kind: 'offer' },
    build: async (world, _actor, swapId) => ({
      method: 'POST',
      url: `/api/offers/${swapId ?? (await world.offer('awaiting_payment'))}/checkout/confirm`,
      body: card,
    }),
  },
  {
    method: 'POST',
    route: '/api/offers/:id/accept',
    rule: "the product's seller",
    expect: only({ seller: 200, otherSeller: 404 }),
    owned: { kind: 'offer' },
    build: async (world, _actor, swapId) => ({
      method: 'POST',
      url: `/api/offers/${swapId ?? (await world.offer())}/accept`,
      body: {},
    }),
  },
  {
    method: 'POST',
    route: '/api/offers/:id/decline',
    rule: "the product's seller",
    expect: only({ seller: 200, otherSeller: 404 }),
    owned: { kind: 'offer' },
    build: async (world, _actor, swapId) => ({
      method: 'POST',
      url: `/api/offers/${swapId ?? (await world.offer())}/decline`,
      body: { reason: 'Too low' },
    }),
  },
  {
    method: 'POST',
    route: '/api/offers/:id/counter',
    rule: "the product's seller",
    expect: only({ seller: 200, otherSeller: 404 }),
    owned: { kind: 'offer' },
    build: async (world, _actor, swapId) => ({
      method: 'POST',
      url: `/api/offers/${swapId ?? (await world.offer())}/counter`,
      body: { amount: '200' },
    }),
  },
  {
    method: 'POST',
    route: '/api/offers/:id/withdraw',
    rule: "the offer's buyer",
    expect: only({ buyer: 200, otherBuyer: 404 }),
    owned: { kind: 'offer' },
    build: async (world, _actor, swapId) => ({
      method: 'POST',
      url: `/api/offers/${swapId ?? (await world.offer())}/withdraw`,
      body: {},
    }),
  },
  {
    method: 'GET',
    route: '/api/my/offers',
    rule: 'buyers and sellers, their own',
    expect: only({ buyer: 200, otherBuyer: 200, seller: 200, otherSeller: 200 }),
    build: get('/api/my/offers?role=seller'),
  },
  {
    method: 'GET',
    route: '/api/offers/:id',
    rule: "the offer's buyer, the product's seller, admins",
    expect: { ...signedIn(404), buyer: 200, seller: 200, admin: 200 },
    owned: { kind: 'offer' },
    build: async (world, _actor, swapId) => ({
      method: 'GET',
      url: `/api/offers/${swapId ?? (await world.offer())}`,
    }),
  },
  // ---------- conversations: the buyer and the seller of one, and nobody else ----------
  {
    method: 'POST',
    route: '/api/products/:id/conversations',
    rule: 'buyers, about an available product',
    expect: only({ buyer: 201, otherBuyer: 201 }),
    owned: { kind: 'product' },
    build: async (world, _actor, swapId) => ({
      method: 'POST',
      url: `/api/products/${swapId ?? (await world.product())}/conversations`,
      body: { body: 'Is it still available?' },
    }),
  },
  {
    method: 'GET',
    route: '/api/my/conversations',
    rule: 'buyers and sellers (their own)',
    expect: only({ buyer: 200, otherBuyer: 200, seller: 200, otherSeller: 200 }),
    build: get('/api/my/conversations'),
  },
  {
    method: 'GET',
    route: '/api/my/unread',
    rule: 'buyers and sellers (their own)',
    expect: only({ buyer: 200, otherBuyer: 200, seller: 200, otherSeller: 200 }),
    build: get('/api/my/unread'),
  },
  {
    method: 'GET',
    route: '/api/my/message-mail',
    rule: 'buyers and sellers (their own)',
    expect: only({ buyer: 200, otherBuyer: 200, seller: 200, otherSeller: 200 }),
    build: get('/api/my/message-mail'),
  },
  {
    method: 'PUT',
    route: '/api/my/message-mail',
    rule: 'buyers and sellers (their own)',
    expect: only({ buyer: 200, otherBuyer: 200, seller: 200, otherSeller: 200 }),
    build: async () => ({ method: 'PUT', url: '/api/my/message-mail', body: { enabled: true } }),
  },
  {
    method: 'GET',
    route: '/api/my/events',
    rule: 'buyers and sellers (their own events)',
    expect: only({ buyer: 200, otherBuyer: 200, seller: 200, otherSeller: 200 }),
    build: async () => ({ method: 'GET', url: '/api/my/events', stream: true }),
  },
  {
    method: 'GET',
    route: '/api/conversations/:id',
    rule: 'its buyer and its seller',
    expect: only({ buyer: 200, seller: 200, otherBuyer: 404, otherSeller: 404 }),
    owned: { kind: 'conversation' },
    build: async (world, _actor, swapId) => ({
      method: 'GET',
      url: `/api/conversations/${swapId ?? (await world.conversation()).id}`,
    }),
  },
  {
    method: 'GET',
    route: '/api/conversations/:id/messages',
    rule: 'its buyer and its seller',
    expect: only({ buyer: 200, seller: 200, otherBuyer: 404, otherSeller: 404 }),
    owned: { kind: 'conversation' },
    build: async (world, _actor, swapId) => ({
      method: 'GET',
      url: `/api/conversations/${swapId ?? (await world.conversation()).id}/messages`,
    }),
  },
  {
    method: 'POST',
    route: '/api/conversations/:id/messages',
    rule: 'its buyer and its seller',
    expect: only({ buyer: 201, seller: 201, otherBuyer: 404, otherSeller: 404 }),
    owned: { kind: 'conversation' },
    build: async (world, _actor, swapId) => ({
      method: 'POST',
      url: `/api/conversations/${swapId ?? (await world.conversation()).id}/messages`,
      body: { body: 'Can I see it on Saturday?' },
    }),
  },
  {
    method: 'POST',
    route: '/api/conversations/:id/read',
    rule: 'its buyer and its seller',
    expect: only({ buyer: 200, seller: 200, otherBuyer: 404, otherSeller: 404 }),
    owned: { kind: 'conversation' },
    build: async (world, _actor, swapId) => {
      const conversation = await world.conversation();
      return {
        method: 'POST',
        url: `/api/conversations/${swapId ?? conversation.id}/read`,
        body: { upTo: conversation.replyId },
      };
    },
  },
  ...(['POST', 'DELETE'] as const).map((method): PolicyRow => ({
    method,
    route: '/api/conversations/:id/block',
    rule: 'its buyer and its seller',
    expect: only({ buyer: 200, seller: 200, otherBuyer: 404, otherSeller: 404 }),
    owned: { kind: 'conversation' },
    build: async (world, _actor, swapId) => ({
      method,
      url: `/api/conversations/${swapId ?? (await world.conversation()).id}/block`,
      ...(method === 'POST' ? { body: {} } : {}),
    }),
  })),
  {
    method: 'POST',
    route: '/api/conversations/:id/photos',
    rule: 'its buyer and its seller',
    expect: only({ buyer: 201, seller: 201, otherBuyer: 404, otherSeller: 404 }),
    owned: { kind: 'conversation' },
    build: async (world, _actor, swapId) => {
      const { payload, headers } = multipartBody(await smallJpeg());
      const url = `/api/conversations/${swapId ?? (await world.conversation()).id}/photos`;
      return { method: 'POST', url, payload, headers };
    },
  },
  {
    method: 'GET',
    route: '/api/conversations/:id/photos/:photoId',
    rule: 'its buyer and its seller (an admin only once the message is reported)',
    expect: { ...signedIn(404), buyer: 200, seller: 200 },
    owned: { kind: 'photo' },
    build: async (world, _actor, swapId) => {
      const conversation = await world.conversation();
      return {
        method: 'GET',
        url: `/api/conversations/${conversation.id}/photos/${swapId ?? conversation.photoId}`,
      };
    },
  },
  {
    method: 'POST',
    route: '/api/messages/:id/report',
    rule: "its buyer and its seller, the other person's message",
    expect: only({ buyer: 201, seller: 400, otherBuyer: 404, otherSeller: 404 }),
    owned: { kind: 'message' },
    build: async (world, _actor, swapId) => ({
      method: 'POST',
      url: `/api/messages/${swapId ?? (await world.conversation()).replyId}/report`,
      body: { reason: 'scam', details: 'Asks for money first.' },
    }),
  },
  {
    method: 'DELETE',
    route: '/api/admin/reports/:id/message',
    rule: 'admins',
    expect: only({ admin: 204 }),
    owned: { kind: 'report' },
    build: async (world, _actor, swapId) => ({
      method: 'DELETE',
      url: `/api/admin/reports/${swapId ?? (await world.messageReport())}/message`,
    }),
  },
];
