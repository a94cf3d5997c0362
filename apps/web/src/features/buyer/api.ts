import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Booking, Page } from '@furniture-mart/shared';
import { api } from '../../lib/api';
import { sharedKeys } from '../../lib/queryKeys';

export const buyerKeys = {
  myBookings: sharedKeys.myBookings,
  myBookingsPage: (page: number) => [...sharedKeys.myBookings, page] as const,
};

export const ORDERS_PAGE_SIZE = 20;

export const myBookingsQuery = (page: number) =>
  queryOptions({
    queryKey: buyerKeys.myBookingsPage(page),
    queryFn: ({ signal }) =>
      api.get<Page<Booking>>(`/api/my/bookings?page=${page}&pageSize=${ORDERS_PAGE_SIZE}`, signal),
    // Payment state changes elsewhere (the payment page, another buyer paying): look again on return.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useMyBookings(page: number) {
  return useQuery(myBookingsQuery(page));
}

export function useDeleteBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bookingId: string) => api.delete<void>(`/api/bookings/${bookingId}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: buyerKeys.myBookings }),
  });
}
