import { type DehydratedState, hydrate } from '@tanstack/react-query';
import { ApiError } from '@voltcart/api-client/errors';
import { makeQueryClient } from '../lib/query-client';
import { preconnectApi, startOpeningPage } from './early-start';

/**
 * This browser visit's cache of server state. Made here, in the browser's entry (main.tsx imports this
 * module first), and nowhere else: a server rendering pages makes one per request with makeQueryClient.
 */
export const queryClient = makeQueryClient();

// The data the storefront server fetched for this page (entry-server.ts): the page finds it in the cache
// and does not ask the API again.
const serverState = document.getElementById('vc-state');
if (serverState?.textContent) {
  try {
    const state = JSON.parse(serverState.textContent) as DehydratedState;
    for (const { state: q } of state.queries) {
      // Fresh by this browser's clock: the server's may be ahead of it.
      if (q.status === 'success') q.dataUpdatedAt = Date.now();
      // A failure (a missing product) as the page knows it, so it renders what the server rendered.
      const e = q.error as { message: string; status: number; code: ApiError['code'] } | null;
      if (e) {
        (q as { error: unknown }).error = new ApiError(e.message, e.status, e.code);
        q.errorUpdatedAt = Date.now();
      }
    }
    hydrate(queryClient, state);
  } catch {
    // unreadable: the page fetches its data itself
  }
}

preconnectApi();

/**
 * Runs as this module is evaluated: main.tsx imports it before React, so the requests leave while
 * the rest of the app's code is still being evaluated.
 */
export const openingPage = startOpeningPage(queryClient, window.location, { withData: !serverState });
