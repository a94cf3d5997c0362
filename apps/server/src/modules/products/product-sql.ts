/**
 * What a product shows beyond its columns, as SQL expressions every reader shares (product page, cards,
 * My Products, favourites, seller page, the reports queue), so "being paid for" and "was $X" mean the
 * same thing everywhere. Time is the database's now(), like every other rule with a clock.
 */
import { sql } from 'drizzle-orm';
import {
  priceDropShownDays,
  type ListedDimensions,
  type PieceDimensions,
  type ProductPageStatus,
} from '@furniture-mart/shared';
import { bookings, favourites, products } from '../../platform/db/schema.js';

/**
 * A checkout holds it: the hold has not run out and its booking is still open (the same test as the
 * hold claim in payments/hold.ts, seen from the other side).
 */
export const beingPaid = sql<boolean>`(${products.holdBookingId} is not null and ${products.holdExpiresAt} > now() and exists (select 1 from ${bookings} where ${bookings.id} = ${products.holdBookingId} and ${bookings.status} in ('booked', 'reserved')))`;

/** Held for a buyer who pays cash at pickup (decision 0090): a hold whose booking is `reserved`. */
export const reservedForCash = sql<boolean>`(${products.holdBookingId} is not null and ${products.holdExpiresAt} > now() and exists (select 1 from ${bookings} where ${bookings.id} = ${products.holdBookingId} and ${bookings.status} = 'reserved'))`;

export const pageStatus = sql<ProductPageStatus>`case when ${products.status} = 'sold' then 'sold' when ${reservedForCash} then 'reserved' when ${beingPaid} then 'being_paid' else 'available' end`;

/** The price before the last change, while that change was a drop made within the last 14 days. */
export const previousPrice = sql<
  number | null
>`case when ${products.priceChangedAt} > now() - make_interval(days => ${sql.raw(String(priceDropShownDays))}) and ${products.previousPriceCents} > ${products.sellingPriceCents} then ${products.previousPriceCents} end`.mapWith(
  (value: unknown) => (value === null ? null : Number(value)),
);

/** How many people saved it; the savers themselves are never read here. */
export const savedCount =
  sql<number>`(select count(*) from ${favourites} where ${favourites.productId} = ${products.id})`.mapWith(
    Number,
  );

/** Its width, depth and height are all given: a fit can be worked out. */
export const isMeasured = sql<boolean>`(${products.widthMm} is not null and ${products.depthMm} is not null and ${products.heightMm} is not null)`;

/** A listing's measures as every reader selects them (cards build them in JSON, so all are plain columns). */
export const dimensionColumns = {
  widthMm: products.widthMm,
  depthMm: products.depthMm,
  heightMm: products.heightMm,
  diagonalDepthMm: products.diagonalDepthMm,
  comesApart: products.comesApart,
  weightG: products.weightG,
};

type DimensionRow = {
  widthMm: number | null;
  depthMm: number | null;
  heightMm: number | null;
  diagonalDepthMm: number | null;
  comesApart: boolean;
  weightG: number | null;
};

export const toDimensions = (row: DimensionRow): ListedDimensions => ({
  widthMm: row.widthMm,
  depthMm: row.depthMm,
  heightMm: row.heightMm,
  diagonalDepthMm: row.diagonalDepthMm,
  comesApart: row.comesApart,
  weightKg: row.weightG === null ? null : row.weightG / 1000,
});

/** The stored columns of measures given in a create or edit (null clears them all). */
export const dimensionValues = (dimensions: PieceDimensions | null) => ({
  widthMm: dimensions?.widthMm ?? null,
  depthMm: dimensions?.depthMm ?? null,
  heightMm: dimensions?.heightMm ?? null,
  diagonalDepthMm: dimensions?.diagonalDepthMm ?? null,
  comesApart: dimensions?.comesApart ?? false,
  weightG: dimensions?.weightKg == null ? null : Math.round(dimensions.weightKg * 1000),
});
