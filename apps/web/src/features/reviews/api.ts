import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ReviewPage, ReviewReportBody } from '@furniture-mart/shared';
import { api } from '../../lib/api';

export const REVIEWS_PAGE_SIZE = 10;

export const reviewKeys = {
  seller: (id: string, page: number) => ['reviews', 'seller', id, page, REVIEWS_PAGE_SIZE] as const,
};

/** A seller's published reviews, newest first, by page. */
export function sellerReviewsQuery(id: string, page: number) {
  return queryOptions({
    queryKey: reviewKeys.seller(id, page),
    queryFn: ({ signal }) =>
      api.get<ReviewPage>(
        `/api/sellers/${encodeURIComponent(id)}/reviews?page=${page}&pageSize=${REVIEWS_PAGE_SIZE}`,
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

export function useSellerReviews(id: string, page: number) {
  return useQuery(sellerReviewsQuery(id, page));
}

export function useReportReview() {
  return useMutation({
    mutationFn: ({ reviewId, body }: { reviewId: string; body: ReviewReportBody }) =>
      api.post(`/api/reviews/${reviewId}/report`, body),
  });
}
