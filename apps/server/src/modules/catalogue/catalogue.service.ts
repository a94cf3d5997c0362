/**
 * What buyers browse: a category's available products, a search across categories and the advertised
 * list. Filters arrive validated and read by the shared query schemas (prices already in minor units of
 * the configured currency); here they become SQL filters.
 */
import {
  catalogueMessages,
  homeMessages,
  messages,
  type Opening,
  type CategoryProductsQuery,
  type CategoryWithProducts,
  type PageQuery,
  type ProductSearchQuery,
  type ProductSitemap,
} from '@furniture-mart/shared';
import type { ServiceDeps } from '../deps.js';
import type { Viewer } from '../../platform/auth/viewer.js';
import { readOpenings } from '../homes/index.js';
import { checkPlaceFilter } from '../products/index.js';
import { BadRequest, NotFound } from '../../platform/errors.js';
import type { CategoriesService } from '../categories/index.js';
import { CardReader } from './cards.js';
import {
  visible,
  type CardFilter,
  type CardOrder,
  type CardPage,
  type CardPageRequest,
} from './listing-sql.js';
import { and, desc, sql } from 'drizzle-orm';
import { products, users } from '../../platform/db/schema.js';

type ListQuery = Omit<ProductSearchQuery, 'category'>;

/** The most addresses one sitemap file may hold. */
const SITEMAP_MAX = 50_000;

export class CatalogueService {
  private readonly cardPages: CardReader;

  constructor(
    private readonly deps: ServiceDeps,
    private readonly categories: CategoriesService,
  ) {
    this.cardPages = new CardReader(deps.readDb, deps.images);
  }

  /** A category (by id or slug) with one page of its available products. */
  async categoryWithProducts(
    idOrSlug: string,
    query: CategoryProductsQuery,
    viewer: Viewer | null = null,
  ): Promise<CategoryWithProducts & { products: CardPage }> {
    const category = await this.categories.get(idOrSlug);
    const filter = { ...filterOf(query), categoryId: category.id };
    if (query.fits) filter.openings = await this.openingsToFit(viewer);
    const request = cardRequest(filter, query);
    return this.deps.listings.read(keyOf('category', request), async () => ({
      category,
      products: await this.cardPages.page(request),
    }));
  }

  /** Every available product, optionally within one category given by id or slug. */
  async search(query: ProductSearchQuery, viewer: Viewer | null = null): Promise<CardPage> {
    const filter = filterOf(query);
    if (query.fits) filter.openings = await this.openingsToFit(viewer);
    if (query.category) filter.categoryId = await this.categoryIdForFilter(query.category);
    return this.cards('search', cardRequest(filter, query));
  }

  /**
   * Every product on sale for the sitemap (a sitemap file holds at most 50,000 addresses), most
   * recently changed first; kept like the listings, since any change to a listing changes it.
   */
  async sitemapProducts(): Promise<ProductSitemap> {
    return this.deps.listings.read('sitemap-products', async () => {
      const rows = await this.deps.readDb
        .select({ id: products.id, updatedAt: products.updatedAt })
        .from(products)
        .where(
          and(
            visible,
            sql`${products.sellerId} not in (select ${users.id} from ${users} where ${users.deletedAt} is not null)`,
          ),
        )
        .orderBy(desc(products.updatedAt), desc(products.id))
        .limit(SITEMAP_MAX);
      return { items: rows.map((row) => ({ id: row.id, updatedAt: row.updatedAt.toISOString() })) };
    });
  }

  /** Advertised products still for sale, most recently advertised first. */
  async advertised({ page, pageSize }: PageQuery): Promise<CardPage> {
    const request: CardPageRequest = {
      filter: { advertisedOnly: true },
      order: 'advertised',
      page,
      pageSize,
    };
    return this.cards('advertised', request);
  }

  private cards(kind: string, request: CardPageRequest): Promise<CardPage> {
    return this.deps.listings.read(keyOf(kind, request), () => this.cardPages.page(request));
  }

  /** "Fits my home" needs a buyer's saved openings; without them the filter cannot be applied. */
  private async openingsToFit(viewer: Viewer | null): Promise<Opening[]> {
    const openings = viewer?.role === 'buyer' ? await readOpenings(this.deps.readDb, viewer.id) : [];
    if (openings.length === 0) {
      throw new BadRequest(
        messages.fieldsNeedAttention,
        { fits: homeMessages.filterNeedsHome },
        'VALIDATION_FAILED',
      );
    }
    return openings;
  }

  /** An unknown category in a filter is a mistake in the request, not a missing page. */
  private async categoryIdForFilter(idOrSlug: string): Promise<string> {
    try {
      return (await this.categories.get(idOrSlug)).id;
    } catch (error) {
      if (error instanceof NotFound) {
        throw new BadRequest(
          messages.fieldsNeedAttention,
          { category: catalogueMessages.unknownCategory },
          'VALIDATION_FAILED',
        );
      }
      throw error;
    }
  }
}

function cardRequest(filter: CardFilter, query: ListQuery): CardPageRequest {
  return { filter, order: orderOf(query), page: query.page, pageSize: query.pageSize };
}

/** Equal requests (the same kind of answer, filters, order and page) share one answer while it is kept. */
function keyOf(kind: string, { filter, order, page, pageSize }: CardPageRequest): string {
  const used = Object.entries(filter).filter(([, value]) => value !== undefined);
  return JSON.stringify([kind, used.sort(([a], [b]) => a.localeCompare(b)), order, page, pageSize]);
}

/** The chosen sort; by default the best matches of a search's words, and newest first without words. */
function orderOf(query: ListQuery): CardOrder {
  if (!query.q) return query.sort === 'best' || !query.sort ? 'newest' : query.sort;
  return query.sort ?? 'best';
}

function filterOf(query: ListQuery): CardFilter {
  const filter: CardFilter = {};
  if (query.q) filter.q = query.q;
  if (query.minPriceCents !== undefined) filter.minPriceCents = query.minPriceCents;
  if (query.maxPriceCents !== undefined) filter.maxPriceCents = query.maxPriceCents;
  if (query.condition) filter.condition = query.condition;
  if (query.location) filter.location = query.location;
  if (query.district) filter.district = query.district;
  if (query.area) filter.area = query.area;
  // A district outside the division, an area outside the district: 400 on that field.
  checkPlaceFilter(filter);
  return filter;
}
