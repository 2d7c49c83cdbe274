import { type Insertable, type Selectable, type SelectQueryBuilder, sql } from 'kysely';
import { firstColorPicture } from '../../db/color-picture';
import type { Db } from '../../db/connection';
import type { Database, OrderLineTable, OrderTable, RefundTable } from '../../db/database';
import { containsPattern, prefixPattern } from '../../db/like';
import { zonesVersionColumn } from '../delivery/delivery.repository';
import { settingsColumn, settingsOf } from '../settings/settings.repository';
import type { OrderSearch } from './order-search';

export type OrderRow = Selectable<OrderTable>;
export type OrderLineRow = Selectable<OrderLineTable>;
export type OrderWithUser = OrderRow & { user_name: string | null; user_email: string | null };

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

const productsById = (db: Db, ids: number[]) =>
  db
    .selectFrom('products')
    .select(['id', 'name', 'final_price', 'original_price', 'thumbnail', 'stock', 'status', 'in_stock'])
    .where('id', 'in', ids)
    .orderBy('id');

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

/** Product rows locked in id order: every transaction takes them in the same order, so they cannot deadlock. */
export function lockProducts(db: Db, ids: number[]): Promise<OrderProduct[]> {
  if (!ids.length) return Promise.resolve([]);
  return productsById(db, ids).forUpdate().execute();
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

export async function insertOrder(db: Db, values: Insertable<OrderTable>): Promise<number> {
  const r = await db.insertInto('orders').values(values).executeTakeFirstOrThrow();
  return Number(r.insertId);
}

export async function insertLines(db: Db, lines: Omit<OrderLineRow, 'id'>[]): Promise<void> {
  await db.insertInto('order_lines').values(lines).execute();
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

const orderColumns = (db: Db) =>
  db
    .selectFrom('orders as o')
    .leftJoin('users as u', 'u.id', 'o.user_id')
    .selectAll('o')
    .select(['u.name as user_name', 'u.email as user_email']);

export function findByPublicId(db: Db, publicId: string): Promise<OrderWithUser | undefined> {
  return orderColumns(db).where('o.public_id', '=', publicId).executeTakeFirst();
}

export function findByPublicIds(db: Db, publicIds: string[]): Promise<OrderWithUser[]> {
  return orderColumns(db).where('o.public_id', 'in', publicIds).execute();
}

export function findById(db: Db, id: number): Promise<OrderWithUser | undefined> {
  return orderColumns(db).where('o.id', '=', id).executeTakeFirst();
}

/** Locks one order row: every state change reads the state it changes under this lock. */
export function lockOrder(
  db: Db,
  by: { id: number } | { publicId: string } | { razorpayOrderId: string },
): Promise<OrderRow | undefined> {
  let q = db.selectFrom('orders').selectAll();
  if ('id' in by) q = q.where('id', '=', by.id);
  else if ('publicId' in by) q = q.where('public_id', '=', by.publicId);
  else q = q.where('razorpay_order_id', '=', by.razorpayOrderId);
  return q.forUpdate().executeTakeFirst();
}

/** A conditional move: changes the row only while it is still in `from`. Returns whether it did. */
export async function updateState(
  db: Db,
  id: number,
  from: string,
  set: Partial<{
    state: string;
    stock_returned: number;
    razorpay_payment_id: string | null;
    razorpay_order_id: string | null;
    paid_at: Date | null;
    expires_at: Date | null;
    return_stock: 'sellable' | 'damaged';
  }>,
  extra: { stockReturned?: number } = {},
): Promise<boolean> {
  let q = db.updateTable('orders').set(set).where('id', '=', id).where('state', '=', from);
  if (extra.stockReturned !== undefined) q = q.where('stock_returned', '=', extra.stockReturned);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Razorpay's order for an online order that still waits for payment. */
export async function setRazorpayOrderId(db: Db, id: number, razorpayOrderId: string): Promise<void> {
  await db
    .updateTable('orders')
    .set({ razorpay_order_id: razorpayOrderId })
    .where('id', '=', id)
    .where('state', '=', 'pending_payment')
    .execute();
}

/** Records a payment that cannot be used (for its refund), unless the order already has one. */
export async function keepPaymentId(db: Db, id: number, paymentId: string | null): Promise<void> {
  await db
    .updateTable('orders')
    .set({ razorpay_payment_id: paymentId })
    .where('id', '=', id)
    .where('razorpay_payment_id', 'is', null)
    .execute();
}

export function linesOf(db: Db, orderIds: number[]): Promise<OrderLineRow[]> {
  if (!orderIds.length) return Promise.resolve([]);
  return db
    .selectFrom('order_lines')
    .selectAll()
    .where('order_id', 'in', orderIds)
    .orderBy('order_id')
    .orderBy('id')
    .execute();
}

/** Each order's parcel weight in grams (variant weight, else product weight, × qty); 0 when nothing is weighed. */
export async function parcelWeights(db: Db, orderIds: number[]): Promise<Map<number, number>> {
  if (!orderIds.length) return new Map();
  const rows = await db
    .selectFrom('order_lines as l')
    .leftJoin('product_variants as v', 'v.id', 'l.variant_id')
    .leftJoin('products as p', 'p.id', 'l.product_id')
    .select(['l.order_id', sql<number>`SUM(l.qty * COALESCE(v.weight_grams, p.weight_grams, 0))`.as('grams')])
    .where('l.order_id', 'in', orderIds)
    .groupBy('l.order_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.order_id), Number(r.grams)]));
}

/** The shopper's own orders, newest first. */
export function listOrders(
  db: Db,
  f: { userId: number; offset: number; limit: number },
): Promise<OrderWithUser[]> {
  return orderColumns(db)
    .where('o.user_id', '=', f.userId)
    .orderBy('o.id', 'desc')
    .limit(f.limit)
    .offset(f.offset)
    .execute();
}

/** What the back office's order list filters on; amounts in paise, dates as instants (`before` excluded). */
export interface AdminOrderFilter {
  states?: string[];
  paymentMode?: 0 | 1;
  q?: OrderSearch;
  /** The accounts whose name or email the customer search finds for `q` (a subquery of user ids). */
  shopperIds?: SelectQueryBuilder<Database, 'users', { id: number }>;
  from?: Date;
  before?: Date;
  minPaise?: number;
  maxPaise?: number;
}

/**
 * The filtered orders. The customers table is read only for a search (`q`, order-search.ts), so an unfiltered
 * or state/date/amount-filtered count reads the orders' indexes alone. Each part of a search reads an index: the
 * phone (orders_ship_phone), the start or end of an id (public_id, orders_public_id_rev), Razorpay's id, the
 * shopper (customer search); an email anywhere in the address is the one part that reads every account.
 */
function adminOrderWhere(db: Db, f: AdminOrderFilter) {
  let q = db.selectFrom('orders as o');
  if (f.states?.length) q = q.where('o.state', 'in', f.states);
  if (f.paymentMode !== undefined) q = q.where('o.payment_mode', '=', f.paymentMode);
  if (f.from) q = q.where('o.created_at', '>=', f.from);
  if (f.before) q = q.where('o.created_at', '<', f.before);
  if (f.minPaise !== undefined) q = q.where('o.total_paise', '>=', f.minPaise);
  if (f.maxPaise !== undefined) q = q.where('o.total_paise', '<=', f.maxPaise);
  if (f.q) {
    const { text, phone, idPart } = f.q;
    const shopperIds = f.shopperIds;
    q = q.where((eb) =>
      eb.or([
        eb('o.public_id', '=', text.toUpperCase()),
        eb('o.razorpay_order_id', '=', text),
        eb(
          'o.user_id',
          'in',
          eb.selectFrom('users').select('id').where('email', 'like', containsPattern(text.toLowerCase())),
        ),
        ...(shopperIds ? [eb('o.user_id', 'in', shopperIds)] : []),
        ...(phone
          ? [
              phone.whole
                ? eb('o.ship_phone', '=', phone.digits)
                : eb('o.ship_phone', 'like', prefixPattern(phone.digits)),
            ]
          : []),
        ...(idPart
          ? [
              eb('o.public_id', 'like', prefixPattern(`VC${idPart}`)),
              eb('o.public_id_rev', 'like', prefixPattern([...idPart].reverse().join(''))),
            ]
          : []),
      ]),
    );
  }
  return q;
}

const sortColumns = {
  date: 'o.created_at',
  total: 'o.total_paise',
  state: 'o.state',
  payment: 'o.payment_mode',
} as const;

/**
 * A page of the back office's list in the order asked; ties by id, so pages never overlap.
 * - by state or payment, newest first (or oldest, ascending) within each: the order of the orders_state_created
 *   and orders_payment_created indexes
 * - the page's ids are found first from the sort's index alone (a deep page skips index entries, not rows), and
 *   only those rows are read with their customer (a "deferred join": page 1,000 read 50,000 rows and customers
 *   before)
 */
export function listAdminOrders(
  db: Db,
  f: AdminOrderFilter & {
    sort: keyof typeof sortColumns;
    dir: 'asc' | 'desc';
    offset: number;
    limit: number;
  },
): Promise<OrderWithUser[]> {
  const keys = [
    sortColumns[f.sort],
    ...(f.sort === 'state' || f.sort === 'payment' ? (['o.created_at'] as const) : []),
    'o.id' as const,
  ];
  let page = adminOrderWhere(db, f).select('o.id');
  for (const k of keys) page = page.orderBy(k, f.dir);
  let q = db
    .selectFrom(page.limit(f.limit).offset(f.offset).as('k'))
    .innerJoin('orders as o', 'o.id', 'k.id')
    .leftJoin('users as u', 'u.id', 'o.user_id')
    .selectAll('o')
    .select(['u.name as user_name', 'u.email as user_email']);
  for (const k of keys) q = q.orderBy(k, f.dir);
  return q.execute();
}

export async function countAdminOrders(db: Db, f: AdminOrderFilter): Promise<number> {
  const r = await adminOrderWhere(db, f).select(sql<string>`COUNT(*)`.as('n')).executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** Unpaid online orders whose time is up (the sweep re-checks each under a lock). */
export async function expiredOrderIds(db: Db, now: Date, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('orders')
    .select('id')
    .where('state', '=', 'pending_payment')
    .where('expires_at', '<', now)
    .orderBy('expires_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** Records a webhook event; false when it was seen before. */
export async function recordEvent(
  db: Db,
  e: { event_id: string; event: string; razorpay_order_id: string | null },
): Promise<boolean> {
  const r = await db.insertInto('payment_events').values(e).ignore().executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
}

// ---------------------------------------------------------------------------------------------------------------
// Timeline, shipping details, the shopper's address for mails

export async function insertEvent(
  db: Db,
  e: { order_id: number; event: string; actor: string; note?: string; admin_id?: number | null },
): Promise<void> {
  await db
    .insertInto('order_events')
    .values({ ...e, note: (e.note ?? '').slice(0, 300) })
    .execute();
}

export function eventsOf(db: Db, orderId: number) {
  return db
    .selectFrom('order_events as e')
    .leftJoin('admins as a', 'a.id', 'e.admin_id')
    .select([
      'e.event',
      'e.actor',
      'e.note',
      'e.created_at',
      'a.name as admin_name',
      'a.email as admin_email',
    ])
    .where('e.order_id', '=', orderId)
    .orderBy('e.id')
    .execute();
}

/** The order's latest event of this kind (who made it and when), or undefined when it has none. */
export function latestEvent(db: Db, orderId: number, event: string) {
  return db
    .selectFrom('order_events')
    .select(['actor', 'created_at'])
    .where('order_id', '=', orderId)
    .where('event', '=', event)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Who cancelled the order last ('customer', 'admin', 'payment' or 'system'), or undefined. */
export async function cancelledBy(db: Db, orderId: number): Promise<string | undefined> {
  return (await latestEvent(db, orderId, 'cancelled'))?.actor;
}

export function shopperOf(db: Db, userId: number) {
  return db.selectFrom('users').select(['name', 'email']).where('id', '=', userId).executeTakeFirst();
}

export async function setShipping(
  db: Db,
  id: number,
  s: { carrier: string | null; tracking_number: string | null },
): Promise<void> {
  await db.updateTable('orders').set(s).where('id', '=', id).execute();
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

// ---------------------------------------------------------------------------------------------------------------
// Refunds

export type RefundRow = Selectable<RefundTable>;

export async function insertRefund(db: Db, r: Insertable<RefundTable>): Promise<number> {
  const res = await db.insertInto('refunds').values(r).executeTakeFirstOrThrow();
  return Number(res.insertId);
}

/** Moves an order's refunded amount (pending and processed refunds count; a failed one is given back). */
export async function addRefunded(db: Db, orderId: number, deltaPaise: number): Promise<void> {
  await db
    .updateTable('orders')
    .set({ refunded_paise: sql<number>`refunded_paise + ${deltaPaise}` })
    .where('id', '=', orderId)
    .execute();
}

export function lockRefund(
  db: Db,
  by: { id: number } | { publicId: string } | { providerId: string },
): Promise<RefundRow | undefined> {
  let q = db.selectFrom('refunds').selectAll();
  if ('id' in by) q = q.where('id', '=', by.id);
  else if ('publicId' in by) q = q.where('public_id', '=', by.publicId);
  else q = q.where('provider_refund_id', '=', by.providerId);
  return q.forUpdate().executeTakeFirst();
}

export async function updateRefund(
  db: Db,
  id: number,
  set: Partial<{ state: string; provider_refund_id: string | null; error: string | null }>,
): Promise<void> {
  await db.updateTable('refunds').set(set).where('id', '=', id).execute();
}

/** Paise of the order's processed refunds (what has really gone back to the shopper). */
export async function processedRefundPaise(db: Db, orderId: number): Promise<number> {
  const r = await db
    .selectFrom('refunds')
    .select(sql<string>`COALESCE(SUM(amount_paise), 0)`.as('n'))
    .where('order_id', '=', orderId)
    .where('state', '=', 'processed')
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

export function refundsOf(db: Db, orderId: number): Promise<RefundRow[]> {
  return db.selectFrom('refunds').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

export function documentsOf(db: Db, orderId: number) {
  return db
    .selectFrom('invoices')
    .select(['kind', 'number', 'total_paise', 'issued_at'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
}
