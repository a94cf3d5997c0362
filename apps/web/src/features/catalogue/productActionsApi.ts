/** What a buyer does from a product card: book it, or report it to the moderators. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Booking, BookingCreateBody, CreatedReport, ReportCreateBody } from '@furniture-mart/shared';
import { api } from '../../lib/api';
import { catalogueKeys } from '../../lib/catalogue';
import { sharedKeys } from '../../lib/queryKeys';

export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BookingCreateBody) => api.post<Booking>('/api/bookings', body),
    // The new booking shows in My Orders, the product's page now leads to it, and its conversation
    // no longer holds contact details back.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sharedKeys.myBookings }),
        queryClient.invalidateQueries({ queryKey: catalogueKeys.products }),
        queryClient.invalidateQueries({ queryKey: sharedKeys.conversations }),
      ]),
  });
}

export function useCreateReport() {
  return useMutation({
    mutationFn: (body: ReportCreateBody) => api.post<CreatedReport>('/api/reports', body),
  });
}
