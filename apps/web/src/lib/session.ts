import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Me, PublicConfig, Role } from '@furniture-mart/shared';
import { api, isApiError } from './api';
import { mayBeSignedIn } from './sessionHint';

/**
 * Who is signed in and how the server is configured: read by the app shell and by many features, so
 * it lives here rather than in one feature. Signing in and out stays in the auth feature.
 */
export const authKeys = {
  me: ['me'] as const,
  config: ['config'] as const,
};

/** The session lives in an httpOnly cookie; asking the server is the only way to know who is signed in. */
export const meQuery = queryOptions({
  queryKey: authKeys.me,
  queryFn: async ({ signal }): Promise<Me | null> => {
    if (!mayBeSignedIn()) return null;
    try {
      return await api.get<Me>('/api/me', signal);
    } catch (error) {
      // 401 is the normal answer for a visitor, not a failure.
      if (isApiError(error) && error.status === 401) return null;
      throw error;
    }
  },
});

export function useMe() {
  return useQuery(meQuery);
}

export type AuthState = { status: 'loading' } | { status: 'signedIn'; me: Me } | { status: 'signedOut' };

/** Loading until the first answer; a failed lookup (even after retries) counts as signed out. */
export function useAuth(): AuthState {
  const { data, isPending } = useMe();
  if (isPending) return { status: 'loading' };
  return data ? { status: 'signedIn', me: data } : { status: 'signedOut' };
}

export function hasRole(me: Me, role: Role): boolean {
  if (role === 'admin') return me.isAdmin;
  if (role === 'seller') return me.isSeller;
  return me.isBuyer;
}

export const configQuery = queryOptions({
  queryKey: authKeys.config,
  queryFn: ({ signal }) => api.get<PublicConfig>('/api/config', signal),
  // Server configuration does not change while the page is open.
  staleTime: Infinity,
});

export function useConfig() {
  return useQuery(configQuery);
}
