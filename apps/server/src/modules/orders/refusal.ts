/**
 * Refusing a paid order at pickup (issue 41): the buyer's photos move from the upload pipeline's
 * unattached photos to the refusal (bookings.queries.ts reads it back for the order page).
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { reviewMessages } from '@furniture-mart/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import { productPhotos, refusalPhotos } from '../../platform/db/schema.js';
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
