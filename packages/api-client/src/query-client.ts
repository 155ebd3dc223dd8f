import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error';

const MINUTE = 60_000;

/** spec part 1 §7: queries retry 3 times doubling from 1 s up to 30 s; mutations never retry; 5-minute cache. */
export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000);
}

function shouldRetry(limit: number) {
  return (failureCount: number, error: unknown) => {
    // A refusal (4xx other than timeouts) will not change by asking again.
    if (
      isApiError(error) &&
      error.status !== null &&
      error.status >= 400 &&
      error.status < 500 &&
      error.status !== 408 &&
      error.status !== 429
    ) {
      return false;
    }
    return failureCount < limit;
  };
}

/** The QueryClient the host hands to every remote. The shell's own cache: one retry, no refetch on focus. */
export function createQueryClient(variant: 'default' | 'shell' = 'shell'): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry(variant === 'shell' ? 1 : 3),
        retryDelay,
        gcTime: 5 * MINUTE,
        refetchOnWindowFocus: variant !== 'shell',
      },
      mutations: { retry: false },
    },
  });
}
