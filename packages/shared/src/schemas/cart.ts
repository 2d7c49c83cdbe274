import { z } from 'zod';
import { id, int } from './common';

export const qty = int().pipe(z.number().min(1, 'must be at least 1').max(99, 'must be at most 99'));

/** A chosen option's id (a colour, a variant); blank or missing means none (null). */
export const optionalId = z
  .union([id, z.literal(''), z.null()])
  .optional()
  .transform((v) => (v ? v : null));
/** A chosen memory size in GB; blank or missing means none (null). */
export const optionalMemory = z
  .union([int().pipe(z.number().min(1).max(65536)), z.literal(''), z.null()], {
    error: 'must be a number of GB',
  })
  .optional()
  .transform((v) => (typeof v === 'number' ? v : null));

/**
 * Add-to-cart (userId, productId, qty=1, as first released) plus the chosen options; or the variant itself
 * (`variantId` or `sku`), which names its product, colour and memory size.
 */
export const addToCartBody = z.object({
  userId: z.union([z.string(), z.number()]).optional(),
  productId: id,
  qty: qty.default(1),
  colorId: optionalId,
  memorySize: optionalMemory,
  variantId: optionalId,
  sku: z.string().trim().max(160, 'must be at most 160 characters').optional(),
});

/** A line of the local (guest) cart, as the storefront keeps it. */
export const localCartLine = z.object({
  productId: id,
  qty,
  colorId: optionalId,
  memorySize: optionalMemory,
});

/** move-to-db: `cart` is the local item list, or the whole local cart object with `items`. */
export const moveToDbBody = z.object({
  user_id: z.union([z.string(), z.number()]).optional(),
  cart: z
    .union([
      z.array(localCartLine).max(200),
      z.object({ items: z.array(localCartLine).max(200) }).transform((c) => c.items),
    ])
    .default([]),
});

export const updateCartLineBody = z.object({ qty });

export type LocalCartLine = z.infer<typeof localCartLine>;
