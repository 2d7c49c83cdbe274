import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode, useEffect } from 'react';
import { queries } from '../lib/queries';
import { refreshSession } from '../stores/session-actions';

/** App-wide start-up work: the cache of server state, shop settings, a stored session refreshed against the API. */
export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  useEffect(() => {
    void queryClient.prefetchQuery(queries.settings());
    void refreshSession();
  }, [queryClient]);
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </StrictMode>
  );
}
