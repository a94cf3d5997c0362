import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api';

const FIVE_MINUTES = 5 * 60 * 1000;
const MAX_RETRIES = 3;

export function createQueryClient(): QueryClient {
  return new QueryClient({
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
}
