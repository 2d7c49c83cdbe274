import { unitOriginalPaise, unitPricePaise } from '@voltcart/shared';
import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db } from '../../db/connection';
import type { ProductVariantTable } from '../../db/database';

// The checkout reads weights itself (order-checkout.repository); the editors read them with the prices (PricedVariantRow).
export type VariantRow = Omit<Selectable<ProductVariantTable>, 'weight_grams' | 'low_stock_threshold'>;

/** A variant with its unit price and MSRP worked out (paise), as every reader needs them. */
export interface PricedVariantRow extends VariantRow {
  price: number;
  original: number;
  /** Grams; null: the product's weight. */
  weight_grams?: number | null;
  /** Units; null: the shop's low-stock threshold. */
  low_stock_threshold?: number | null;
}

/**
 * The raw figures a variant's price is made of: its product's prices and the adjustments of its colour and memory
 * size (the pricing function in packages/shared prices them; SQL never does). Needs `v`, `p`, `pc` and `pm` in scope.
 */
const variantFiguresSql = sql`p.final_price AS base_price, p.original_price AS base_original,
  COALESCE(pc.price_adj, 0) AS color_adj, COALESCE(pm.price_adj, 0) AS memory_adj`;
/** The option rows a variant's price depends on. */
export const variantJoinsSql = sql`
  LEFT JOIN product_colors AS pc ON pc.product_id = v.product_id AND pc.color_id = v.color_id
  LEFT JOIN product_memory AS pm ON pm.product_id = v.product_id AND pm.size_gb = v.memory_size`;

/** The columns variantFiguresSql reads. */
export interface VariantFigures {
  base_price: unknown;
  base_original: unknown;
  color_adj: unknown;
  memory_adj: unknown;
}

/** A variant row and its raw figures (variantFiguresSql), priced. */
export function priceVariant<T extends { price_override: number | null }>(
  v: T,
  f: VariantFigures,
): T & { price: number; original: number } {
  const figures = {
    pricePaise: Number(f.base_price),
    originalPaise: Number(f.base_original),
    colorAdjPaise: Number(f.color_adj),
    memoryAdjPaise: Number(f.memory_adj),
    overridePaise: v.price_override,
  };
  return { ...v, price: unitPricePaise(figures), original: unitOriginalPaise(figures) };
}

/** A variant row as mysql2 returns it (numbers as numbers). */
export function toVariantRow(r: Record<keyof VariantRow, unknown>): VariantRow {
  return {
    id: Number(r.id),
    product_id: Number(r.product_id),
    sku: String(r.sku),
    color_id: Number(r.color_id),
    memory_size: Number(r.memory_size),
    stock: Number(r.stock),
    price_override: r.price_override === null ? null : Number(r.price_override),
    enabled: Number(r.enabled),
    position: Number(r.position),
  };
}

const toRow = (r: Record<string, unknown>): PricedVariantRow => ({
  ...priceVariant(toVariantRow(r as Record<keyof VariantRow, unknown>), r as unknown as VariantFigures),
  weight_grams: r.weight_grams == null ? null : Number(r.weight_grams),
  low_stock_threshold: r.low_stock_threshold == null ? null : Number(r.low_stock_threshold),
});

/** A product's variants in display order, with their prices; `forUpdate` locks them (after the product row). */
export async function listVariants(
  db: Db,
  productId: number,
  forUpdate = false,
): Promise<PricedVariantRow[]> {
  const lock = forUpdate ? sql`FOR UPDATE` : sql``;
  const r = await sql<Record<string, unknown>>`
    SELECT v.*, ${variantFiguresSql}
    FROM product_variants AS v JOIN products AS p ON p.id = v.product_id ${variantJoinsSql}
    WHERE v.product_id = ${productId} ORDER BY v.position, v.id ${lock}`.execute(db);
  return r.rows.map(toRow);
}

/** Variants by id (any product), with their prices, in id order. */
export async function findVariants(db: Db, ids: number[]): Promise<PricedVariantRow[]> {
  if (!ids.length) return [];
  const r = await sql<Record<string, unknown>>`
    SELECT v.*, ${variantFiguresSql}
    FROM product_variants AS v JOIN products AS p ON p.id = v.product_id ${variantJoinsSql}
    WHERE v.id IN (${sql.join(ids)}) ORDER BY v.id`.execute(db);
  return r.rows.map(toRow);
}

export async function findVariantBySku(db: Db, sku: string): Promise<VariantRow | undefined> {
  return db.selectFrom('product_variants').selectAll().where('sku', '=', sku).executeTakeFirst();
}

/** The product's row, locked: every variant write of one product runs after the previous one. */
export async function lockProductRow(trx: Db, productId: number) {
  return trx
    .selectFrom('products')
    .select(['id', 'slug', 'sku', 'stock', 'final_price', 'original_price'])
    .where('id', '=', productId)
    .forUpdate()
    .executeTakeFirst();
}

/** The product's colours (with slugs) and memory sizes in option order. */
export async function productOptions(db: Db, productId: number) {
  const [colors, memory] = await Promise.all([
    db
      .selectFrom('product_colors as pc')
      .innerJoin('colors as c', 'c.id', 'pc.color_id')
      .select(['pc.color_id', 'c.slug', 'c.name'])
      .where('pc.product_id', '=', productId)
      .orderBy('pc.position')
      .orderBy('pc.color_id')
      .execute(),
    db
      .selectFrom('product_memory')
      .select(['size_gb'])
      .where('product_id', '=', productId)
      .orderBy('position')
      .orderBy('size_gb')
      .execute(),
  ]);
  return {
    colors: colors.map((c) => ({ id: Number(c.color_id), slug: c.slug, name: c.name })),
    memory: memory.map((m) => Number(m.size_gb)),
  };
}

export async function insertVariants(db: Db, rows: Insertable<ProductVariantTable>[]): Promise<number> {
  if (!rows.length) return 0;
  const r = await db.insertInto('product_variants').values(rows).executeTakeFirstOrThrow();
  return Number(r.insertId);
}

export async function updateVariant(
  db: Db,
  id: number,
  values: Partial<Omit<Insertable<ProductVariantTable>, 'id' | 'product_id'>>,
): Promise<void> {
  if (Object.keys(values).length === 0) return;
  await db.updateTable('product_variants').set(values).where('id', '=', id).execute();
}

export async function deleteVariants(db: Db, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await db.deleteFrom('product_variants').where('id', 'in', ids).execute();
}

/**
 * Recomputes the product-level figures from the variants: stock = units of the switched-on variants,
 * price_min / price_max = their lowest and highest unit price (NULL when none is switched on).
 */
export async function refreshFigures(db: Db, productId: number): Promise<void> {
  const prices = (await listVariants(db, productId)).filter((v) => v.enabled).map((v) => v.price);
  const [min, max] = prices.length ? [Math.min(...prices), Math.max(...prices)] : [null, null];
  await sql`UPDATE products AS p SET
      stock = (SELECT COALESCE(SUM(v.stock), 0) FROM product_variants AS v
        WHERE v.product_id = p.id AND v.enabled = 1),
      price_min = ${min}, price_max = ${max}
    WHERE p.id = ${productId}`.execute(db);
}

/** How many variants each of the products has (switched off ones included); products without any are left out. */
export async function variantCounts(db: Db, productIds: number[]): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('product_variants')
    .select(['product_id', sql<number>`COUNT(*)`.as('n')])
    .where('product_id', 'in', productIds)
    .groupBy('product_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.product_id), Number(r.n)]));
}

/** Products that have no variant yet (rows written straight into the table, e.g. by older tools). */
export async function productsWithoutVariants(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('products as p')
    .select('p.id')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom('product_variants as v').select('v.id').whereRef('v.product_id', '=', 'p.id'),
        ),
      ),
    )
    .orderBy('p.id')
    .execute();
  return rows.map((r) => Number(r.id));
}
