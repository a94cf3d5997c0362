/**
 * What buyers browse: a category's available products, a search across categories and the advertised
 * list. Filters arrive validated (shared schemas); here they become SQL filters in cents.
 */
import {
  catalogueMessages,
  parseAmountToCents,
  type CategoryProductsQuery,
  type CategoryWithProducts,
  type Page,
  type PageQuery,
  type ProductCard,
  type ProductSearchQuery,
} from '@furniture-mart/shared';
import type { ServiceDeps } from '../../services.js';
import { BadRequest, NotFound } from '../../lib/errors.js';
import type { CategoriesService } from '../categories/categories.service.js';
import { loadCardPage, type CardFilter, type CardOrder, type CardPageRequest } from './product-cards.js';

type ListQuery = Omit<ProductSearchQuery, 'category'>;

export class CatalogueService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly categories: CategoriesService,
  ) {}

  /** A category (by id or slug) with one page of its available products. */
  async categoryWithProducts(idOrSlug: string, query: CategoryProductsQuery): Promise<CategoryWithProducts> {
    const category = await this.categories.get(idOrSlug);
    const products = await this.page({ ...filterOf(query), categoryId: category.id }, query);
    return { category, products };
  }

  /** Every available product, optionally within one category given by id or slug. */
  async search(query: ProductSearchQuery): Promise<Page<ProductCard>> {
    const filter = filterOf(query);
    if (query.category) filter.categoryId = await this.categoryIdForFilter(query.category);
    return this.page(filter, query);
  }

  /** Advertised products still for sale, most recently advertised first. */
  async advertised({ page, pageSize }: PageQuery): Promise<Page<ProductCard>> {
    return this.cards({ filter: { advertisedOnly: true }, order: 'advertised', page, pageSize });
  }

  private page(filter: CardFilter, query: ListQuery): Promise<Page<ProductCard>> {
    return this.cards({ filter, order: orderOf(query), page: query.page, pageSize: query.pageSize });
  }

  /** Equal requests (the same filters, order and page) share one answer while it is kept. */
  private cards(request: CardPageRequest): Promise<Page<ProductCard>> {
    const { filter, order, page, pageSize } = request;
    const used = Object.entries(filter).filter(([, value]) => value !== undefined);
    const key = JSON.stringify([used.sort(([a], [b]) => a.localeCompare(b)), order, page, pageSize]);
    return this.deps.listings.read(key, () => loadCardPage(this.deps.db, this.deps.images, request));
  }

  /** An unknown category in a filter is a mistake in the request, not a missing page. */
  private async categoryIdForFilter(idOrSlug: string): Promise<string> {
    try {
      return (await this.categories.get(idOrSlug)).id;
    } catch (error) {
      if (error instanceof NotFound) {
        throw new BadRequest(
          'Some fields need your attention.',
          { category: catalogueMessages.unknownCategory },
          'VALIDATION_FAILED',
        );
      }
      throw error;
    }
  }
}

/** Best match first when searching without a chosen sort; otherwise the chosen sort, newest by default. */
function orderOf(query: ListQuery): CardOrder {
  return query.sort ?? (query.q ? 'relevance' : 'newest');
}

function filterOf(query: ListQuery): CardFilter {
  const filter: CardFilter = {};
  if (query.q) filter.q = query.q;
  // The query schema has already refused amounts that do not parse.
  const minPriceCents = query.minPrice ? parseAmountToCents(query.minPrice) : null;
  const maxPriceCents = query.maxPrice ? parseAmountToCents(query.maxPrice) : null;
  if (minPriceCents !== null) filter.minPriceCents = minPriceCents;
  if (maxPriceCents !== null) filter.maxPriceCents = maxPriceCents;
  if (query.condition) filter.condition = query.condition;
  if (query.location) filter.location = query.location;
  return filter;
}
