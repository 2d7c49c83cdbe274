import { sql } from 'kysely';
import type { Db } from '../../db/connection';

/**
 * The products that exist among `ids`, locked in id order (before their variants, as every product write),
 * with what the history shows of them (name, SKU, switch, category).
 */
export async function lockProducts(trx: Db, ids: number[]) {
  return trx
    .selectFrom('products')
    .select(['id', 'thumbnail', 'name', 'sku', 'status', 'category_id'])
    .where('id', 'in', ids)
    .orderBy('id')
    .forUpdate()
    .execute();
}

export async function setStatus(trx: Db, ids: number[], status: 0 | 1): Promise<void> {
  await trx.updateTable('products').set({ status }).where('id', 'in', ids).execute();
}

export async function setCategory(trx: Db, ids: number[], categoryId: number | null): Promise<void> {
  await trx.updateTable('products').set({ category_id: categoryId }).where('id', 'in', ids).execute();
}

export async function adjustVariantStock(trx: Db, ids: number[], delta: number): Promise<void> {
  await trx
    .updateTable('product_variants')
    .set({ stock: sql`stock + ${delta}` })
    .where('product_id', 'in', ids)
    .execute();
}

/** Category names by id (the history names categories, not numbers). */
export async function categoryNames(trx: Db, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await trx.selectFrom('categories').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [Number(r.id), r.name]));
}

/** Each variant's SKU and units, by product (the history's before and after of a stock adjustment). */
export async function variantStock(trx: Db, ids: number[]) {
  return trx
    .selectFrom('product_variants')
    .select(['product_id', 'sku', 'stock'])
    .where('product_id', 'in', ids)
    .orderBy('id')
    .execute();
}

/** The products' gallery files (to release once they are deleted). */
export async function galleryFiles(trx: Db, ids: number[]): Promise<string[]> {
  const rows = await trx.selectFrom('product_images').select('file').where('product_id', 'in', ids).execute();
  return rows.map((r) => r.file);
}

export async function deleteProducts(trx: Db, ids: number[]): Promise<void> {
  await trx.deleteFrom('products').where('id', 'in', ids).execute();
}
