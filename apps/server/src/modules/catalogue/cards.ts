/**
 * Pages of product cards: a listing read by its own SQL (listing-sql.ts), words by the search index
 * (search-sql.ts), and either turned into the cards the API answers.
 */
import { ratingOf, type Location, type ProductCard } from '@furniture-mart/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import type { ImageStore } from '../../platform/images/store.js';
import { placeNameOf, toDimensions, toPhoto } from '../products/index.js';
import {
  readListing,
  TOTAL_CAP,
  type CardPage,
  type CardPageRequest,
  type ListingRead,
  type PhotoJson,
} from './listing-sql.js';
import { PostgresSearch, type SearchIndex } from './search-sql.js';

export class CardReader {
  constructor(
    private readonly db: DbOrTx,
    private readonly images: ImageStore,
    private readonly index: SearchIndex = new PostgresSearch(db),
  ) {}

  /** One page of cards and the listing's capped count; a request with words is a search. */
  async page(request: CardPageRequest): Promise<CardPage> {
    const read = request.filter.q ? await this.index.search(request) : await readListing(this.db, request);
    return toCardPage(this.images, request, read);
  }
}

export function toCardPage(
  images: ImageStore,
  { page, pageSize }: CardPageRequest,
  { cards, photos, counted }: ListingRead,
): CardPage {
  const capped = counted > TOTAL_CAP;
  const photosOf = photosByProduct(images, photos);
  return {
    items: cards.map((row) => ({
      id: row.id,
      title: row.title,
      description: row.description,
      categoryId: row.categoryId,
      location: row.location as Location,
      district: row.district,
      area: row.area,
      placeName: placeNameOf(row),
      condition: row.condition,
      sellingPriceCents: row.sellingPriceCents,
      originalPriceCents: row.originalPriceCents,
      previousPriceCents: row.previousPriceCents,
      yearsUsed: row.yearsUsed,
      postedAt: new Date(row.postedAt).toISOString(),
      dimensions: toDimensions(row),
      seller: {
        id: row.sellerId,
        name: row.sellerName,
        verified: row.sellerVerified,
        ...ratingOf(row.sellerReviewCount, row.sellerRatingSum),
      },
      photos: photosOf.get(row.id) ?? [],
    })),
    page,
    pageSize,
    // Past the cap, a page further on proves there are at least as many as it reaches; an empty one
    // past the end proves nothing more than the cap.
    total: capped
      ? Math.max(TOTAL_CAP, cards.length > 0 ? (page - 1) * pageSize + cards.length : 0)
      : counted,
    totalCapped: capped,
  };
}

function photosByProduct(images: ImageStore, rows: PhotoJson[]) {
  const byProduct = new Map<string, ProductCard['photos']>();
  for (const row of rows) {
    const list = byProduct.get(row.productId) ?? [];
    list.push(toPhoto(images, row));
    byProduct.set(row.productId, list);
  }
  return byProduct;
}
