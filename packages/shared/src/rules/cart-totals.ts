import { priceOrder } from '../pricing/price-order';
import { toPaise, toRupees } from './money';

export interface CartLineLike {
  qty: number;
  /** Unit selling price in rupees, option adjustments included. */
  unitPrice: number;
  /** Unit original (MSRP) price in rupees, option adjustments included. */
  unitOriginalPrice: number;
}

export interface CartTotals {
  count: number;
  /** Σ unitPrice × qty: what the shopper pays (GST-inclusive). */
  finalTotal: number;
  /** Σ unitOriginalPrice × qty. */
  originalTotal: number;
  /** originalTotal − finalTotal, shown as "You save" (the seed's "tax estimate"). */
  youSave: number;
  /** Each line's unitPrice × qty, in the order of the lines. */
  lineTotals: number[];
}

/**
 * Cart totals in rupees, as the storefront shows them: the lines priced by priceOrder (packages/shared pricing).
 * - count is the number of units (Σ qty), as the header's cart icon shows
 * - totals are Σ price × qty, summed in paise so no rounding error creeps in
 * - "You save" = original total − final total, never negative (a line's MSRP is never below its price)
 */
export function cartTotals(lines: readonly CartLineLike[]): CartTotals {
  const priced = priceOrder(
    lines.map((l) => ({
      qty: l.qty,
      pricePaise: toPaise(l.unitPrice),
      originalPaise: toPaise(l.unitOriginalPrice),
    })),
  );
  return {
    count: priced.count,
    finalTotal: toRupees(priced.totalPaise),
    originalTotal: toRupees(priced.originalPaise),
    youSave: toRupees(priced.savingsPaise),
    lineTotals: priced.lines.map((l) => toRupees(l.netPaise)),
  };
}
