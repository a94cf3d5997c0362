import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  pagination,
  type BookingDetail,
  type CancelSaleBody,
  type Conversation,
  type HandoffBody,
  type Page,
  type RefuseBody,
  type ReviewBody,
  type UploadedImage,
} from '@furniture-mart/shared';
import { api } from '../../lib/api';
import { sharedKeys } from '../../lib/queryKeys';

export const orderKeys = {
  order: (id: string) => ['order', id] as const,
};

export const orderQuery = (id: string) =>
  queryOptions({
    queryKey: orderKeys.order(id),
    queryFn: ({ signal }) => api.get<BookingDetail>(`/api/bookings/${id}`, signal),
    // The other side may have just paid, handed over or cancelled.
    staleTime: 0,
  });

export function useOrder(id: string) {
  return useQuery(orderQuery(id));
}

/** Everything an order's change shows up in. */
function useRefreshOrder(id: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: orderKeys.order(id) }),
      queryClient.invalidateQueries({ queryKey: sharedKeys.overview }),
      queryClient.invalidateQueries({ queryKey: sharedKeys.myBookings }),
      queryClient.invalidateQueries({ queryKey: sharedKeys.productBookings }),
      queryClient.invalidateQueries({ queryKey: sharedKeys.sellerProducts }),
    ]);
}

export function useHandoff(id: string) {
  const refresh = useRefreshOrder(id);
  return useMutation({
    mutationFn: (body: HandoffBody) => api.post<{ status: 'completed' }>(`/api/bookings/${id}/handoff`, body),
    // A wrong code also changes the order (fewer attempts left).
    onSettled: refresh,
  });
}

export function useCancelSale(id: string) {
  const refresh = useRefreshOrder(id);
  return useMutation({
    mutationFn: (body: CancelSaleBody) =>
      api.post<{ status: 'refunded' }>(`/api/bookings/${id}/cancel-sale`, body),
    onSettled: refresh,
  });
}

/**
 * The conversation between the order's buyer and seller about its product, if they had one: the
 * order page links to it. A seller has one per buyer who asked, so theirs is picked by the buyer.
 */
export function useOrderConversation(productId: string, counterpartId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...sharedKeys.conversations, 'product', productId, counterpartId] as const,
    queryFn: async ({ signal }) => {
      const page = await api.get<Page<Conversation>>(
        `/api/my/conversations?productId=${encodeURIComponent(productId)}&pageSize=${pagination.maxPageSize}`,
        signal,
      );
      return page.items.find((conversation) => conversation.counterpart.id === counterpartId) ?? null;
    },
    enabled,
  });
}

/** The buyer refuses the item at pickup: refunded in full, the code stops working. */
export function useRefuse(id: string) {
  const refresh = useRefreshOrder(id);
  return useMutation({
    mutationFn: (body: RefuseBody) => api.post<{ status: 'refused' }>(`/api/bookings/${id}/refuse`, body),
    onSettled: refresh,
  });
}

/** One photo of a refusal, through the same upload pipeline as listing photos. */
export function useRefusalPhotoUpload() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return api.post<UploadedImage>('/api/uploads/images', form);
    },
  });
}

/** The seller says the refused item's listing is accurate: it is on sale again. */
export function useConfirmListing(id: string) {
  const refresh = useRefreshOrder(id);
  return useMutation({
    mutationFn: () => api.post<{ productStatus: 'available' }>(`/api/bookings/${id}/confirm-listing`),
    onSettled: refresh,
  });
}

export function useReview(id: string) {
  const refresh = useRefreshOrder(id);
  return useMutation({
    mutationFn: (body: ReviewBody) => api.post(`/api/bookings/${id}/review`, body),
    onSettled: refresh,
  });
}

/** The reviewed seller's one public answer, from the order page. */
export function useReply(orderId: string) {
  const refresh = useRefreshOrder(orderId);
  return useMutation({
    mutationFn: ({ reviewId, text }: { reviewId: string; text: string }) =>
      api.post(`/api/reviews/${reviewId}/reply`, { text }),
    onSettled: refresh,
  });
}
