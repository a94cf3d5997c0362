import { useQuery } from '@tanstack/react-query';
import type { Overview } from '@furniture-mart/shared';
import { api } from '../../lib/api';
import { sharedKeys } from '../../lib/queryKeys';

/** What needs doing now, per role; orders refresh it after a handoff or a cancelled sale. */
export function useOverview() {
  return useQuery({
    queryKey: sharedKeys.overview,
    queryFn: ({ signal }) => api.get<Overview>('/api/my/overview', signal),
    staleTime: 0,
  });
}
