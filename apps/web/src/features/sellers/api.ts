import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductCardPage, ReviewPage, SellerPageHead } from '@furniture-mart/shared';
import { api } from '../../lib/api';
import { catalogueKeys } from '../../lib/catalogue';

export const SELLER_PAGE_SIZE = 12;

export interface SellerPageData {
  seller: SellerPageHead;
  products: ProductCardPage;
}

export function sellerPageQuery(id: string, page: number) {
  return queryOptions({
    // Under the catalogue's products: a booking or an edit anywhere refreshes it.
    queryKey: [...catalogueKeys.products, 'seller', id, page] as const,
    queryFn: ({ signal }) =>
      api.get<SellerPageData>(
        `/api/sellers/${encodeURIComponent(id)}?page=${page}&pageSize=${SELLER_PAGE_SIZE}`,
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

export function useSellerPage(id: string, page: number) {
  return useQuery(sellerPageQuery(id, page));
}

/** The newest published reviews of a seller, shown on their page (all of them: the reviews page). */
export function useLatestReviews(id: string, pageSize = 3) {
  return useQuery({
    queryKey: ['reviews', 'seller', id, 1, pageSize] as const,
    queryFn: ({ signal }) =>
      api.get<ReviewPage>(
        `/api/sellers/${encodeURIComponent(id)}/reviews?page=1&pageSize=${pageSize}`,
        signal,
      ),
  });
}
