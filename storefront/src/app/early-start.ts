import { env } from '../config/env';
import { matchPattern, pageRoutes } from './route-table';

/**
 * Starts what the page the shop opens on needs: its code and its catalogue requests (for the store,
 * also its first product pictures), so that React can render that page once, with everything at hand.
 * The router asks for the same code and requests a moment later and finds them on their way.
 * Settles (never rejects) when the page's code and main content are there or have failed.
 */
export function startOpeningPage({
  pathname,
  search,
}: Pick<Location, 'pathname' | 'search'>): Promise<unknown> {
  const route = pageRoutes.find((r) => matchPattern(r.pattern, pathname));
  if (!route) return Promise.resolve();
  const params = matchPattern(route.pattern, pathname) ?? {};
  // A failure is the router's to report when it loads the page itself.
  return Promise.allSettled([route.page(), route.requests?.(params, new URLSearchParams(search))]);
}

/** Product pictures come from the API host: open that connection now (the API requests use their own). */
function preconnectApi(): void {
  try {
    const link = document.createElement('link');
    link.rel = 'preconnect';
    link.href = env().apiUrl;
    document.head.appendChild(link);
  } catch {
    // A broken configuration is reported by the app itself (main.tsx).
  }
}

preconnectApi();

/**
 * Runs as this module is evaluated: main.tsx imports it before React, so the requests leave while
 * the rest of the app's code is still being evaluated.
 */
export const openingPage = startOpeningPage(window.location);
