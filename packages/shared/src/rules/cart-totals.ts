import { priceOrder } from '../pricing/price-order';
import { type CartLineLike, cartPricingLines } from './cart-goods';
import { toPaise, toRupees } from './money';

export interface CartTotals {
  count: number;
  /** Σ unitPrice × qty: what the shopper pays (GST-inclusive). */
  finalTotal: number;
  /** Σ unitOriginalPrice × qty. */
  originalTotal: number;
  /** originalTotal − finalTotal, shown as "You save" (the discount, not a tax estimate). */
  youSave: number;
  /** Each line's unitPrice × qty, in the order of the lines. */
  lineTotals: number[];
  /** The shipping charge and COD fee given (₹, 0 when none), and what the order comes to with them. */
  shipping: number;
  codFee: number;
  orderTotal: number;
}

/**
 * Cart totals in rupees, as the storefront shows them: the lines priced by priceOrder (packages/shared pricing).
 * - count is the number of units (Σ qty), as the header's cart icon shows
 * - totals are Σ price × qty, summed in paise so no rounding error creeps in
 * - "You save" = original total − final total, never negative (a line's MSRP is never below its price)
 * - `charges` (the delivery check's shipping and COD fee, ₹) are added to the order total, not to finalTotal
 */
export function cartTotals(
  lines: readonly CartLineLike[],
  charges: { shipping?: number; codFee?: number } = {},
): CartTotals {
  const priced = priceOrder(cartPricingLines(lines), {
    shippingPaise: toPaise(charges.shipping ?? 0),
    codFeePaise: toPaise(charges.codFee ?? 0),
  });
  return {
    count: priced.count,
    finalTotal: toRupees(priced.subtotalPaise - priced.discountPaise),
    originalTotal: toRupees(priced.originalPaise),
    youSave: toRupees(priced.savingsPaise),
    lineTotals: priced.lines.map((l) => toRupees(l.netPaise)),
    shipping: toRupees(priced.shippingPaise),
    codFee: toRupees(priced.codFeePaise),
    orderTotal: toRupees(priced.totalPaise),
  };
}
