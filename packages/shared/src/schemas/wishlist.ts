import { z } from 'zod';
import { optionalId, optionalMemory } from './cart';
import { id, int } from './common';

/** Products a wishlist holds at most (a shopper with more is told to remove some first). */
export const MAX_WISHLIST = 1000;
/** Products per page of /wishlist. */
export const WISHLIST_PAGE = 24;

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
