import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@voltcart/api-client/errors';

/** How long an answer of the API is used without asking again. */
export const ANSWER_FRESH_MS = 30_000;

/** How many times a read that got no answer, or a 502/503/504, is tried again. */
const RETRIES = 2;

/**
 * Whether a failed read is worth another try:
 * - no answer (network down, the server restarting) or a gateway/busy answer (502, 503, 504): yes, twice
 * - a time-out: no (the shopper has already waited 20 s)
 * - any other answer (404, 400, 401…): no, asking again gives the same answer
 */
export function shouldRetry(failures: number, error: unknown): boolean {
  if (failures >= RETRIES || !(error instanceof ApiError)) return false;
  if (error.status === 0) return error.code === 'network';
  return error.status === 502 || error.status === 503 || error.status === 504;
}

/**
 * A new cache of server state. One per browser visit (made by main.tsx), one per request on a server that
 * renders pages (never a module-level instance that requests would share):
 * - answers stay fresh for 30 s; an older one is shown at once and refreshed in the background
 * - no reload when the window regains focus: pages load when opened and after the writes that affect them
 * - writes are never retried (placing an order twice must not happen by itself)
 */
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: ANSWER_FRESH_MS,
        refetchOnWindowFocus: false,
        retry: shouldRetry,
        retryDelay: (attempt) => 500 * 2 ** attempt,
      },
      mutations: { retry: false },
    },
  });
}
