import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { AdminUserRow, AuditRow, Page, ReportedReview, ReportQueueRow } from '@furniture-mart/shared';
import { api } from '../../lib/api';
import { authKeys } from '../../lib/session';

export type UserListRole = 'buyer' | 'seller';

export interface ListParams {
  page: number;
  q?: string;
}

export const adminKeys = {
  all: ['admin'] as const,
  users: (role: UserListRole, params: ListParams) => ['admin', 'users', role, params] as const,
  reports: (page: number) => ['admin', 'reports', page] as const,
  audit: (page: number) => ['admin', 'audit', page] as const,
};

function searchString(params: ListParams): string {
  const search = new URLSearchParams({ page: String(params.page) });
  if (params.q) search.set('q', params.q);
  return search.toString();
}

// Moderation data changes under the admin's feet (new reports, new accounts): always ask again on visit.
const moderationList = { staleTime: 0, placeholderData: keepPreviousData } as const;

export const usersQuery = (role: UserListRole, params: ListParams) =>
  queryOptions({
    queryKey: adminKeys.users(role, params),
    queryFn: ({ signal }) =>
      api.get<Page<AdminUserRow>>(`/api/admin/${role}s?${searchString(params)}`, signal),
    ...moderationList,
  });

export const reportsQuery = (page: number) =>
  queryOptions({
    queryKey: adminKeys.reports(page),
    queryFn: ({ signal }) => api.get<Page<ReportQueueRow>>(`/api/admin/reports?page=${page}`, signal),
    ...moderationList,
  });

export const auditQuery = (page: number) =>
  queryOptions({
    queryKey: adminKeys.audit(page),
    queryFn: ({ signal }) => api.get<Page<AuditRow>>(`/api/admin/audit?page=${page}`, signal),
    ...moderationList,
  });

export function useUsers(role: UserListRole, params: ListParams) {
  return useQuery(usersQuery(role, params));
}

export function useReports(page: number) {
  return useQuery(reportsQuery(page));
}

export function useAudit(page: number) {
  return useQuery(auditQuery(page));
}

/**
 * A moderation action can change almost any list (a removed seller's products leave every category and
 * the advertised strip), so everything except who is signed in and the server configuration is refetched.
 */
function refreshAfterModeration(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: (query) => query.queryKey[0] !== authKeys.me[0] && query.queryKey[0] !== authKeys.config[0],
  });
}

function useModeration<Input>(action: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: () => refreshAfterModeration(queryClient),
  });
}

export function useRemoveUser() {
  return useModeration((userId: string) => api.delete<void>(`/api/admin/users/${userId}`));
}

export function useVerifySeller() {
  return useModeration((sellerId: string) =>
    api.post<{ id: string; verified: true }>(`/api/admin/sellers/${sellerId}/verify`),
  );
}

export function useRemoveReport() {
  return useModeration((reportId: string) => api.delete<void>(`/api/admin/reports/${reportId}`));
}

export function useRemoveReportedItem() {
  return useModeration((reportId: string) => api.delete<void>(`/api/admin/reports/${reportId}/product`));
}

export function useRemoveReportedMessage() {
  return useModeration((reportId: string) => api.delete<void>(`/api/admin/reports/${reportId}/message`));
}

/** Reviews people reported, for hiding (issue 41). */
export function useReportedReviews(page: number) {
  return useQuery({
    queryKey: ['admin', 'reported-reviews', page] as const,
    queryFn: ({ signal }) =>
      api.get<Page<ReportedReview>>(`/api/admin/reviews/reported?page=${page}`, signal),
    ...moderationList,
  });
}

export function useHideReview() {
  return useModeration((reviewId: string) => api.post(`/api/admin/reviews/${reviewId}/hide`));
}
