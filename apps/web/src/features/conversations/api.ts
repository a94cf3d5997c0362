/**
 * Conversations between a buyer and a seller: the list, one thread, sending, reading, blocking and
 * reporting, and what the live events change in them.
 */
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import {
  conversationLimits,
  type Conversation,
  type Message,
  type MessageCreateBody,
  type MessagePhoto,
  type MessageReportBody,
  type MessagesPage,
  type Offer,
  type Page,
  type Unread,
} from '@furniture-mart/shared';
import { api } from '../../lib/api';
import { useLiveEvents, type LiveEvent } from '../../lib/liveEvents';
import { sharedKeys } from '../../lib/queryKeys';
import { useAuth } from '../../lib/session';

export const CONVERSATIONS_PAGE_SIZE = 20;

export const conversationKeys = {
  all: sharedKeys.conversations,
  unread: [...sharedKeys.conversations, 'unread'] as const,
  list: (page: number) => [...sharedKeys.conversations, 'list', page] as const,
  one: (id: string) => [...sharedKeys.conversations, 'one', id] as const,
  messages: (id: string) => [...sharedKeys.conversations, 'messages', id] as const,
};

/** Whether the signed-in person has conversations at all (buyers and sellers; not administrators). */
export function useTalks(): { enabled: boolean; meId: string | null } {
  const auth = useAuth();
  if (auth.status !== 'signedIn') return { enabled: false, meId: null };
  const { me } = auth;
  return { enabled: me.isBuyer || me.isSeller, meId: me.user.id };
}

export const unreadQuery = queryOptions({
  queryKey: conversationKeys.unread,
  queryFn: ({ signal }) => api.get<Unread>('/api/my/unread', signal),
});

export function useUnread(enabled: boolean) {
  return useQuery({ ...unreadQuery, enabled });
}

export function conversationsQuery(page: number) {
  return queryOptions({
    queryKey: conversationKeys.list(page),
    queryFn: ({ signal }) =>
      api.get<Page<Conversation>>(
        `/api/my/conversations?page=${page}&pageSize=${CONVERSATIONS_PAGE_SIZE}`,
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

export function useConversations(page: number) {
  return useQuery(conversationsQuery(page));
}

export function useConversation(id: string) {
  return useQuery({
    queryKey: conversationKeys.one(id),
    queryFn: ({ signal }) => api.get<Conversation>(`/api/conversations/${encodeURIComponent(id)}`, signal),
  });
}

/** Adds messages to a thread in order, each once; a message seen again (removed by an admin) is replaced. */
export function mergeMessages(current: readonly Message[], incoming: readonly Message[]): Message[] {
  const byId = new Map(current.map((message) => [message.id, message]));
  const added: Message[] = [];
  for (const message of incoming) {
    if (byId.has(message.id)) byId.set(message.id, message);
    else added.push(message);
  }
  return [...current.map((message) => byId.get(message.id)!), ...added];
}

/**
 * A thread's messages, oldest first. The first read takes the latest page; every read after it (a
 * live event missed, polling) asks only for what came after the last message held, page by page.
 */
export function useThreadMessages(id: string) {
  const queryClient = useQueryClient();
  const key = conversationKeys.messages(id);
  return useQuery({
    queryKey: key,
    queryFn: async ({ signal }): Promise<MessagesPage> => {
      const held = queryClient.getQueryData<MessagesPage>(key);
      const base = `/api/conversations/${encodeURIComponent(id)}/messages`;
      if (!held || held.items.length === 0) return api.get<MessagesPage>(base, signal);
      let items = held.items;
      for (;;) {
        const last = items[items.length - 1]!;
        const page = await api.get<MessagesPage>(`${base}?after=${last.id}`, signal);
        items = mergeMessages(items, page.items);
        if (page.items.length < conversationLimits.pageSize) break;
      }
      return { items, hasOlder: held.hasOlder };
    },
  });
}

export function useOlderMessages(id: string) {
  const queryClient = useQueryClient();
  const key = conversationKeys.messages(id);
  return useMutation({
    mutationFn: async () => {
      const held = queryClient.getQueryData<MessagesPage>(key);
      const first = held?.items[0];
      if (!held || !first) return;
      const page = await api.get<MessagesPage>(
        `/api/conversations/${encodeURIComponent(id)}/messages?before=${first.id}`,
      );
      queryClient.setQueryData<MessagesPage>(key, (now) =>
        now ? { items: mergeMessages(page.items, now.items), hasOlder: page.hasOlder } : now,
      );
    },
  });
}

function appendMessage(queryClient: QueryClient, message: Message) {
  queryClient.setQueryData<MessagesPage>(conversationKeys.messages(message.conversationId), (held) =>
    held ? { ...held, items: mergeMessages(held.items, [message]) } : held,
  );
}

/** Everything a message or a read changes besides the thread itself. */
function refreshCounts(queryClient: QueryClient, conversationId?: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: conversationKeys.unread }),
    queryClient.invalidateQueries({ queryKey: [...sharedKeys.conversations, 'list'] }),
    queryClient.invalidateQueries({ queryKey: [...sharedKeys.conversations, 'product'] }),
    // An offer's step arrives as a message: the offer's cards and lists show its new state.
    queryClient.invalidateQueries({ queryKey: sharedKeys.offers }),
    conversationId
      ? queryClient.invalidateQueries({ queryKey: conversationKeys.one(conversationId) })
      : undefined,
  ]);
}

/**
 * Keeps every conversation query in step with the live events: a message lands in its thread (if
 * open) and refreshes the counts; a read refreshes the counts; a resync reads everything again.
 * Mounted once, by the badge in the site header, which every signed-in page shows.
 */
export function useConversationLiveUpdates(enabled: boolean) {
  const queryClient = useQueryClient();
  useLiveEvents(
    {
      onEvent: (event: LiveEvent) => {
        if (event.kind === 'message') appendMessage(queryClient, event.data);
        void refreshCounts(queryClient, event.data.conversationId);
      },
      onResync: () => void queryClient.invalidateQueries({ queryKey: conversationKeys.all }),
    },
    enabled,
  );
}

export function useSendMessage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MessageCreateBody) =>
      api.post<Message>(`/api/conversations/${encodeURIComponent(id)}/messages`, body),
    onSuccess: (message) => {
      appendMessage(queryClient, message);
      void refreshCounts(queryClient, id);
    },
  });
}

export function useUploadMessagePhoto(id: string) {
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return api.post<MessagePhoto>(`/api/conversations/${encodeURIComponent(id)}/photos`, body);
    },
  });
}

export function useMarkRead(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upTo: string) =>
      api.post<Unread>(`/api/conversations/${encodeURIComponent(id)}/read`, { upTo }),
    onSuccess: (unread) => {
      queryClient.setQueryData(conversationKeys.unread, unread);
      void refreshCounts(queryClient, id);
    },
  });
}

export function useSetBlocked(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (blocked: boolean) => {
      const path = `/api/conversations/${encodeURIComponent(id)}/block`;
      return blocked ? api.post<unknown>(path) : api.delete<unknown>(path);
    },
    onSuccess: () => refreshCounts(queryClient, id),
  });
}

export function useReportMessage() {
  return useMutation({
    mutationFn: ({ messageId, body }: { messageId: string; body: MessageReportBody }) =>
      api.post<{ id: string; messageId: string }>(`/api/messages/${messageId}/report`, body),
  });
}

/** The offer an offer card in the thread is about, as it is now (issue 40). */
export function useThreadOffer(id: string) {
  return useQuery({
    queryKey: [...sharedKeys.offers, 'one', id],
    queryFn: ({ signal }) => api.get<Offer>(`/api/offers/${encodeURIComponent(id)}`, signal),
    staleTime: 0,
  });
}
