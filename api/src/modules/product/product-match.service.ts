import { colorSplits, type ImageNameMatch, imageNameKeys, type MatchedProduct } from '@voltcart/shared';
import type { Db } from '../../db/connection';
import * as repo from './product-match.repository';

type Color = { _id: string; name: string; slug: string };
/** What a name may mean: a product, and the colour gallery it goes to (null: the shared gallery). */
type Meaning = { product: MatchedProduct; color: Color | null };

/**
 * Matches photo file names to products (the bulk upload), on the server so that every product counts, however
 * many there are (the page used to load "all" products, capped at 10,000).
 * - a name may mean the product whose slug or SKU is its whole stem, or its stem without `-N` (imageNameKeys):
 *   the shared gallery
 * - or a variant whose SKU is that key, or `<product-slug>-<colour-slug>` of one of the product's colours: that
 *   colour's gallery
 * - slugs and SKUs compare case-insensitively; every (product, colour) any reading names is a candidate
 * - one candidate: matched; none: unmatched; several: ambiguous (staff choose: we never guess)
 * - a few queries for the whole page of names, on unique indexes
 */
export async function matchImageNames(db: Db, names: string[]): Promise<ImageNameMatch[]> {
  const keysOf = names.map(imageNameKeys);
  const keys = [...new Set(keysOf.flat())];
  const splits = keys.flatMap(colorSplits);
  const [rows, variants, colored] = await Promise.all([
    repo.productsByKeys(db, keys),
    repo.variantsBySku(db, keys),
    repo.productColorsBySlugs(
      db,
      [...new Set(splits.map((s) => s.product))],
      [...new Set(splits.map((s) => s.color))],
    ),
  ]);
  const colorIds = [...new Set(variants.map((v) => Number(v.color_id)).filter(Boolean))];
  const colors = new Map(
    (await repo.colorsById(db, colorIds)).map((c) => [
      Number(c.id),
      { _id: String(c.id), name: c.name, slug: c.slug },
    ]),
  );

  const byKey = new Map<string, Meaning[]>();
  const add = (key: string, m: Meaning) => {
    const list = byKey.get(key);
    if (list) list.push(m);
    else byKey.set(key, [m]);
  };
  for (const r of rows) {
    const product: MatchedProduct = { _id: String(r.id), name: r.name, slug: r.slug, sku: r.sku };
    // The database compares with its collation; the rule is plain lower case (as the desktop app's own matching).
    add(r.slug.toLowerCase(), { product, color: null });
    if (r.sku?.trim()) add(r.sku.trim().toLowerCase(), { product, color: null });
  }
  for (const v of variants) {
    const product: MatchedProduct = { _id: String(v.id), name: v.name, slug: v.slug, sku: v.product_sku };
    add(v.sku.trim().toLowerCase(), { product, color: colors.get(Number(v.color_id)) ?? null });
  }
  for (const c of colored) {
    const product: MatchedProduct = { _id: String(c.id), name: c.name, slug: c.slug, sku: c.sku };
    const color = { _id: String(c.color_id), name: c.color_name, slug: c.color_slug };
    add(`${c.slug}-${c.color_slug}`.toLowerCase(), { product, color });
  }
  return names.map((name, i) => {
    const found = new Map<string, Meaning>();
    for (const key of keysOf[i]!)
      for (const m of byKey.get(key) ?? []) found.set(`${m.product._id}:${m.color?._id ?? ''}`, m);
    const meanings = [...found.values()];
    const candidates = [...new Map(meanings.map((m) => [m.product._id, m.product])).values()];
    const status = meanings.length === 1 ? 'matched' : meanings.length ? 'ambiguous' : 'unmatched';
    const one = status === 'matched' ? meanings[0]! : null;
    return { name, status, product: one?.product ?? null, candidates, color: one?.color ?? null };
  });
}
