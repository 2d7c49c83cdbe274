import { MAX_WISHLIST, WISHLIST_PAGE, type WishlistItem } from '@voltcart/shared';
import type { Db } from '../../db/connection';
import { badRequest, notFound } from '../../errors';
import { transaction } from '../../lib/transaction';
import { summariesByIds } from '../product/product.repository';
import { toSummary } from '../product/product-summary.service';
import * as repo from './wishlist.repository';

export const WISHLIST_MESSAGES = {
  loaded: 'Wishlist loaded.',
  added: 'Added to your wishlist.',
  removed: 'Removed from your wishlist.',
  merged: 'Your wishlist is saved to your account.',
  full: `Your wishlist holds at most ${MAX_WISHLIST.toLocaleString('en-IN')} products. Remove some to add more.`,
} as const;
const M = WISHLIST_MESSAGES;

const ids = async (db: Db, userId: number) => (await repo.wishlistIds(db, userId)).map(String);

interface Options {
  colorId: string | null;
  memorySize: number | null;
}
const stored = (o: Options) => ({
  colorId: o.colorId ? Number(o.colorId) : 0,
  memorySize: o.memorySize ?? 0,
});

/** A page of the wishlist (products shoppers can no longer see are left out), newest first. */
export async function listWishlist(db: Db, userId: number, page = 1) {
  const limit = WISHLIST_PAGE;
  const [rows, total] = await Promise.all([
    repo.pageOf(db, userId, { limit, offset: (page - 1) * limit }),
    repo.countVisible(db, userId),
  ]);
  const shown = rows.slice(0, limit);
  const products = new Map(
    (
      await summariesByIds(
        db,
        shown.map((r) => Number(r.product_id)),
      )
    ).map((p) => [Number(p.id), toSummary(p)]),
  );
  const items: WishlistItem[] = shown.flatMap((r) => {
    const product = products.get(Number(r.product_id));
    if (!product) return [];
    return [
      {
        product,
        colorId: Number(r.color_id) ? String(r.color_id) : null,
        memorySize: Number(r.memory_size) || null,
        addedAt: new Date(r.created_at).toISOString(),
      },
    ];
  });
  return { items, hasMore: rows.length > limit, total };
}

export const wishlistIdsOf = ids;

/**
 * Adds a product (an existing one: 404 otherwise) with the options chosen; adding it again updates them. At most
 * MAX_WISHLIST products: the account's row is locked, so two adds at once cannot pass the limit together.
 */
export async function addToWishlist(db: Db, userId: number, productId: number, options: Options) {
  return transaction(db, async (trx) => {
    await repo.lockAccount(trx, userId);
    if (!(await repo.existingProducts(trx, [productId])).has(productId)) throw notFound('Product');
    const there = (await repo.wishlistIds(trx, userId)).includes(productId);
    if (!there && (await repo.countItems(trx, userId)) >= MAX_WISHLIST) throw badRequest(M.full);
    await repo.upsertItem(trx, userId, { productId, ...stored(options) });
    return ids(trx, userId);
  });
}

export async function removeFromWishlist(db: Db, userId: number, productId: number) {
  await repo.deleteItem(db, userId, productId);
  return ids(db, userId);
}

/**
 * Merges a guest's wishlist into the account's, in one transaction:
 * - products already on it keep their place and options; products that no longer exist are skipped
 * - repeats count once; what would pass MAX_WISHLIST is refused whole (nothing added)
 */
export async function mergeWishlist(
  db: Db,
  userId: number,
  items: ({ productId: string } & Options)[],
): Promise<string[]> {
  return transaction(db, async (trx) => {
    await repo.lockAccount(trx, userId);
    const seen = new Set<number>();
    const wanted = items
      .map((i) => ({ productId: Number(i.productId), ...stored(i) }))
      .filter((i) => !seen.has(i.productId) && seen.add(i.productId));
    const exists = await repo.existingProducts(
      trx,
      wanted.map((i) => i.productId),
    );
    const have = new Set(await repo.wishlistIds(trx, userId));
    const fresh = wanted.filter((i) => exists.has(i.productId) && !have.has(i.productId));
    if (have.size + fresh.length > MAX_WISHLIST) throw badRequest(M.full);
    await repo.insertMissing(trx, userId, fresh);
    return ids(trx, userId);
  });
}
