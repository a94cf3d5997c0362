/**
 * Reading bookings together with what their screens show: the product's title, state and cover photo,
 * the buyer, and the payment's transaction id once paid.
 */
import { and, asc, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { handoffLimits } from '@furniture-mart/shared';
import type { Booking, ProductBooking, Refusal } from '@furniture-mart/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import {
  bookings,
  payments,
  productPhotos,
  products,
  refusalPhotos,
  refusals,
  users,
} from '../../platform/db/schema.js';
import type { ImageStore } from '../../platform/images/store.js';
import { photoColumns, toPhoto, toPhotoOrNull } from '../products/index.js';

const sellers = alias(users, 'sellers');

const bookingRowColumns = {
  id: bookings.id,
  status: bookings.status,
  cancelReason: bookings.cancelReason,
  priceCents: bookings.priceCents,
  currency: bookings.currency,
  phone: bookings.phone,
  meetingLocation: bookings.meetingLocation,
  createdAt: bookings.createdAt,
  paidAt: bookings.paidAt,
  cancelledAt: bookings.cancelledAt,
  completedAt: bookings.completedAt,
  refundedAt: bookings.refundedAt,
  handoffCode: bookings.handoffCode,
  handoffAttempts: bookings.handoffAttempts,
  paymentMethod: bookings.paymentMethod,
  reservedUntil: bookings.reservedUntil,
  hiddenByBuyerAt: bookings.hiddenByBuyerAt,
  productPhone: products.phone,
  sellerName: sellers.name,
  sellerVerified: sellers.verified,
  productId: products.id,
  productTitle: products.title,
  productStatus: products.status,
  productDeletedAt: products.deletedAt,
  sellerId: products.sellerId,
  buyerId: users.id,
  buyerName: users.name,
  buyerEmail: users.email,
  buyerEmailVerified: users.emailVerified,
  transactionId: payments.transactionId,
  cover: photoColumns,
};

export type BookingRow = Awaited<ReturnType<typeof selectBookingRows>>[number];

function selectBookingRows(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(bookingRowColumns)
    .from(bookings)
    .innerJoin(products, eq(products.id, bookings.productId))
    .innerJoin(users, eq(users.id, bookings.buyerId))
    .innerJoin(sellers, eq(sellers.id, products.sellerId))
    .leftJoin(productPhotos, and(eq(productPhotos.productId, products.id), eq(productPhotos.position, 0)))
    .leftJoin(payments, eq(payments.bookingId, bookings.id))
    .where(where);
}

export async function findBookingRow(db: DbOrTx, bookingId: string): Promise<BookingRow | null> {
  const [row] = await selectBookingRows(db, eq(bookings.id, bookingId));
  return row ?? null;
}

/** The buyer's My Orders: everything not hidden by the buyer, newest first. */
export async function listBuyerBookingRows(
  db: DbOrTx,
  buyerId: string,
  page: { page: number; pageSize: number },
): Promise<{ rows: BookingRow[]; total: number }> {
  const where = and(eq(bookings.buyerId, buyerId), isNull(bookings.hiddenByBuyerAt));
  const [rows, [counted]] = await Promise.all([
    selectBookingRows(db, where)
      .orderBy(desc(bookings.createdAt), desc(bookings.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ n: count() }).from(bookings).where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

/**
 * Who is looking decides what the order shows: the buyer gets the seller's phone and, once paid, the
 * handoff code; the seller and admins get neither.
 */
export function toBooking(images: ImageStore, row: BookingRow, viewer: 'buyer' | 'other' = 'buyer'): Booking {
  const forBuyer = viewer === 'buyer';
  return {
    id: row.id,
    status: row.status,
    cancelReason: row.cancelReason,
    priceCents: row.priceCents,
    currency: row.currency,
    phone: row.phone,
    meetingLocation: row.meetingLocation,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt ? row.paidAt.toISOString() : null,
    product: {
      id: row.productId,
      title: row.productTitle,
      status: row.productDeletedAt ? 'removed' : row.productStatus,
      cover: row.cover ? toPhotoOrNull(images, row.cover) : null,
    },
    buyer: {
      id: row.buyerId,
      name: row.buyerName,
      email: row.buyerEmail,
      emailVerified: row.buyerEmailVerified,
    },
    seller: {
      id: row.sellerId,
      name: row.sellerName,
      verified: row.sellerVerified,
      phone: forBuyer ? row.productPhone : null,
    },
    transactionId: row.transactionId,
    cancelledAt: row.cancelledAt ? row.cancelledAt.toISOString() : null,
    completedAt: row.completedAt ? row.completedAt.toISOString() : null,
    refundedAt: row.refundedAt ? row.refundedAt.toISOString() : null,
    // A cash reservation's code is the buyer's at once: it is what the seller enters for the cash.
    handoffCode: forBuyer && (row.status === 'paid' || row.status === 'reserved') ? row.handoffCode : null,
    handoffAttemptsLeft: Math.max(0, handoffLimits.maxAttempts - row.handoffAttempts),
    paymentMethod: row.paymentMethod,
    reservedUntil: row.status === 'reserved' && row.reservedUntil ? row.reservedUntil.toISOString() : null,
  };
}

/**
 * One product's bookings for its seller: paid first, then open ones, then cancelled, newest first within
 * each, so the buyer to meet is at the top.
 */
export async function listProductBookings(
  db: DbOrTx,
  productId: string,
  page: { page: number; pageSize: number },
): Promise<{ items: ProductBooking[]; total: number }> {
  const where = eq(bookings.productId, productId);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: bookings.id,
        status: bookings.status,
        cancelReason: bookings.cancelReason,
        buyerName: users.name,
        buyerEmailVerified: users.emailVerified,
        phone: bookings.phone,
        meetingLocation: bookings.meetingLocation,
        createdAt: bookings.createdAt,
      })
      .from(bookings)
      .innerJoin(users, eq(users.id, bookings.buyerId))
      .where(where)
      .orderBy(
        asc(
          sql`case ${bookings.status} when 'paid' then 0 when 'booked' then 1 when 'completed' then 2 else 3 end`,
        ),
        desc(bookings.createdAt),
        desc(bookings.id),
      )
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ n: count() }).from(bookings).where(where),
  ]);
  return {
    items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    total: counted?.n ?? 0,
  };
}

/** The refusal of an order with its photos, or null when it was not refused. */
export async function findRefusal(
  db: DbOrTx,
  images: ImageStore,
  bookingId: string,
): Promise<Refusal | null> {
  const [row] = await db.select().from(refusals).where(eq(refusals.bookingId, bookingId));
  if (!row) return null;
  const photos = await db
    .select()
    .from(refusalPhotos)
    .where(eq(refusalPhotos.bookingId, bookingId))
    .orderBy(asc(refusalPhotos.position));
  return {
    reason: row.reason,
    details: row.details,
    photos: photos.map((photo) => toPhoto(images, photo)),
    createdAt: row.createdAt.toISOString(),
    listingConfirmedAt: row.listingConfirmedAt ? row.listingConfirmedAt.toISOString() : null,
  };
}
