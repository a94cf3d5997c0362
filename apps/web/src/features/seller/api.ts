import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  clientErrorCodes,
  errorCode,
  messages,
  sellerMessages,
  webMessages,
  type ApiErrorBody,
  type MyProduct,
  type Page,
  type ProductBooking,
  type ProductCreateRequest,
  type ProductEditRequest,
  type ProductPage,
  type UploadedImage,
} from '@furniture-mart/shared';
import { api, ApiError } from '../../lib/api';
import { catalogueKeys } from '../../lib/catalogue';
import { sharedKeys } from '../../lib/queryKeys';

export const MY_PRODUCTS_PAGE_SIZE = 10;
export const PRODUCT_BOOKINGS_PAGE_SIZE = 50;

export const sellerKeys = {
  myProducts: [...sharedKeys.sellerProducts, 'myProducts'] as const,
  myProductsPage: (page: number) => [...sellerKeys.myProducts, page] as const,
  productBookingsPage: (productId: string, page: number) =>
    [...sharedKeys.productBookings, productId, page] as const,
};

export function myProductsQuery(page: number) {
  return queryOptions({
    queryKey: sellerKeys.myProductsPage(page),
    queryFn: ({ signal }) =>
      api.get<Page<MyProduct>>(`/api/my/products?page=${page}&pageSize=${MY_PRODUCTS_PAGE_SIZE}`, signal),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useMyProducts(page: number) {
  return useQuery(myProductsQuery(page));
}

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProductCreateRequest) => api.post<MyProduct>('/api/products', body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sellerKeys.myProducts }),
        queryClient.invalidateQueries({ queryKey: catalogueKeys.products }),
      ]),
  });
}

/** Changes a listing; a 409 says it is sold or someone is paying for it. */
export function useEditProduct(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProductEditRequest) => api.patch<MyProduct>(`/api/products/${productId}`, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sellerKeys.myProducts }),
        queryClient.invalidateQueries({ queryKey: catalogueKeys.products }),
      ]),
  });
}

/** The product to edit, as its page shows it to its seller (with the phone). */
export function editableProductQuery(productId: string) {
  return queryOptions({
    queryKey: [...catalogueKeys.products, 'page', productId] as const,
    queryFn: ({ signal }) => api.get<ProductPage>(`/api/products/${encodeURIComponent(productId)}`, signal),
    // Always the current values: the form starts from them.
    staleTime: 0,
  });
}

/** Who booked one of the seller's products, to arrange the meeting. */
export function useProductBookings(productId: string, page: number, enabled: boolean) {
  return useQuery({
    queryKey: sellerKeys.productBookingsPage(productId, page),
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

/** Both change what buyers see, so every product listing is refreshed too. */
export function useAdvertiseProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productId: string) => api.post<MyProduct>(`/api/products/${productId}/advertise`),
    onSuccess: (updated) => {
      // The row changes in place at once; the refetch then confirms it.
      queryClient.setQueriesData<Page<MyProduct>>({ queryKey: sellerKeys.myProducts }, (page) =>
        page ? { ...page, items: page.items.map((item) => (item.id === updated.id ? updated : item)) } : page,
      );
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sellerKeys.myProducts }),
        queryClient.invalidateQueries({ queryKey: catalogueKeys.products }),
      ]),
  });
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productId: string) => api.delete<void>(`/api/products/${productId}`),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sellerKeys.myProducts }),
        queryClient.invalidateQueries({ queryKey: catalogueKeys.products }),
      ]),
  });
}

/**
 * Uploads one photo with XMLHttpRequest, because fetch reports no upload progress.
 * `onProgress` receives the fraction sent, from 0 to 1. Aborting rejects with an AbortError.
 */
export function uploadProductPhoto(
  file: File,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<UploadedImage> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    const request = new XMLHttpRequest();
    request.open('POST', '/api/uploads/images');
    request.setRequestHeader('Accept', 'application/json');
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      const payload = parseJson(request.responseText);
      if (request.status >= 200 && request.status < 300 && payload) {
        resolve(payload as UploadedImage);
      } else {
        reject(toApiError(request.status, payload));
      }
    });
    request.addEventListener('error', () =>
      reject(new ApiError(0, clientErrorCodes.NETWORK_ERROR, messages.networkError)),
    );
    request.addEventListener('abort', () =>
      reject(new DOMException('The upload was cancelled.', 'AbortError')),
    );
    signal.addEventListener('abort', () => request.abort(), { once: true });

    const form = new FormData();
    form.append('file', file);
    request.send(form);
  });
}

function parseJson(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

function toApiError(status: number, payload: unknown): ApiError {
  const body = payload as Partial<ApiErrorBody> | undefined;
  if (body?.error && typeof body.error.message === 'string') {
    return new ApiError(status, body.error.code ?? `HTTP_${status}`, body.error.message, body.error.fields);
  }
  if (status === 413) return new ApiError(status, errorCode.PAYLOAD_TOO_LARGE, sellerMessages.fileTooLarge);
  return new ApiError(status, `HTTP_${status}`, webMessages.unexpectedError);
}
