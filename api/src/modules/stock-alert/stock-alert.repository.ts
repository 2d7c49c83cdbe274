import { sql } from 'kysely';
import type { Db } from '../../db/connection';
import { isDuplicateKey } from '../../db/errors';

/** The variant with what decides whether it can be bought and what a mail names. */
export function variantFor(db: Db, variantId: number) {
  return db
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .leftJoin('categories as c', 'c.id', 'p.category_id')
    .select([
      'v.id',
      'v.product_id',
      'v.stock',
      'v.enabled',
      'p.in_stock',
      'p.status',
      sql<number | null>`c.status`.as('categoryStatus'),
    ])
    .where('v.id', '=', variantId)
    .executeTakeFirst();
}

export async function countWaiting(db: Db, email: string): Promise<number> {
  const r = await db
    .selectFrom('stock_alerts')
    .select(sql<number>`COUNT(*)`.as('n'))
    .where('email', '=', email)
    .where('waiting', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function isWaiting(db: Db, variantId: number, email: string): Promise<boolean> {
  const r = await db
    .selectFrom('stock_alerts')
    .select('id')
    .where('variant_id', '=', variantId)
    .where('email', '=', email)
    .where('waiting', '=', 1)
    .executeTakeFirst();
  return r !== undefined;
}

/** Stores a waiting request; false when the address already waits for the variant (the unique key decides). */
export async function insertAlert(
  db: Db,
  row: { variant_id: number; product_id: number; email: string; user_id: number | null },
): Promise<boolean> {
  try {
    await db.insertInto('stock_alerts').values(row).execute();
    return true;
  } catch (e) {
    if (isDuplicateKey(e)) return false;
    throw e;
  }
}

/** Requests with the variant, product and colour they wait for. */
function alertsWithVariant(db: Db) {
  return db
    .selectFrom('stock_alerts as a')
    .innerJoin('product_variants as v', 'v.id', 'a.variant_id')
    .innerJoin('products as p', 'p.id', 'a.product_id')
    .leftJoin('colors as co', 'co.id', 'v.color_id');
}

/** Waiting requests whose variant can be bought again (switched on, with units, its product on sale). */
export function dueAlerts(db: Db, limit: number) {
  return alertsWithVariant(db)
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .select([
      'a.id',
      'a.email',
      'a.product_id',
      'v.sku',
      'v.memory_size',
      'p.name as productName',
      'co.name as colorName',
      'u.name as userName',
    ])
    .where('a.waiting', '=', 1)
    .where('v.enabled', '=', 1)
    .where('v.stock', '>', 0)
    .where('p.in_stock', '=', 1)
    .where('p.status', '=', 1)
    .orderBy('a.id')
    .limit(limit)
    .execute();
}

/** Marks one request notified; false when another process did first (then it sends nothing). */
export async function markNotified(db: Db, id: number): Promise<boolean> {
  const r =
    await sql`UPDATE stock_alerts SET notified_at = UTC_TIMESTAMP(3) WHERE id = ${id} AND notified_at IS NULL`.execute(
      db,
    );
  return Number(r.numAffectedRows ?? 0) === 1;
}

/** Variants with waiting requests, most waited for first. */
export function waitingByVariant(db: Db) {
  return alertsWithVariant(db)
    .select([
      'v.id',
      'v.sku',
      'v.stock',
      'v.memory_size',
      'p.id as productId',
      'p.name as productName',
      'co.name as colorName',
      sql<number>`COUNT(*)`.as('waiting'),
    ])
    .where('a.waiting', '=', 1)
    .groupBy(['v.id', 'v.sku', 'v.stock', 'v.memory_size', 'p.id', 'p.name', 'co.name'])
    .orderBy('waiting', 'desc')
    .orderBy('v.id')
    .limit(500)
    .execute();
}
