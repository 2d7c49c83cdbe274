import { sql } from 'kysely';
import type { Db } from '../../db/connection';

/** A change of one variant's units, named by id or (for variants just inserted) by SKU. */
export type Move = ({ variantId: number; sku?: undefined } | { sku: string; variantId?: undefined }) & {
  delta: number;
};

export interface MoveContext {
  reason: string;
  actor: string;
  adminId?: number | null;
  orderId?: number | null;
  reference?: string;
  note?: string;
}

/** A ledger row just written: the variant, its change, its units after it and its low-stock threshold now. */
export interface Written {
  variantId: number;
  delta: number;
  unitsAfter: number;
  threshold: number;
}

/**
 * Writes the ledger rows of units that have just changed, one statement per kind of key: each row reads the
 * variant's units now (after the change, the row locked by it) as `units_after`, and `units_before = units_after -
 * delta`. A variant that no longer exists writes nothing (it had no units to change). The rows come back with the
 * variant's low-stock threshold (its own, else the shop's), read in the same statement, so that a change which
 * crosses it is seen without another query.
 */
export async function insertMovements(db: Db, moves: Move[], ctx: MoveContext): Promise<Written[]> {
  const byId = moves.filter((m) => m.variantId !== undefined);
  const bySku = moves.filter((m) => m.variantId === undefined);
  return [
    ...(byId.length ? await insertJoined(db, byId, ctx, 'id') : []),
    ...(bySku.length ? await insertJoined(db, bySku, ctx, 'sku') : []),
  ];
}

/** The shop's low-stock threshold as SQL (the setting, else 5 as the settings service says). */
export const SHOP_THRESHOLD = sql<number>`COALESCE((SELECT CAST(s.value AS UNSIGNED) FROM settings AS s
  WHERE s.name = 'low_stock_threshold'), 5)`;

async function insertJoined(db: Db, moves: Move[], ctx: MoveContext, key: 'id' | 'sku'): Promise<Written[]> {
  // The variants by key, each with its change as a CASE: no derived table to build, one index lookup per row.
  const k = (m: Move) => (key === 'id' ? m.variantId! : m.sku!);
  const col = sql.ref(`v.${key}`);
  const delta =
    moves.length === 1
      ? sql`${moves[0]!.delta}`
      : sql`CASE ${col} ${sql.join(
          moves.map((m) => sql`WHEN ${k(m)} THEN ${m.delta}`),
          sql` `,
        )} END`;
  const r = await sql<{
    variant_id: number | string;
    delta: number | string;
    units_after: number | string;
    threshold: number | string;
  }>`INSERT INTO stock_movements
      (variant_id, product_id, sku, delta, units_before, units_after, reason, actor, admin_id, order_id,
       reference, note)
    SELECT v.id, v.product_id, v.sku, ${delta}, v.stock - ${delta}, v.stock, ${ctx.reason}, ${ctx.actor},
      ${ctx.adminId ?? null}, ${ctx.orderId ?? null}, ${(ctx.reference ?? '').slice(0, 120)},
      ${(ctx.note ?? '').slice(0, 255)}
    FROM product_variants AS v WHERE ${col} IN (${sql.join(moves.map(k))})
    ORDER BY v.id
    RETURNING variant_id, delta, units_after,
      (SELECT COALESCE(t.low_stock_threshold, ${SHOP_THRESHOLD}) FROM product_variants AS t
        WHERE t.id = stock_movements.variant_id) AS threshold`.execute(db);
  return r.rows.map((x) => ({
    variantId: Number(x.variant_id),
    delta: Number(x.delta),
    unitsAfter: Number(x.units_after),
    threshold: Number(x.threshold),
  }));
}

export interface MovementFilter {
  productId: number;
  variantId?: number;
  reason?: string;
  from?: Date;
  toBefore?: Date;
  offset: number;
  limit: number;
}

/** A page of a product's trail, newest first, with the staff member's name, the order's public id and whether the variant still exists. */
export function listMovements(db: Db, f: MovementFilter) {
  let q = db
    .selectFrom('stock_movements as m')
    .leftJoin('product_variants as v', 'v.id', 'm.variant_id')
    .leftJoin('admins as a', 'a.id', 'm.admin_id')
    .leftJoin('orders as o', 'o.id', 'm.order_id')
    .select([
      'm.id',
      'm.at',
      'm.variant_id',
      'm.sku',
      'm.delta',
      'm.units_before',
      'm.units_after',
      'm.reason',
      'm.actor',
      'm.reference',
      'm.note',
      'a.name as admin_name',
      'o.public_id as order_public_id',
      sql<number>`v.id IS NULL`.as('deleted'),
    ])
    .where('m.product_id', '=', f.productId);
  if (f.variantId !== undefined) q = q.where('m.variant_id', '=', f.variantId);
  if (f.reason) q = q.where('m.reason', '=', f.reason);
  if (f.from) q = q.where('m.at', '>=', f.from);
  if (f.toBefore) q = q.where('m.at', '<', f.toBefore);
  return q.orderBy('m.id', 'desc').offset(f.offset).limit(f.limit).execute();
}

/** Every SKU a product's trail names and its current variants, with whether each still exists. */
export async function trailVariants(db: Db, productId: number) {
  const r = await sql<{ id: number | string; sku: string; deleted: number | string }>`
    SELECT id, sku, 0 AS deleted FROM product_variants WHERE product_id = ${productId}
    UNION
    SELECT m.variant_id, MAX(m.sku), 1 FROM stock_movements AS m
      WHERE m.product_id = ${productId}
        AND NOT EXISTS (SELECT 1 FROM product_variants AS v WHERE v.id = m.variant_id)
      GROUP BY m.variant_id
    ORDER BY deleted, sku`.execute(db);
  return r.rows.map((x) => ({ id: Number(x.id), sku: x.sku, deleted: Number(x.deleted) === 1 }));
}

export async function productExists(db: Db, productId: number): Promise<boolean> {
  const r = await db.selectFrom('products').select('id').where('id', '=', productId).executeTakeFirst();
  return r !== undefined;
}

/** Variants whose units differ from the sum of their ledger rows, and how many variants were checked. */
export async function mismatches(db: Db, productIds?: number[]) {
  const only = productIds?.length ? sql`WHERE v.product_id IN (${sql.join(productIds)})` : sql``;
  const r = await sql<{
    id: number | string;
    product_id: number | string;
    name: string;
    sku: string;
    stock: number | string;
    ledger: number | string;
  }>`SELECT v.id, v.product_id, p.name, v.sku, v.stock, COALESCE(l.units, 0) AS ledger
    FROM product_variants AS v
    JOIN products AS p ON p.id = v.product_id
    LEFT JOIN (SELECT variant_id, SUM(delta) AS units FROM stock_movements GROUP BY variant_id) AS l
      ON l.variant_id = v.id
    ${only}
    ${productIds?.length ? sql`AND` : sql`WHERE`} v.stock <> COALESCE(l.units, 0)
    ORDER BY v.id`.execute(db);
  const count = await sql<{
    n: number | string;
  }>`SELECT COUNT(*) AS n FROM product_variants AS v ${only}`.execute(db);
  return {
    checked: Number(count.rows[0]?.n ?? 0),
    rows: r.rows.map((x) => ({
      variantId: Number(x.id),
      productId: Number(x.product_id),
      name: x.name,
      sku: x.sku,
      units: Number(x.stock),
      ledger: Number(x.ledger),
    })),
  };
}
