import { z } from 'zod';
import { id, int } from './common';

/** Products a wishlist holds at most (a shopper with more is told to remove some first). */
export const MAX_WISHLIST = 1000;
/** Products per page of /wishlist. */
export const WISHLIST_PAGE = 24;

const optionalId = z
  .union([id, z.literal(''), z.null()])
  .optional()
  .transform((v) => (v ? v : null));
const optionalMemory = z
  .union([int().pipe(z.number().min(1).max(65536)), z.literal(''), z.null()], {
    error: 'must be a number of GB',
  })
  .optional()
  .transform((v) => (typeof v === 'number' ? v : null));

/** The options chosen when the product was added (kept for "Move to cart"). */
export const wishlistAddBody = z.object({ colorId: optionalId, memorySize: optionalMemory });

/** A guest's wishlist, merged into the account's at login (products that no longer exist are skipped). */
export const wishlistMergeBody = z.object({
  items: z
    .array(z.object({ productId: id, colorId: optionalId, memorySize: optionalMemory }), {
      error: 'must be a list of products',
    })
    .max(MAX_WISHLIST, `must hold at most ${MAX_WISHLIST} products`),
});

export const wishlistQuery = z.object({
  page: int().pipe(z.number().min(1, 'must be at least 1').max(100000, 'is too large')).optional(),
});
