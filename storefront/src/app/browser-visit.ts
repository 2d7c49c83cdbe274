import { makeQueryClient } from '../lib/query-client';
import { preconnectApi, startOpeningPage } from './early-start';

/**
 * This browser visit's cache of server state. Made here, in the browser's entry (main.tsx imports this
 * module first), and nowhere else: a server rendering pages makes one per request with makeQueryClient.
 */
export const queryClient = makeQueryClient();

preconnectApi();

/**
 * Runs as this module is evaluated: main.tsx imports it before React, so the requests leave while
 * the rest of the app's code is still being evaluated.
 */
export const openingPage = startOpeningPage(queryClient, window.location);
