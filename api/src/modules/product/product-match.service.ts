import { type ImageNameMatch, imageNameKeys, type MatchedProduct } from '@voltcart/shared';
import type { Db } from '../../db/connection';
import * as repo from './product-match.repository';

/**
 * Matches photo file names to products (the bulk upload), on the server so that every product counts, however
 * many there are (the page used to load "all" products, capped at 10,000).
 * - a name may mean the product whose slug or SKU is its whole stem, or its stem without `-N` (imageNameKeys)
 * - slugs and SKUs compare case-insensitively; every product any reading names is a candidate
 * - one candidate: matched; none: unmatched; several: ambiguous (staff choose: we never guess)
 * - one query for the whole page of names, on the unique slug and SKU indexes
 */
export async function matchImageNames(db: Db, names: string[]): Promise<ImageNameMatch[]> {
  const keysOf = names.map(imageNameKeys);
  const rows = await repo.productsByKeys(db, [...new Set(keysOf.flat())]);
  const byKey = new Map<string, MatchedProduct[]>();
  const add = (key: string, p: MatchedProduct) => {
    const list = byKey.get(key);
    if (list) list.push(p);
    else byKey.set(key, [p]);
  };
  for (const r of rows) {
    const p: MatchedProduct = { _id: String(r.id), name: r.name, slug: r.slug, sku: r.sku };
    // The database compares with its collation; the rule is plain lower case (as the desktop app's own matching).
    add(r.slug.toLowerCase(), p);
    if (r.sku?.trim()) add(r.sku.trim().toLowerCase(), p);
  }
  return names.map((name, i) => {
    const found = new Map<string, MatchedProduct>();
    for (const key of keysOf[i]!) for (const p of byKey.get(key) ?? []) found.set(p._id, p);
    const candidates = [...found.values()];
    const status = candidates.length === 1 ? 'matched' : candidates.length ? 'ambiguous' : 'unmatched';
    return { name, status, product: status === 'matched' ? candidates[0]! : null, candidates };
  });
}
