import type { categoryTaxBody, TaxSettingsReply, taxSettingsBody } from '../schemas/after-order';
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
