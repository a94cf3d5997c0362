import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category, CategoryWithProducts, Page, ProductCard } from '@furniture-mart/shared';
import { api } from '../../lib/api';

/**
 * Query keys. Everything that lists products sits under `catalogueKeys.products`, so a feature that
 * changes a product (booked, sold, advertised, removed) can refresh every listing with one invalidation.
 */
export const catalogueKeys = {
  categories: ['categories'] as const,
  products: ['catalogue', 'products'] as const,
  advertised: (pageSize: number) => [...catalogueKeys.products, 'advertised', pageSize] as const,
  category: (ref: string, query: string) => [...catalogueKeys.products, 'category', ref, query] as const,
  search: (query: string) => [...catalogueKeys.products, 'search', query] as const,
};

export const categoriesQuery = queryOptions({
  queryKey: catalogueKeys.categories,
  queryFn: ({ signal }) => api.get<Category[]>('/api/categories', signal),
});

export function useCategories() {
  return useQuery(categoriesQuery);
}

/** The home page's Popular furniture: the newest advertised pieces, two rows on a large screen. */
export const POPULAR_SHOWN = 6;

export function advertisedQuery(pageSize: number) {
  return queryOptions({
    queryKey: catalogueKeys.advertised(pageSize),
    queryFn: ({ signal }) =>
      api.get<Page<ProductCard>>(`/api/products/advertised?pageSize=${pageSize}`, signal),
  });
}

export function useAdvertisedProducts(pageSize: number) {
  return useQuery(advertisedQuery(pageSize));
}

/**
 * One page of a category's products; `query` holds the listing's filters as the API takes them
 * (listingApi.ts builds it from the page's URL).
 */
export function categoryProductsQuery(ref: string, query = '') {
  return queryOptions({
    queryKey: catalogueKeys.category(ref, query),
    queryFn: ({ signal }) =>
      api.get<CategoryWithProducts>(
        `/api/categories/${encodeURIComponent(ref)}${query ? `?${query}` : ''}`,
        signal,
      ),
  });
}
