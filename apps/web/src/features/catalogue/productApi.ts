/** A product's own page, and the heart that saves it to a buyer's favourites (cards and the page). */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  catalogueMessages,
  idParams,
  pagination,
  type Booking,
  type Favourite,
  type FavouriteState,
  type Page,
  type ProductPage,
  type ProductSitemap,
} from '@furniture-mart/shared';
import { notify } from '../../components/ui/Toasts';
import { api, ApiError, errorMessage } from '../../lib/api';
import { catalogueKeys } from '../../lib/catalogue';
import { sharedKeys } from '../../lib/queryKeys';
import { useAuth } from '../../lib/session';

// Under the catalogue's products, so whatever refreshes every listing (a booking, an edit) refreshes it.
const productPageKey = (id: string) => [...catalogueKeys.products, 'page', id] as const;
const savedIdsKey = [...sharedKeys.favourites, 'ids'] as const;
// Under My Orders, so booking, cancelling or deleting an order refreshes it with the list.
const openBookingsKey = [...sharedKeys.myBookings, 'open-by-product'] as const;

export function productPageQuery(id: string) {
  return queryOptions({
    queryKey: productPageKey(id),
    queryFn: ({ signal }) => {
      // An address that cannot name a product names no product: not found, as an unknown one is, so
      // the server answers it 404 too.
      if (!idParams.safeParse({ id }).success) {
        return Promise.reject(new ApiError(404, 'NOT_FOUND', catalogueMessages.productNotFound));
      }
      return api.get<ProductPage>(`/api/products/${encodeURIComponent(id)}`, signal);
    },
  });
}

/** Every product on sale, for the sitemap the server builds from the page table. */
export const productSitemapQuery = queryOptions({
  queryKey: ['products', 'sitemap'] as const,
  queryFn: ({ signal }) => api.get<ProductSitemap>('/api/products/sitemap', signal),
});

export function useProductPage(id: string) {
  return useQuery(productPageQuery(id));
}

/**
 * The products a buyer saved, to fill the hearts on cards (a card does not say whether it is saved).
 * The newest saves, up to one page of the largest size the API allows; nobody else asks.
 */
export function useSavedProductIds(): ReadonlySet<string> | null {
  const auth = useAuth();
  const isBuyer = auth.status === 'signedIn' && auth.me.isBuyer;
  const saved = useQuery({
    queryKey: savedIdsKey,
    queryFn: async ({ signal }) => {
      const page = await api.get<Page<Favourite>>(
        `/api/my/favourites?pageSize=${pagination.maxPageSize}`,
        signal,
      );
      return page.items.map((item) => item.productId);
    },
    enabled: isBuyer,
  });
  if (!isBuyer || !saved.data) return null;
  return new Set(saved.data);
}

/**
 * The buyer's open bookings by product, so a card leads to the order instead of offering Book Now
 * again (the server would refuse a second open booking). The newest bookings, up to one page of the
 * largest size the API allows; an older open one still gets the server's refusal in the dialog.
 */
export function useOpenBookingsByProduct(): ReadonlyMap<string, string> | null {
  const auth = useAuth();
  const isBuyer = auth.status === 'signedIn' && auth.me.isBuyer;
  const open = useQuery({
    queryKey: openBookingsKey,
    queryFn: async ({ signal }) => {
      const page = await api.get<Page<Booking>>(
        `/api/my/bookings?pageSize=${pagination.maxPageSize}`,
        signal,
      );
      return page.items
        .filter((booking) => booking.status === 'booked')
        .map((booking) => [booking.product.id, booking.id] as const);
    },
    enabled: isBuyer,
  });
  if (!isBuyer || !open.data) return null;
  return new Map(open.data);
}

/** Saves or unsaves; the heart turns at once and turns back if the server says no. */
export function useToggleFavourite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ productId, save }: { productId: string; save: boolean }) => {
      if (save) return api.post<FavouriteState>(`/api/favourites/${productId}`);
      await api.delete<void>(`/api/favourites/${productId}`);
      return { productId, favourite: false } satisfies FavouriteState;
    },
    onMutate: async ({ productId, save }) => {
      await queryClient.cancelQueries({ queryKey: savedIdsKey });
      const before = queryClient.getQueryData<string[]>(savedIdsKey);
      queryClient.setQueryData<string[]>(savedIdsKey, (ids = []) =>
        save ? [productId, ...ids.filter((id) => id !== productId)] : ids.filter((id) => id !== productId),
      );
      queryClient.setQueryData<ProductPage>(productPageKey(productId), (page) =>
        page ? { ...page, viewer: { ...page.viewer, favourite: save } } : page,
      );
      return { before };
    },
    onSuccess: (_state, { save }) => {
      notify.success(save ? catalogueMessages.favouriteSaved : catalogueMessages.favouriteRemoved);
    },
    onError: (error, { productId, save }, context) => {
      queryClient.setQueryData(savedIdsKey, context?.before);
      queryClient.setQueryData<ProductPage>(productPageKey(productId), (page) =>
        page ? { ...page, viewer: { ...page.viewer, favourite: !save } } : page,
      );
      notify.error(errorMessage(error));
    },
    onSettled: (_state, _error, { productId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sharedKeys.favourites }),
        queryClient.invalidateQueries({ queryKey: productPageKey(productId) }),
      ]),
  });
}
