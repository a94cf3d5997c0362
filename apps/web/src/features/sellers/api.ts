import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductCardPage, SellerPageHead } from '@furniture-mart/shared';
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
