/**
 * A product's own page: every photo and field, its seller's card, its status, and what the signed-in
 * caller has to do with it (saved it, booked it, owns it). Per caller, so never kept in the listing cache.
 * A removed product, or one of a removed seller, does not exist here; a sold one still shows, as sold.
 */
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { catalogueMessages, type Location, type ProductPage } from '@furniture-mart/shared';
import type { Viewer } from '../../platform/auth/viewer.js';
import {
  bookings,
  categories,
  favourites,
  productPhotos,
  products,
  users,
} from '../../platform/db/schema.js';
import { NotFound } from '../../platform/errors.js';
import type { ServiceDeps } from '../deps.js';
import { photoColumns, toPhoto } from './photos.js';
import { pageStatus, previousPrice, savedCount } from './product-sql.js';

/**
 * A seller's listings on sale now (the seller card of product and seller pages), for a query that reads
 * `users`. Names are written out: Drizzle leaves columns unqualified in a query of one table, and the
 * inner products would then answer for the outer users.
 */
export const listingsOfSeller =
  sql<number>`(select count(*) from ${products} as listed where listed.seller_id = users.id and listed.status = 'available' and listed.deleted_at is null)`.mapWith(
    Number,
  );

/**
 * The page's four reads, prepared once: planning the main one (three joins and three subqueries) cost
 * several times more than running it.
 */
function preparePageReads(db: ServiceDeps['db']) {
  const productId = sql.placeholder('productId');
  const viewerId = sql.placeholder('viewerId');
  return {
    product: db
      .select({
        id: products.id,
        title: products.title,
        description: products.description,
        phone: products.phone,
        categoryId: categories.id,
        categorySlug: categories.slug,
        categoryTitle: categories.title,
        location: products.location,
        condition: products.condition,
        sellingPriceCents: products.sellingPriceCents,
        originalPriceCents: products.originalPriceCents,
        previousPriceCents: previousPrice,
        currency: products.currency,
        yearsUsed: products.yearsUsed,
        postedAt: products.postedAt,
        widthCm: products.widthCm,
        depthCm: products.depthCm,
        heightCm: products.heightCm,
        status: pageStatus,
        savedCount,
        sellerId: users.id,
        sellerName: users.name,
        sellerVerified: users.verified,
        sellerSince: users.createdAt,
        sellerListings: listingsOfSeller,
      })
      .from(products)
      .innerJoin(users, eq(users.id, products.sellerId))
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(and(eq(products.id, productId), isNull(products.deletedAt), isNull(users.deletedAt)))
      .prepare('product_page'),
    photos: db
      .select({ id: productPhotos.id, ...photoColumns })
      .from(productPhotos)
      .where(eq(productPhotos.productId, productId))
      .orderBy(asc(productPhotos.position))
      .prepare('product_page_photos'),
    favourite: db
      .select({ productId: favourites.productId })
      .from(favourites)
      .where(and(eq(favourites.userId, viewerId), eq(favourites.productId, productId)))
      .prepare('product_page_favourite'),
    // The caller's latest booking that still leads somewhere: open, paid or handed over.
    booking: db
      .select({ id: bookings.id, status: bookings.status })
      .from(bookings)
      .where(
        and(
          eq(bookings.buyerId, viewerId),
          eq(bookings.productId, productId),
          inArray(bookings.status, ['booked', 'paid', 'completed']),
          isNull(bookings.hiddenByBuyerAt),
        ),
      )
      .orderBy(desc(bookings.createdAt), desc(bookings.id))
      .limit(1)
      .prepare('product_page_booking'),
  };
}

export class ProductPageService {
  private readonly reads: ReturnType<typeof preparePageReads>;

  constructor(private readonly deps: Pick<ServiceDeps, 'db' | 'images'>) {
    this.reads = preparePageReads(deps.db);
  }

  async get(viewer: Viewer, productId: string): Promise<ProductPage> {
    const { images } = this.deps;
    const values = { productId, viewerId: viewer.id };
    const [row] = await this.reads.product.execute(values);
    if (!row) throw new NotFound(catalogueMessages.productNotFound);

    const own = row.sellerId === viewer.id;
    const [photos, [favourite], [booking]] = await Promise.all([
      this.reads.photos.execute(values),
      this.reads.favourite.execute(values),
      this.reads.booking.execute(values),
    ]);

    return {
      id: row.id,
      title: row.title,
      description: row.description,
      category: { id: row.categoryId, slug: row.categorySlug, title: row.categoryTitle },
      location: row.location as Location,
      condition: row.condition,
      sellingPriceCents: row.sellingPriceCents,
      originalPriceCents: row.originalPriceCents,
      previousPriceCents: row.previousPriceCents,
      currency: row.currency,
      yearsUsed: row.yearsUsed,
      postedAt: row.postedAt.toISOString(),
      dimensionsCm: { width: row.widthCm, depth: row.depthCm, height: row.heightCm },
      photos: photos.map((photo) => ({ id: photo.id, ...toPhoto(images, photo) })),
      status: row.status,
      seller: {
        id: row.sellerId,
        name: row.sellerName,
        verified: row.sellerVerified,
        memberSince: row.sellerSince.toISOString(),
        listings: row.sellerListings,
      },
      viewer: {
        own,
        favourite: favourite !== undefined,
        booking: booking ?? null,
        phone: own ? row.phone : null,
        savedCount: own ? row.savedCount : null,
      },
    };
  }
}
