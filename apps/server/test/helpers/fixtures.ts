/**
 * The test data of every server test, in one place: accounts signed in through the real auth routes, and
 * rows written straight to the database (categories, products with photos, bookings, payments, reports),
 * so a module's tests need no other module's routes. Only what a test cares about is given; everything
 * else gets valid defaults. Plus a few reads of what the code under test left behind.
 */
import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../src/platform/db/client.js';
import type { webhookEvents } from '../../src/platform/db/schema.js';
import {
  bookings,
  categories,
  paymentIntents,
  payments,
  productPhotos,
  products,
  reports,
} from '../../src/platform/db/schema.js';

/** Accounts of each role with their session cookies, and an ageing session. */
export { signUp, makeSessionDueForRenewal, type TestUser } from './app.js';
/** A photo uploaded through the API (files and storage included), for the upload and product forms. */
export { uploadPhoto } from './images.js';

// Categories -----------------------------------------------------------------------------------------

/** The reference categories, in their display order. */
export function categoryRows(db: Db) {
  return db
    .select({ id: categories.id, slug: categories.slug, title: categories.title })
    .from(categories)
    .orderBy(asc(categories.position));
}

export async function firstCategoryId(db: Db): Promise<string> {
  const [category] = await categoryRows(db).limit(1);
  if (!category) throw new Error('no categories: reference data missing');
  return category.id;
}

// Products and photos --------------------------------------------------------------------------------

export type ProductValues = Partial<typeof products.$inferInsert> & {
  /** How many photo rows to attach, in position order (default 1). */
  photos?: number;
};

export interface ProductFixture {
  id: string;
  title: string;
  sellingPriceCents: number;
  currency: string;
}

let productCounter = 0;

/** A product on sale in the first category with one photo, unless `values` says otherwise. */
export async function insertProduct(
  db: Db,
  sellerId: string,
  { photos = 1, ...values }: ProductValues = {},
): Promise<ProductFixture> {
  productCounter += 1;
  const [product] = await db
    .insert(products)
    .values({
      sellerId,
      categoryId: values.categoryId ?? (await firstCategoryId(db)),
      title: `Oak chair ${productCounter} ${randomUUID().slice(0, 6)}`,
      description: 'Solid oak, lightly used.',
      phone: '+8801711000000',
      location: 'Dhaka',
      condition: 'good',
      originalPriceCents: 50_000,
      sellingPriceCents: 10_000,
      currency: 'USD',
      yearsUsed: 2,
      ...(values.advertised ? { advertisedAt: new Date() } : {}),
      ...values,
    })
    .returning({
      id: products.id,
      title: products.title,
      sellingPriceCents: products.sellingPriceCents,
      currency: products.currency,
    });
  for (let position = 0; position < photos; position++) {
    await insertPhoto(db, sellerId, { productId: product!.id, position });
  }
  return product!;
}

/** A stored photo row of `ownerId`, part of a product or (without productId) not yet used; no files. */
export async function insertPhoto(
  db: Db,
  ownerId: string,
  values: { productId?: string; position?: number } = {},
): Promise<string> {
  const key = randomUUID();
  const [row] = await db
    .insert(productPhotos)
    .values({
      ownerId,
      ...(values.productId ? { productId: values.productId, position: values.position ?? 0 } : {}),
      displayKey: `${key}-display.webp`,
      thumbKey: `${key}-thumb.webp`,
      width: 1600,
      height: 1200,
      thumbWidth: 400,
      thumbHeight: 300,
      middleKey: `${key}-middle.webp`,
      middleWidth: 800,
      middleHeight: 600,
      bytes: 1000,
    })
    .returning({ id: productPhotos.id });
  return row!.id;
}

// Bookings, payments, reports ------------------------------------------------------------------------

/** An open booking of the product at its price, unless `values` says otherwise. */
export async function insertBooking(
  db: Db,
  productId: string,
  buyerId: string,
  values: Partial<typeof bookings.$inferInsert> = {},
): Promise<string> {
  const [product] = await db
    .select({ priceCents: products.sellingPriceCents, currency: products.currency })
    .from(products)
    .where(eq(products.id, productId));
  if (!product) throw new Error(`no product ${productId}`);
  const [booking] = await db
    .insert(bookings)
    .values({
      productId,
      buyerId,
      phone: '+8801811000333',
      meetingLocation: 'Gulshan 2 circle',
      priceCents: product.priceCents,
      currency: product.currency,
      ...(values.status === 'paid' ? { paidAt: new Date() } : {}),
      ...values,
    })
    .returning({ id: bookings.id });
  return booking!.id;
}

/** A payment row for a booking (what a settled sale records), without touching the booking. */
export async function insertPayment(
  db: Db,
  values: { bookingId: string; productId: string; buyerId: string } & Partial<typeof payments.$inferInsert>,
): Promise<string> {
  const [row] = await db
    .insert(payments)
    .values({
      provider: 'sandbox',
      transactionId: `txn_${randomUUID()}`,
      amountCents: 10_000,
      currency: 'USD',
      ...values,
    })
    .returning({ id: payments.id });
  return row!.id;
}

/**
 * What a settled payment leaves behind (the payments module does this for real): the booking paid with
 * this handoff code, its payment, and the product sold, no longer advertised or held. Answers the
 * payment's transaction id.
 */
export async function markPaid(db: Db, bookingId: string, handoffCode = '123456'): Promise<string> {
  const transactionId = `txn_${randomUUID()}`;
  await db.transaction(async (tx) => {
    const [booking] = await tx
      .update(bookings)
      .set({ status: 'paid', paidAt: new Date(), handoffCode })
      .where(eq(bookings.id, bookingId))
      .returning();
    if (!booking) throw new Error(`no booking ${bookingId}`);
    await tx.insert(payments).values({
      bookingId,
      productId: booking.productId,
      buyerId: booking.buyerId,
      provider: 'sandbox',
      transactionId,
      amountCents: booking.priceCents,
      currency: booking.currency,
    });
    await tx
      .update(products)
      .set({ status: 'sold', advertised: false, holdBookingId: null, holdExpiresAt: null })
      .where(eq(products.id, booking.productId));
  });
  return transactionId;
}

/** A product another buyer already bought: a paid booking of theirs and the records a sale leaves. */
export async function sellTo(db: Db, productId: string, buyerId: string): Promise<string> {
  const bookingId = await insertBooking(db, productId, buyerId);
  await markPaid(db, bookingId);
  return bookingId;
}

export async function insertReport(
  db: Db,
  values: {
    productId: string;
    reporterId: string;
    reason?: (typeof reports.$inferInsert)['reason'];
    details?: string;
    status?: 'open' | 'closed';
    createdAt?: Date;
  },
): Promise<string> {
  const [row] = await db
    .insert(reports)
    .values({
      productId: values.productId,
      reporterId: values.reporterId,
      reason: values.reason ?? 'scam',
      details: values.details ?? null,
      status: values.status ?? 'open',
      closedAt: values.status === 'closed' ? new Date() : null,
      ...(values.createdAt ? { createdAt: values.createdAt } : {}),
    })
    .returning({ id: reports.id });
  return row!.id;
}

/** Lets a checkout hold lapse as if its window had passed. */
export async function expireHold(db: Db, productId: string): Promise<void> {
  await db
    .update(products)
    .set({ holdExpiresAt: sql`now() - interval '1 second'` })
    .where(eq(products.id, productId));
}

// Reads ----------------------------------------------------------------------------------------------

export async function bookingRow(db: Db, bookingId: string) {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  return row!;
}

export async function productRow(db: Db, productId: string) {
  const [row] = await db.select().from(products).where(eq(products.id, productId));
  return row!;
}

export function paymentsOf(db: Db, bookingId: string) {
  return db.select().from(payments).where(eq(payments.bookingId, bookingId));
}

export function intentsOf(db: Db, bookingId: string) {
  return db.select().from(paymentIntents).where(eq(paymentIntents.bookingId, bookingId));
}

export async function countRows(
  db: Db,
  table: typeof payments | typeof webhookEvents | typeof paymentIntents,
): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table);
  return row!.n;
}

/**
 * The states money and records must never reach, whatever raced: a paid booking whose product is not
 * sold, a sold product without a paid booking (or a refusal waiting for its seller), two paid bookings of one product, a payment without a
 * paid booking. Answers the offending rows; a correct database has none.
 */
export async function invariantViolations(db: Db): Promise<{ problem: string; id: string }[]> {
  const result = await db.execute<{ problem: string; id: string }>(sql`
    select 'paid booking, product not sold' as problem, b.id::text as id
      from bookings b join products p on p.id = b.product_id
      where b.status in ('paid', 'completed') and p.status <> 'sold'
    union all
    select 'sold product without a paid booking', p.id::text
      from products p
      where p.status = 'sold' and p.deleted_at is null
        and not exists (select 1 from bookings b where b.product_id = p.id and b.status in ('paid', 'completed'))
        -- Refused at pickup: off sale until its seller confirms the listing (issue 41).
        and not exists (select 1 from bookings b join refusals r on r.booking_id = b.id
          where b.product_id = p.id and b.status = 'refused' and r.listing_confirmed_at is null)
    union all
    select 'two paid bookings for one product', b.product_id::text
      from bookings b where b.status in ('paid', 'completed') group by b.product_id having count(*) > 1
    union all
    select 'payment without a paid booking', pay.id::text
      from payments pay left join bookings b on b.id = pay.booking_id
      where b.id is null or b.status not in ('paid', 'completed', 'refunded', 'refused')
        or b.product_id <> pay.product_id
  `);
  return (result as unknown as { rows: { problem: string; id: string }[] }).rows;
}
