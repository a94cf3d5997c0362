/** Offers as their answers show them: the offer with its product's title, seller and price now. */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Offer } from '@furniture-mart/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import { offers, products } from '../../platform/db/schema.js';

export const offerColumns = {
  id: offers.id,
  productId: offers.productId,
  buyerId: offers.buyerId,
  sellerId: products.sellerId,
  productTitle: products.title,
  priceCents: products.sellingPriceCents,
  amountCents: offers.amountCents,
  counterAmountCents: offers.counterAmountCents,
  currency: offers.currency,
  status: offers.status,
  expiresAt: offers.expiresAt,
  declineReason: offers.declineReason,
  bookingId: offers.bookingId,
  createdAt: offers.createdAt,
};

export type OfferRow = NonNullable<Awaited<ReturnType<typeof findOfferRow>>>;

export async function findOfferRow(db: DbOrTx, offerId: string) {
  const [row] = await db
    .select(offerColumns)
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .where(eq(offers.id, offerId));
  return row;
}

export async function listOfferRows(
  db: DbOrTx,
  where: SQL,
  page: { page: number; pageSize: number },
): Promise<{ rows: OfferRow[]; total: number }> {
  const rows = await db
    .select(offerColumns)
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .where(where)
    .orderBy(desc(offers.createdAt), desc(offers.id))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .where(where);
  return { rows, total: count?.total ?? 0 };
}

export const ofBuyer = (buyerId: string) => eq(offers.buyerId, buyerId);
/** The seller's offers received, without those still waiting for the buyer's card (they have not reached the seller). */
export const ofSeller = (sellerId: string) =>
  and(eq(products.sellerId, sellerId), sql`${offers.status} <> 'awaiting_payment'`)!;

export function toOffer(row: OfferRow): Offer {
  return {
    ...row,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}
