import { sql } from 'kysely';
import type { Db } from '../../db/connection';
import type { OrderProduct } from './order-checkout.repository';

const productsById = (db: Db, ids: number[]) =>
  db
    .selectFrom('products')
    .select(['id', 'name', 'final_price', 'original_price', 'thumbnail', 'stock', 'status', 'in_stock'])
    .where('id', 'in', ids)
    .orderBy('id');

/** Product rows locked in id order: every transaction takes them in the same order, so they cannot deadlock. */
export function lockProducts(db: Db, ids: number[]): Promise<OrderProduct[]> {
  if (!ids.length) return Promise.resolve([]);
  return productsById(db, ids).forUpdate().execute();
}

/** Variant rows locked in id order, with their units; a switched-off variant counts as having none to sell. */
export async function lockVariantStock(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('product_variants')
    .select(['id', 'stock', 'enabled'])
    .where('id', 'in', ids)
    .orderBy('id')
    .forUpdate()
    .execute();
  return new Map(rows.map((r) => [Number(r.id), r.enabled ? Number(r.stock) : 0]));
}

/**
 * The guarded decrement, product row first (the lock order), then the variant's: it only succeeds while the
 * product is active and switched on for sale, the variant switched on, and both have the units (a product's stock
 * is the units of its switched-on variants). Returns false when it changed nothing (the caller rolls back).
 */
export async function takeStock(
  db: Db,
  productId: number,
  qty: number,
  sellableOnly = true,
  variantId: number | null = null,
): Promise<boolean> {
  let q = db
    .updateTable('products')
    .set({ stock: sql`stock - ${qty}` })
    .where('id', '=', productId)
    .where('stock', '>=', qty);
  if (sellableOnly) q = q.where('status', '=', 1).where('in_stock', '=', 1);
  const r = await q.executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) return false;
  if (variantId === null) return true;
  let v = db
    .updateTable('product_variants')
    .set({ stock: sql`stock - ${qty}` })
    .where('id', '=', variantId)
    .where('product_id', '=', productId)
    .where('stock', '>=', qty);
  if (sellableOnly) v = v.where('enabled', '=', 1);
  return Number((await v.executeTakeFirst()).numUpdatedRows) === 1;
}

/** The guarded decrement of one variant (checkout takes its product's units first). */
export async function takeVariantUnits(db: Db, variantId: number, qty: number): Promise<boolean> {
  const r = await db
    .updateTable('product_variants')
    .set({ stock: sql`stock - ${qty}` })
    .where('id', '=', variantId)
    .where('enabled', '=', 1)
    .where('stock', '>=', qty)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * Gives units back to the variant they were taken from, and to its product's figure while the variant is
 * switched on (the product counts switched-on variants only). Product row first, the lock order.
 * - a product or variant deleted since the order has nothing to give back to
 * - lines older than variants that matched none (no variant id) give nothing back
 */
export async function giveStock(
  db: Db,
  productId: number,
  qty: number,
  variantId: number | null = null,
): Promise<void> {
  if (variantId === null) return;
  await sql`UPDATE products SET stock = stock + ${qty} WHERE id = ${productId} AND EXISTS (
      SELECT 1 FROM product_variants WHERE id = ${variantId} AND product_id = ${productId} AND enabled = 1)`.execute(
    db,
  );
  await db
    .updateTable('product_variants')
    .set({ stock: sql`stock + ${qty}` })
    .where('id', '=', variantId)
    .where('product_id', '=', productId)
    .execute();
}

/** Units per variant of an order, in product then variant id order (the lock order). */
export async function orderUnits(
  db: Db,
  orderId: number,
): Promise<{ product_id: number; variant_id: number | null; qty: number }[]> {
  const rows = await db
    .selectFrom('order_lines')
    .select(['product_id', 'variant_id', sql<string>`SUM(qty)`.as('qty')])
    .where('order_id', '=', orderId)
    .groupBy(['product_id', 'variant_id'])
    .orderBy('product_id')
    .orderBy('variant_id')
    .execute();
  return rows.map((r) => ({
    product_id: r.product_id,
    variant_id: r.variant_id === null ? null : Number(r.variant_id),
    qty: Number(r.qty),
  }));
}
