/**
 * What a product shows beyond its columns, as SQL expressions every reader shares (product page, cards,
 * My Products, favourites, seller page, the reports queue), so "being paid for" and "was $X" mean the
 * same thing everywhere. Time is the database's now(), like every other rule with a clock.
 */
import { sql } from 'drizzle-orm';
import { priceDropShownDays, type ProductPageStatus } from '@furniture-mart/shared';
import { bookings, favourites, products } from '../../platform/db/schema.js';

/**
 * A checkout holds it: the hold has not run out and its booking is still open (the same test as the
 * hold claim in payments/hold.ts, seen from the other side).
 */
export const beingPaid = sql<boolean>`(${products.holdBookingId} is not null and ${products.holdExpiresAt} > now() and exists (select 1 from ${bookings} where ${bookings.id} = ${products.holdBookingId} and ${bookings.status} = 'booked'))`;

export const pageStatus = sql<ProductPageStatus>`case when ${products.status} = 'sold' then 'sold' when ${beingPaid} then 'being_paid' else 'available' end`;

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
