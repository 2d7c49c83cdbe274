import { sql } from 'kysely';
import { firstColorPicture } from '../../db/color-picture';
import type { Db } from '../../db/connection';
import { deleteOwnRow, lockRow } from '../../db/single-row';

/** One server cart line with its product and options, money in integer paise. */
export interface CartLineRow {
  id: number;
  user_id: number;
  product_id: number;
  name: string;
  slug: string;
  /** The chosen colour's first picture, else the product's thumbnail. */
  thumbnail: string;
  /** null when the line has no colour. */
  color_id: number | null;
  color_name: string | null;
  color_hexcode: string | null;
  color_adj_paise: number;
  /** GB; null when the line has no memory size. */
  memory_size: number | null;
  memory_adj_paise: number;
  qty: number;
  /** Product prices without options. */
  final_price_paise: number;
  original_price_paise: number;
  /** The variant's own price (null when it has none, or the combination is not sold). */
  override_paise: number | null;
  /** The variant's units (0 when the combination is not sold). */
  stock: number;
  in_stock: boolean;
  /** Offered: the product is switched on and so is its category (when it has one). */
  status: boolean;
  /** The variant of the line's product, colour and memory size; null when that combination is not sold. */
  variant_id: number | null;
  sku: string | null;
  /**
   * false when the chosen colour or memory size has since been removed from the product, or its variant is not
   * sold (deleted or switched off).
   */
  options_valid: boolean;
}

/** Offered: the product is switched on, and so is its category when it has one (`p` and `cat` in scope). */
const offeredSql = sql<number>`p.status = 1 AND COALESCE(cat.status, 1) = 1`;

/**
 * A user's whole cart in one query (lines joined to products and their option rows), oldest line first.
 * Shared with the orders module, which turns these rows into order lines.
 */
export async function readCartLines(db: Db, userId: number): Promise<CartLineRow[]> {
  const rows = await db
    .selectFrom('cart_lines as cl')
    .innerJoin('products as p', 'p.id', 'cl.product_id')
    .leftJoin('categories as cat', 'cat.id', 'p.category_id')
    .leftJoin('product_colors as pc', (j) =>
      j.onRef('pc.product_id', '=', 'cl.product_id').onRef('pc.color_id', '=', 'cl.color_id'),
    )
    .leftJoin('colors as co', 'co.id', 'cl.color_id')
    .leftJoin('product_memory as pm', (j) =>
      j.onRef('pm.product_id', '=', 'cl.product_id').onRef('pm.size_gb', '=', 'cl.memory_size'),
    )
    .leftJoin('product_variants as v', (j) =>
      j
        .onRef('v.product_id', '=', 'cl.product_id')
        .onRef('v.color_id', '=', 'cl.color_id')
        .onRef('v.memory_size', '=', 'cl.memory_size'),
    )
    .where('cl.user_id', '=', userId)
    .select([
      'cl.id',
      'cl.user_id',
      'cl.product_id',
      'p.name',
      'p.slug',
      // The chosen colour's own first picture, else the product's.
      sql<string>`COALESCE(${firstColorPicture('cl.product_id', 'cl.color_id')}, p.thumbnail)`.as(
        'thumbnail',
      ),
      'cl.color_id',
      'co.name as color_name',
      'co.hexcode as color_hexcode',
      sql<number>`COALESCE(pc.price_adj, 0)`.as('color_adj_paise'),
      'cl.memory_size',
      sql<number>`COALESCE(pm.price_adj, 0)`.as('memory_adj_paise'),
      'cl.qty',
      'p.final_price as final_price_paise',
      'p.original_price as original_price_paise',
      'v.price_override as override_paise',
      sql<number>`COALESCE(v.stock, 0)`.as('stock'),
      'p.in_stock',
      offeredSql.as('status'),
      'v.id as variant_id',
      'v.sku',
      sql<number>`(cl.color_id = 0 OR pc.color_id IS NOT NULL) AND (cl.memory_size = 0 OR pm.size_gb IS NOT NULL)
        AND v.enabled = 1`.as('options_valid'),
    ])
    .orderBy('cl.id')
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    user_id: Number(r.user_id),
    product_id: Number(r.product_id),
    name: r.name,
    slug: r.slug,
    thumbnail: r.thumbnail,
    color_id: Number(r.color_id) || null,
    color_name: r.color_id ? (r.color_name ?? null) : null,
    color_hexcode: r.color_id ? (r.color_hexcode ?? null) : null,
    color_adj_paise: Number(r.color_adj_paise),
    memory_size: Number(r.memory_size) || null,
    memory_adj_paise: Number(r.memory_adj_paise),
    qty: Number(r.qty),
    final_price_paise: Number(r.final_price_paise),
    original_price_paise: Number(r.original_price_paise),
    override_paise: r.override_paise === null ? null : Number(r.override_paise),
    stock: Number(r.stock),
    in_stock: Boolean(r.in_stock),
    status: Boolean(Number(r.status)),
    variant_id: r.variant_id === null ? null : Number(r.variant_id),
    sku: r.sku ?? null,
    options_valid: Boolean(Number(r.options_valid)),
  }));
}

/** Empties a user's cart; returns the number of lines removed. */
export async function clearCart(db: Db, userId: number): Promise<number> {
  const r = await db.deleteFrom('cart_lines').where('user_id', '=', userId).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Locks the user's row: a user's cart changes run one after another, so quantity limits hold. */
export function lockCartOwner(db: Db, userId: number): Promise<boolean> {
  return lockRow(db, 'users', userId);
}

/** Products with what the cart needs to check a line: availability (offeredSql) and stock. */
export async function findProducts(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('products as p')
    .leftJoin('categories as cat', 'cat.id', 'p.category_id')
    .select(['p.id', 'p.name', 'p.stock', 'p.in_stock', offeredSql.as('status')])
    .where('p.id', 'in', ids)
    .execute();
}

/** The variants of the products (every combination sold, switched off ones included). */
export async function findVariants(db: Db, productIds: number[]) {
  if (productIds.length === 0) return [];
  return db
    .selectFrom('product_variants')
    .select(['id', 'product_id', 'sku', 'color_id', 'memory_size', 'stock', 'enabled'])
    .where('product_id', 'in', productIds)
    .execute();
}

/** A variant by id or by SKU (add-to-cart may name the variant itself). */
export async function findVariant(db: Db, by: { id: number } | { sku: string }) {
  let q = db
    .selectFrom('product_variants')
    .select(['id', 'product_id', 'sku', 'color_id', 'memory_size', 'stock', 'enabled']);
  q = 'id' in by ? q.where('id', '=', by.id) : q.where('sku', '=', by.sku);
  return q.executeTakeFirst();
}

/** Offered colours (active ones) of the products, in display order. */
export async function findProductColors(db: Db, productIds: number[]) {
  if (productIds.length === 0) return [];
  return db
    .selectFrom('product_colors as pc')
    .innerJoin('colors as co', 'co.id', 'pc.color_id')
    .select(['pc.product_id', 'pc.color_id'])
    .where('pc.product_id', 'in', productIds)
    .where('co.status', '=', 1)
    .orderBy('pc.product_id')
    .orderBy('pc.position')
    .orderBy('pc.color_id')
    .execute();
}

/** Memory sizes of the products, in display order. */
export async function findProductMemory(db: Db, productIds: number[]) {
  if (productIds.length === 0) return [];
  return db
    .selectFrom('product_memory')
    .select(['product_id', 'size_gb'])
    .where('product_id', 'in', productIds)
    .orderBy('product_id')
    .orderBy('position')
    .orderBy('size_gb')
    .execute();
}

export function findLineByKey(
  db: Db,
  key: { user_id: number; product_id: number; color_id: number; memory_size: number },
) {
  return db
    .selectFrom('cart_lines')
    .select(['id', 'qty'])
    .where('user_id', '=', key.user_id)
    .where('product_id', '=', key.product_id)
    .where('color_id', '=', key.color_id)
    .where('memory_size', '=', key.memory_size)
    .executeTakeFirst();
}

export function listLineKeys(db: Db, userId: number) {
  return db
    .selectFrom('cart_lines')
    .select(['id', 'product_id', 'color_id', 'memory_size', 'qty'])
    .where('user_id', '=', userId)
    .execute();
}

/**
 * One of the user's own lines with its variant's stock and switch (null when the combination is not sold);
 * undefined for someone else's line.
 */
export function findOwnLine(db: Db, userId: number, lineId: number) {
  return db
    .selectFrom('cart_lines as cl')
    .innerJoin('products as p', 'p.id', 'cl.product_id')
    .leftJoin('categories as cat', 'cat.id', 'p.category_id')
    .leftJoin('product_variants as v', (j) =>
      j
        .onRef('v.product_id', '=', 'cl.product_id')
        .onRef('v.color_id', '=', 'cl.color_id')
        .onRef('v.memory_size', '=', 'cl.memory_size'),
    )
    .select([
      'cl.id',
      'cl.qty',
      'p.name',
      'p.in_stock',
      offeredSql.as('status'),
      'v.stock',
      'v.enabled',
      'v.sku',
    ])
    .where('cl.id', '=', lineId)
    .where('cl.user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * Writes lines with their final quantities: new ones are inserted, existing ones (same user, product,
 * colour, memory size; the unique key) take the given quantity.
 */
export async function upsertLines(
  db: Db,
  lines: { user_id: number; product_id: number; color_id: number; memory_size: number; qty: number }[],
): Promise<void> {
  if (lines.length === 0) return;
  await db
    .insertInto('cart_lines')
    .values(lines)
    .onDuplicateKeyUpdate({ qty: sql<number>`VALUES(qty)` })
    .execute();
}

export async function setLineQty(db: Db, userId: number, lineId: number, qty: number): Promise<void> {
  await db
    .updateTable('cart_lines')
    .set({ qty })
    .where('id', '=', lineId)
    .where('user_id', '=', userId)
    .execute();
}

export function deleteLine(db: Db, userId: number, lineId: number): Promise<number> {
  return deleteOwnRow(db, 'cart_lines', userId, lineId);
}
