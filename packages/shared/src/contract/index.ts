import { admin, audit, staff, user } from './account';
import { catalog, category, color, product, search, variant } from './catalog';
import { catalogCsv } from './catalog-csv';
import { compare } from './compare';
import { customer } from './customer';
import { review } from './review';
import { stockAlert } from './stock-alert';
import { wishlist } from './wishlist';

export type { AccountExport } from './account';
export type { FacetValue, ProductFacets, ProductId, ProductList, Suggestions, Synonym } from './catalog';
export type { CatalogImport, CsvRowError } from './catalog-csv';
export type { MyReview, Review, ReviewPage, StaffReview } from './review';
export type { PricesChanged } from './shop';
export type { WaitingVariant } from './stock-alert';
export type { WishlistItem } from './wishlist';

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
  review,
  wishlist,
  stockAlert,
  compare,
};

export type Contract = typeof contract;
