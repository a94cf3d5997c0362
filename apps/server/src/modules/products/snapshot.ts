/**
 * The listing as a buyer booked it (decision 0077): read in the booking's transaction and kept with the
 * booking, its photos marked so the clean-up of unused uploads never deletes them when the seller later
 * lets them go.
 */
import { eq, sql } from 'drizzle-orm';
import type { ListingSnapshot } from '@furniture-mart/shared';
import type { Tx } from '../../platform/db/client.js';
import { productPhotos, products } from '../../platform/db/schema.js';
import type { StoredListingSnapshot } from '../../platform/db/listing-snapshot.js';
import type { ImageStore } from '../../platform/images/store.js';
import { photoColumns, toPhoto } from './photos.js';
import { dimensionColumns, toDimensions } from './product-sql.js';

/** The product's words, measures, condition, checklist and photos now; its photos are kept from here on. */
export async function takeListingSnapshot(tx: Tx, productId: string): Promise<StoredListingSnapshot> {
  const [product] = await tx
    .select({
      title: products.title,
      description: products.description,
      condition: products.condition,
      checklist: products.checklist,
      now: sql<string>`now()`.mapWith((value: unknown) => new Date(String(value)).toISOString()),
      ...dimensionColumns,
    })
    .from(products)
    .where(eq(products.id, productId));
  const photos = await tx
    .update(productPhotos)
    .set({ keptForOrders: true })
    .where(eq(productPhotos.productId, productId))
    .returning({
      id: productPhotos.id,
      position: productPhotos.position,
      flawCaption: productPhotos.flawCaption,
      ...photoColumns,
    });
  if (!product) throw new Error(`no product ${productId}`);
  return {
    takenAt: product.now,
    title: product.title,
    description: product.description,
    condition: product.condition,
    dimensions: toDimensions(product),
    checklist: product.checklist,
    photos: photos.sort((a, b) => a.position - b.position).map(({ position: _position, ...photo }) => photo),
  };
}

/** The kept listing as GET /api/bookings/:id answers it, photo addresses from today's image store. */
export function toListingSnapshot(images: ImageStore, stored: StoredListingSnapshot): ListingSnapshot {
  return {
    takenAt: stored.takenAt,
    title: stored.title,
    description: stored.description,
    condition: stored.condition,
    dimensions: stored.dimensions,
    checklist: stored.checklist,
    photos: stored.photos.map((photo) => ({ id: photo.id, ...toPhoto(images, photo) })),
    flaws: stored.photos.flatMap(({ id, flawCaption }) =>
      flawCaption ? [{ photoId: id, caption: flawCaption }] : [],
    ),
  };
}
