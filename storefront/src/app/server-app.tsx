import type { QueryClient } from '@tanstack/react-query';
import { StaticRouter } from 'react-router-dom';
import { AppProvider } from './provider';
import { AppRoutes } from './router';

/**
 * The whole shop as the storefront server renders it (entry-server.ts): the same providers and routes as in
 * the browser (index.tsx), at a fixed address, with the query cache the server filled for this request.
 */
export function ServerApp({ queryClient, location }: { queryClient: QueryClient; location: string }) {
  return (
    <AppProvider queryClient={queryClient}>
      <StaticRouter location={location}>
        <AppRoutes />
      </StaticRouter>
    </AppProvider>
  );
}
