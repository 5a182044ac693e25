import { QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api.ts';

interface QueryClientOptions {
  /** Called when a data query is refused with 401: the session ended while the page was open. */
  onUnauthorized?: () => void;
}

export function createQueryClient({ onUnauthorized }: QueryClientOptions = {}): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (isApiError(error, 401)) onUnauthorized?.();
      },
    }),
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        staleTime: 30_000,
        // A 4xx will not change on retry; a network error or 5xx gets one more try.
        retry: (failureCount, error) => !(isApiError(error) && error.status < 500) && failureCount < 1,
      },
      mutations: { retry: false },
    },
  });
}
