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
}

/**
 * Cart totals (seed §4, product.md).
 * - count is the number of units (Σ qty), as the header's cart icon shows
 * - totals are Σ price × qty, summed in paise so no rounding error creeps in
 * - "You save" = original total − final total, never negative
 */
export function cartTotals(lines: readonly CartLineLike[]): CartTotals {
  let count = 0;
  let finalPaise = 0;
  let originalPaise = 0;
  for (const line of lines) {
    count += line.qty;
    finalPaise += Math.round(line.unitPrice * 100) * line.qty;
    originalPaise += Math.round(line.unitOriginalPrice * 100) * line.qty;
  }
  return {
    count,
    finalTotal: finalPaise / 100,
    originalTotal: originalPaise / 100,
    youSave: Math.max(0, originalPaise - finalPaise) / 100,
  };
}

/**
 * Monthly instalment shown on the product page (seed §9) when the shop offers EMI.
 * - price ÷ 12, in whole rupees, rounded up (twelve instalments never add up to less than the price)
 */
export function instalment(price: number): number {
  return Math.ceil(Math.round(price * 100) / 1200);
}
