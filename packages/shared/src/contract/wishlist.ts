import type { wishlistAddBody, wishlistMergeBody, wishlistQuery } from '../schemas/wishlist';
import type { ProductSummary } from '../types';
import { route } from './define';

/** A product on the shopper's wishlist, with the colour and memory size chosen when it was added. */
export interface WishlistItem {
  product: ProductSummary;
  colorId: string | null;
  memorySize: number | null;
  /** ISO 8601. */
  addedAt: string;
}

/**
 * The logged-in shopper's wishlist, kept on the server (guests keep theirs in the browser and merge it at login).
 * Writes answer with the ids of every product on it, so the hearts follow at once.
 */
export const wishlist = {
  /** Newest first, 24 a page; products no longer shown in the shop are left out. */
  list: route('GET /wishlist', 'customer').query<typeof wishlistQuery>().reply<{
    items: WishlistItem[];
    hasMore: boolean;
    total: number;
  }>(),
  ids: route('GET /wishlist/ids', 'customer').reply<{ ids: string[] }>(),
  /** Adds the product (again: its options are updated); 400 at MAX_WISHLIST products. */
  add: route('PUT /wishlist/:productId', 'customer')
    .body<typeof wishlistAddBody>()
    .reply<{ ids: string[] }>(),
  remove: route('DELETE /wishlist/:productId', 'customer').reply<{ ids: string[] }>(),
  /** Merges a guest's wishlist (at login); products already there keep their place. */
  merge: route('POST /wishlist/merge', 'customer')
    .body<typeof wishlistMergeBody>()
    .reply<{ ids: string[] }>(),
};
