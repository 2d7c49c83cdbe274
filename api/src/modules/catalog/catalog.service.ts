import type { ProductId } from '@voltcart/shared';
import type { Db } from '../../db/connection';
import { readCatalogVersion } from '../../lib/catalog-version-repository';
import { lastProductId, productIdsAfter } from './catalog.repository';

/** Ids per page when the client names no limit. */
const PRODUCT_IDS_PAGE = 1000;

export function catalogVersion(db: Db): Promise<number> {
  return readCatalogVersion(db);
}

/**
 * A page of public product ids for the sitemap:
 * - ids above `after` (default 0) and at most `upTo` (default: no bound), in id order, at most `limit`
 * - `lastId`: the highest id of a switched-on product, so that the sitemap index knows how many files it has
 */
export async function productIds(
  db: Db,
  q: { after?: number; upTo?: number; limit?: number },
): Promise<{ products: ProductId[]; lastId: number }> {
  const [rows, lastId] = await Promise.all([
    productIdsAfter(db, q.after ?? 0, q.upTo ?? Number.MAX_SAFE_INTEGER, q.limit ?? PRODUCT_IDS_PAGE),
    lastProductId(db),
  ]);
  return {
    products: rows.map((r) => ({ _id: String(r.id), updatedAt: new Date(r.updated_at).toISOString() })),
    lastId,
  };
}
