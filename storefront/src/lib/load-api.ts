import type { Api } from './api';
import { ApiCallError } from './api-errors';

let loading: Promise<Api> | null = null;

/**
 * The full API client (axios, lib/api.ts), fetched on first use: a guest browsing the catalogue only
 * reads public data (public-api.ts) and never needs it. A logged-in shopper's session refresh asks for
 * it at start-up. A failed download is retried on the next call.
 */
export function loadApi(): Promise<Api> {
  loading ??= import('./api').then(
    (m) => m.api,
    () => {
      loading = null;
      throw new ApiCallError(
        'The shop could not finish loading. Check your internet connection and try again.',
        0,
        'network',
      );
    },
  );
  return loading;
}
