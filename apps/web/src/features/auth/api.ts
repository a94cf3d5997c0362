import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { ChangePasswordBody, Me, PublicConfig, Role, SignInBody, SignUpRole } from '@furniture-mart/shared';
import { api, isApiError } from '../../lib/api';
import { mayBeSignedIn } from '../../lib/sessionHint';

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

/** Cached answers that belong to one person; public data (config) survives a change of user. */
function clearPersonalData(queryClient: QueryClient) {
  queryClient.removeQueries({
    predicate: (query) => query.queryKey[0] !== authKeys.me[0] && query.queryKey[0] !== authKeys.config[0],
  });
}

/** After the session cookie changed: drop the previous person's data and learn who is signed in now. */
async function refreshSession(queryClient: QueryClient) {
  clearPersonalData(queryClient);
  await queryClient.fetchQuery({ ...meQuery, staleTime: 0 });
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SignInBody) => api.post<unknown>('/api/auth/sign-in/email', body),
    // A wrong password answers 401 without ending anyone's current session.
    meta: { signInAttempt: true },
    onSuccess: () => refreshSession(queryClient),
  });
}

export interface SignUpInput {
  name: string;
  email: string;
  password: string;
  role: SignUpRole;
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SignUpInput) => api.post<unknown>('/api/auth/sign-up/email', body),
    onSuccess: () => refreshSession(queryClient),
  });
}

/** Changes the signed-in person's password; other sessions end when asked (this one stays). */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => api.post<unknown>('/api/auth/change-password', body),
  });
}

/** Signs out and goes to /login; a failed sign-out request is ignored, as the specification asks. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      try {
        await api.post<unknown>('/api/auth/sign-out', {});
      } catch {
        // Ignored on purpose: the person still ends up signed out in this tab.
      }
    },
    onSuccess: async () => {
      // Leave protected pages first so their guards do not redirect with a remembered origin.
      await navigate('/login');
      queryClient.setQueryData(authKeys.me, null);
      clearPersonalData(queryClient);
    },
  });
}

/**
 * Google sign-in is a full-page redirect: the server answers with the provider's URL and the
 * provider sends the person back to `returnTo` with a session cookie.
 */
export function useGoogleSignIn() {
  return useMutation({
    mutationFn: (returnTo: string) => {
      const origin = window.location.origin;
      return api.post<{ url: string }>('/api/auth/sign-in/social', {
        provider: 'google',
        callbackURL: `${origin}${returnTo}`,
        errorCallbackURL: `${origin}/login`,
      });
    },
    onSuccess: ({ url }) => {
      window.location.assign(url);
    },
  });
}
