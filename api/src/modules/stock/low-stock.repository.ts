import { sql } from 'kysely';
import type { Db } from '../../db/connection';
import { SHOP_THRESHOLD } from './stock-ledger.repository';

const threshold = sql<number>`COALESCE(v.low_stock_threshold, ${SHOP_THRESHOLD})`;

/** A variant's threshold in force (its own, else the shop's), selected from product_variants. */
export const effectiveThreshold = sql<number>`COALESCE(low_stock_threshold, ${SHOP_THRESHOLD})`;

/**
 * Opens an alert for each of these variants (switched on: a combination not sold is never "low") now at or below
 * its threshold that has none open: the ids of those
 * whose alert this call opened (INSERT IGNORE keeps an open alert as it was: once per crossing).
 */
export async function openAlerts(db: Db, variantIds: number[]): Promise<number[]> {
  if (!variantIds.length) return [];
  const r = await sql<{ variant_id: number | string }>`INSERT IGNORE INTO low_stock_alerts
      (variant_id, product_id, units, threshold)
    SELECT v.id, v.product_id, v.stock, ${threshold} FROM product_variants AS v
    WHERE v.id IN (${sql.join(variantIds)}) AND v.enabled = 1 AND v.stock <= ${threshold}
    ORDER BY v.id
    RETURNING variant_id`.execute(db);
  return r.rows.map((x) => Number(x.variant_id));
}

/** Closes the alerts of these variants that are now above their threshold (armed again). */
export async function closeAlerts(db: Db, variantIds: number[]): Promise<void> {
  if (!variantIds.length) return;
  await sql`DELETE a FROM low_stock_alerts AS a JOIN product_variants AS v ON v.id = a.variant_id
    WHERE a.variant_id IN (${sql.join(variantIds)}) AND v.stock > ${threshold}`.execute(db);
}

/** An alert's row as the queries below read it (numbers may come back as text). */
interface AlertRow {
  variant_id: number | string;
  product_id: number | string;
  name: string;
  sku: string;
  stock: number | string;
  threshold: number | string;
}

const toAlert = (x: AlertRow) => ({
  variantId: Number(x.variant_id),
  productId: Number(x.product_id),
  name: x.name,
  sku: x.sku,
  units: Number(x.stock),
  threshold: Number(x.threshold),
});

/** Open alerts without their staff mail yet, oldest first, locked (one background pass writes each mail). */
export async function lockUnmailed(db: Db, limit: number) {
  const r =
    await sql<AlertRow>`SELECT a.variant_id, a.product_id, p.name, v.sku, v.stock, ${threshold} AS threshold
    FROM low_stock_alerts AS a
    JOIN product_variants AS v ON v.id = a.variant_id
    JOIN products AS p ON p.id = a.product_id
    WHERE a.mailed_at IS NULL
    ORDER BY a.at, a.variant_id
    LIMIT ${limit}
    FOR UPDATE SKIP LOCKED`.execute(db);
  return r.rows.map(toAlert);
}

export async function markMailed(db: Db, variantIds: number[]): Promise<void> {
  if (!variantIds.length) return;
  await db
    .updateTable('low_stock_alerts')
    .set({ mailed_at: sql`UTC_TIMESTAMP(3)` })
    .where('variant_id', 'in', variantIds)
    .execute();
}

/** The open alerts (the dashboard's list), fewest units first, with the variant's units and threshold now. */
export async function listOpen(db: Db, limit: number) {
  const r = await sql<
    AlertRow & { own: number | string | null; at: Date }
  >`SELECT a.variant_id, a.product_id, p.name, v.sku, v.stock, ${threshold} AS threshold,
      v.low_stock_threshold AS own, a.at
    FROM low_stock_alerts AS a
    JOIN product_variants AS v ON v.id = a.variant_id
    JOIN products AS p ON p.id = a.product_id
    ORDER BY v.stock, a.at, a.variant_id
    LIMIT ${limit}`.execute(db);
  const count = await sql<{ n: number | string }>`SELECT COUNT(*) AS n FROM low_stock_alerts`.execute(db);
  return {
    total: Number(count.rows[0]?.n ?? 0),
    rows: r.rows.map((x) => ({
      ...toAlert(x),
      ownThreshold: x.own === null ? null : Number(x.own),
      since: new Date(x.at),
    })),
  };
}

/** Sets a variant's own threshold (null: the shop's). */
export async function setThreshold(db: Db, variantId: number, value: number | null): Promise<void> {
  await db
    .updateTable('product_variants')
    .set({ low_stock_threshold: value })
    .where('id', '=', variantId)
    .execute();
}

/**
 * After a threshold changed: opens the alerts of the given variants (all when none given) now at or below their
 * threshold, already mailed (no unit moved: no crossing to tell staff about), and closes those now above it.
 */
export async function resortAlerts(db: Db, variantIds?: number[]): Promise<void> {
  const only = variantIds ? sql`AND v.id IN (${sql.join(variantIds)})` : sql``;
  await sql`INSERT IGNORE INTO low_stock_alerts (variant_id, product_id, units, threshold, mailed_at)
    SELECT v.id, v.product_id, v.stock, ${threshold}, UTC_TIMESTAMP(3) FROM product_variants AS v
    WHERE v.enabled = 1 AND v.stock <= ${threshold} ${only}`.execute(db);
  await sql`DELETE a FROM low_stock_alerts AS a JOIN product_variants AS v ON v.id = a.variant_id
    WHERE (v.stock > ${threshold} OR v.enabled = 0) ${only}`.execute(db);
}
