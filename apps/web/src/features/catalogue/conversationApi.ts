/**
 * "Ask the seller" on a product's page: the buyer's conversation about it, if there is one, and the
 * first question. The messages themselves live on the Messages pages.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Conversation, ConversationStarted, Page } from '@furniture-mart/shared';
import { api } from '../../lib/api';
import { sharedKeys } from '../../lib/queryKeys';

const productConversationKey = (productId: string) =>
  [...sharedKeys.conversations, 'product', productId] as const;

/** The buyer's conversation about this product (at most one), or null. */
export function useProductConversation(productId: string, enabled: boolean) {
  return useQuery({
    queryKey: productConversationKey(productId),
    queryFn: async ({ signal }) => {
      const page = await api.get<Page<Conversation>>(
        `/api/my/conversations?productId=${encodeURIComponent(productId)}&pageSize=1`,
        signal,
      );
      return page.items[0] ?? null;
    },
    enabled,
  });
}

export function useAskSeller(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      api.post<ConversationStarted>(`/api/products/${encodeURIComponent(productId)}/conversations`, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharedKeys.conversations }),
  });
}
