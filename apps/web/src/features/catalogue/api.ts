import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Category, CategoryWithProducts, Page, ProductCard } from '@furniture-mart/shared';
import { api } from '../../lib/api';
import { listingParams, type ListingState } from './listingState';

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

/** The API query of a listing: the same keys as the page URL. */
function apiQuery(state: ListingState, withCategory: boolean): string {
  return listingParams(withCategory ? state : { ...state, category: '' }).toString();
}

export function useCategoryProducts(ref: string, state: ListingState) {
  const query = apiQuery(state, false);
  return useQuery({
    queryKey: catalogueKeys.category(ref, query),
    queryFn: ({ signal }) =>
      api.get<CategoryWithProducts>(
        `/api/categories/${encodeURIComponent(ref)}${query ? `?${query}` : ''}`,
        signal,
      ),
    // The previous page of the same category stays on screen (dimmed) while the next one loads.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[3] === ref ? previous : undefined),
  });
}

export function useProductSearch(state: ListingState) {
  const query = apiQuery(state, true);
  return useQuery({
    queryKey: catalogueKeys.search(query),
    queryFn: ({ signal }) => api.get<Page<ProductCard>>(`/api/products${query ? `?${query}` : ''}`, signal),
    // The previous results stay on screen (dimmed) while the next ones load, instead of a blank grid.
    placeholderData: keepPreviousData,
  });
}
