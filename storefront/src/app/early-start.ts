import type { QueryClient } from '@tanstack/react-query';
import { env } from '../config/env';
import { loadPage, matchPattern, pageRoutes } from './route-table';

/**
 * Starts what the page the shop opens on needs: its code and its catalogue requests (for the store,
 * also its first product pictures), so that React can render that page once, with everything at hand.
 * The routes ask for the same code and queries a moment later and find them on their way.
 * Settles (never rejects) when the page's code and main content are there or have failed. `withData: false`
 * when the server sent the page with its data (app/browser-visit.ts): its code only.
 */
export function startOpeningPage(
  client: QueryClient,
  { pathname, search }: Pick<Location, 'pathname' | 'search'>,
  { withData = true }: { withData?: boolean } = {},
): Promise<unknown> {
  const route = pageRoutes.find((r) => matchPattern(r.pattern, pathname));
  if (!route) return Promise.resolve();
  const params = matchPattern(route.pattern, pathname) ?? {};
  // A failure is the page's to report when it loads itself.
  return Promise.allSettled([
    loadPage(route),
    withData ? route.requests?.(client, params, new URLSearchParams(search)) : undefined,
  ]);
}

/** Product pictures come from the API host: open that connection now (the API requests use their own). */
export function preconnectApi(): void {
  try {
    const link = document.createElement('link');
    link.rel = 'preconnect';
    link.href = env().apiUrl;
    document.head.appendChild(link);
  } catch {
    // A broken configuration is reported by the app itself (main.tsx).
  }
}
