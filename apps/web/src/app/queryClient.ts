import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { authKeys } from '../features/auth/api';
import { isApiError } from '../lib/api';

const FIVE_MINUTES = 5 * 60 * 1000;
const MAX_RETRIES = 3;

export function createQueryClient(): QueryClient {
  // A 401 from any call means the session has ended (expired, revoked, account removed): show the app
  // as signed out so the guards send the person to /login. A failed sign-in attempt is not such a case.
  const onUnauthorized = (error: unknown, meta: Record<string, unknown> | undefined) => {
    if (isApiError(error) && error.status === 401 && !meta?.signInAttempt) {
      client.setQueryData(authKeys.me, null);
    }
  };

  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onUnauthorized(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => onUnauthorized(error, mutation.meta),
    }),
    defaultOptions: {
      queries: {
        staleTime: FIVE_MINUTES,
        gcTime: FIVE_MINUTES,
        // A 4xx answer will not change by asking again; network and server failures might.
        retry: (failureCount, error) =>
          !(isApiError(error) && error.isClientError) && failureCount < MAX_RETRIES,
      },
    },
  });
  return client;
}
