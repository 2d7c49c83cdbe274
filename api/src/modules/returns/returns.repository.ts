import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db } from '../../db/connection';
import type { ReturnLineTable, ReturnRequestTable } from '../../db/database';
import { containsPattern } from '../../db/like';
import { addEvent, eventsWithStaff, type NewEvent } from '../../db/timeline';
import { readSettings } from '../settings/settings.repository';

export type ReturnRow = Selectable<ReturnRequestTable>;

/** The settings keys of the returns policy (in the shop's settings table). */
export const POLICY_KEYS = {
  windowDays: 'returns_window_days',
  shippingRefund: 'returns_shipping_refund',
} as const;

export function readPolicySettings(db: Db): Promise<Map<string, string>> {
  return readSettings(db, Object.values(POLICY_KEYS));
}

export function categoryPolicies(db: Db) {
  return db.selectFrom('categories').select(['id', 'name', 'return_policy']).orderBy('name').execute();
}

export async function setCategoryPolicy(db: Db, categoryId: number, policy: string): Promise<boolean> {
  const r = await db
    .updateTable('categories')
    .set({ return_policy: policy })
    .where('id', '=', categoryId)
    .executeTakeFirst();
  return (
    Number(r.numUpdatedRows) === 1 ||
    (await db.selectFrom('categories').select('id').where('id', '=', categoryId).executeTakeFirst()) !==
      undefined
  );
}

/** The order's lines with their category's returns rule and GST rate (for the pricing function). */
export function orderLinesWithPolicy(db: Db, orderId: number) {
  return db
    .selectFrom('order_lines as l')
    .leftJoin('products as p', 'p.id', 'l.product_id')
    .leftJoin('categories as c', 'c.id', 'p.category_id')
    .selectAll('l')
    .select(['c.return_policy', 'c.gst_rate_bp'])
    .where('l.order_id', '=', orderId)
    .orderBy('l.id')
    .execute();
}

/** Units of each of the order's lines held by requests that were not rejected, and the open request of each line. */
export async function unitsInRequests(
  db: Db,
  orderId: number,
): Promise<Map<number, { units: number; open: string | null }>> {
  const rows = await db
    .selectFrom('return_lines as rl')
    .innerJoin('return_requests as r', 'r.id', 'rl.request_id')
    .select(['rl.order_line_id', 'rl.qty', 'rl.open', 'r.public_id'])
    .where('r.order_id', '=', orderId)
    .where('r.state', '!=', 'rejected')
    .execute();
  const out = new Map<number, { units: number; open: string | null }>();
  for (const r of rows) {
    const id = Number(r.order_line_id);
    const had = out.get(id) ?? { units: 0, open: null };
    out.set(id, { units: had.units + r.qty, open: r.open ? r.public_id : had.open });
  }
  return out;
}

export async function insertRequest(db: Db, r: Insertable<ReturnRequestTable>): Promise<number> {
  const res = await db.insertInto('return_requests').values(r).executeTakeFirstOrThrow();
  return Number(res.insertId);
}

export async function insertLines(db: Db, lines: Insertable<ReturnLineTable>[]): Promise<void> {
  await db.insertInto('return_lines').values(lines).execute();
}

export async function insertPhotos(db: Db, requestId: number, files: string[]): Promise<void> {
  if (!files.length) return;
  await db
    .insertInto('return_photos')
    .values(files.map((file, position) => ({ request_id: requestId, file, position })))
    .execute();
}

/** Adds an event to the request's timeline (db/timeline.ts, shared with orders). */
export function insertEvent(db: Db, e: NewEvent<'return_events'>): Promise<void> {
  return addEvent(db, 'return_events', e);
}

export function lockRequest(db: Db, publicId: string): Promise<ReturnRow | undefined> {
  return db
    .selectFrom('return_requests')
    .selectAll()
    .where('public_id', '=', publicId)
    .forUpdate()
    .executeTakeFirst();
}

export function findRequest(db: Db, publicId: string): Promise<ReturnRow | undefined> {
  return db.selectFrom('return_requests').selectAll().where('public_id', '=', publicId).executeTakeFirst();
}

export async function updateRequest(
  db: Db,
  id: number,
  set: Partial<Omit<Insertable<ReturnRequestTable>, 'id' | 'public_id' | 'order_id'>>,
): Promise<void> {
  await db.updateTable('return_requests').set(set).where('id', '=', id).execute();
}

/** Closes a request's lines: they no longer hold their order lines. */
export async function closeLines(db: Db, requestId: number): Promise<void> {
  await db.updateTable('return_lines').set({ open: null }).where('request_id', '=', requestId).execute();
}

export async function setInspection(
  db: Db,
  lineId: number,
  sellable: number,
  damaged: number,
): Promise<void> {
  await db.updateTable('return_lines').set({ sellable, damaged }).where('id', '=', lineId).execute();
}

export function requestsOfOrder(db: Db, orderId: number): Promise<ReturnRow[]> {
  return db
    .selectFrom('return_requests')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('id', 'desc')
    .execute();
}

export function requestsOfShopper(db: Db, userId: number, limit = 100): Promise<ReturnRow[]> {
  return db
    .selectFrom('return_requests as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .selectAll('r')
    .where('o.user_id', '=', userId)
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
}

/** The lines of requests, with what the order line sold. */
export function linesOfRequests(db: Db, requestIds: number[]) {
  if (!requestIds.length) return Promise.resolve([]);
  return db
    .selectFrom('return_lines as rl')
    .innerJoin('order_lines as l', 'l.id', 'rl.order_line_id')
    .leftJoin('product_variants as v', 'v.id', 'rl.replacement_variant_id')
    .leftJoin('colors as vc', 'vc.id', 'v.color_id')
    .selectAll('rl')
    .select([
      'l.name',
      'l.color_name',
      'l.memory_size',
      'l.thumbnail',
      'l.product_id',
      'l.variant_id',
      'l.unit_price_paise',
      'v.memory_size as replacement_memory',
      'vc.name as replacement_color',
    ])
    .where('rl.request_id', 'in', requestIds)
    .orderBy('rl.id')
    .execute();
}

export function photosOf(db: Db, requestIds: number[]) {
  if (!requestIds.length) return Promise.resolve([]);
  return db
    .selectFrom('return_photos')
    .select(['request_id', 'file'])
    .where('request_id', 'in', requestIds)
    .orderBy('request_id')
    .orderBy('position')
    .execute();
}

/** The request's timeline, with the member of staff who made each event. */
export function eventsOf(db: Db, requestId: number) {
  return eventsWithStaff(db, 'return_events', requestId);
}

export interface ReturnFilter {
  state?: string;
  q?: string;
}

function filtered(db: Db, f: ReturnFilter) {
  let q = db.selectFrom('return_requests as r').innerJoin('orders as o', 'o.id', 'r.order_id');
  if (f.state) q = q.where('r.state', '=', f.state);
  if (f.q) {
    const text = f.q.trim();
    q = q.where((eb) =>
      eb.or([
        eb('r.public_id', '=', text.toUpperCase()),
        eb('o.public_id', '=', text.toUpperCase()),
        eb(
          'o.user_id',
          'in',
          eb.selectFrom('users').select('id').where('email', 'like', containsPattern(text.toLowerCase())),
        ),
      ]),
    );
  }
  return q;
}

export function listRequests(
  db: Db,
  f: ReturnFilter & { offset: number; limit: number },
): Promise<ReturnRow[]> {
  return filtered(db, f).selectAll('r').orderBy('r.id', 'desc').limit(f.limit).offset(f.offset).execute();
}

export async function countRequests(db: Db, f: ReturnFilter): Promise<number> {
  const r = await filtered(db, f).select(sql<string>`COUNT(*)`.as('n')).executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** Requests per state (the list's tabs), whatever the filters. */
export async function countsByState(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('return_requests')
    .select(['state', sql<string>`COUNT(*)`.as('n')])
    .groupBy('state')
    .execute();
  return new Map(rows.map((r) => [r.state, Number(r.n)]));
}

/** Units inspected as damaged, all time: kept apart from sellable stock. */
export async function damagedUnits(db: Db): Promise<number> {
  const r = await db
    .selectFrom('return_lines')
    .select(sql<string>`COALESCE(SUM(damaged), 0)`.as('n'))
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** The variants of a product with what a replacement needs: options, stock, switch and price. */
export function variantsOf(db: Db, productIds: number[]) {
  if (!productIds.length) return Promise.resolve([]);
  return db
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .leftJoin('colors as c', 'c.id', 'v.color_id')
    .leftJoin('product_colors as pc', (j) =>
      j.onRef('pc.product_id', '=', 'v.product_id').onRef('pc.color_id', '=', 'v.color_id'),
    )
    .leftJoin('product_memory as pm', (j) =>
      j.onRef('pm.product_id', '=', 'v.product_id').onRef('pm.size_gb', '=', 'v.memory_size'),
    )
    .select([
      'v.id',
      'v.product_id',
      'v.color_id',
      'v.memory_size',
      'v.stock',
      'v.enabled',
      'v.price_override',
      'v.sku',
      'c.name as color_name',
      'p.final_price',
      'p.status',
      'p.in_stock',
      'pc.price_adj as color_adj',
      'pm.price_adj as memory_adj',
    ])
    .where('v.product_id', 'in', productIds)
    .orderBy('v.product_id')
    .orderBy('v.position')
    .execute();
}

export function shopperOfOrder(db: Db, orderId: number) {
  return db
    .selectFrom('orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select(['u.name', 'u.email'])
    .where('o.id', '=', orderId)
    .executeTakeFirst();
}

export function refundById(db: Db, id: number) {
  return db.selectFrom('refunds').selectAll().where('id', '=', id).executeTakeFirst();
}
