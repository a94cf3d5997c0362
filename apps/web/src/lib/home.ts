/**
 * The signed-in buyer's saved home (GET /api/my/home): the Account page edits it, listings offer
 * "fits my home" and cards show their fit with it.
 */
import { useQuery } from '@tanstack/react-query';
import type { HomeProfile } from '@furniture-mart/shared';
import { api } from './api';
import { hasRole, useAuth } from './session';

export const homeKey = ['my-home'] as const;

/** The buyer's openings; nothing is asked for anyone else. */
export function useSavedHome() {
  const auth = useAuth();
  const isBuyer = auth.status === 'signedIn' && hasRole(auth.me, 'buyer');
  return useQuery({
    queryKey: homeKey,
    queryFn: () => api.get<HomeProfile>('/api/my/home'),
    enabled: isBuyer,
    staleTime: 60_000,
  });
}
