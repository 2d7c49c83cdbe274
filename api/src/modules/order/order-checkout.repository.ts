import { sql } from 'kysely';
import { firstColorPicture } from '../../db/color-picture';
import type { Db } from '../../db/connection';
import { zonesVersionColumn } from '../delivery/delivery.repository';
import { settingsColumn, settingsOf } from '../settings/settings.repository';

export interface CartLineRow {
  id: number;
  product_id: number;
  color_id: number;
  memory_size: number;
  qty: number;
}

export interface OrderProduct {
  id: number;
  name: string;
  final_price: number;
  original_price: number;
  thumbnail: string;
  stock: number;
  status: number;
  in_stock: number;
  /** Grams per unit (null: not weighed); read by the checkout's price step. */
  weight_grams?: number | null;
  /** For promotions scoped to categories or brands (checkout's price step). */
  category_id?: number | null;
  brand?: string;
}

/** What checkout's first statement reads besides the cart: the account's state and the shop's set-up. */
export interface CheckoutStart {
  shopper: { name: string; email: string } | null;
  lines: CartLineRow[];
  /** Whether the account's address is confirmed, and whether it has ordered before. */
  account: { emailVerified: boolean; ordered: boolean };
  /** The named settings, as saved, and the shipping zones' version (unlocked: staff change them without waiting). */
  settings: Map<string, string>;
  zonesVersion: number;
}

/**
 * Locks the shopper's account row and then their cart lines, in one statement (the cart service's lock order:
 * account, then lines), so that two simultaneous checkouts of one cart cannot both use it. The shopper's name and
 * address come with them, for the order's mail, and so do the account's state, the named settings checkout needs
 * and the zones' version (one round trip where there were four). The lock covers the account and cart rows only:
 * rows read by subqueries are not locked. (The zones themselves are kept per version, see zonesAt: MariaDB
 * aggregates their JSON columns into one value slowly.)
 */
export async function lockAccountAndCart(
  db: Db,
  userId: number,
  settingNames: readonly string[],
): Promise<CheckoutStart> {
  const rows = await db
    .selectFrom('users as u')
    .leftJoin('cart_lines as cl', 'cl.user_id', 'u.id')
    .select((eb) => [
      'u.name',
      'u.email',
      'u.email_verified_at',
      eb.exists(eb.selectFrom('orders as o').select('o.id').whereRef('o.user_id', '=', 'u.id')).as('ordered'),
      settingsColumn(settingNames).as('settings'),
      zonesVersionColumn.as('zones_version'),
      'cl.id',
      'cl.product_id',
      'cl.color_id',
      'cl.memory_size',
      'cl.qty',
    ])
    .where('u.id', '=', userId)
    .orderBy('cl.product_id')
    .orderBy('cl.color_id')
    .orderBy('cl.memory_size')
    .forUpdate()
    .execute();
  const first = rows[0];
  return {
    shopper: first ? { name: first.name, email: first.email } : null,
    // An empty cart is one row of NULLs.
    lines: rows
      .filter((r) => r.id !== null)
      .map((r) => ({
        id: r.id!,
        product_id: r.product_id!,
        color_id: r.color_id!,
        memory_size: r.memory_size!,
        qty: r.qty!,
      })),
    account: { emailVerified: Boolean(first?.email_verified_at), ordered: Boolean(Number(first?.ordered)) },
    settings: settingsOf(first?.settings),
    zonesVersion: Number(first?.zones_version ?? 0),
  };
}

/** The columns of an OrderProduct; `status` is whether the product is offered: switched on, and so is its category. */
const productColumns = [
  'p.id',
  'p.name',
  'p.final_price',
  'p.original_price',
  'p.thumbnail',
  'p.stock',
  sql<number>`p.status = 1 AND COALESCE(c.status, 1) = 1`.as('status'),
  'p.in_stock',
  'p.weight_grams',
  'p.category_id',
  'p.brand',
] as const;

const productsWithCategory = (db: Db, ids: number[]) =>
  db
    .selectFrom('products as p')
    .leftJoin('categories as c', 'c.id', 'p.category_id')
    .where('p.id', 'in', ids)
    .orderBy('p.id');

/** The products as last committed, without locks (checkout takes its row locks with the guarded update). */
export async function readProducts(db: Db, ids: number[]): Promise<OrderProduct[]> {
  if (!ids.length) return [];
  const rows = await productsWithCategory(db, ids).select(productColumns).execute();
  return rows.map((r) => ({ ...r, status: Number(r.status) }));
}

export function colorOptions(db: Db, productIds: number[]) {
  return db
    .selectFrom('product_colors as pc')
    .innerJoin('colors as c', 'c.id', 'pc.color_id')
    .select([
      'pc.product_id',
      'pc.color_id',
      'pc.price_adj',
      'c.name',
      firstColorPicture('pc.product_id', 'pc.color_id').as('picture'),
    ])
    .where('pc.product_id', 'in', productIds)
    .execute();
}

export function memoryOptions(db: Db, productIds: number[]) {
  return db
    .selectFrom('product_memory')
    .select(['product_id', 'size_gb', 'price_adj'])
    .where('product_id', 'in', productIds)
    .execute();
}

/** A variant as checkout needs it (stock, switch, SKU, price override in paise). */
export interface OrderVariant {
  id: number;
  product_id: number;
  color_id: number;
  memory_size: number;
  sku: string;
  stock: number;
  enabled: number;
  price_override: number | null;
  /** Grams per unit (null: the product's weight). */
  weight_grams: number | null;
}

const variantOf = (r: {
  id: number | null;
  product_id: number | null;
  color_id: number | null;
  memory_size: number | null;
  sku: string | null;
  stock: number | null;
  enabled: number | null;
  price_override: number | null;
  weight_grams: number | null;
}): OrderVariant => ({
  id: Number(r.id),
  product_id: Number(r.product_id),
  color_id: Number(r.color_id),
  memory_size: Number(r.memory_size),
  sku: r.sku ?? '',
  stock: Number(r.stock),
  enabled: Number(r.enabled),
  price_override: r.price_override === null ? null : Number(r.price_override),
  weight_grams: r.weight_grams === null ? null : Number(r.weight_grams),
});

/** The variants of the given products, without locks (checkout's guarded updates take them). */
export async function readVariants(db: Db, productIds: number[]): Promise<OrderVariant[]> {
  if (!productIds.length) return [];
  const rows = await db
    .selectFrom('product_variants')
    .select([
      'id',
      'product_id',
      'color_id',
      'memory_size',
      'sku',
      'stock',
      'enabled',
      'price_override',
      'weight_grams',
    ])
    .where('product_id', 'in', productIds)
    .orderBy('id')
    .execute();
  return rows.map(variantOf);
}

/** The products and their variants as readProducts and readVariants give them, in one statement (checkout). */
export async function readProductsAndVariants(
  db: Db,
  ids: number[],
): Promise<{ products: OrderProduct[]; variants: OrderVariant[] }> {
  if (!ids.length) return { products: [], variants: [] };
  const rows = await productsWithCategory(db, ids)
    .leftJoin('product_variants as v', 'v.product_id', 'p.id')
    .select([
      ...productColumns,
      'v.id as v_id',
      'v.color_id as v_color_id',
      'v.memory_size as v_memory_size',
      'v.sku as v_sku',
      'v.stock as v_stock',
      'v.enabled as v_enabled',
      'v.price_override as v_price_override',
      'v.weight_grams as v_weight_grams',
    ])
    .orderBy('v.id')
    .execute();
  const products = new Map<number, OrderProduct>();
  const variants: OrderVariant[] = [];
  for (const r of rows) {
    const {
      v_id,
      v_color_id,
      v_memory_size,
      v_sku,
      v_stock,
      v_enabled,
      v_price_override,
      v_weight_grams,
      ...p
    } = r;
    if (!products.has(p.id)) products.set(p.id, { ...p, status: Number(p.status) });
    if (v_id !== null)
      variants.push(
        variantOf({
          id: v_id,
          product_id: p.id,
          color_id: v_color_id,
          memory_size: v_memory_size,
          sku: v_sku,
          stock: v_stock,
          enabled: v_enabled,
          price_override: v_price_override,
          weight_grams: v_weight_grams,
        }),
      );
  }
  return { products: [...products.values()], variants };
}

export async function deleteCartLines(db: Db, userId: number, ids: number[]): Promise<void> {
  await db.deleteFrom('cart_lines').where('user_id', '=', userId).where('id', 'in', ids).execute();
}

/**
 * Puts an order's lines back into the shopper's cart (a failed or refused online payment must not leave the
 * shopper with an empty cart). Products deleted since are skipped; a line already there keeps the larger qty.
 */
export async function restoreCart(db: Db, userId: number, orderId: number): Promise<void> {
  await sql`
    INSERT INTO cart_lines (user_id, product_id, color_id, memory_size, qty)
    SELECT ${userId}, l.product_id, l.color_id, l.memory_size, SUM(l.qty)
    FROM order_lines l JOIN products p ON p.id = l.product_id
    WHERE l.order_id = ${orderId}
    GROUP BY l.product_id, l.color_id, l.memory_size
    ON DUPLICATE KEY UPDATE qty = GREATEST(cart_lines.qty, VALUES(qty))
  `.execute(db);
}

/** Takes the lines of an order out of the shopper's cart (they were put back when its payment failed). */
export async function removeOrderLinesFromCart(db: Db, userId: number, orderId: number): Promise<void> {
  await sql`
    DELETE cl FROM cart_lines cl
    JOIN order_lines l ON l.product_id = cl.product_id AND l.color_id = cl.color_id
      AND l.memory_size = cl.memory_size
    WHERE cl.user_id = ${userId} AND l.order_id = ${orderId}
  `.execute(db);
}
