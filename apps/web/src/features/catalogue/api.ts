import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CategoryWithProducts, ProductCardPage } from '@furniture-mart/shared';
import { api } from '../../lib/api';
import { catalogueKeys } from '../../lib/catalogue';

// The app's route loaders and the server render read categories through this module too.
export { catalogueKeys, categoriesQuery, useCategories } from '../../lib/catalogue';

/** The home page's Popular furniture: the newest advertised pieces, two rows on a large screen. */
export const POPULAR_SHOWN = 6;

export function advertisedQuery(pageSize: number) {
  return queryOptions({
    queryKey: catalogueKeys.advertised(pageSize),
    queryFn: ({ signal }) =>
      api.get<ProductCardPage>(`/api/products/advertised?pageSize=${pageSize}`, signal),
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
