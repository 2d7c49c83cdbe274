import type { Product, Variant } from '@voltcart/shared';
import { toPaise, toRupees, unitPricePaise } from '@voltcart/shared';

export interface Selection {
  colorId: string | null;
  memorySize: number | null;
}

/**
 * The product page's choice (the cart gives a line with nothing chosen the same first options).
 * - defaults to the first colour and the first memory size
 * - a choice the product does not offer falls back to the first one
 * - a product without colours / memory sizes has null for that choice
 */
export function normalizeSelection(
  product: Pick<Product, 'colors' | 'memorySizes'>,
  wanted: Partial<Selection>,
): Selection {
  const colors = product.colors ?? [];
  const sizes = product.memorySizes ?? [];
  const color = colors.find((c) => c._id === wanted.colorId) ?? colors[0] ?? null;
  const memorySize =
    wanted.memorySize != null && sizes.includes(wanted.memorySize) ? wanted.memorySize : (sizes[0] ?? null);
  return { colorId: color?._id ?? null, memorySize };
}

function colorAdj(product: Pick<Product, 'colors'>, colorId: string | null): number {
  return product.colors?.find((c) => c._id === colorId)?.priceAdj ?? 0;
}

function memoryAdj(product: Pick<Product, 'memorySizes' | 'memoryPriceAdj'>, size: number | null): number {
  if (size == null) return 0;
  const i = (product.memorySizes ?? []).indexOf(size);
  return i < 0 ? 0 : (product.memoryPriceAdj?.[i] ?? 0);
}

export interface SelectionPrice {
  /** Selling price with the option adjustments. */
  price: number;
  /** MSRP with the option adjustments. */
  msrp: number;
  /** Whole percent off the MSRP (0 when none). */
  percentOff: number;
}

/** The variant sold for a choice of colour and memory size (undefined: that combination is not sold). */
export function findVariant(
  product: Pick<Product, 'variants'>,
  colorId: string | null,
  memorySize: number | null,
): Variant | undefined {
  return product.variants?.find((v) => v.colorId === colorId && v.memorySize === memorySize);
}

/**
 * Why a combination cannot be bought, or null when it can.
 * - answers from API versions before variants (no `variants`) know no combinations: every one is offered
 * - not among the product's (switched-on) variants: "Not sold in this combination"
 * - no units: "Out of stock"
 */
export function unavailableReason(
  product: Pick<Product, 'variants'>,
  colorId: string | null,
  memorySize: number | null,
): string | null {
  if (!product.variants) return null;
  const v = findVariant(product, colorId, memorySize);
  if (!v?.enabled) return 'Not sold in this combination';
  if (v.stock <= 0) return 'Out of stock';
  return null;
}

/**
 * Price of the chosen options: the variant's own price and MSRP when it is known, else the base price plus the
 * colour's and the memory size's adjustments.
 */
/** The unit-price rule (packages/shared pricing) on the rupees the API sends. */
const unitPrice = (base: number, colorAdj: number, memoryAdj: number) =>
  toRupees(
    unitPricePaise({
      pricePaise: toPaise(base),
      colorAdjPaise: toPaise(colorAdj),
      memoryAdjPaise: toPaise(memoryAdj),
    }),
  );

export function selectionPrice(product: Product, sel: Selection): SelectionPrice {
  const c = colorAdj(product, sel.colorId);
  const m = memoryAdj(product, sel.memorySize);
  const v = findVariant(product, sel.colorId, sel.memorySize);
  const price = v ? v.price : unitPrice(product.finalPrice, c, m);
  const msrp = v ? v.originalPrice : unitPrice(product.originalPrice, c, m);
  const percentOff = msrp > price && msrp > 0 ? Math.round(((msrp - price) / msrp) * 100) : 0;
  return { price, msrp, percentOff };
}

/** A cart line of the product in the chosen colour and memory size, at that choice's price (picture and quantity aside). */
export function chosenLine(product: Product, sel: Selection) {
  const variant = findVariant(product, sel.colorId, sel.memorySize);
  const { price, msrp } = selectionPrice(product, sel);
  return {
    productId: product._id,
    name: product.name,
    colorId: sel.colorId,
    colorName: product.colors?.find((c) => c._id === sel.colorId)?.name ?? null,
    memorySize: sel.memorySize,
    sku: variant?.sku ?? null,
    unitPrice: price,
    unitOriginalPrice: msrp,
  };
}

/** Lowest and highest selling price over every colour × memory combination (the API's, when it sends one). */
export function priceRange(product: Product): { min: number; max: number } {
  if (product.priceRange) return product.priceRange;
  const cAdj = (product.colors ?? []).map((c) => c.priceAdj ?? 0);
  const mAdj = (product.memorySizes ?? []).map((_, i) => product.memoryPriceAdj?.[i] ?? 0);
  const lo = (xs: number[]) => (xs.length ? Math.min(...xs) : 0);
  const hi = (xs: number[]) => (xs.length ? Math.max(...xs) : 0);
  return {
    min: unitPrice(product.finalPrice, lo(cAdj), lo(mAdj)),
    max: unitPrice(product.finalPrice, hi(cAdj), hi(mAdj)),
  };
}
