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
    onSuccess: (answer) => queryClient.setQueryData(messageMailKey, answer),
  });
}
