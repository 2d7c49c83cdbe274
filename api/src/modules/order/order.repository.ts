import type { Insertable, Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Db } from '../../db/connection';
import type { OrderLineTable, OrderTable, RefundTable } from '../../db/database';

export type OrderRow = Selectable<OrderTable>;
export type OrderLineRow = Selectable<OrderLineTable>;
export type OrderWithUser = OrderRow & { user_name: string | null; user_email: string | null };

export type RefundRow = Selectable<RefundTable>;

export async function insertOrder(db: Db, values: Insertable<OrderTable>): Promise<number> {
  const r = await db.insertInto('orders').values(values).executeTakeFirstOrThrow();
  return Number(r.insertId);
}

export async function insertLines(db: Db, lines: Omit<OrderLineRow, 'id'>[]): Promise<void> {
  await db.insertInto('order_lines').values(lines).execute();
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

export function documentsOf(db: Db, orderId: number) {
  return db
    .selectFrom('invoices')
    .select(['kind', 'number', 'total_paise', 'issued_at'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
}
