import { hydrate } from '@tanstack/react-query';
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
    hydrate(queryClient, JSON.parse(serverState.textContent));
  } catch {
    // unreadable: the page fetches its data itself
  }
}

preconnectApi();

/**
 * Runs as this module is evaluated: main.tsx imports it before React, so the requests leave while
 * the rest of the app's code is still being evaluated.
 */
export const openingPage = startOpeningPage(queryClient, window.location);
