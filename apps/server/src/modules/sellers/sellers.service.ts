/**
 * A seller's page: who they are (name, verified mark, member since), what they sell now and how many
 * items they have sold, with their listings paginated like a category's. The same for every caller, so
 * it is kept in the listing cache, which every sale, edit, removal and verification empties.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { catalogueMessages, ratingOf, type PageQuery, type SellerPage } from '@furniture-mart/shared';
import { products, users } from '../../platform/db/schema.js';
import { NotFound } from '../../platform/errors.js';
import type { ServiceDeps } from '../deps.js';
import { CardReader } from '../catalogue/index.js';
import { listingsOfSeller } from '../products/index.js';
import { reputationOf } from '../reviews/index.js';

export class SellersService {
  private readonly cardPages: CardReader;

  constructor(private readonly deps: Pick<ServiceDeps, 'readDb' | 'images' | 'listings'>) {
    this.cardPages = new CardReader(deps.readDb, deps.images);
  }

  async page(sellerId: string, { page, pageSize }: PageQuery): Promise<SellerPage> {
    const key = JSON.stringify(['seller', sellerId, page, pageSize]);
    return this.deps.listings.read(key, async () => {
      const [head] = await this.deps.readDb
        .select({
          id: users.id,
          name: users.name,
          verified: users.verified,
          memberSince: users.createdAt,
          reviewCount: users.reviewCount,
          ratingSum: users.ratingSum,
          listings: listingsOfSeller,
          // Sold and not taken back by a refund; a sold item removed later was still sold.
          sold: sql<number>`(select count(*) from ${products} as sold_items where sold_items.seller_id = users.id and sold_items.status = 'sold')`.mapWith(
            Number,
          ),
        })
        .from(users)
        .where(and(eq(users.id, sellerId), eq(users.role, 'seller'), isNull(users.deletedAt)));
      if (!head) throw new NotFound(catalogueMessages.sellerNotFound);
      const [cards, reputation] = await Promise.all([
        this.cardPages.page({ filter: { sellerId }, order: 'newest', page, pageSize }),
        reputationOf(this.deps.readDb, sellerId),
      ]);
      const { reviewCount, ratingSum, ...seller } = head;
      return {
        seller: {
          ...seller,
          memberSince: head.memberSince.toISOString(),
          ...ratingOf(reviewCount, ratingSum),
          reputation,
        },
        products: cards,
      };
    });
  }
}
