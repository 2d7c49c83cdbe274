import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { queryClient } from '../lib/query-client';
import { useSession } from '../stores/session';

/** The server-state cache for the whole app. What it holds belongs to one admin session. */
export function AppProviders(props: { children: ReactNode }) {
  useEffect(
    () =>
      useSession.subscribe((now, before) => {
        // Logged out, or the session ended: nothing loaded with that token stays on hand.
        if (now.token !== before.token) queryClient.clear();
      }),
    [],
  );
  return <QueryClientProvider client={queryClient}>{props.children}</QueryClientProvider>;
}
