/**
 * Test data for payments, written straight to the database so these tests depend on no other module's
 * routes: products of a seller, bookings of buyers, and a look at what a booking's payment left behind.
 */
import type { FastifyInstance } from 'fastify';
import { insertProductRow } from '../../../../test/helpers/fixtures.js';
import { eq, sql } from 'drizzle-orm';
import type { webhookEvents } from '../../../db/schema.js';
import { bookings, paymentIntents, payments, products } from '../../../db/schema.js';

let counter = 0;

export async function createProduct(
  app: FastifyInstance,
  sellerId: string,
  overrides: Partial<typeof products.$inferInsert> = {},
): Promise<{ id: string; sellingPriceCents: number }> {
  counter += 1;
  return insertProductRow(app.database.db, sellerId, {
    title: `Teak dresser ${counter}`,
    description: 'Six drawers, brass handles.',
    phone: '+880 1711 000222',
    originalPriceCents: 90_000,
    sellingPriceCents: 34_900,
    currency: app.config.CURRENCY,
    yearsUsed: 4,
    advertised: true,
    advertisedAt: new Date(),
    photos: 0,
    ...overrides,
  });
}

export async function createBooking(
  app: FastifyInstance,
  productId: string,
  buyerId: string,
  overrides: Partial<typeof bookings.$inferInsert> = {},
): Promise<string> {
  const { db } = app.database;
  const [product] = await db
    .select({ priceCents: products.sellingPriceCents, currency: products.currency })
    .from(products)
    .where(eq(products.id, productId));
  const [booking] = await db
    .insert(bookings)
    .values({
      productId,
      buyerId,
      phone: '+880 1811 000333',
      meetingLocation: 'Gulshan 2 circle',
      priceCents: product!.priceCents,
      currency: product!.currency,
      ...overrides,
    })
    .returning({ id: bookings.id });
  return booking!.id;
}

/** A product another buyer already bought, with the records a settled sale leaves. */
export async function sellTo(app: FastifyInstance, productId: string, buyerId: string): Promise<void> {
  const bookingId = await createBooking(app, productId, buyerId, { status: 'paid', paidAt: new Date() });
  const booking = await bookingRow(app, bookingId);
  await app.database.db.insert(payments).values({
    bookingId,
    productId,
    buyerId,
    provider: 'sandbox',
    transactionId: `pi_sandbox_sold_${bookingId}`,
    amountCents: booking.priceCents,
    currency: booking.currency,
  });
  await app.database.db
    .update(products)
    .set({ status: 'sold', advertised: false, holdBookingId: null, holdExpiresAt: null })
    .where(eq(products.id, productId));
}

export async function bookingRow(app: FastifyInstance, bookingId: string) {
  const [row] = await app.database.db.select().from(bookings).where(eq(bookings.id, bookingId));
  return row!;
}

export async function productRow(app: FastifyInstance, productId: string) {
  const [row] = await app.database.db.select().from(products).where(eq(products.id, productId));
  return row!;
}

export async function paymentsOf(app: FastifyInstance, bookingId: string) {
  return app.database.db.select().from(payments).where(eq(payments.bookingId, bookingId));
}

export async function intentsOf(app: FastifyInstance, bookingId: string) {
  return app.database.db.select().from(paymentIntents).where(eq(paymentIntents.bookingId, bookingId));
}

export async function countRows(
  app: FastifyInstance,
  table: typeof payments | typeof webhookEvents | typeof paymentIntents,
) {
  const [row] = await app.database.db.select({ n: sql<number>`count(*)::int` }).from(table);
  return row!.n;
}

/** Lets a checkout hold lapse as if 15 minutes had passed. */
export async function expireHold(app: FastifyInstance, productId: string): Promise<void> {
  await app.database.db
    .update(products)
    .set({ holdExpiresAt: sql`now() - interval '1 second'` })
    .where(eq(products.id, productId));
}

/**
 * The states money and records must never reach, whatever raced: a paid booking whose product is not
 * sold, a sold product without a paid booking, two paid bookings of one product, a payment without a
 * paid booking. Answers the offending rows; a correct database has none.
 */
export async function invariantViolations(app: FastifyInstance): Promise<{ problem: string; id: string }[]> {
  const result = await app.database.db.execute<{ problem: string; id: string }>(sql`
    select 'paid booking, product not sold' as problem, b.id::text as id
      from bookings b join products p on p.id = b.product_id
      where b.status in ('paid', 'completed') and p.status <> 'sold'
    union all
    select 'sold product without a paid booking', p.id::text
      from products p
      where p.status = 'sold' and p.deleted_at is null
        and not exists (select 1 from bookings b where b.product_id = p.id and b.status in ('paid', 'completed'))
    union all
    select 'two paid bookings for one product', b.product_id::text
      from bookings b where b.status in ('paid', 'completed') group by b.product_id having count(*) > 1
    union all
    select 'payment without a paid booking', pay.id::text
      from payments pay left join bookings b on b.id = pay.booking_id
      where b.id is null or b.status not in ('paid', 'completed', 'refunded') or b.product_id <> pay.product_id
  `);
  return (result as unknown as { rows: { problem: string; id: string }[] }).rows;
}
