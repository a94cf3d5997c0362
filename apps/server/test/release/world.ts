/**
 * The release gates' test world: the real app (built with a route collector, so every route it registers is
 * known) on a fresh database, one signed-in account per role of the policy table, and helpers that make
 * fresh objects owned by those accounts, so a request that changes or deletes something never affects
 * the next one.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, RouteOptions } from 'fastify';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import {
  conversations,
  favourites,
  mailOutbox,
  paymentIntents,
  reports,
  userBlocks,
  type products,
} from '../../src/platform/db/schema.js';
import {
  categoryRows,
  insertBooking,
  insertPhoto,
  insertProduct,
  insertReport,
  markPaid,
} from '../helpers/fixtures.js';
import { createTestApp, signUp, TestClient, type TestContext, type TestUser } from '../helpers/app.js';
import type { Viewer } from '../../src/platform/auth/viewer.js';

export interface RegisteredRoute {
  method: string;
  url: string;
}

export interface ReleaseApp extends TestContext {
  /** Every method + url the app registered, in registration order (HEAD variants included). */
  routes: RegisteredRoute[];
}

/** Like createTestApp, plus Fastify's onRoute hook registered before the first route. */
export async function buildReleaseApp(env: Record<string, string> = {}): Promise<ReleaseApp> {
  const routes: RegisteredRoute[] = [];
  const context = await createTestApp(env, {
    onRoute: (route: RouteOptions) => {
      for (const method of [route.method].flat()) routes.push({ method, url: route.url });
    },
  });
  return { ...context, routes };
}

export const PASSWORD = 'correct-horse-battery';

/** The columns of the policy table. */
export const actors = [
  'anonymous',
  'buyer',
  'otherBuyer',
  'seller',
  'otherSeller',
  'admin',
  'removed',
] as const;
export type Actor = (typeof actors)[number];

export interface World {
  app: FastifyInstance;
  buyer: TestUser;
  otherBuyer: TestUser;
  seller: TestUser;
  otherSeller: TestUser;
  admin: TestUser;
  /** Removed by an admin after signing in; their cookies are kept. */
  removedBuyer: TestUser;
  removedSeller: TestUser;
  categoryId: string;
  categorySlug: string;
  /** A stored image key that the media route serves. */
  imageKey: string;
  /** The client of an actor; `removed` is the removed buyer's old cookie (the removed seller's is tried too). */
  client(actor: Actor): TestClient;
  product(sellerId?: string, values?: Partial<typeof products.$inferInsert>): Promise<string>;
  booking(productId: string, buyerId?: string): Promise<string>;
  /** A booking the buyer paid for (handoff code 123456), with its payment and the product sold. */
  paidBooking(productId: string, buyerId?: string): Promise<string>;
  /** A booking with a wallet payment started (the wallet sandbox's): its payment id. */
  walletPayment(productId: string, buyerId?: string): Promise<string>;
  report(productId: string, reporterId?: string): Promise<string>;
  /** The buyer saves the product. */
  favourite(productId: string, userId?: string): Promise<void>;
  /** A photo uploaded by the owner and not yet part of a product (a row; the files are not needed). */
  photo(ownerId?: string): Promise<string>;
  /** A queued message out of attempts (status failed), which an admin may retry. */
  failedJob(): Promise<string>;
  /** A fresh account that nobody has touched yet (a target for admin actions). */
  user(role: 'buyer' | 'seller'): Promise<TestUser>;
  /**
   * A conversation of the buyer with the seller about a fresh product: the buyer's question
   * (`messageId`) and the seller's answer with a photo (`replyId`, `photoId`).
   */
  conversation(
    asker?: TestUser,
  ): Promise<{ id: string; messageId: string; replyId: string; photoId: string }>;
  /** A report of a message (the seller's answer, reported by the buyer). */
  messageReport(): Promise<string>;
  /** A fresh order of the buyer from the seller, handed over with its code: open for reviews. */
  handedOver(): Promise<string>;
  /** A fresh order the buyer refused at pickup (the product waits for its seller to confirm it). */
  refusedBooking(): Promise<string>;
  /** A published review of the seller by the buyer (both sides reviewed a fresh order). */
  publishedReview(): Promise<string>;
  /** An offer of the buyer on a fresh product of the seller: waiting for the card, open (held), or countered. */
  offer(status?: 'awaiting_payment' | 'open' | 'countered'): Promise<string>;
}

export async function createWorld(app: FastifyInstance): Promise<World> {
  const db = app.database.db;
  const [buyer, otherBuyer, seller, otherSeller, admin, removedBuyer, removedSeller] = await Promise.all([
    signUp(app, 'buyer', { password: PASSWORD, name: 'Matrix Buyer' }),
    signUp(app, 'buyer', { password: PASSWORD, name: 'Other Buyer' }),
    signUp(app, 'seller', { password: PASSWORD, name: 'Matrix Seller' }),
    signUp(app, 'seller', { password: PASSWORD, name: 'Other Seller' }),
    signUp(app, 'admin', { password: PASSWORD, name: 'Matrix Admin' }),
    signUp(app, 'buyer', { password: PASSWORD, name: 'Removed Buyer' }),
    signUp(app, 'seller', { password: PASSWORD, name: 'Removed Seller' }),
  ]);
  for (const removed of [removedBuyer, removedSeller]) {
    const res = await admin.client.delete(`/api/admin/users/${removed.id}`);
    if (res.statusCode !== 204) throw new Error(`could not remove a user: ${res.statusCode} ${res.body}`);
  }
  const [category] = await categoryRows(db).limit(1);
  if (!category) throw new Error('no categories: reference data missing');

  const imageKey = `${randomUUID()}-display.webp`;
  const webp = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#a0522d' } })
    .webp()
    .toBuffer();
  await app.services.images.put(imageKey, webp, 'image/webp');

  const anonymous = new TestClient(app);
  const clients: Record<Actor, TestClient> = {
    anonymous,
    buyer: buyer.client,
    otherBuyer: otherBuyer.client,
    seller: seller.client,
    otherSeller: otherSeller.client,
    admin: admin.client,
    removed: removedBuyer.client,
  };

  let counter = 0;
  const world: World = {
    app,
    buyer,
    otherBuyer,
    seller,
    otherSeller,
    admin,
    removedBuyer,
    removedSeller,
    categoryId: category.id,
    categorySlug: category.slug,
    imageKey,
    client: (actor) => clients[actor],
    async product(sellerId = seller.id, values = {}) {
      counter += 1;
      const product = await insertProduct(db, sellerId, {
        photos: 0,
        categoryId: category.id,
        title: `Walnut sideboard ${counter}`,
        sellingPriceCents: 25_000,
        currency: app.config.CURRENCY,
        ...values,
      });
      return product.id;
    },
    booking: (productId, buyerId = buyer.id) =>
      insertBooking(db, productId, buyerId, { phone: '+8801711000001', meetingLocation: 'Dhanmondi 27' }),
    async paidBooking(productId, buyerId = buyer.id) {
      const id = await world.booking(productId, buyerId);
      await markPaid(db, id, '123456');
      return id;
    },
    async walletPayment(productId, buyerId = buyer.id) {
      const bookingId = await world.booking(productId, buyerId);
      const wallet = app.services.walletProvider;
      const created = await wallet.createIntent({
        bookingId,
        productId,
        amountCents: 25_000,
        currency: app.config.CURRENCY,
        idempotencyKey: `release-${bookingId}`,
      });
      await db.insert(paymentIntents).values({
        bookingId,
        provider: wallet.name,
        providerIntentId: created.id,
        amountCents: 25_000,
        currency: app.config.CURRENCY,
      });
      return created.id;
    },
    report: (productId, reporterId = buyer.id) =>
      insertReport(db, { productId, reporterId, reason: 'scam', details: 'Asked for payment up front.' }),
    async favourite(productId, userId = buyer.id) {
      await db.insert(favourites).values({ userId, productId }).onConflictDoNothing();
    },
    photo: (ownerId = seller.id) => insertPhoto(db, ownerId),
    async failedJob() {
      counter += 1;
      const [row] = await db
        .insert(mailOutbox)
        .values({
          idempotencyKey: `release-failed-${randomUUID()}`,
          toAddress: `refused${counter}@example.test`,
          subject: 'Refused for good',
          textBody: 'A message.',
          htmlBody: '<p>A message.</p>',
          status: 'failed',
          attempts: 8,
          lastError: '550 mailbox unavailable',
          failedAt: new Date(),
        })
        .returning({ id: mailOutbox.id });
      return row!.id;
    },
    user: (role) => signUp(app, role, { password: PASSWORD }),
    async conversation(asker = buyer) {
      const conversations = app.services.conversations;
      const [asBuyer, asSeller] = [viewerOf(asker), viewerOf(seller)];
      // Fresh each time: a block one request made between the two is lifted for the next.
      await db.delete(userBlocks);
      const productId = await world.product();
      const started = await conversations.start(asBuyer, productId, 'Is it still available?');
      const photo = await conversations.uploadPhoto(asSeller, started.conversation.id, await smallJpeg());
      const reply = await conversations.send(asSeller, started.conversation.id, {
        body: 'Yes, here is the back.',
        photoIds: [photo.id],
      });
      return {
        id: started.conversation.id,
        messageId: started.message.id,
        replyId: reply.id,
        photoId: photo.id,
      };
    },
    async messageReport() {
      // A row, as world.report writes one: the buyer's reports per hour are left for the report route.
      const { id, replyId } = await world.conversation();
      const [conversation] = await db.select().from(conversations).where(eq(conversations.id, id));
      const [row] = await db
        .insert(reports)
        .values({
          productId: conversation!.productId,
          messageId: replyId,
          reporterId: buyer.id,
          reason: 'scam',
        })
        .returning({ id: reports.id });
      return row!.id;
    },
    async handedOver() {
      const id = await world.paidBooking(await world.product());
      await app.services.orders.handoff(viewerOf(seller), id, '123456');
      return id;
    },
    async refusedBooking() {
      const id = await world.paidBooking(await world.product());
      await app.services.orders.refuse(viewerOf(buyer), id, {
        reason: 'damaged',
        details: 'The door is cracked.',
        photoIds: [await world.photo(buyer.id)],
      });
      return id;
    },
    async publishedReview() {
      const id = await world.handedOver();
      const text = 'Went well, on time and friendly.';
      const mine = await app.services.reviews.review(viewerOf(buyer), id, { rating: 5, text });
      await app.services.reviews.review(viewerOf(seller), id, { rating: 4, text });
      return mine.mine!.id;
    },
    async offer(status = 'open') {
      const offers = app.services.offers;
      const productId = await world.product();
      const made = await offers.create(viewerOf(buyer), productId, '150');
      if (status === 'awaiting_payment') return made.id;
      await offers.confirm(viewerOf(buyer), made.id, {
        number: '4242424242424242',
        expMonth: 12,
        expYear: 2040,
        cvc: '123',
        name: 'Matrix Buyer',
      });
      if (status === 'countered') await offers.counter(viewerOf(seller), made.id, '200');
      return made.id;
    },
  };
  return world;
}

/** The signed-in user a service is called for, as a route would pass it. */
function viewerOf(user: TestUser): Viewer {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    image: null,
    role: user.role,
    verified: false,
    emailVerified: false,
    locale: 'en',
  };
}

/** A small real JPEG for the upload route. */
export function smallJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 150, g: 100, b: 60 } } })
    .jpeg()
    .toBuffer();
}

/** A multipart/form-data body with one file part named "file". */
export function multipartBody(
  file: Buffer,
  { field = 'file', filename = 'photo.jpg', contentType = 'image/jpeg' } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----release${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
