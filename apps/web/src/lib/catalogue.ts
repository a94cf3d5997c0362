import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '@furniture-mart/shared';
import { api } from './api';

/**
 * Query keys of the catalogue. Everything that lists products sits under `catalogueKeys.products`, so a
 * feature that changes a product (booked, sold, advertised, removed) can refresh every listing with one
 * invalidation. Here rather than in the catalogue feature because the seller's forms read and refresh it.
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
