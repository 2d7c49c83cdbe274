import type { StockActor, StockReason } from '../rules/stock-ledger';
import type { stockMovementsQuery } from '../schemas/stock';
import { route } from './define';

/**
 * One change of a variant's units, as the stock ledger keeps it: `before + delta = after`.
 * - `who`: the staff member's name for back-office changes; null for shoppers, payments and the shop's jobs
 * - `orderId`: the order's public id when an order moved the units
 * - `variantDeleted`: the variant (or its product) no longer exists; its trail is kept
 */
export interface StockMovement {
  _id: string;
  at: string;
  variantId: string;
  sku: string;
  variantDeleted: boolean;
  delta: number;
  before: number;
  after: number;
  reason: StockReason;
  actor: StockActor;
  who: string | null;
  orderId: string | null;
  reference: string;
  note: string;
}

/** A variant whose units differ from the sum of its ledger rows (the reconciliation check). */
export interface StockMismatch {
  variantId: string;
  productId: string;
  productName: string;
  sku: string;
  units: number;
  ledgerUnits: number;
}

/** The stock ledger (back office): a product's trail, and the check that the ledger adds up to the units now. */
export const stock = {
  /** Newest first; `variants` lists every SKU the product's trail names (deleted ones too), for the filter. */
  movements: route('GET /stock/product/:id/movements', 'catalog.read')
    .query<typeof stockMovementsQuery>()
    .reply<{
      movements: StockMovement[];
      hasMore: boolean;
      variants: { _id: string; sku: string; deleted: boolean }[];
    }>(),
  /** "Check stock": every variant's units against the sum of its ledger rows; `mismatches` empty when they agree. */
  check: route('GET /stock/check', 'catalog.read').reply<{
    checked: number;
    mismatches: StockMismatch[];
  }>(),
};
