/**
 * Release gate "mass assignment": privileged, ownership and money fields injected into every write body
 * persist nothing. Each request is either refused with 400, or succeeds and the rows show the server's
 * values (checked in the database, not in the answer).
 */
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookings,
  conversationMessages,
  conversations,
  favourites,
  homeProfiles,
  mailOutbox,
  newsletterSubscribers,
  offerIntents,
  offers,
  paymentIntents,
  payments,
  productPhotos,
  products,
  refunds,
  refusals,
  reports,
  reviewReports,
  reviews,
  users,
} from '../../src/platform/db/schema.js';
import { TEST_ORIGIN } from '../helpers/app.js';
import { sendRaw } from '../helpers/raw-http.js';
import { respelled, spellings } from './spellings.js';
import { expectWellFormed } from './send.js';
import {
  buildReleaseApp,
  createWorld,
  multipartBody,
  PASSWORD,
  smallJpeg,
  type ReleaseApp,
  type World,
} from './world.js';

let ctx: ReleaseApp;
let world: World;
const db = () => ctx.database.db;

beforeAll(async () => {
  ctx = await buildReleaseApp();
  world = await createWorld(ctx.app);
});
afterAll(() => ctx?.close());

/** What an attacker adds: values that would grant privileges, take ownership or change money. */
function sneaky(): Record<string, unknown> {
  return {
    role: 'admin',
    verified: true,
    status: 'sold',
    sellerId: world.otherSeller.id,
    userId: world.otherBuyer.id,
    buyerId: world.otherBuyer.id,
    reporterId: world.otherBuyer.id,
    ownerId: world.otherSeller.id,
    price: 1,
    amount: 1,
    amountCents: 1,
    priceCents: 1,
    sellingPriceCents: 1,
    currency: 'XXX',
    paymentStatus: 'paid',
    isAdmin: true,
    advertised: true,
    emailVerified: true,
    deletedAt: null,
    id: randomUUID(),
    createdAt: '2000-01-01T00:00:00.000Z',
    listingAtBooking: { title: 'Forged', condition: 'excellent', photos: [] },
    keptForOrders: true,
  };
}

const sneakyKeys = [
  'role',
  'verified',
  'status',
  'sellerId',
  'userId',
  'buyerId',
  'reporterId',
  'ownerId',
  'price',
  'amount',
  'amountCents',
  'priceCents',
  'sellingPriceCents',
  'currency',
  'paymentStatus',
  'isAdmin',
  'advertised',
  'emailVerified',
  'deletedAt',
  'id',
  'createdAt',
  'listingAtBooking',
  'keptForOrders',
];

/** Every key alone, then all of them together (values are made when the test runs). */
const injections = [...sneakyKeys, 'all of them'];
function injection(key: string): Record<string, unknown> {
  const all = sneaky();
  return key === 'all of them' ? all : { [key]: all[key] };
}

let requests = 0;
function post(
  url: string,
  body: unknown,
  cookie: string | null,
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE' = 'POST',
) {
  return ctx.app.inject({
    method,
    url,
    // Its own client address, so the per-address limits (newsletter: 10 a minute) do not interfere.
    remoteAddress: `10.9.${++requests >> 8}.${requests & 255}`,
    headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    payload: JSON.stringify(body),
  });
}

/** 400 (refused: then `unchanged` must still hold) or the expected success (then `persisted` must hold). */
async function refusedOrServerValues(
  response: LightMyRequestResponse,
  success: number,
  checks: { persisted: () => Promise<void>; unchanged?: () => Promise<void> },
) {
  expectWellFormed(response, 'answer');
  expect([400, success], response.body).toContain(response.statusCode);
  if (response.statusCode === success) await checks.persisted();
  else await checks.unchanged?.();
}

const cases: Array<{ name: string; run: (extra: Record<string, unknown>) => Promise<void> }> = [
  {
    name: 'POST /api/auth/sign-up/email',
    run: async (extra) => {
      const email = `mass-${randomUUID()}@example.test`;
      const res = await post(
        '/api/auth/sign-up/email',
        { name: 'Mass', email, password: PASSWORD, role: 'buyer', ...extra },
        null,
      );
      await refusedOrServerValues(res, 200, {
        persisted: async () => {
          const [row] = await db().select().from(users).where(eq(users.email, email));
          expect(row).toMatchObject({
            role: 'buyer',
            verified: false,
            emailVerified: false,
            deletedAt: null,
          });
          expect(row!.id).not.toBe(extra.id);
        },
        unchanged: async () =>
          expect(await db().select().from(users).where(eq(users.email, email))).toEqual([]),
      });
    },
  },
  {
    name: 'PUT /api/my/home',
    run: async (extra) => {
      const buyer = await world.user('buyer');
      const door = { kind: 'door', name: 'Front door', widthMm: 760, heightMm: 2000 };
      const res = await post('/api/my/home', { openings: [door], ...extra }, buyer.client.cookie, 'PUT');
      const saved = () => db().select().from(homeProfiles).where(eq(homeProfiles.userId, buyer.id));
      await refusedOrServerValues(res, 200, {
        persisted: async () => expect((await saved())[0]!.openings).toEqual([{ ...door, depthMm: null }]),
        unchanged: async () => expect(await saved()).toEqual([]),
      });
    },
  },
  {
    name: 'POST /api/auth/update-user',
    run: async (extra) => {
      const user = await world.user('seller');
      const res = await post(
        '/api/auth/update-user',
        { name: 'Still a seller', ...extra },
        user.client.cookie,
      );
      const check = async () => {
        const [row] = await db().select().from(users).where(eq(users.id, user.id));
        expect(row).toMatchObject({ role: 'seller', verified: false, emailVerified: false, deletedAt: null });
      };
      await refusedOrServerValues(res, 200, { persisted: check, unchanged: check });
    },
  },
  {
    name: 'POST /api/auth/sign-in/email',
    run: async (extra) => {
      const res = await post(
        '/api/auth/sign-in/email',
        { email: world.otherBuyer.email, password: PASSWORD, ...extra },
        null,
      );
      const check = async () => {
        const [row] = await db().select().from(users).where(eq(users.id, world.otherBuyer.id));
        expect(row).toMatchObject({ role: 'buyer', verified: false, deletedAt: null });
      };
      await refusedOrServerValues(res, 200, { persisted: check, unchanged: check });
    },
  },
  {
    name: 'POST /api/locale',
    run: async (extra) => {
      const user = await world.user('seller');
      const res = await post('/api/locale', { locale: 'bn', ...extra }, user.client.cookie);
      const check = async () => {
        const [row] = await db().select().from(users).where(eq(users.id, user.id));
        expect(row).toMatchObject({ role: 'seller', verified: false, emailVerified: false, deletedAt: null });
      };
      await refusedOrServerValues(res, 204, { persisted: check, unchanged: check });
    },
  },
  {
    name: 'POST /api/newsletter',
    run: async (extra) => {
      const email = `news-${randomUUID()}@example.test`;
      const res = await post('/api/newsletter', { email, ...extra }, null);
      await refusedOrServerValues(res, 200, {
        persisted: async () => {
          const rows = await db()
            .select()
            .from(newsletterSubscribers)
            .where(eq(newsletterSubscribers.email, email));
          expect(rows).toHaveLength(1);
          expect(rows[0]!.id).not.toBe(extra.id);
          expect(rows[0]!.createdAt.getFullYear()).toBeGreaterThan(2000);
        },
      });
    },
  },
  {
    name: 'POST /api/uploads/images (extra multipart fields)',
    run: async (extra) => {
      const { payload, headers } = multipartBody(await smallJpeg());
      const boundary = headers['content-type']!.split('boundary=')[1]!;
      const fields = Object.entries(extra)
        .map(
          ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${String(v)}\r\n`,
        )
        .join('');
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/uploads/images',
        headers: { origin: TEST_ORIGIN, cookie: world.seller.client.cookie!, ...headers },
        payload: Buffer.concat([Buffer.from(fields), payload]),
      });
      await refusedOrServerValues(res, 201, {
        persisted: async () => {
          const [row] = await db().select().from(productPhotos).where(eq(productPhotos.id, res.json().id));
          expect(row).toMatchObject({ ownerId: world.seller.id, productId: null });
        },
      });
    },
  },
  {
    name: 'POST /api/products',
    run: async (extra) => {
      const photoId = await world.photo(world.seller.id);
      const res = await post(
        '/api/products',
        {
          title: 'Mass-assigned sofa',
          phone: '+880 1711 123456',
          originalPrice: '500',
          sellingPrice: '250.50',
          yearsUsed: 1,
          description: 'Blue, three seats.',
          location: 'Dhaka',
          district: 'dhaka',
          condition: 'fair',
          categoryId: world.categoryId,
          photoIds: [photoId],
          dimensions: { unit: 'cm', width: 200, depth: 90, height: 85 },
          flaws: [{ photoId, caption: 'A chip on the leg' }],
          checklist: {
            stains: false,
            odour: false,
            pets: false,
            smoke: false,
            missingParts: false,
            wobbles: true,
            scratches: true,
          },
          ...extra,
        },
        world.seller.client.cookie,
      );
      await refusedOrServerValues(res, 201, {
        persisted: async () => {
          const [row] = await db().select().from(products).where(eq(products.id, res.json().id));
          expect(row).toMatchObject({
            sellerId: world.seller.id,
            status: 'available',
            advertised: false,
            advertisedAt: null,
            sellingPriceCents: 25_050,
            originalPriceCents: 50_000,
            currency: ctx.config.CURRENCY,
            deletedAt: null,
          });
          expect(row!.id).not.toBe(extra.id);
          expect(row!.postedAt.getFullYear()).toBeGreaterThan(2000);
        },
        unchanged: async () => {
          const [photo] = await db().select().from(productPhotos).where(eq(productPhotos.id, photoId));
          expect(photo!.productId).toBeNull();
        },
      });
    },
  },
  {
    name: 'POST /api/products/:id/advertise',
    run: async (extra) => {
      const id = await world.product(world.seller.id, { sellingPriceCents: 33_300 });
      const res = await post(
        `/api/products/${id}/advertise`,
        { ...extra, advertised: false },
        world.seller.client.cookie,
      );
      await refusedOrServerValues(res, 200, {
        persisted: async () => {
          const [row] = await db().select().from(products).where(eq(products.id, id));
          expect(row).toMatchObject({
            sellerId: world.seller.id,
            status: 'available',
            advertised: true,
            sellingPriceCents: 33_300,
            currency: ctx.config.CURRENCY,
            deletedAt: null,
          });
        },
      });
    },
  },
  {
    name: 'PATCH /api/products/:id',
    run: async (extra) => {
      const id = await world.product(world.seller.id, { sellingPriceCents: 40_000 });
      const res = await post(
        `/api/products/${id}`,
        { title: 'Mass-edited sideboard', sellingPrice: '350', ...extra },
        world.seller.client.cookie,
        'PATCH',
      );
      await refusedOrServerValues(res, 200, {
        persisted: async () => {
          const [row] = await db().select().from(products).where(eq(products.id, id));
          expect(row).toMatchObject({
            id,
            title: 'Mass-edited sideboard',
            sellerId: world.seller.id,
            status: 'available',
            advertised: false,
            sellingPriceCents: 35_000,
            previousPriceCents: 40_000,
            currency: ctx.config.CURRENCY,
            deletedAt: null,
          });
          expect(row!.postedAt.getFullYear()).toBeGreaterThan(2000);
        },
        unchanged: async () => {
          const [row] = await db().select().from(products).where(eq(products.id, id));
          expect(row).toMatchObject({ sellingPriceCents: 40_000, previousPriceCents: null });
        },
      });
    },
  },
  {
    name: 'POST /api/favourites/:productId',
    run: async (extra) => {
      const id = await world.product(world.seller.id);
      const res = await post(`/api/favourites/${id}`, extra, world.buyer.client.cookie);
      await refusedOrServerValues(res, 200, {
        persisted: async () => {
          const rows = await db().select().from(favourites).where(eq(favourites.productId, id));
          expect(rows.map((row) => row.userId)).toEqual([world.buyer.id]);
          expect(rows[0]!.createdAt.getFullYear()).toBeGreaterThan(2000);
        },
      });
    },
  },
  {
    name: 'POST /api/bookings',
    run: async (extra) => {
      const productId = await world.product(world.seller.id, { sellingPriceCents: 45_600 });
      const res = await post(
        '/api/bookings',
        { productId, phone: '+880 1711 000444', meetingLocation: 'Banani', ...extra },
        world.buyer.client.cookie,
      );
      await refusedOrServerValues(res, 201, {
        persisted: async () => {
          const [row] = await db().select().from(bookings).where(eq(bookings.id, res.json().id));
          expect(row).toMatchObject({
            productId,
            buyerId: world.buyer.id,
            status: 'booked',
            priceCents: 45_600,
            currency: ctx.config.CURRENCY,
            paidAt: null,
          });
          expect(row!.id).not.toBe(extra.id);
          // The listing as it was booked is the server's copy, never one the request brings.
          expect(row!.listingAtBooking).toMatchObject({ condition: 'good', photos: [] });
          expect(row!.listingAtBooking!.title).not.toBe('Forged');
          const [product] = await db().select().from(products).where(eq(products.id, productId));
          expect(product).toMatchObject({
            status: 'available',
            sellerId: world.seller.id,
            advertised: false,
          });
        },
      });
    },
  },
  {
    name: 'POST /api/reports',
    run: async (extra) => {
      const productId = await world.product();
      const reporter = await world.user('buyer');
      const res = await post(
        '/api/reports',
        { productId, reason: 'scam', details: 'Fake photos.', ...extra },
        reporter.client.cookie,
      );
      await refusedOrServerValues(res, 201, {
        persisted: async () => {
          const [row] = await db().select().from(reports).where(eq(reports.id, res.json().id));
          expect(row).toMatchObject({ productId, reporterId: reporter.id, status: 'open', closedAt: null });
          expect(row!.id).not.toBe(extra.id);
        },
      });
    },
  },
  {
    name: 'POST /api/bookings/:id/checkout',
    run: async (extra) => {
      const productId = await world.product(world.seller.id, { sellingPriceCents: 78_900 });
      const bookingId = await world.booking(productId);
      const res = await post(`/api/bookings/${bookingId}/checkout`, extra, world.buyer.client.cookie);
      await refusedOrServerValues(res, 200, {
        persisted: async () => {
          expect(res.json()).toMatchObject({ amountCents: 78_900, currency: ctx.config.CURRENCY });
          const intents = await db()
            .select()
            .from(paymentIntents)
            .where(eq(paymentIntents.bookingId, bookingId));
          expect(intents.map((i) => [i.amountCents, i.currency])).toEqual([[78_900, ctx.config.CURRENCY]]);
          const [booking] = await db().select().from(bookings).where(eq(bookings.id, bookingId));
          expect(booking).toMatchObject({ status: 'booked', buyerId: world.buyer.id, priceCents: 78_900 });
          expect(await db().select().from(payments).where(eq(payments.bookingId, bookingId))).toEqual([]);
        },
      });
    },
  },
  {
    name: 'POST /api/bookings/:id/checkout (wallet)',
    run: async (extra) => {
      const productId = await world.product(world.seller.id, { sellingPriceCents: 45_600 });
      const bookingId = await world.booking(productId);
      const res = await post(
        `/api/bookings/${bookingId}/checkout`,
        { ...extra, method: 'wallet' },
        world.buyer.client.cookie,
      );
      await refusedOrServerValues(res, 200, {
        persisted: async () => {
          expect(res.json()).toMatchObject({ amountCents: 45_600, method: 'wallet' });
          const intents = await db()
            .select()
            .from(paymentIntents)
            .where(eq(paymentIntents.bookingId, bookingId));
          expect(intents.map((i) => [i.provider, i.amountCents, i.currency])).toEqual([
            ['wallet_sandbox', 45_600, ctx.config.CURRENCY],
          ]);
          const [booking] = await db().select().from(bookings).where(eq(bookings.id, bookingId));
          expect(booking).toMatchObject({ status: 'booked', buyerId: world.buyer.id, priceCents: 45_600 });
          expect(await db().select().from(payments).where(eq(payments.bookingId, bookingId))).toEqual([]);
        },
      });
    },
  },
  {
    name: 'POST /api/bookings/:id/checkout (cash)',
    run: async (extra) => {
      const productId = await world.product(world.seller.id, {
        sellingPriceCents: 33_300,
        acceptsCash: true,
      });
      const bookingId = await world.booking(productId);
      const res = await post(
        `/api/bookings/${bookingId}/checkout`,
        { ...extra, method: 'cash' },
        world.buyer.client.cookie,
      );
      await refusedOrServerValues(res, 200, {
        persisted: async () => {
          const [booking] = await db().select().from(bookings).where(eq(bookings.id, bookingId));
          expect(booking).toMatchObject({
            status: 'reserved',
            paymentMethod: 'cash',
            buyerId: world.buyer.id,
            priceCents: 33_300,
          });
          expect(await db().select().from(payments).where(eq(payments.bookingId, bookingId))).toEqual([]);
        },
      });
      // One reservation at a time: give this one up for the next injection.
      await db()
        .update(bookings)
        .set({ status: 'cancelled', cancelReason: 'given up' })
        .where(eq(bookings.id, bookingId));
    },
  },
  {
    name: 'POST /api/payments/wallet/sandbox/:paymentId',
    run: async (extra) => {
      const paymentId = await world.walletPayment(await world.product());
      const res = await post(
        `/api/payments/wallet/sandbox/${paymentId}`,
        { decision: 'approve', wallet: '01711000000', pin: '12121', ...extra },
        world.buyer.client.cookie,
      );
      await refusedOrServerValues(res, 200, {
        persisted: async () => {
          // Approving is not paying: only the callback's execute and query can make it paid.
          const [intent] = await db()
            .select()
            .from(paymentIntents)
            .where(eq(paymentIntents.providerIntentId, paymentId));
          const [booking] = await db().select().from(bookings).where(eq(bookings.id, intent!.bookingId));
          expect(booking).toMatchObject({ status: 'booked', buyerId: world.buyer.id });
          expect(await db().select().from(payments).where(eq(payments.bookingId, booking!.id))).toEqual([]);
        },
      });
    },
  },
  {
    name: 'POST /api/bookings/:id/checkout/confirm',
    run: async (extra) => {
      const productId = await world.product(world.seller.id, { sellingPriceCents: 12_345 });
      const bookingId = await world.booking(productId);
      const res = await post(
        `/api/bookings/${bookingId}/checkout/confirm`,
        { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', name: 'Mass Buyer', ...extra },
        world.buyer.client.cookie,
      );
      await refusedOrServerValues(res, 200, {
        persisted: async () => {
          const [payment] = await db().select().from(payments).where(eq(payments.bookingId, bookingId));
          expect(payment).toMatchObject({
            amountCents: 12_345,
            currency: ctx.config.CURRENCY,
            buyerId: world.buyer.id,
            productId,
          });
          const [booking] = await db().select().from(bookings).where(eq(bookings.id, bookingId));
          expect(booking).toMatchObject({ status: 'paid', buyerId: world.buyer.id, priceCents: 12_345 });
          const [product] = await db().select().from(products).where(eq(products.id, productId));
          expect(product).toMatchObject({
            status: 'sold',
            sellerId: world.seller.id,
            sellingPriceCents: 12_345,
          });
        },
        unchanged: async () => {
          expect(await db().select().from(payments).where(eq(payments.bookingId, bookingId))).toEqual([]);
        },
      });
    },
  },
  {
    name: 'POST /api/bookings/:id/handoff',
    run: async (extra) => {
      const bookingId = await world.paidBooking(await world.product());
      const res = await post(
        `/api/bookings/${bookingId}/handoff`,
        { code: '123456', ...extra },
        world.seller.client.cookie,
      );
      await refusedOrServerValues(res, 200, {
        persisted: async () => {
          const [row] = await db().select().from(bookings).where(eq(bookings.id, bookingId));
          expect(row).toMatchObject({ status: 'completed', buyerId: world.buyer.id, completedBy: 'handoff' });
          expect(row!.priceCents).toBe(25_000);
        },
        unchanged: async () => {
          const [row] = await db().select().from(bookings).where(eq(bookings.id, bookingId));
          expect(row).toMatchObject({ status: 'paid', handoffAttempts: 0 });
        },
      });
    },
  },
  {
    name: 'POST /api/bookings/:id/cancel-sale',
    run: async (extra) => {
      const productId = await world.product();
      const bookingId = await world.paidBooking(productId);
      const res = await post(
        `/api/bookings/${bookingId}/cancel-sale`,
        { reason: 'Not for sale any more.', ...extra },
        world.seller.client.cookie,
      );
      await refusedOrServerValues(res, 200, {
        persisted: async () => {
          const [row] = await db().select().from(bookings).where(eq(bookings.id, bookingId));
          expect(row).toMatchObject({ status: 'refunded', buyerId: world.buyer.id });
          const [product] = await db().select().from(products).where(eq(products.id, productId));
          expect(product).toMatchObject({
            status: 'available',
            sellerId: world.seller.id,
            advertised: false,
          });
        },
        unchanged: async () => {
          const [row] = await db().select().from(bookings).where(eq(bookings.id, bookingId));
          expect(row!.status).toBe('paid');
        },
      });
    },
  },
  {
    name: 'POST /api/auth/request-password-reset',
    run: async (extra) => {
      const res = await post(
        '/api/auth/request-password-reset',
        { email: world.otherBuyer.email, ...extra },
        null,
      );
      await refusedOrServerValues(res, 200, {
        persisted: async () => {
          const [row] = await db().select().from(users).where(eq(users.id, world.otherBuyer.id));
          expect(row).toMatchObject({
            role: 'buyer',
            verified: false,
            emailVerified: false,
            deletedAt: null,
          });
        },
      });
    },
  },
  {
    name: 'POST /api/auth/send-verification-email',
    run: async (extra) => {
      const res = await post(
        '/api/auth/send-verification-email',
        { email: world.otherBuyer.email, ...extra },
        null,
      );
      await refusedOrServerValues(res, 200, {
        persisted: async () => {
          const [row] = await db().select().from(users).where(eq(users.id, world.otherBuyer.id));
          expect(row).toMatchObject({ role: 'buyer', verified: false, emailVerified: false });
        },
      });
    },
  },
  {
    name: 'DELETE /api/bookings/:id',
    run: async (extra) => {
      const bookingId = await world.booking(await world.product());
      const res = await post(`/api/bookings/${bookingId}`, extra, world.buyer.client.cookie, 'DELETE');
      await refusedOrServerValues(res, 204, {
        persisted: async () => {
          const [row] = await db().select().from(bookings).where(eq(bookings.id, bookingId));
          expect(row).toMatchObject({ status: 'cancelled', buyerId: world.buyer.id, paidAt: null });
          expect(await db().select().from(payments).where(eq(payments.bookingId, bookingId))).toEqual([]);
        },
      });
    },
  },
  {
    name: 'DELETE /api/products/:id',
    run: async (extra) => {
      const id = await world.product();
      const res = await post(`/api/products/${id}`, extra, world.seller.client.cookie, 'DELETE');
      await refusedOrServerValues(res, 204, {
        persisted: async () => {
          const [row] = await db().select().from(products).where(eq(products.id, id));
          expect(row!.deletedAt).not.toBeNull();
          expect(row).toMatchObject({ sellerId: world.seller.id, status: 'available' });
        },
      });
    },
  },
  {
    name: 'POST /api/admin/sellers/:id/verify',
    run: async (extra) => {
      const seller = await world.user('seller');
      const res = await post(
        `/api/admin/sellers/${seller.id}/verify`,
        { ...extra, verified: false },
        world.admin.client.cookie,
      );
      await refusedOrServerValues(res, 200, {
        persisted: async () => {
          const [row] = await db().select().from(users).where(eq(users.id, seller.id));
          expect(row).toMatchObject({ role: 'seller', verified: true, deletedAt: null });
        },
      });
    },
  },
  {
    name: 'POST /api/admin/jobs/:id/retry',
    run: async (extra) => {
      const jobId = await world.failedJob();
      const res = await post(
        `/api/admin/jobs/${jobId}/retry`,
        { ...extra, status: 'sent', attempts: 99, toAddress: 'elsewhere@example.test' },
        world.admin.client.cookie,
      );
      await refusedOrServerValues(res, 200, {
        persisted: async () => {
          const [row] = await db().select().from(mailOutbox).where(eq(mailOutbox.id, jobId));
          expect(row).toMatchObject({
            status: 'pending',
            attempts: 0,
            toAddress: expect.stringMatching(/^refused/),
          });
        },
      });
    },
  },
  {
    name: 'DELETE /api/admin/users/:id',
    run: async (extra) => {
      const buyer = await world.user('buyer');
      const res = await post(`/api/admin/users/${buyer.id}`, extra, world.admin.client.cookie, 'DELETE');
      await refusedOrServerValues(res, 204, {
        persisted: async () => {
          const [row] = await db().select().from(users).where(eq(users.id, buyer.id));
          expect(row).toMatchObject({ role: 'buyer', verified: false });
          expect(row!.deletedAt).not.toBeNull();
        },
      });
    },
  },
  {
    name: 'DELETE /api/admin/reports/:id',
    run: async (extra) => {
      const reportId = await world.report(await world.product());
      const res = await post(
        `/api/admin/reports/${reportId}`,
        { ...extra, status: 'open' },
        world.admin.client.cookie,
        'DELETE',
      );
      await refusedOrServerValues(res, 204, {
        persisted: async () => {
          const [row] = await db().select().from(reports).where(eq(reports.id, reportId));
          expect(row).toMatchObject({ status: 'closed', reporterId: world.buyer.id });
        },
      });
    },
  },
  {
    name: 'DELETE /api/admin/reports/:id/product',
    run: async (extra) => {
      const productId = await world.product();
      const reportId = await world.report(productId);
      const res = await post(
        `/api/admin/reports/${reportId}/product`,
        extra,
        world.admin.client.cookie,
        'DELETE',
      );
      await refusedOrServerValues(res, 204, {
        persisted: async () => {
          const [row] = await db().select().from(products).where(eq(products.id, productId));
          expect(row!.deletedAt).not.toBeNull();
          expect(row).toMatchObject({ sellerId: world.seller.id, status: 'available' });
          const open = await db()
            .select()
            .from(reports)
            .where(and(eq(reports.productId, productId), eq(reports.status, 'open')));
          expect(open).toEqual([]);
        },
      });
    },
  },
  {
    name: 'POST /api/products/:id/conversations',
    run: async (extra) => {
      const productId = await world.product();
      const res = await post(
        `/api/products/${productId}/conversations`,
        { body: 'Is it still available?', ...extra },
        world.buyer.client.cookie,
      );
      await refusedOrServerValues(res, 201, {
        persisted: async () => {
          const [row] = await db()
            .select()
            .from(conversations)
            .where(eq(conversations.id, res.json().conversation.id));
          expect(row).toMatchObject({ productId, buyerId: world.buyer.id, sellerId: world.seller.id });
          const [message] = await db()
            .select()
            .from(conversationMessages)
            .where(eq(conversationMessages.conversationId, row!.id));
          expect(message).toMatchObject({ senderId: world.buyer.id, removedAt: null, masked: false });
          expect(message!.id).not.toBe(extra.id);
        },
      });
    },
  },
  {
    name: 'POST /api/conversations/:id/messages',
    run: async (extra) => {
      const conversation = await world.conversation();
      const res = await post(
        `/api/conversations/${conversation.id}/messages`,
        { body: 'Can I come on Saturday?', ...extra },
        world.seller.client.cookie,
      );
      await refusedOrServerValues(res, 201, {
        persisted: async () => {
          const [message] = await db()
            .select()
            .from(conversationMessages)
            .where(eq(conversationMessages.id, res.json().id));
          expect(message).toMatchObject({
            conversationId: conversation.id,
            senderId: world.seller.id,
            removedAt: null,
          });
          expect(message!.createdAt.getFullYear()).toBeGreaterThan(2000);
        },
      });
    },
  },
  {
    name: 'POST /api/products/:id/offers',
    run: async (extra) => {
      const productId = await world.product(world.seller.id, { sellingPriceCents: 20_000 });
      const res = await post(
        `/api/products/${productId}/offers`,
        { amount: '150', ...extra },
        world.buyer.client.cookie,
      );
      await refusedOrServerValues(res, 201, {
        persisted: async () => {
          const [row] = await db().select().from(offers).where(eq(offers.id, res.json().id));
          expect(row).toMatchObject({
            productId,
            buyerId: world.buyer.id,
            amountCents: 15_000,
            counterAmountCents: null,
            currency: ctx.config.CURRENCY,
            status: 'awaiting_payment',
            bookingId: null,
          });
          expect(row!.id).not.toBe(extra.id);
        },
        unchanged: async () => {
          expect(await db().select().from(offers).where(eq(offers.productId, productId))).toEqual([]);
        },
      });
    },
  },
  {
    name: 'POST /api/offers/:id/checkout/confirm',
    run: async (extra) => {
      const offerId = await world.offer('awaiting_payment');
      const res = await post(
        `/api/offers/${offerId}/checkout/confirm`,
        { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', name: 'Mass Buyer', ...extra },
        world.buyer.client.cookie,
      );
      await refusedOrServerValues(res, 200, {
        persisted: async () => {
          const [row] = await db().select().from(offers).where(eq(offers.id, offerId));
          expect(row).toMatchObject({
            buyerId: world.buyer.id,
            amountCents: 15_000,
            status: 'open',
            bookingId: null,
          });
          const intents = await db().select().from(offerIntents).where(eq(offerIntents.offerId, offerId));
          expect(intents.map((i) => [i.amountCents, i.currency, i.status])).toEqual([
            [15_000, ctx.config.CURRENCY, 'authorized'],
          ]);
        },
      });
    },
  },
  {
    name: 'POST /api/offers/:id/counter',
    run: async (extra) => {
      const offerId = await world.offer('open');
      const res = await post(
        `/api/offers/${offerId}/counter`,
        { amount: '200', ...extra },
        world.seller.client.cookie,
      );
      await refusedOrServerValues(res, 200, {
        persisted: async () => {
          const [row] = await db().select().from(offers).where(eq(offers.id, offerId));
          expect(row).toMatchObject({
            buyerId: world.buyer.id,
            amountCents: 15_000,
            counterAmountCents: 20_000,
            currency: ctx.config.CURRENCY,
            status: 'countered',
          });
        },
        unchanged: async () => {
          const [row] = await db().select().from(offers).where(eq(offers.id, offerId));
          expect(row).toMatchObject({ status: 'open', counterAmountCents: null });
        },
      });
    },
  },
  {
    name: 'POST /api/offers/:id/accept',
    run: async (extra) => {
      const offerId = await world.offer('open');
      const res = await post(`/api/offers/${offerId}/accept`, extra, world.seller.client.cookie);
      await refusedOrServerValues(res, 200, {
        persisted: async () => {
          const [row] = await db().select().from(offers).where(eq(offers.id, offerId));
          expect(row).toMatchObject({ buyerId: world.buyer.id, status: 'accepted' });
          const [booking] = await db().select().from(bookings).where(eq(bookings.id, row!.bookingId!));
          expect(booking).toMatchObject({ status: 'paid', buyerId: world.buyer.id, priceCents: 15_000 });
          const [payment] = await db().select().from(payments).where(eq(payments.bookingId, booking!.id));
          expect(payment).toMatchObject({
            amountCents: 15_000,
            currency: ctx.config.CURRENCY,
            buyerId: world.buyer.id,
          });
        },
        unchanged: async () => {
          const [row] = await db().select().from(offers).where(eq(offers.id, offerId));
          expect(row!.status).toBe('open');
        },
      });
    },
  },
  {
    name: 'POST /api/messages/:id/report',
    run: async (extra) => {
      // A reporter of its own each time: a person's reports per hour are limited.
      const reporter = await world.user('buyer');
      const conversation = await world.conversation(reporter);
      const res = await post(
        `/api/messages/${conversation.replyId}/report`,
        { reason: 'spam', ...extra },
        reporter.client.cookie,
      );
      await refusedOrServerValues(res, 201, {
        persisted: async () => {
          const [row] = await db().select().from(reports).where(eq(reports.id, res.json().id));
          expect(row).toMatchObject({
            messageId: conversation.replyId,
            reporterId: reporter.id,
            status: 'open',
          });
        },
      });
    },
  },
  // ---------- trust: refusal at pickup, reviews (issue 41) ----------
  {
    name: 'POST /api/bookings/:id/refuse',
    run: async (extra) => {
      const bookingId = await world.paidBooking(await world.product());
      const res = await post(
        `/api/bookings/${bookingId}/refuse`,
        {
          reason: 'damaged',
          details: 'The back panel is split.',
          photoIds: [await world.photo(world.buyer.id)],
          ...extra,
        },
        world.buyer.client.cookie,
      );
      await refusedOrServerValues(res, 200, {
        persisted: async () => {
          const [row] = await db().select().from(bookings).where(eq(bookings.id, bookingId));
          expect(row).toMatchObject({ status: 'refused', buyerId: world.buyer.id, priceCents: 25_000 });
          const [refund] = await db().select().from(refunds).where(eq(refunds.bookingId, bookingId));
          expect(refund).toMatchObject({ amountCents: 25_000 });
          const [refusal] = await db().select().from(refusals).where(eq(refusals.bookingId, bookingId));
          expect(refusal).toMatchObject({ reason: 'damaged', listingConfirmedAt: null });
        },
        unchanged: async () => {
          const [row] = await db().select().from(bookings).where(eq(bookings.id, bookingId));
          expect(row!.status).toBe('paid');
          expect(await db().select().from(refunds).where(eq(refunds.bookingId, bookingId))).toEqual([]);
        },
      });
    },
  },
  {
    name: 'POST /api/bookings/:id/confirm-listing',
    run: async (extra) => {
      const bookingId = await world.refusedBooking();
      const res = await post(
        `/api/bookings/${bookingId}/confirm-listing`,
        { ...extra },
        world.seller.client.cookie,
      );
      await refusedOrServerValues(res, 200, {
        persisted: async () => {
          const [row] = await db().select().from(bookings).where(eq(bookings.id, bookingId));
          expect(row).toMatchObject({ status: 'refused', buyerId: world.buyer.id });
          const [product] = await db().select().from(products).where(eq(products.id, row!.productId));
          expect(product).toMatchObject({
            status: 'available',
            sellerId: world.seller.id,
            advertised: false,
          });
        },
      });
    },
  },
  {
    name: 'POST /api/bookings/:id/review',
    run: async (extra) => {
      const bookingId = await world.handedOver();
      const res = await post(
        `/api/bookings/${bookingId}/review`,
        { rating: 4, text: 'Friendly and on time.', ...extra },
        world.buyer.client.cookie,
      );
      await refusedOrServerValues(res, 201, {
        persisted: async () => {
          const [row] = await db().select().from(reviews).where(eq(reviews.bookingId, bookingId));
          expect(row).toMatchObject({
            authorId: world.buyer.id,
            subjectId: world.seller.id,
            authorRole: 'buyer',
            rating: 4,
            publishedAt: null,
            hiddenAt: null,
            replyText: null,
          });
        },
        unchanged: async () => {
          expect(await db().select().from(reviews).where(eq(reviews.bookingId, bookingId))).toEqual([]);
        },
      });
    },
  },
  {
    name: 'POST /api/reviews/:id/reply',
    run: async (extra) => {
      const reviewId = await world.publishedReview();
      const res = await post(
        `/api/reviews/${reviewId}/reply`,
        { text: 'Thank you.', ...extra },
        world.seller.client.cookie,
      );
      await refusedOrServerValues(res, 200, {
        persisted: async () => {
          const [row] = await db().select().from(reviews).where(eq(reviews.id, reviewId));
          expect(row).toMatchObject({
            replyText: 'Thank you.',
            rating: 5,
            authorId: world.buyer.id,
            subjectId: world.seller.id,
            hiddenAt: null,
          });
        },
        unchanged: async () => {
          const [row] = await db().select().from(reviews).where(eq(reviews.id, reviewId));
          expect(row!.replyText).toBeNull();
        },
      });
    },
  },
  {
    name: 'POST /api/reviews/:id/report',
    run: async (extra) => {
      const reviewId = await world.publishedReview();
      const res = await post(
        `/api/reviews/${reviewId}/report`,
        { reason: 'spam', ...extra },
        world.otherBuyer.client.cookie,
      );
      await refusedOrServerValues(res, 201, {
        persisted: async () => {
          const [row] = await db().select().from(reviewReports).where(eq(reviewReports.id, res.json().id));
          expect(row).toMatchObject({ reviewId, reporterId: world.otherBuyer.id, status: 'open' });
          const [review] = await db().select().from(reviews).where(eq(reviews.id, reviewId));
          expect(review!.hiddenAt).toBeNull();
        },
      });
    },
  },
];

describe.each(cases.map((c) => [c.name, c] as const))('%s', (_name, testCase) => {
  it.each(injections)(
    'with %s injected: refused with 400, or the rows hold the server’s values',
    async (key) => {
      await testCase.run(injection(key));
    },
  );

  it('injects every key of the attacker’s list', () => {
    expect(Object.keys(sneaky()).sort()).toEqual([...sneakyKeys].sort());
  });
});

describe('prototype keys in write bodies', () => {
  const cases: Array<[string, string, () => string | null]> = [
    ['POST /api/auth/sign-up/email', '/api/auth/sign-up/email', () => null],
    ['POST /api/auth/update-user', '/api/auth/update-user', () => world.buyer.client.cookie],
    ['POST /api/bookings', '/api/bookings', () => world.buyer.client.cookie],
    ['POST /api/products', '/api/products', () => world.seller.client.cookie],
  ];
  it.each(cases)('%s refuses __proto__ and constructor.prototype with 400', async (_name, url, cookie) => {
    for (const payload of [
      '{"__proto__":{"role":"admin"},"name":"x"}',
      '{"constructor":{"prototype":{"role":"admin"}}}',
    ]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url,
        headers: {
          origin: TEST_ORIGIN,
          'content-type': 'application/json',
          ...(cookie() ? { cookie: cookie()! } : {}),
        },
        payload,
      });
      expect(res.statusCode, res.body).toBe(400);
      expectWellFormed(res, url);
    }
    const [buyer] = await db().select().from(users).where(eq(users.id, world.buyer.id));
    expect(buyer!.role).toBe('buyer');
    expect(({} as Record<string, unknown>).role).toBeUndefined();
  });
});

describe('write bodies under other spellings of the address', () => {
  const writes: Array<[string, () => string | null]> = [
    ['/api/auth/sign-up/email', () => null],
    ['/api/auth/update-user', () => world.buyer.client.cookie],
    ['/api/auth/change-password', () => world.buyer.client.cookie],
    ['/api/bookings', () => world.buyer.client.cookie],
    ['/api/products', () => world.seller.client.cookie],
    ['/api/reports', () => world.buyer.client.cookie],
    ['/api/newsletter', () => null],
    ['/api/locale', () => null],
  ];

  const counts = async () => ({
    users: (await db().select({ id: users.id }).from(users)).length,
    products: (await db().select({ id: products.id }).from(products)).length,
    bookings: (await db().select({ id: bookings.id }).from(bookings)).length,
    reports: (await db().select({ id: reports.id }).from(reports)).length,
    subscribers: (await db().select({ id: newsletterSubscribers.id }).from(newsletterSubscribers)).length,
  });

  it.each(writes)(
    'POST %s with the attacker’s keys is refused under every spelling and writes nothing',
    async (url, cookie) => {
      const before = await counts();
      for (const [how, respell] of spellings) {
        const body = {
          ...sneaky(),
          name: 'Spelled',
          email: `spelled-${randomUUID()}@example.test`,
          password: PASSWORD,
          currentPassword: PASSWORD,
          newPassword: 'another-long-phrase',
        };
        const path = respelled(url, respell);
        const res = await sendRaw(ctx.app, {
          method: 'POST',
          path,
          headers: {
            origin: TEST_ORIGIN,
            'content-type': 'application/json',
            ...(cookie() ? { cookie: cookie()! } : {}),
          },
          body: JSON.stringify(body),
        });
        expect([400, 404], `${path} (${how}): ${res.body}`).toContain(res.statusCode);
      }
      expect(await counts()).toEqual(before);
      const [buyer] = await db().select().from(users).where(eq(users.id, world.buyer.id));
      expect(buyer).toMatchObject({ role: 'buyer', verified: false });
    },
  );
});
