import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/connection';
import { moneyTaken } from '../../db/money-taken';

/**
 * The one set of sales aggregates (reports and the dashboard), summed per day of placing into report_days: money
 * is counted on the orders whose money was taken (db/money-taken.ts). Columns of discounts, shipping and returns
 * are added here, once, as further sums of the same rows (and a column each in report_days, SUM_COLUMNS below).
 */
function salesColumns(): RawBuilder<unknown> {
  const taken = moneyTaken('o');
  return sql`COUNT(*) AS orders,
    COALESCE(SUM(${taken}), 0) AS paid_orders,
    COALESCE(SUM(CASE WHEN ${taken} THEN o.total_paise ELSE 0 END), 0) AS gross,
    COALESCE(SUM(CASE WHEN ${taken} THEN o.refunded_paise ELSE 0 END), 0) AS refunds,
    COALESCE(SUM(CASE WHEN ${taken} AND o.payment_mode = 1 THEN 1 ELSE 0 END), 0) AS prepaid_orders,
    COALESCE(SUM(CASE WHEN ${taken} AND o.payment_mode = 1 THEN o.total_paise - o.refunded_paise ELSE 0 END), 0)
      AS prepaid_net,
    COALESCE(SUM(CASE WHEN ${taken} AND o.payment_mode = 0 THEN 1 ELSE 0 END), 0) AS cod_orders,
    COALESCE(SUM(CASE WHEN ${taken} AND o.payment_mode = 0 THEN o.total_paise - o.refunded_paise ELSE 0 END), 0)
      AS cod_net,
    COALESCE(SUM(o.state = 'returned'), 0) AS returned_orders,
    COALESCE(SUM(CASE WHEN ${taken} THEN
      (SELECT COALESCE(SUM(d.amount_paise), 0) FROM order_discounts AS d WHERE d.order_id = o.id) ELSE 0 END), 0)
      AS discounts`;
}

type SalesRow = Record<
  | 'orders'
  | 'paid_orders'
  | 'gross'
  | 'refunds'
  | 'prepaid_orders'
  | 'prepaid_net'
  | 'cod_orders'
  | 'cod_net'
  | 'returned_orders'
  | 'discounts',
  number | string
>;

export interface SalesTotals {
  orders: number;
  paidOrders: number;
  grossPaise: number;
  refundsPaise: number;
  prepaidOrders: number;
  prepaidNetPaise: number;
  codOrders: number;
  codNetPaise: number;
  returnedOrders: number;
  /** Discounts of the paid orders (goods and shipping taken off); grossPaise is their totals after them. */
  discountsPaise: number;
}

const totalsOf = (r: SalesRow | undefined): SalesTotals => ({
  orders: Number(r?.orders ?? 0),
  paidOrders: Number(r?.paid_orders ?? 0),
  grossPaise: Number(r?.gross ?? 0),
  refundsPaise: Number(r?.refunds ?? 0),
  prepaidOrders: Number(r?.prepaid_orders ?? 0),
  prepaidNetPaise: Number(r?.prepaid_net ?? 0),
  codOrders: Number(r?.cod_orders ?? 0),
  codNetPaise: Number(r?.cod_net ?? 0),
  returnedOrders: Number(r?.returned_orders ?? 0),
  discountsPaise: Number(r?.discounts ?? 0),
});

/** The columns of report_days that add up over days (all of salesColumns). */
const SUM_COLUMNS = [
  'orders',
  'paid_orders',
  'gross',
  'refunds',
  'prepaid_orders',
  'prepaid_net',
  'cod_orders',
  'cod_net',
  'returned_orders',
  'discounts',
] as const;

// ---------------------------------------------------------------- keeping the days

/** The refresh row: up to when the days were counted. */
export async function readRefresh(db: Db, lock = false): Promise<{ refreshedTo: Date }> {
  const r = await sql<{ refreshed_to: Date }>`SELECT refreshed_to
    FROM report_refresh WHERE id = 1 ${lock ? sql`FOR UPDATE` : sql``}`.execute(db);
  const row = r.rows[0]!;
  return { refreshedTo: new Date(row.refreshed_to) };
}

/** The database's clock. */
export async function databaseNow(db: Db): Promise<Date> {
  const r = await sql<{ now: Date }>`SELECT UTC_TIMESTAMP(3) AS now`.execute(db);
  return new Date(r.rows[0]!.now);
}

export async function setRefreshed(db: Db, at: Date): Promise<void> {
  await sql`UPDATE report_refresh SET refreshed_to = ${at} WHERE id = 1`.execute(db);
}

const dayOfOrder = (offsetMinutes: number, o = 'o') =>
  sql`DATE(${sql.ref(`${o}.created_at`)} + INTERVAL ${offsetMinutes} MINUTE)`;

/**
 * The days to count again: those of the orders changed at `since` or later (orders_updated) and not counted since
 * their change (report_order_days.counted_at differs from their updated_at), and the days those orders were
 * counted in before (an order whose day changed leaves its old day).
 */
export async function changedDays(db: Db, since: Date, offsetMinutes: number): Promise<string[]> {
  const r = await sql<{ day: string; old_day: string | null }>`SELECT
      DATE_FORMAT(${dayOfOrder(offsetMinutes)}, '%Y-%m-%d') AS day, DATE_FORMAT(r.day, '%Y-%m-%d') AS old_day
    FROM orders AS o LEFT JOIN report_order_days AS r ON r.order_id = o.id
    WHERE o.updated_at >= ${since} AND (r.counted_at IS NULL OR r.counted_at <> o.updated_at)`.execute(db);
  return [...new Set(r.rows.flatMap((x) => (x.old_day ? [x.day, x.old_day] : [x.day])))].sort();
}

/** Counts the days from `firstDay` to `lastDay` again from the orders placed in [from, to). */
export async function recountDays(
  db: Db,
  days: { firstDay: string; lastDay: string; from: Date; to: Date },
  offsetMinutes: number,
): Promise<void> {
  const { firstDay, lastDay, from, to } = days;
  for (const t of ['report_days', 'report_day_products', 'report_day_customers', 'report_order_days'])
    await sql`DELETE FROM ${sql.table(t)} WHERE day BETWEEN ${firstDay} AND ${lastDay}`.execute(db);
  const day = dayOfOrder(offsetMinutes);
  const placed = sql`o.created_at >= ${from} AND o.created_at < ${to}`;
  // Each order's day and the change counted, written before the sums: an order changed while they are summed
  // keeps an older counted_at than its updated_at, so the next refresh counts its day again. An order moved from
  // a day counted later in this refresh still has its old row: it now names this day.
  await sql`INSERT INTO report_order_days (order_id, day, counted_at)
    SELECT o.id, ${day}, o.updated_at FROM orders AS o WHERE ${placed}
    ON DUPLICATE KEY UPDATE day = VALUES(day), counted_at = VALUES(counted_at)`.execute(db);
  await sql`INSERT INTO report_days (day, ${sql.join(SUM_COLUMNS.map((c) => sql.ref(c)))})
    SELECT ${day} AS day, ${salesColumns()} FROM orders AS o WHERE ${placed} GROUP BY day`.execute(db);
  await sql`INSERT INTO report_day_products (day, product_id, units, sales)
    SELECT ${day} AS day, l.product_id, SUM(l.qty), SUM(l.qty * l.unit_price_paise)
    FROM orders AS o JOIN order_lines AS l ON l.order_id = o.id
    WHERE ${placed} AND ${moneyTaken('o')} GROUP BY day, l.product_id`.execute(db);
  await sql`INSERT INTO report_day_customers (day, user_id)
    SELECT DISTINCT ${day}, o.user_id FROM orders AS o WHERE ${placed} AND ${moneyTaken('o')}`.execute(db);
  // Each shopper's first day with a paid order: those of the shoppers of these days, and of those whose first day
  // was one of them (it may have moved later); a shopper left with no paid order at all has none.
  await sql`INSERT INTO report_customer_firsts (user_id, first_day)
    SELECT c.user_id, MIN(c.day) FROM (
        SELECT user_id FROM report_day_customers WHERE day BETWEEN ${firstDay} AND ${lastDay}
        UNION SELECT user_id FROM report_customer_firsts WHERE first_day BETWEEN ${firstDay} AND ${lastDay}
      ) AS u JOIN report_day_customers AS c ON c.user_id = u.user_id
      GROUP BY c.user_id
    ON DUPLICATE KEY UPDATE first_day = VALUES(first_day)`.execute(db);
  await sql`DELETE f FROM report_customer_firsts AS f
    WHERE f.first_day BETWEEN ${firstDay} AND ${lastDay}
      AND NOT EXISTS (SELECT 1 FROM report_day_customers AS c WHERE c.user_id = f.user_id)`.execute(db);
}

// ---------------------------------------------------------------- reading the days

/** The sums of the days from `firstDay` to `lastDay` (both included). */
export async function salesTotals(db: Db, firstDay: string, lastDay: string): Promise<SalesTotals> {
  const r = await sql<SalesRow>`SELECT ${sql.join(
    SUM_COLUMNS.map((c) => sql`COALESCE(SUM(${sql.ref(c)}), 0) AS ${sql.ref(c)}`),
  )} FROM report_days WHERE day BETWEEN ${firstDay} AND ${lastDay}`.execute(db);
  return totalsOf(r.rows[0]);
}

/** Each day's sums and units (days without orders left out). */
export async function salesByDay(
  db: Db,
  firstDay: string,
  lastDay: string,
): Promise<(SalesTotals & { day: string; units: number })[]> {
  const [days, units] = await Promise.all([
    sql<SalesRow & { day: string }>`SELECT DATE_FORMAT(day, '%Y-%m-%d') AS day,
        ${sql.join(SUM_COLUMNS.map((c) => sql.ref(c)))}
      FROM report_days WHERE day BETWEEN ${firstDay} AND ${lastDay}`.execute(db),
    sql<{
      day: string;
      units: number | string;
    }>`SELECT DATE_FORMAT(day, '%Y-%m-%d') AS day, SUM(units) AS units
      FROM report_day_products WHERE day BETWEEN ${firstDay} AND ${lastDay} GROUP BY day`.execute(db),
  ]);
  const unitsByDay = new Map(units.rows.map((r) => [r.day, Number(r.units)]));
  return days.rows.map((r) => ({ ...totalsOf(r), day: r.day, units: unitsByDay.get(r.day) ?? 0 }));
}

/** Units of the days' paid orders. */
export async function unitsSold(db: Db, firstDay: string, lastDay: string): Promise<number> {
  const r = await sql<{ n: number | string | null }>`SELECT SUM(units) AS n FROM report_day_products
    WHERE day BETWEEN ${firstDay} AND ${lastDay}`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}

/** Shoppers with a paid order in the days, and how many of them had their first one in these days. */
export async function customerCounts(
  db: Db,
  firstDay: string,
  lastDay: string,
): Promise<{ all: number; newOnes: number }> {
  const [all, firsts] = await Promise.all([
    sql<{ n: number | string }>`SELECT COUNT(DISTINCT user_id) AS n FROM report_day_customers
      WHERE day BETWEEN ${firstDay} AND ${lastDay}`.execute(db),
    sql<{ n: number | string }>`SELECT COUNT(*) AS n FROM report_customer_firsts
      WHERE first_day BETWEEN ${firstDay} AND ${lastDay}`.execute(db),
  ]);
  return { all: Number(all.rows[0]?.n ?? 0), newOnes: Number(firsts.rows[0]?.n ?? 0) };
}

export type TopKind = 'product' | 'category' | 'brand';

/**
 * What sold most in the days' paid orders, by value (units × the unit price paid), `limit` rows: by product (its
 * current name, or the name on its last order line when it was deleted), by its category now ('Uncategorised'
 * for none), or by brand ('No brand' for none). The days are summed per product first, then joined to the
 * products: one lookup per product sold, not one per product and day.
 */
export async function topSellers(
  db: Db,
  firstDay: string,
  lastDay: string,
  kind: TopKind,
  limit: number,
): Promise<{ id: number | null; name: string; units: number; salesPaise: number }[]> {
  const key =
    kind === 'product'
      ? sql`d.product_id`
      : kind === 'category'
        ? sql`p.category_id`
        : sql`COALESCE(p.brand, '')`;
  const name =
    kind === 'product'
      ? sql`COALESCE(MAX(p.name), (SELECT l.name FROM order_lines AS l WHERE l.product_id = d.product_id
          ORDER BY l.id DESC LIMIT 1), 'Deleted product')`
      : kind === 'category'
        ? sql`COALESCE(MAX(c.name), 'Uncategorised')`
        : sql`COALESCE(NULLIF(MAX(p.brand), ''), 'No brand')`;
  const r = await sql<{
    id: number | string | null;
    name: string;
    units: number | string;
    sales: number | string;
  }>`SELECT ${kind === 'brand' ? sql`NULL` : key} AS id, ${name} AS name, SUM(d.units) AS units,
      SUM(d.sales) AS sales
    FROM (SELECT product_id, SUM(units) AS units, SUM(sales) AS sales FROM report_day_products
        WHERE day BETWEEN ${firstDay} AND ${lastDay} GROUP BY product_id) AS d
    LEFT JOIN products AS p ON p.id = d.product_id
    LEFT JOIN categories AS c ON c.id = p.category_id
    GROUP BY ${key}
    ORDER BY sales DESC, units DESC, name
    LIMIT ${limit}`.execute(db);
  return r.rows.map((x) => ({
    id: x.id === null ? null : Number(x.id),
    name: x.name,
    units: Number(x.units),
    salesPaise: Number(x.sales),
  }));
}
