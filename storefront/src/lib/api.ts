import { cartApi } from '@voltcart/api-client/cart';
import { createHttp } from '@voltcart/api-client/http';
import { newsletterApi } from '@voltcart/api-client/newsletter';
import { orderApi } from '@voltcart/api-client/order';
import { userApi } from '@voltcart/api-client/user';
import { env } from '../config/env';
import { useNotifications } from '../stores/notifications-store';
import { useSession } from '../stores/session-store';

/**
 * The storefront's HTTP client for everything but the public reads (public-api.ts): API address from
 * runtime config, the shopper's token on every call. Modules of the first page load reach it through
 * loadApi() (load-api.ts), so that axios is downloaded only when a shopper needs it.
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

export const api = {
  user: userApi(http),
  cart: cartApi(http),
  order: orderApi(http),
  newsletter: newsletterApi(http),
};

export type Api = typeof api;
