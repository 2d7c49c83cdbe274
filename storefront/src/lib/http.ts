import { createHttp } from '@voltcart/api-client/http';
import { env } from '../config/env';
import { useNotifications } from '../stores/notifications-store';
import { useSession } from '../stores/session-store';

/**
 * The storefront's axios instance (loaded on the first API call, see api.ts): the one place for the API
 * address (runtime config, read on every call), the shopper's token and the time limits (createHttp's).
 */
export const http = createHttp({
  baseURL: () => env().apiUrl,
  getToken: () => useSession.getState().userToken,
  onUnauthorized: () => {
    // An expired or revoked token: drop the session so the shop keeps working as a guest.
    if (useSession.getState().userToken) {
      useSession.getState().clear();
      useNotifications.getState().notify('error', 'Your session has expired. Please log in again.');
    }
  },
});
