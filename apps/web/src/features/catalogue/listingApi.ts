/**
 * The category and search listings. Apart from api.ts because they read the URL state, whose checks
 * come with the filter schemas: the home page (categories, Popular furniture) loads without them.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ProductCardPage } from '@furniture-mart/shared';
import { api } from '../../lib/api';
import { catalogueKeys, categoryProductsQuery } from './api';
import { listingParams, type ListingState } from './listingState';

/** The API query of a listing: the same keys as the page URL. */
function apiQuery(state: ListingState, withCategory: boolean): string {
  return listingParams(withCategory ? state : { ...state, category: '' }).toString();
}

/** A category page's products as its URL state asks for them. */
export function categoryListingQuery(ref: string, state: ListingState) {
  return categoryProductsQuery(ref, apiQuery(state, false));
}

export function useCategoryProducts(ref: string, state: ListingState) {
  return useQuery({
    ...categoryListingQuery(ref, state),
    // The previous page of the same category stays on screen (dimmed) while the next one loads.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[3] === ref ? previous : undefined),
  });
}

export function useProductSearch(state: ListingState) {
  const query = apiQuery(state, true);
  return useQuery({
    queryKey: catalogueKeys.search(query),
    queryFn: ({ signal }) => api.get<ProductCardPage>(`/api/products${query ? `?${query}` : ''}`, signal),
    // The previous results stay on screen (dimmed) while the next ones load, instead of a blank grid.
    placeholderData: keepPreviousData,
  });
}
