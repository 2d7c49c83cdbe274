import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { AppProvider } from './provider';
import { AppRoutes } from './router';

/** The whole shop in the browser; `queryClient` is the visit's cache of server state (see browser-visit.ts). */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <AppProvider queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  );
}
