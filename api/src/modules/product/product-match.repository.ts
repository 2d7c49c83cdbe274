import type { Db } from '../../db/connection';

export interface MatchRow {
  id: number;
  name: string;
  slug: string;
  sku: string | null;
}

/** Variants whose SKU is one of `keys`, with their product and colour (0: none). */
export async function variantsBySku(db: Db, keys: string[]) {
  if (keys.length === 0) return [];
  return db
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['v.sku', 'v.color_id', 'p.id', 'p.name', 'p.slug', 'p.sku as product_sku'])
    .where('v.sku', 'in', keys)
    .execute();
}

/** Colours of products, by product slug and colour slug (a file named `<product-slug>-<colour-slug>`). */
export async function productColorsBySlugs(db: Db, productSlugs: string[], colorSlugs: string[]) {
  if (productSlugs.length === 0 || colorSlugs.length === 0) return [];
  return db
    .selectFrom('product_colors as pc')
    .innerJoin('products as p', 'p.id', 'pc.product_id')
    .innerJoin('colors as c', 'c.id', 'pc.color_id')
    .select([
      'p.id',
      'p.name',
      'p.slug',
      'p.sku',
      'c.id as color_id',
      'c.name as color_name',
      'c.slug as color_slug',
    ])
    .where('p.slug', 'in', productSlugs)
    .where('c.slug', 'in', colorSlugs)
    .execute();
}

/** Colours by id. */
export async function colorsById(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('colors').select(['id', 'name', 'slug']).where('id', 'in', ids).execute();
}

/** Products whose slug or SKU is one of `keys` (both columns are uniquely indexed), inactive ones included. */
export async function productsByKeys(db: Db, keys: string[]): Promise<MatchRow[]> {
  if (keys.length === 0) return [];
  return db
    .selectFrom('products')
    .select(['id', 'name', 'slug', 'sku'])
    .where((eb) => eb.or([eb('slug', 'in', keys), eb('sku', 'in', keys)]))
    .execute();
}
