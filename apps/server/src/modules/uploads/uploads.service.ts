/**
 * Seller photo uploads: decode and re-encode through the image pipeline, store its three sizes under
 * server-made names, and record them unattached until a product claims them. Photos never claimed are
 * removed after a day.
 */
import { and, count, eq, gte, isNull, lt } from 'drizzle-orm';
import { sellerMessages, type UploadedImage } from '@furniture-mart/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import { lockPerson } from '../../platform/db/locks.js';
import { productPhotos } from '../../platform/db/schema.js';
import { toPhoto } from '../products/index.js';
import { processImage } from '../../platform/images/pipeline.js';
import { newPhotoFileKeys, photoFileColumns, photoFiles } from '../../platform/images/photo-files.js';
import { TooManyRequests } from '../../platform/errors.js';
import type { ServiceDeps } from '../deps.js';

/** How long an uploaded photo waits for a product before it is removed. */
export const unattachedPhotoLifetimeMs = 24 * 60 * 60 * 1000;
/** Uploads waiting for a product, per seller: enough for several drafts, not enough to fill a disk. */
export const maxPendingPhotosPerSeller = 40;

export class UploadsService {
  constructor(private readonly deps: Pick<ServiceDeps, 'db' | 'images'>) {}

  async upload(ownerId: string, file: Buffer, now = new Date()): Promise<UploadedImage> {
    // Early, so a seller at the limit costs no image processing; the binding check is below.
    await this.assertRoomForMore(ownerId, now);
    const processed = await processImage(file);

    const fileKeys = newPhotoFileKeys();
    const files = photoFiles(fileKeys, processed);
    const keys = files.map(([key]) => key);
    const stored = await Promise.allSettled(
      files.map(([key, data]) => this.deps.images.put(key, data, 'image/webp')),
    );
    const failed = stored.find((result) => result.status === 'rejected');
    if (failed) {
      await this.deleteStored(keys);
      throw failed.reason;
    }

    try {
      // The quota is checked again where the photo is claimed, with the seller's row locked, so
      // concurrent uploads are counted one after another and cannot pass it together.
      const row = await this.deps.db.transaction(async (tx) => {
        await lockPerson(tx, ownerId);
        await this.assertRoomForMore(ownerId, now, tx);
        const [inserted] = await tx
          .insert(productPhotos)
          .values({ ownerId, ...photoFileColumns(fileKeys, processed) })
          .returning();
        return inserted!;
      });
      return { id: row.id, ...toPhoto(this.deps.images, row) };
    } catch (error) {
      await this.deleteStored(keys);
      throw error;
    }
  }

  /**
   * Removes photos that no product claimed within a day (or that a listing let go, unless an order keeps
   * them): the rows first, in one statement, so a product
   * attaching the same photo at this moment either wins (and the row stays) or finds it gone; then the files.
   */
  async removeUnattached(now = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - unattachedPhotoLifetimeMs);
    const removed = await this.deps.db
      .delete(productPhotos)
      .where(
        and(
          isNull(productPhotos.productId),
          lt(productPhotos.createdAt, cutoff),
          // A photo of a listing as it was booked stays for that order (decision 0077).
          eq(productPhotos.keptForOrders, false),
        ),
      )
      .returning({
        displayKey: productPhotos.displayKey,
        middleKey: productPhotos.middleKey,
        thumbKey: productPhotos.thumbKey,
      });
    await this.deleteStored(
      removed.flatMap((row) => [row.displayKey, row.thumbKey, ...(row.middleKey ? [row.middleKey] : [])]),
    );
    return removed.length;
  }

  private async assertRoomForMore(ownerId: string, now: Date, db: DbOrTx = this.deps.db): Promise<void> {
    const cutoff = new Date(now.getTime() - unattachedPhotoLifetimeMs);
    const [pending] = await db
      .select({ n: count() })
      .from(productPhotos)
      .where(
        and(
          eq(productPhotos.ownerId, ownerId),
          isNull(productPhotos.productId),
          gte(productPhotos.createdAt, cutoff),
          // A photo an order keeps is not waiting for a product.
          eq(productPhotos.keptForOrders, false),
        ),
      );
    if ((pending?.n ?? 0) >= maxPendingPhotosPerSeller)
      throw new TooManyRequests(sellerMessages.tooManyPendingPhotos);
  }

  /** Best effort: a file left behind wastes space but is unreachable without its row. */
  private async deleteStored(keys: string[]): Promise<void> {
    await Promise.allSettled(keys.map((key) => this.deps.images.delete(key)));
  }
}
