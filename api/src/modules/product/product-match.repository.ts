import type { Db } from '../../db/connection';

export interface MatchRow {
  id: number;
  name: string;
  slug: string;
  sku: string | null;
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
