import type { StockActor, StockReason } from '../rules/stock-ledger';
import type { lowStockThresholdBody, stockMovementsQuery } from '../schemas/stock';
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

/** A variant as the stock reports name it (a mismatch, a low-stock alert): its product, SKU and units. */
export interface StockVariant {
  variantId: string;
  productId: string;
  productName: string;
  sku: string;
  units: number;
}

/** A variant whose units differ from the sum of its ledger rows (the reconciliation check). */
export interface StockMismatch extends StockVariant {
  ledgerUnits: number;
}

/**
 * A variant at or below its low-stock threshold since the change that crossed it (staff were mailed once then).
 * `threshold` is the one in force: `ownThreshold` when the variant has its own, else the shop's setting.
 */
export interface LowStockAlert extends StockVariant {
  threshold: number;
  ownThreshold: number | null;
  /** When it crossed (or when the list started, for variants already low then). */
  since: string;
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
  /** The dashboard's low-stock list: open alerts, fewest units first (`total` counts them all). */
  low: route('GET /stock/low', 'catalog.read').reply<{ alerts: LowStockAlert[]; total: number }>(),
  /** A variant's own low-stock threshold, or `null` to follow the shop's; the list is sorted again (no mail). */
  threshold: route('PUT /stock/variant/:id/threshold', 'catalog.write')
    .body<typeof lowStockThresholdBody>()
    .reply<{ variantId: string; threshold: number; ownThreshold: number | null }>(),
};
