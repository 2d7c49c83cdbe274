import { QueryClient } from '@tanstack/react-query';

/**
 * The renderer's cache of server state.
 * - no automatic retries: a failed read shows at once (a list is emptied) with "Try again"
 * - no reload when the window regains focus: screens load when opened and after the writes that affect them
 * - a screen opened again shows what it had while it loads afresh (answers are stale at once)
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
