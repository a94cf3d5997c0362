/**
 * Offers (issue 40): making one, the card hold, the seller's answers, the buyer's, and the lists. Every
 * change refreshes the offers, the conversations (an offer's steps are cards there) and the overview.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Offer,
  OfferAccepted,
  OfferCheckout,
  OfferConfirm,
  Page,
  ProductPage,
} from '@furniture-mart/shared';
import { api } from '../../lib/api';
import { sharedKeys } from '../../lib/queryKeys';

export const offerKeys = {
  all: sharedKeys.offers,
  one: (id: string) => [...sharedKeys.offers, 'one', id] as const,
  list: (role: 'buyer' | 'seller', page: number) => [...sharedKeys.offers, 'list', role, page] as const,
  checkout: (id: string) => [...sharedKeys.offers, 'checkout', id] as const,
};

export function useOffer(id: string) {
  return useQuery({
    queryKey: offerKeys.one(id),
    queryFn: ({ signal }) => api.get<Offer>(`/api/offers/${encodeURIComponent(id)}`, signal),
    staleTime: 0,
  });
}

export function useMyOffers(role: 'buyer' | 'seller', page: number, enabled = true) {
  return useQuery({
    queryKey: offerKeys.list(role, page),
    queryFn: ({ signal }) => api.get<Page<Offer>>(`/api/my/offers?role=${role}&page=${page}`, signal),
    enabled,
  });
}

/** The product the offer is for, as its page shows it. */
export function useOfferProduct(id: string) {
  return useQuery({
    queryKey: ['offer-product', id],
    queryFn: ({ signal }) => api.get<ProductPage>(`/api/products/${encodeURIComponent(id)}`, signal),
  });
}

/** The hold to place now (the offer's amount, or the seller's counter); not re-run on focus. */
export function useOfferCheckout(id: string, enabled: boolean) {
  return useQuery({
    queryKey: offerKeys.checkout(id),
    queryFn: () => api.post<OfferCheckout>(`/api/offers/${encodeURIComponent(id)}/checkout`, {}),
    enabled,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

function useRefreshing<T, V>(run: (vars: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () =>
      queryClient.invalidateQueries({
        predicate: (query) => !['me', 'config'].includes(String(query.queryKey[0])),
      }),
  });
}

export function useMakeOffer(productId: string) {
  return useRefreshing((amount: string) =>
    api.post<Offer>(`/api/products/${encodeURIComponent(productId)}/offers`, { amount }),
  );
}

export type CardBody = { cardNumber: string; expiry: string; cvc: string; name: string };

export function useConfirmOffer(id: string) {
  return useRefreshing((card: CardBody) =>
    api.post<OfferConfirm>(`/api/offers/${encodeURIComponent(id)}/checkout/confirm`, card),
  );
}

export function useAnswerOffer(id: string) {
  const path = (what: string) => `/api/offers/${encodeURIComponent(id)}/${what}`;
  return {
    accept: useRefreshing(() => api.post<OfferAccepted>(path('accept'), {})),
    decline: useRefreshing((reason: string) =>
      api.post<Offer>(path('decline'), reason.trim() ? { reason: reason.trim() } : {}),
    ),
    counter: useRefreshing((amount: string) => api.post<Offer>(path('counter'), { amount })),
    withdraw: useRefreshing(() => api.post<Offer>(path('withdraw'), {})),
  };
}
