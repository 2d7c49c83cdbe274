import { admin, audit, staff, user } from './account';
import { catalog, category, color, product, search, variant } from './catalog';
import { catalogCsv } from './catalog-csv';
import { cod } from './cod';
import { compare } from './compare';
import { customer } from './customer';
import { delivery } from './delivery';
import { promotion } from './promotion';
import { reports } from './reports';
import { returns } from './returns';
import { review } from './review';
import { stock } from './stock';
import { stockAlert } from './stock-alert';
import { wishlist } from './wishlist';

export type { AccountExport } from './account';
export type { FacetValue, ProductFacets, ProductId, ProductList, Suggestions, Synonym } from './catalog';
export type { CatalogImport, CsvRowError } from './catalog-csv';
export type { CodDue, CodRemittance } from './cod';
export type { PincodeCheck, ShippingSettings, ShippingZoneJson } from './delivery';
export type { Deal, DiscountLine, Promotion, Quote } from './promotion';
export type { SalesFigures, SalesPoint, SalesReport, TopRow } from './reports';
export type {
  OrderReturns,
  ReturnableLine,
  ReturnDetails,
  ReturnHistoryEntry,
  ReturnLineView,
  ReturnPolicy,
  ReturnRefundTo,
  ReturnRequestView,
} from './returns';
export type { MyReview, Review, ReviewPage, StaffReview } from './review';

export type { PricesChanged } from './shop';
export type { LowStockAlert, StockMismatch, StockMovement, StockVariant } from './stock';
export type { WaitingVariant } from './stock-alert';
export type { WishlistItem } from './wishlist';

import { cart, health, newsletter, order, settings } from './shop';
import { serials, tax } from './tax';

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
  returns,
  serials,
  stock,
  reports,
  cod,
  promotion,
  compare,
  delivery,
};

export type Contract = typeof contract;

/**
 * The groups the storefront calls: its client is made from these only, so that the back office's routes stay out
 * of the shop's JavaScript.
 */
export const shopContract = {
  user,
  catalog,
  category,
  color,
  product,
  cart,
  order,
  settings,
  newsletter,
  review,
  wishlist,
  stockAlert,
  returns,
  promotion,
  compare,
  delivery,
};

export type ShopContract = typeof shopContract;
