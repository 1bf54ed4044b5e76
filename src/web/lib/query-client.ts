import { QueryClient } from '@tanstack/react-query';

/**
 * Spec §9 defaults: data never goes stale on its own, nothing refetches on an interval or on
 * window focus, and nothing retries. Each query that needs freshness or a retry says so itself.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchInterval: false,
        refetchOnWindowFocus: false,
        retry: false,
        staleTime: Number.POSITIVE_INFINITY,
      },
      mutations: {
        retry: false,
      },
    },
  });
}
