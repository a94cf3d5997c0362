import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Booking,
  BookingCreateBody,
  CreatedReport,
  Page,
  ProductBooking,
  ReportCreateBody,
} from '@furniture-mart/shared';
import { api } from '../../lib/api';

export const buyerKeys = {
  myBookings: ['my-bookings'] as const,
  myBookingsPage: (page: number) => ['my-bookings', page] as const,
  productBookings: (productId: string) => ['product-bookings', productId] as const,
  productBookingsPage: (productId: string, page: number) => ['product-bookings', productId, page] as const,
};

export const ORDERS_PAGE_SIZE = 20;
export const PRODUCT_BOOKINGS_PAGE_SIZE = 50;

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

export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BookingCreateBody) => api.post<Booking>('/api/bookings', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: buyerKeys.myBookings }),
  });
}

export function useDeleteBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bookingId: string) => api.delete<void>(`/api/bookings/${bookingId}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: buyerKeys.myBookings }),
  });
}

export function useProductBookings(productId: string, page: number, enabled: boolean) {
  return useQuery({
    queryKey: buyerKeys.productBookingsPage(productId, page),
    queryFn: ({ signal }) =>
      api.get<Page<ProductBooking>>(
        `/api/products/${productId}/bookings?page=${page}&pageSize=${PRODUCT_BOOKINGS_PAGE_SIZE}`,
        signal,
      ),
    enabled,
    // A seller opens this to call a buyer who just booked: always ask the server.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function useCreateReport() {
  return useMutation({
    mutationFn: (body: ReportCreateBody) => api.post<CreatedReport>('/api/reports', body),
  });
}
