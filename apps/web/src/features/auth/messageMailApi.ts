/** The Account page's switch for mail about messages left unread (GET/PUT /api/my/message-mail). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageMail } from '@furniture-mart/shared';
import { api } from '../../lib/api';

const messageMailKey = ['account', 'message-mail'] as const;

export function useMessageMail(enabled: boolean) {
  return useQuery({
    queryKey: messageMailKey,
    queryFn: ({ signal }) => api.get<MessageMail>('/api/my/message-mail', signal),
    enabled,
  });
}

export function useSetMessageMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => api.put<MessageMail>('/api/my/message-mail', { enabled }),
    // The switch turns at once, and back if the server says no.
    onMutate: (enabled) => {
      const before = queryClient.getQueryData<MessageMail>(messageMailKey);
      queryClient.setQueryData<MessageMail>(messageMailKey, { enabled });
      return { before };
    },
    onError: (_error, _enabled, context) => queryClient.setQueryData(messageMailKey, context?.before),
    onSuccess: (answer) => queryClient.setQueryData(messageMailKey, answer),
  });
}
