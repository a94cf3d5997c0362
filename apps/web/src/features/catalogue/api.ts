import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '@furniture-mart/shared';
import { api } from '../../lib/api';

export const catalogueKeys = {
  categories: ['categories'] as const,
};

export const categoriesQuery = queryOptions({
  queryKey: catalogueKeys.categories,
  queryFn: ({ signal }) => api.get<Category[]>('/api/categories', signal),
});

export function useCategories() {
  return useQuery(categoriesQuery);
}
