import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Favourite, Page } from '@furniture-mart/shared';
import { api } from '../../lib/api';
import { sharedKeys } from '../../lib/queryKeys';

export const FAVOURITES_PAGE_SIZE = 12;

const favouriteKeys = {
  page: (page: number) => [...sharedKeys.favourites, 'page', page] as const,
};

export function favouritesQuery(page: number) {
  return queryOptions({
    queryKey: favouriteKeys.page(page),
    queryFn: ({ signal }) =>
      api.get<Page<Favourite>>(`/api/my/favourites?page=${page}&pageSize=${FAVOURITES_PAGE_SIZE}`, signal),
    placeholderData: keepPreviousData,
  });
}

export function useFavourites(page: number) {
  return useQuery(favouritesQuery(page));
}

export function useRemoveFavourite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productId: string) => api.delete<void>(`/api/favourites/${productId}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sharedKeys.favourites }),
  });
}
