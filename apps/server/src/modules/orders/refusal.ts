/**
 * Refusing a paid order at pickup (issue 41): the buyer's photos move from the upload pipeline's
 * unattached photos to the refusal (bookings.queries.ts reads it back for the order page).
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { reviewMessages } from '@furniture-mart/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import {
  bookings,
  productPhotos,
  products,
  refusalPhotos,
  refusals,
  users,
} from '../../platform/db/schema.js';
import { BadRequest } from '../../platform/errors.js';

/**
 * Moves the buyer's uploaded, unattached photos to the refusal, in the order given. A photo that is not
 * theirs, already used or cleaned up answers 400 on `photoIds` (the caller's transaction rolls back).
 */
export async function claimRefusalPhotos(
  tx: DbOrTx,
  ownerId: string,
  bookingId: string,
  photoIds: string[],
): Promise<void> {
  const claimed = await tx
    .delete(productPhotos)
    .where(
      and(
        inArray(productPhotos.id, photoIds),
        eq(productPhotos.ownerId, ownerId),
        isNull(productPhotos.productId),
      ),
    )
    .returning();
  if (claimed.length !== photoIds.length) {
    throw new BadRequest(reviewMessages.photoNotFound, { photoIds: reviewMessages.photoNotFound });
  }
  const byId = new Map(claimed.map((row) => [row.id, row]));
  await tx.insert(refusalPhotos).values(
    photoIds.map((id, position) => {
      const { displayKey, thumbKey, width, height, thumbWidth, thumbHeight, bytes } = byId.get(id)!;
      const { middleKey, middleWidth, middleHeight } = byId.get(id)!;
      return {
        bookingId,
        position,
        displayKey,
        thumbKey,
        width,
        height,
        thumbWidth,
        thumbHeight,
        middleKey,
        middleWidth,
        middleHeight,
        bytes,
      };
    }),
  );
}

/** The product's last sale was refused at pickup and its seller has not confirmed the listing yet. */
export async function awaitsListingConfirmation(tx: DbOrTx, productId: string): Promise<boolean> {
  const [row] = await tx
    .select({ bookingId: refusals.bookingId })
    .from(refusals)
    .innerJoin(bookings, eq(bookings.id, refusals.bookingId))
    .where(
      and(
        eq(bookings.productId, productId),
        isNull(refusals.listingConfirmedAt),
        sql`not exists (select 1 from ${bookings} sale where sale.product_id = ${productId}
          and sale.status in ('paid', 'completed'))`,
      ),
    );
  return row !== undefined;
}

/**
 * The seller confirmed the listing of a refused sale (as it is, or by editing it): the refusal says
 * so and the item is on sale again, when it and its seller are still there. The caller holds the
 * product's row lock; answers whether there was a refusal waiting.
 */
export async function confirmRefusedListing(tx: DbOrTx, productId: string): Promise<boolean> {
  const confirmed = await tx
    .update(refusals)
    .set({ listingConfirmedAt: sql`now()` })
    .where(
      and(
        isNull(refusals.listingConfirmedAt),
        inArray(
          refusals.bookingId,
          tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.productId, productId)),
        ),
      ),
    )
    .returning({ bookingId: refusals.bookingId });
  if (confirmed.length === 0) return false;
  await tx
    .update(products)
    .set({ status: 'available', holdBookingId: null, holdExpiresAt: null })
    .where(
      and(
        eq(products.id, productId),
        isNull(products.deletedAt),
        sql`exists (select 1 from ${users} where ${users.id} = ${products.sellerId} and ${users.deletedAt} is null)`,
      ),
    );
  return true;
}
