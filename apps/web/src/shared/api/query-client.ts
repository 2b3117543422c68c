import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './errors.ts';

/** Reads are retried only for failures that may pass on a second try (network, 5xx). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 2,
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
    mutations: { retry: false },
  },
});
