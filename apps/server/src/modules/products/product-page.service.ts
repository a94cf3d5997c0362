/**
 * A product's own page: every photo and field, its seller's card, its status, and what the signed-in
 * caller has to do with it (saved it, booked it, owns it). Per caller, so never kept in the listing cache.
 * A removed product, or one of a removed seller, does not exist here; a sold one still shows, as sold.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  catalogueMessages,
  fitHome,
  measuredPiece,
  ratingOf,
  type Location,
  type ProductPage,
} from '@furniture-mart/shared';
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
import { openingsOf } from '../homes/index.js';
import { jsonObject } from '../../platform/db/json.js';
import { photoColumns, toPhoto, type PhotoRow } from './photos.js';
import { dimensionColumns, pageStatus, previousPrice, savedCount, toDimensions } from './product-sql.js';
import { placeNameOf } from './places.js';

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
 * The page in one statement, prepared once: planning it (three joins and several subqueries) cost
 * several times more than running it, and its photos and the caller's favourite and booking come with
 * the product rather than in three more round trips, each on a connection of its own.
 */
function preparePageRead(db: ServiceDeps['db']) {
  const productId = sql.placeholder('productId');
  const viewerId = sql.placeholder('viewerId');
  const photo = jsonObject({ id: productPhotos.id, ...photoColumns, flawCaption: productPhotos.flawCaption });
  return db
    .select({
      id: products.id,
      title: products.title,
      description: products.description,
      phone: products.phone,
      categoryId: categories.id,
      categorySlug: categories.slug,
      categoryTitle: categories.title,
      location: products.location,
      district: products.district,
      area: products.area,
      condition: products.condition,
      sellingPriceCents: products.sellingPriceCents,
      originalPriceCents: products.originalPriceCents,
      previousPriceCents: previousPrice,
      currency: products.currency,
      yearsUsed: products.yearsUsed,
      firmPrice: products.firmPrice,
      postedAt: products.postedAt,
      ...dimensionColumns,
      checklist: products.checklist,
      status: pageStatus,
      acceptsCash: products.acceptsCash,
      savedCount,
      sellerId: users.id,
      sellerName: users.name,
      sellerVerified: users.verified,
      sellerSince: users.createdAt,
      sellerReviewCount: users.reviewCount,
      sellerRatingSum: users.ratingSum,
      sellerListings: listingsOfSeller,
      photos: sql<
        (PhotoRow & { id: string; flawCaption: string | null })[]
      >`(select coalesce(json_agg(${photo} order by ${productPhotos.position}), '[]'::json)
        from ${productPhotos} where ${productPhotos.productId} = ${products.id})`,
      openings: openingsOf(viewerId),
      favourite: sql<boolean>`exists (select 1 from ${favourites}
        where ${favourites.userId} = ${viewerId} and ${favourites.productId} = ${products.id})`,
      // The caller's latest booking that still leads somewhere: open, paid or handed over.
      booking: sql<{
        id: string;
        status: 'booked' | 'reserved' | 'paid' | 'completed';
      } | null>`(select ${jsonObject({
        id: bookings.id,
        status: bookings.status,
      })} from ${bookings}
        where ${bookings.buyerId} = ${viewerId} and ${bookings.productId} = ${products.id}
          and ${bookings.status} in ('booked', 'reserved', 'paid', 'completed') and ${bookings.hiddenByBuyerAt} is null
        order by ${bookings.createdAt} desc, ${bookings.id} desc limit 1)`,
    })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(eq(products.id, productId), isNull(products.deletedAt), isNull(users.deletedAt)))
    .prepare('product_page');
}

/** A visitor's id in the page's statement: no favourite or booking has it. */
const NOBODY = '00000000-0000-0000-0000-000000000000';

export class ProductPageService {
  private readonly read: ReturnType<typeof preparePageRead>;

  constructor(private readonly deps: Pick<ServiceDeps, 'readDb' | 'images'>) {
    this.read = preparePageRead(deps.readDb);
  }

  /** Anyone may read it; `viewer` (null for a visitor) adds what is theirs: saved, booked, owned. */
  async get(viewer: Viewer | null, productId: string): Promise<ProductPage> {
    const { images } = this.deps;
    const [row] = await this.read.execute({ productId, viewerId: viewer?.id ?? NOBODY });
    if (!row) throw new NotFound(catalogueMessages.productNotFound);

    const own = row.sellerId === viewer?.id;
    const dimensions = toDimensions(row);
    const piece = measuredPiece(dimensions);
    // A buyer with a saved home learns whether the piece passes each opening of it.
    const fit =
      viewer?.role === 'buyer' && piece && row.openings && row.openings.length > 0
        ? fitHome(piece, row.openings)
        : null;
    const { photos, favourite, booking } = row;

    return {
      id: row.id,
      title: row.title,
      description: row.description,
      category: { id: row.categoryId, slug: row.categorySlug, title: row.categoryTitle },
      location: row.location as Location,
      district: row.district,
      area: row.area,
      placeName: placeNameOf(row),
      condition: row.condition,
      sellingPriceCents: row.sellingPriceCents,
      originalPriceCents: row.originalPriceCents,
      previousPriceCents: row.previousPriceCents,
      currency: row.currency,
      yearsUsed: row.yearsUsed,
      firmPrice: row.firmPrice,
      postedAt: row.postedAt.toISOString(),
      dimensions,
      fit,
      photos: photos.map((photo) => ({ id: photo.id, ...toPhoto(images, photo) })),
      flaws: photos.flatMap(({ id, flawCaption }) =>
        flawCaption ? [{ photoId: id, caption: flawCaption }] : [],
      ),
      checklist: row.checklist,
      status: row.status,
      acceptsCash: row.acceptsCash,
      seller: {
        id: row.sellerId,
        name: row.sellerName,
        verified: row.sellerVerified,
        memberSince: row.sellerSince.toISOString(),
        listings: row.sellerListings,
        ...ratingOf(row.sellerReviewCount, row.sellerRatingSum),
      },
      viewer: {
        own,
        favourite,
        booking,
        phone: own ? row.phone : null,
        savedCount: own ? row.savedCount : null,
      },
    };
  }
}
