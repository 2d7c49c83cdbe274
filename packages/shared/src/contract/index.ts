import { admin, audit, staff, user } from './account';
import { category, color, product, search, variant } from './catalog';

export type { FacetValue, ProductFacets, ProductList, Suggestions, Synonym } from './catalog';

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
  category,
  color,
  product,
  search,
  variant,
  cart,
  order,
  settings,
  newsletter,
  health,
  tax,
};

export type Contract = typeof contract;
