/**
 * Why a variant's units changed (one stock ledger row each):
 * - `opening`: the units a variant held when the ledger started; `created`: a new variant's first units
 * - `order`: taken by an order; `retake`: taken again by an order that was paid or retried after it gave them back
 * - `cancel`, `payment_failed`, `expired`: given back by an order that will not be paid or delivered
 * - `refund`: given back by a full refund before shipping; `return`: a parcel back in sellable stock
 * - `staff_edit`: a count typed in the back office; `bulk`: "Units ±" on many products; `csv_import`: a catalogue
 *   CSV import; `damaged`: units written off
 */
export const STOCK_REASONS = [
  'opening',
  'created',
  'order',
  'retake',
  'cancel',
  'payment_failed',
  'expired',
  'refund',
  'return',
  'staff_edit',
  'bulk',
  'csv_import',
  'damaged',
] as const;

export type StockReason = (typeof STOCK_REASONS)[number];

export const STOCK_REASON_LABELS: Record<StockReason, string> = {
  opening: 'Opening count',
  created: 'New variant',
  order: 'Order placed',
  retake: 'Order held again',
  cancel: 'Order cancelled',
  payment_failed: 'Payment failed',
  expired: 'Order expired',
  refund: 'Refunded before shipping',
  return: 'Returned to stock',
  staff_edit: 'Staff edit',
  bulk: 'Bulk units ±',
  csv_import: 'CSV import',
  damaged: 'Damaged',
};

/** Who or what moved the units: a shopper, staff, the payment provider, or the shop's own jobs. */
export const STOCK_ACTORS = ['customer', 'admin', 'payment', 'system'] as const;
export type StockActor = (typeof STOCK_ACTORS)[number];
