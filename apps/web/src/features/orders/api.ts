import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  pagination,
  type BookingDetail,
  type CancelSaleBody,
  type Conversation,
  type HandoffBody,
  type Page,
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
