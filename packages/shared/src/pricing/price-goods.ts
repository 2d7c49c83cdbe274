/**
 * The unit and line figures of the pricing function (price-order.ts), apart so that what needs only the goods
 * total (the header's cart total, on every page) does not load the rest of the pricing rules.
 */

/** The GST rate of a line whose category names none, and of shipping and the COD fee: 18 %, in basis points. */
export const DEFAULT_GST_RATE_BP = 1800;

/** What a unit's price is made of, as the catalogue stores it (paise). */
export interface UnitFigures {
  /** The product's selling price (its finalPrice). */
  pricePaise: number;
  /** The chosen colour's and memory size's price adjustments (0 when none is chosen). */
  colorAdjPaise?: number;
  memoryAdjPaise?: number;
  /** The variant's own price: when set, it is the unit price, whatever the product price and options say. */
  overridePaise?: number | null;
}

/**
 * The price of one unit with the options chosen.
 * - the variant's own price when it has one
 * - else the product's price plus the chosen colour's and memory size's adjustments
 * - never clamped: a product whose options could bring a price below zero is refused when it is saved
 *   (lowestOptionPricePaise), so the product page, the cart and the order always agree
 */
export function unitPricePaise(f: UnitFigures): number {
  if (f.overridePaise !== null && f.overridePaise !== undefined) return f.overridePaise;
  return f.pricePaise + (f.colorAdjPaise ?? 0) + (f.memoryAdjPaise ?? 0);
}

/**
 * The MSRP of one unit (what "You save" is measured from): the original price plus the same adjustments, never
 * below the unit price (a variant priced above its product's MSRP shows no saving).
 */
export function unitOriginalPaise(f: UnitFigures & { originalPaise: number }): number {
  const original = f.originalPaise + (f.colorAdjPaise ?? 0) + (f.memoryAdjPaise ?? 0);
  return Math.max(unitPricePaise(f), original);
}

/**
 * The lowest unit price any choice of options gives: the price with the lowest colour adjustment and the lowest
 * memory adjustment (0 when there are none to choose from). A product is refused when this is below zero.
 */
export function lowestOptionPricePaise(
  pricePaise: number,
  colorAdjs: readonly number[] = [],
  memoryAdjs: readonly number[] = [],
): number {
  const lowest = (adjs: readonly number[]) => (adjs.length ? Math.min(...adjs) : 0);
  return unitPricePaise({ pricePaise, colorAdjPaise: lowest(colorAdjs), memoryAdjPaise: lowest(memoryAdjs) });
}

/** One order line as the database holds it: the raw figures of its unit, its quantity and its GST rate. */
export interface PricingLine extends UnitFigures {
  /** The product's original (MSRP) price. */
  originalPaise: number;
  /** Units, a whole number from 1. */
  qty: number;
  /** GST rate in basis points (1800 = 18 %); DEFAULT_GST_RATE_BP when not given. */
  gstRateBp?: number;
}

export function wholePaise(n: number, what: string): number {
  if (!Number.isSafeInteger(n)) throw new RangeError(`${what} must be whole paise, got ${n}`);
  return n;
}

/** A line priced before order discounts. */
export interface GoodsLine {
  unitPaise: number;
  unitOriginalPaise: number;
  qty: number;
  gstRateBp: number;
  /** unit × qty: the line before order discounts. */
  amountPaise: number;
  /** unit MSRP × qty. */
  originalAmountPaise: number;
}

export interface PricedGoods {
  lines: GoodsLine[];
  /** Units (Σ qty), as the header's cart icon shows. */
  count: number;
  /** Σ line amounts (before order discounts). */
  subtotalPaise: number;
  /** Σ line MSRP amounts. */
  originalPaise: number;
}

/**
 * The goods of an order before its discounts and charges: the first step of priceOrder.
 * - each line's unit price is unitPricePaise, its MSRP unitOriginalPaise; the line amount is unit × qty
 * - qty is a whole number from 1 and every figure whole paise: anything else is a RangeError
 */
export function priceGoods(lines: readonly PricingLine[]): PricedGoods {
  const priced = lines.map((l) => {
    if (!Number.isSafeInteger(l.qty) || l.qty < 1) throw new RangeError(`qty must be a whole number from 1`);
    for (const k of [
      'pricePaise',
      'originalPaise',
      'colorAdjPaise',
      'memoryAdjPaise',
      'overridePaise',
    ] as const) {
      const v = l[k];
      if (v !== undefined && v !== null) wholePaise(v, k);
    }
    const unitPaise = unitPricePaise(l);
    const unitOriginal = unitOriginalPaise(l);
    return {
      unitPaise,
      unitOriginalPaise: unitOriginal,
      qty: l.qty,
      gstRateBp: l.gstRateBp ?? DEFAULT_GST_RATE_BP,
      amountPaise: unitPaise * l.qty,
      originalAmountPaise: unitOriginal * l.qty,
    };
  });
  return {
    lines: priced,
    count: priced.reduce((s, l) => s + l.qty, 0),
    subtotalPaise: priced.reduce((s, l) => s + l.amountPaise, 0),
    originalPaise: priced.reduce((s, l) => s + l.originalAmountPaise, 0),
  };
}
