import { admin, audit, staff, user } from './account';
import { catalog, category, color, product, search, variant } from './catalog';
import { catalogCsv } from './catalog-csv';
import { customer } from './customer';
import { delivery } from './delivery';

export type { AccountExport } from './account';
export type { FacetValue, ProductFacets, ProductId, ProductList, Suggestions, Synonym } from './catalog';
export type { CatalogImport, CsvRowError } from './catalog-csv';
export type { PincodeCheck, ShippingSettings, ShippingZoneJson } from './delivery';

export type { PricesChanged } from './shop';

import { cart, health, newsletter, order, settings } from './shop';
import { tax } from './tax';

/**
 * Every JSON route of the API, by resource. The API implements exactly these (a test compares its route table
 * with this list), and the api-client's methods are made from them.
 */
export const contract = {
  admin,
  staff,
  audit,
  user,
  catalog,
  customer,
  category,
  color,
  product,
  search,
  variant,
  catalogCsv,
  cart,
  order,
  settings,
  newsletter,
  health,
  tax,
  delivery,
};

export type Contract = typeof contract;
