import { priceGoods } from '../pricing/price-goods';
import { toPaise, toRupees } from './money';

export interface CartLineLike {
  qty: number;
  /** Unit selling price in rupees, option adjustments included. */
  unitPrice: number;
  /** Unit original (MSRP) price in rupees, option adjustments included. */
  unitOriginalPrice: number;
}

export interface CartGoods {
  count: number;
  /** Σ unitPrice × qty: what the goods cost (GST-inclusive), before discounts and charges. */
  finalTotal: number;
  /** Σ unitOriginalPrice × qty. */
  originalTotal: number;
}

/** The cart's lines as priceGoods prices them (paise), from the storefront's rupee figures. */
export const cartPricingLines = (lines: readonly CartLineLike[]) =>
  lines.map((l) => ({
    qty: l.qty,
    pricePaise: toPaise(l.unitPrice),
    originalPaise: toPaise(l.unitOriginalPrice),
  }));

/**
 * What the header's cart shows on every page: units and the goods total in rupees, priced by priceGoods (the
 * first step of the pricing function) without loading the rest of it.
 */
export function cartGoods(lines: readonly CartLineLike[]): CartGoods {
  const goods = priceGoods(cartPricingLines(lines));
  return {
    count: goods.count,
    finalTotal: toRupees(goods.subtotalPaise),
    originalTotal: toRupees(goods.originalPaise),
  };
}
