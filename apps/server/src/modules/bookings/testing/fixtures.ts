/**
 * Test data for the buyer flows, written straight to the database so these tests do not depend on the
 * seller's product form.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { insertProductRow } from '../../../../test/helpers/fixtures.js';
import { eq } from 'drizzle-orm';
import { bookings, payments, products } from '../../../db/schema.js';

export interface ProductFixture {
  id: string;
  title: string;
  sellingPriceCents: number;
}

let counter = 0;

export async function createProduct(
  app: FastifyInstance,
  sellerId: string,
  overrides: Partial<typeof products.$inferInsert> = {},
): Promise<ProductFixture> {
  counter += 1;
  return insertProductRow(app.database.db, sellerId, {
    title: `Oak table ${counter}`,
    description: 'Solid oak, seats four.',
    phone: '+880 1711 000111',
    originalPriceCents: 40_000,
    sellingPriceCents: 12_550,
    currency: app.config.CURRENCY,
    yearsUsed: 3,
    ...overrides,
  });
}

/** What a settled payment leaves behind (the payments module does this for real), with this handoff code. */
export async function markPaid(
  app: FastifyInstance,
  bookingId: string,
  handoffCode = '123456',
): Promise<string> {
  const { db } = app.database;
  const transactionId = `txn_${randomUUID()}`;
  await db.transaction(async (tx) => {
    const [booking] = await tx
      .update(bookings)
      .set({ status: 'paid', paidAt: new Date(), handoffCode })
      .where(eq(bookings.id, bookingId))
      .returning();
    await tx.insert(payments).values({
      bookingId,
      productId: booking!.productId,
      buyerId: booking!.buyerId,
      provider: 'sandbox',
      transactionId,
      amountCents: booking!.priceCents,
      currency: booking!.currency,
    });
    await tx.update(products).set({ status: 'sold' }).where(eq(products.id, booking!.productId));
  });
  return transactionId;
}
