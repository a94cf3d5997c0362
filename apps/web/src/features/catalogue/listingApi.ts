/**
 * The category and search listings. Apart from api.ts because they read the URL state, whose checks
 * come with the filter schemas: the home page (categories, Popular furniture) loads without them.
 */
import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { CategoryWithProducts, Page, ProductCard } from '@furniture-mart/shared';
import { api } from '../../lib/api';
import { catalogueKeys } from './api';
import { listingParams, readListingState, type ListingState } from './listingState';

/** The API query of a listing: the same keys as the page URL. */
function apiQuery(state: ListingState, withCategory: boolean): string {
  return listingParams(withCategory ? state : { ...state, category: '' }).toString();
}

function categoryProductsQuery(ref: string, state: ListingState) {
  const query = apiQuery(state, false);
  return queryOptions({
    queryKey: catalogueKeys.category(ref, query),
    queryFn: ({ signal }) =>
      api.get<CategoryWithProducts>(
        `/api/categories/${encodeURIComponent(ref)}${query ? `?${query}` : ''}`,
        signal,
      ),
  });
}

export function useCategoryProducts(ref: string, state: ListingState) {
  return useQuery({
    ...categoryProductsQuery(ref, state),
    // The previous page of the same category stays on screen (dimmed) while the next one loads.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[3] === ref ? previous : undefined),
  });
}

/**
 * Starts loading a category page's products as soon as the page is asked for (its route loader), at
 * the same time as the page's code and the session check instead of after both.
 */
export function prefetchCategoryProducts(queryClient: QueryClient, ref: string, url: URL): Promise<void> {
  return queryClient.prefetchQuery(categoryProductsQuery(ref, readListingState(url.searchParams)));
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
