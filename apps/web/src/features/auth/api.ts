import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type {
  ChangePasswordBody,
  HomeProfile,
  HomeProfileRequest,
  SignInBody,
  SignUpRole,
} from '@furniture-mart/shared';
import { api } from '../../lib/api';
import { authKeys, meQuery } from '../../lib/session';
import { catalogueKeys } from '../../lib/catalogue';
import { homeKey } from '../../lib/home';

// The app shell and the server render read the session through this module too; features use lib/session.
export {
  authKeys,
  configQuery,
  hasRole,
  meQuery,
  useAuth,
  useConfig,
  useMe,
  type AuthState,
} from '../../lib/session';

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

export { useSavedHome as useHome } from '../../lib/home';

/** Saves the whole home; product pages then answer their fit against it. */
export function useSaveHome() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: HomeProfileRequest) => api.put<HomeProfile>('/api/my/home', body),
    onSuccess: async (saved) => {
      queryClient.setQueryData(homeKey, saved);
      await queryClient.invalidateQueries({ queryKey: catalogueKeys.products });
    },
  });
}
