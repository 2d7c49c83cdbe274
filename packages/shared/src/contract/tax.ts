import type { categoryTaxBody, TaxSettingsReply, taxSettingsBody } from '../schemas/after-order';
import type { LineSerials, orderSerialsBody, SerialMatch, serialSearchQuery } from '../schemas/gst';
import { route } from './define';

/**
 * GST settings for tax invoices (back office): the seller's legal name, GSTIN, address and state, and each
 * category's HSN code and GST rate. The invoice PDF itself (`GET /order/:orderId/invoice`) is binary, so outside
 * the contract.
 */
export const tax = {
  get: route('GET /settings/tax', 'settings.read').reply<TaxSettingsReply>(),
  update: route('PUT /settings/tax', 'settings.write')
    .body<typeof taxSettingsBody>()
    .reply<TaxSettingsReply>(),
  setCategory: route('PUT /settings/tax/category/:categoryId', 'settings.write')
    .body<typeof categoryTaxBody>()
    .reply<TaxSettingsReply>(),
};

/**
 * Serial numbers (IMEI) of an order's units, recorded at packing (staff): printed under their item on the order's
 * invoice and found again by a search.
 */
export const serials = {
  get: route('GET /order/:orderId/serials', 'orders.read').reply<{ lines: LineSerials[] }>(),
  set: route('PUT /order/:orderId/serials', 'orders.write')
    .body<typeof orderSerialsBody>()
    .reply<{ lines: LineSerials[] }>(),
  search: route('GET /serials', 'orders.read')
    .query<typeof serialSearchQuery>()
    .reply<{ matches: SerialMatch[] }>(),
};
