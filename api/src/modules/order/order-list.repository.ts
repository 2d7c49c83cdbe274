import { type SelectQueryBuilder, sql } from 'kysely';
import type { Db } from '../../db/connection';
import type { Database } from '../../db/database';
import { containsPattern, prefixPattern } from '../../db/like';
import type { OrderWithUser } from './order.repository';
import type { OrderSearch } from './order-search';

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
