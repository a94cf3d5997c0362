/**
 * Test data written straight to the database, so the admin tests do not depend on the catalogue, seller
 * or buyer routes. Only the columns a test cares about are parameters; the rest get valid defaults.
 */
import { randomUUID } from 'node:crypto';
import type { ReportReason } from '@furniture-mart/shared';
import type { Db } from '../../db/client.js';
import { firstCategoryId, insertProductRow } from '../../../test/helpers/fixtures.js';
import { bookings, payments, reports } from '../../db/schema.js';

export { firstCategoryId };

export async function insertProduct(
  db: Db,
  sellerId: string,
  values: { categoryId: string; title?: string; status?: 'available' | 'sold'; priceCents?: number },
): Promise<string> {
  const product = await insertProductRow(db, sellerId, {
    categoryId: values.categoryId,
    ...(values.title ? { title: values.title } : {}),
    originalPriceCents: 20_000,
    sellingPriceCents: values.priceCents ?? 10_000,
    status: values.status ?? 'available',
    photos: 0,
  });
  return product.id;
}

export async function insertBooking(
  db: Db,
  values: { productId: string; buyerId: string; status?: 'booked' | 'paid' },
): Promise<string> {
  const paid = values.status === 'paid';
  const [row] = await db
    .insert(bookings)
    .values({
      productId: values.productId,
      buyerId: values.buyerId,
      phone: '+8801711000001',
      meetingLocation: 'Dhanmondi 27',
      priceCents: 10_000,
      currency: 'USD',
      status: values.status ?? 'booked',
      paidAt: paid ? new Date() : null,
    })
    .returning({ id: bookings.id });
  return row!.id;
}

export async function insertPayment(
  db: Db,
  values: { bookingId: string; productId: string; buyerId: string },
): Promise<string> {
  const [row] = await db
    .insert(payments)
    .values({
      ...values,
      provider: 'sandbox',
      transactionId: `txn_${randomUUID()}`,
      amountCents: 10_000,
      currency: 'USD',
    })
    .returning({ id: payments.id });
  return row!.id;
}

export async function insertReport(
  db: Db,
  values: {
    productId: string;
    reporterId: string;
    reason?: ReportReason;
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
