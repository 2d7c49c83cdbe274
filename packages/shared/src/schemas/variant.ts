import { z } from 'zod';
import { VARIANT_SKU } from '../rules/variant-sku';
import { memorySize, stockCount, weightOverride } from './catalog';
import { formBoolean, id, int, rupees, text } from './common';
import { lowStockUnits } from './settings';

const sku = text(160).regex(VARIANT_SKU, 'must be 1–160 letters, digits, dots, dashes or underscores');
/** A price of its own (rupees, ≥ 0), or null to go back to the product's price plus the option adjustments. */
const priceOverride = z.union([rupees, z.null()]);
const position = int().pipe(z.number().min(0, 'must not be negative').max(10_000, 'is too large'));
/**
 * A variant's own low-stock threshold (units), or null (blank text too) to follow the shop's setting. Named as the
 * variant table's column names it: staff read the label in the message.
 */
const lowStockOverride = z
  .union([z.string(), z.number(), z.null()], { error: 'must be a whole number of units' })
  .transform((v) => (typeof v === 'string' && v.trim() === '' ? null : v))
  .pipe(lowStockUnits.nullable())
  .meta({ label: 'Low-stock alert at' });

/** A new variant: one combination of the product's options (null when the product has none of that kind). */
export const variantCreateBody = z.object({
  sku: sku.optional(),
  colorId: z.union([id, z.null()]).optional(),
  memorySize: z.union([memorySize, z.null()]).optional(),
  stock: stockCount.default(0),
  priceOverride: priceOverride.optional(),
  enabled: formBoolean.optional(),
  position: position.optional(),
  /** Grams; '' or null: the product's weight. */
  weightGrams: weightOverride.optional(),
});

/**
 * A variant's change: only the fields sent. A stock change is compare-and-set like a product's: `stock` goes
 * with `expectedStock` (409 `stock_changed` when it moved since the client loaded it).
 */
export const variantUpdateBody = z.object({
  sku: sku.optional(),
  stock: stockCount.optional(),
  expectedStock: stockCount.optional(),
  priceOverride: priceOverride.optional(),
  enabled: formBoolean.optional(),
  position: position.optional(),
  /** Grams; '' or null: the product's weight. */
  weightGrams: weightOverride.optional(),
  /** Units; '' or null: the shop's low-stock threshold. */
  lowStockThreshold: lowStockOverride.optional(),
});

/** Stock of many variants of one product at once, all or nothing, each compare-and-set. */
export const variantStockBody = z.object({
  changes: z
    .array(z.object({ variantId: id, stock: stockCount, expectedStock: stockCount }))
    .min(1, 'must list at least one variant')
    .max(500, 'must list at most 500 variants'),
});

export type VariantCreateBody = z.output<typeof variantCreateBody>;
export type VariantUpdateBody = z.output<typeof variantUpdateBody>;
