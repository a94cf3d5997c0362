import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  errorCode,
  type Booking,
  type Checkout,
  type PaymentMethod,
  type PaymentResult,
  type ProductPage,
  type WalletSandboxApprove,
  type WalletSandboxPayment,
} from '@furniture-mart/shared';
import { api, isApiError } from '../../lib/api';

export const paymentKeys = {
  booking: (bookingId: string) => ['payment-booking', bookingId] as const,
  checkout: (bookingId: string) => ['payment-checkout', bookingId] as const,
};

/** The booking as the payment page shows it; always asked afresh, since paying changes it. */
export function useBookingForPayment(bookingId: string) {
  return useQuery({
    queryKey: paymentKeys.booking(bookingId),
    queryFn: ({ signal }) => api.get<Booking>(`/api/bookings/${bookingId}`, signal),
    staleTime: 0,
  });
}

/**
 * Starting checkout holds the item for this buyer and answers the amount to pay. It is safe to repeat
 * (same intent, renewed hold), but it is not re-run on focus: the hold lasts 15 minutes.
 */
export function useCheckout(bookingId: string, enabled: boolean) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: paymentKeys.checkout(bookingId),
    queryFn: async () => {
      try {
        return await api.post<Checkout>(`/api/bookings/${bookingId}/checkout`, {});
      } catch (error) {
        // Sold, removed, cancelled or paid meanwhile: show the booking as it is now.
        if (isApiError(error) && error.status === 409 && error.code !== errorCode.SOMEONE_ELSE_PAYING) {
          void queryClient.invalidateQueries({ queryKey: paymentKeys.booking(bookingId) });
        }
        throw error;
      }
    },
    enabled,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

/** The sandbox posts the card form here; with Stripe the body is empty (the card went to Stripe). */
export type ConfirmBody =
  { cardNumber: string; expiry: string; cvc: string; name: string } | Record<string, never>;

export function useConfirmPayment(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConfirmBody) =>
      api.post<PaymentResult>(`/api/bookings/${bookingId}/checkout/confirm`, body),
    // A sale changes orders, the seller's products and every catalogue list: refresh whatever is cached.
    onSettled: () =>
      queryClient.invalidateQueries({
        predicate: (query) =>
          !['me', 'config', paymentKeys.checkout(bookingId)[0]].includes(String(query.queryKey[0])),
      }),
  });
}

/** Whether the piece's seller takes cash at pickup (the product page answer says). */
export function useAcceptsCash(productId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['payment-product', productId],
    queryFn: ({ signal }) => api.get<ProductPage>(`/api/products/${productId}`, signal),
    select: (product) => product.acceptsCash,
    enabled,
  });
}

/**
 * A wallet payment or a cash reservation, started when the buyer presses its button (not on page load:
 * only the card form holds the piece as soon as it shows).
 */
export function useStartCheckout(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (method: Exclude<PaymentMethod, 'card'>) =>
      api.post<Checkout>(`/api/bookings/${bookingId}/checkout`, { method }),
    onSuccess: (answer) => {
      if (answer.method === 'cash') void queryClient.invalidateQueries();
    },
  });
}

/** The wallet sandbox's payment, for its approval page. */
export function useSandboxWalletPayment(paymentId: string) {
  return useQuery({
    queryKey: ['wallet-sandbox', paymentId],
    queryFn: ({ signal }) =>
      api.get<WalletSandboxPayment>(`/api/payments/wallet/sandbox/${encodeURIComponent(paymentId)}`, signal),
    staleTime: 0,
  });
}

export function useApproveSandboxWallet(paymentId: string) {
  return useMutation({
    mutationFn: (body: WalletSandboxApprove) =>
      api.post<{ redirectUrl: string }>(
        `/api/payments/wallet/sandbox/${encodeURIComponent(paymentId)}`,
        body,
      ),
  });
}
