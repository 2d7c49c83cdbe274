import { type ClientOf, clientOf, type Transport } from '@voltcart/api-client/client';
import { fetchOrderDocument } from '@voltcart/api-client/documents';
import { ApiError } from '@voltcart/api-client/errors';
import type { Http } from '@voltcart/api-client/http';
import { type ShopContract, shopContract } from '@voltcart/shared';

let loading: Promise<Http> | null = null;

/**
 * The axios instance (http.ts), fetched with the first call rather than with the page: the first render
 * does not need it, and axios is the largest library after React DOM. The page's first requests start it
 * before React does (app/browser-visit.ts), so it arrives beside the page's own code. A failed download is
 * tried again on the next call.
 */
function loadHttp(): Promise<Http> {
  loading ??= import('./http').then(
    (m) => m.http,
    () => {
      loading = null;
      throw new ApiError(
        'The shop could not finish loading. Check your internet connection and try again.',
        0,
        'network',
      );
    },
  );
  return loading;
}

const transport: Transport = {
  request: async (config) => (await loadHttp()).request(config),
};

/** The storefront's one API client: every route of the shop's groups as a method (`api.product.list(...)`). */
export const api: ClientOf<ShopContract> = clientOf(transport, shopContract);

export type Api = typeof api;

/** An order's tax invoice (or, with `number`, a credit note) as a PDF, with the shopper's token. */
export const orderDocument = (orderId: string, number?: string) =>
  fetchOrderDocument(transport, orderId, number);
