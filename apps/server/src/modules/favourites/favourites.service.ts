/**
 * A buyer's favourites and the notices about them. Saving is idempotent (one row per buyer and product),
 * and so is letting go. The product row is share-locked while a favourite is written, so a removal or a
 * sale committing at that moment either sees the new favourite (and tells its buyer) or comes first
 * (and the product can no longer be saved).
 */
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  catalogueMessages,
  type Favourite,
  type FavouriteState,
  type Notice,
  type Page,
  type PageQuery,
} from '@furniture-mart/shared';
import type { Viewer } from '../../platform/auth/viewer.js';
import { favourites, notices, productPhotos, products, users } from '../../platform/db/schema.js';
import { Conflict, Forbidden, NotFound } from '../../platform/errors.js';
import type { ServiceDeps } from '../deps.js';
import { photoColumns, toPhotoOrNull } from '../products/index.js';
import { pageStatus, previousPrice } from '../products/index.js';

const sellers = alias(users, 'sellers');

export class FavouritesService {
  constructor(private readonly deps: Pick<ServiceDeps, 'db' | 'images'>) {}

  async save(viewer: Viewer, productId: string): Promise<FavouriteState> {
    await this.deps.db.transaction(async (tx) => {
      const [product] = await tx
        .select({ status: products.status, sellerId: products.sellerId })
        .from(products)
        .innerJoin(sellers, eq(sellers.id, products.sellerId))
        .where(and(eq(products.id, productId), isNull(products.deletedAt), isNull(sellers.deletedAt)))
        .for('share', { of: products });
      if (!product) throw new NotFound(catalogueMessages.productNotFound);
      if (product.sellerId === viewer.id) throw new Forbidden(catalogueMessages.favouriteOwn, 'OWN_PRODUCT');
      if (product.status === 'sold') throw new Conflict(catalogueMessages.favouriteSold, 'PRODUCT_SOLD');
      await tx.insert(favourites).values({ userId: viewer.id, productId }).onConflictDoNothing();
    });
    return { productId, favourite: true };
  }

  /** Letting go of a product that was not saved (or does not exist) changes nothing and is not an error. */
  async remove(viewer: Viewer, productId: string): Promise<void> {
    await this.deps.db
      .delete(favourites)
      .where(and(eq(favourites.userId, viewer.id), eq(favourites.productId, productId)));
  }

  /** Most recently saved first; a product taken off the market stays, marked removed, until let go. */
  async list(viewer: Viewer, { page, pageSize }: PageQuery): Promise<Page<Favourite>> {
    const mine = eq(favourites.userId, viewer.id);
    const [rows, [total]] = await Promise.all([
      this.deps.db
        .select({
          productId: products.id,
          savedAt: favourites.createdAt,
          title: products.title,
          removed: sql<boolean>`(${products.deletedAt} is not null or ${sellers.deletedAt} is not null)`,
          status: pageStatus,
          sellingPriceCents: products.sellingPriceCents,
          previousPriceCents: previousPrice,
          currency: products.currency,
          sellerId: sellers.id,
          sellerName: sellers.name,
          sellerVerified: sellers.verified,
          ...photoColumns,
        })
        .from(favourites)
        .innerJoin(products, eq(products.id, favourites.productId))
        .innerJoin(sellers, eq(sellers.id, products.sellerId))
        .leftJoin(productPhotos, and(eq(productPhotos.productId, products.id), eq(productPhotos.position, 0)))
        .where(mine)
        .orderBy(desc(favourites.createdAt), desc(favourites.productId))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      this.deps.db.select({ n: count() }).from(favourites).where(mine),
    ]);
    return {
      items: rows.map((row) => {
        const cover = toPhotoOrNull(this.deps.images, row);
        return {
          productId: row.productId,
          savedAt: row.savedAt.toISOString(),
          title: row.title,
          status: row.removed ? 'removed' : row.status,
          sellingPriceCents: row.sellingPriceCents,
          previousPriceCents: row.removed ? null : row.previousPriceCents,
          currency: row.currency,
          cover,
          seller: { id: row.sellerId, name: row.sellerName, verified: row.sellerVerified },
        };
      }),
      page,
      pageSize,
      total: total?.n ?? 0,
    };
  }

  /** The caller's notices about saved products, newest first. */
  async notices(viewer: Viewer, { page, pageSize }: PageQuery): Promise<Page<Notice>> {
    const mine = eq(notices.userId, viewer.id);
    const [rows, [total]] = await Promise.all([
      this.deps.db
        .select({
          id: notices.id,
          kind: notices.kind,
          productId: notices.productId,
          message: notices.message,
          createdAt: notices.createdAt,
        })
        .from(notices)
        .where(mine)
        .orderBy(desc(notices.createdAt), desc(notices.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      this.deps.db.select({ n: count() }).from(notices).where(mine),
    ]);
    return {
      items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
      page,
      pageSize,
      total: total?.n ?? 0,
    };
  }
}
