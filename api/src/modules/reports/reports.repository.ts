import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/database';
import { moneyTaken } from '../../db/money-taken';

type Q = Kysely<Database>;

/**
 * The one set of sales aggregates (reports and the dashboard): orders placed at `from` or later and before `to`
 * (orders_created finds them), money counted on the orders whose money was taken (db/money-taken.ts).
 * Columns of discounts, shipping and returns are added here, once, as further sums of the same rows.
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
    COALESCE(SUM(o.state = 'returned'), 0) AS returned_orders`;
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
  | 'returned_orders',
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
});

/** The period's sales totals. */
export async function salesTotals(db: Q, from: Date, to: Date): Promise<SalesTotals> {
  const r = await sql<SalesRow>`SELECT ${salesColumns()} FROM orders AS o
    WHERE o.created_at >= ${from} AND o.created_at < ${to}`.execute(db);
  return totalsOf(r.rows[0]);
}

/**
 * The period's sales per calendar day in the shop's time zone (`offsetMinutes` ahead of UTC, a zone without
 * daylight saving time such as Asia/Kolkata), days without orders left out.
 */
export async function salesByDay(
  db: Q,
  from: Date,
  to: Date,
  offsetMinutes: number,
): Promise<(SalesTotals & { day: string; units: number })[]> {
  const day = sql`DATE(o.created_at + INTERVAL ${offsetMinutes} MINUTE)`;
  const [totals, units] = await Promise.all([
    sql<SalesRow & { day: string }>`SELECT DATE_FORMAT(${day}, '%Y-%m-%d') AS day, ${salesColumns()}
      FROM orders AS o WHERE o.created_at >= ${from} AND o.created_at < ${to}
      GROUP BY day`.execute(db),
    sql<{ day: string; units: number | string }>`SELECT DATE_FORMAT(${day}, '%Y-%m-%d') AS day,
        SUM(l.qty) AS units
      FROM orders AS o JOIN order_lines AS l ON l.order_id = o.id
      WHERE o.created_at >= ${from} AND o.created_at < ${to} AND ${moneyTaken('o')}
      GROUP BY day`.execute(db),
  ]);
  const unitsByDay = new Map(units.rows.map((r) => [r.day, Number(r.units)]));
  return totals.rows.map((r) => ({ ...totalsOf(r), day: r.day, units: unitsByDay.get(r.day) ?? 0 }));
}

/** Units of the period's paid orders. */
export async function unitsSold(db: Q, from: Date, to: Date): Promise<number> {
  const r = await sql<{ n: number | string | null }>`SELECT SUM(l.qty) AS n
    FROM orders AS o JOIN order_lines AS l ON l.order_id = o.id
    WHERE o.created_at >= ${from} AND o.created_at < ${to} AND ${moneyTaken('o')}`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}

/** Shoppers with a paid order in the period, and how many of them had one before it. */
export async function customerCounts(
  db: Q,
  from: Date,
  to: Date,
): Promise<{ all: number; returning: number }> {
  const r = await sql<{ n: number | string; returning_n: number | string | null }>`SELECT COUNT(*) AS n,
      SUM(EXISTS (SELECT 1 FROM orders AS b WHERE b.user_id = c.user_id AND b.created_at < ${from}
        AND ${moneyTaken('b')})) AS returning_n
    FROM (SELECT DISTINCT o.user_id FROM orders AS o
      WHERE o.created_at >= ${from} AND o.created_at < ${to} AND ${moneyTaken('o')}) AS c`.execute(db);
  return { all: Number(r.rows[0]?.n ?? 0), returning: Number(r.rows[0]?.returning_n ?? 0) };
}

export type TopKind = 'product' | 'category' | 'brand';

/**
 * What sold most in the period's paid orders, by value (units × the unit price paid), `limit` rows:
 * by product (its current name, or the name on the order when it was deleted), by its category now
 * ('Uncategorised' for none), or by brand ('No brand' for none).
 */
export async function topSellers(
  db: Q,
  from: Date,
  to: Date,
  kind: TopKind,
  limit: number,
): Promise<{ id: number | null; name: string; units: number; salesPaise: number }[]> {
  const key =
    kind === 'product'
      ? sql`l.product_id`
      : kind === 'category'
        ? sql`p.category_id`
        : sql`COALESCE(NULLIF(p.brand, ''), '')`;
  const name =
    kind === 'product'
      ? sql`COALESCE(MAX(p.name), MAX(l.name))`
      : kind === 'category'
        ? sql`COALESCE(MAX(c.name), 'Uncategorised')`
        : sql`COALESCE(NULLIF(MAX(p.brand), ''), 'No brand')`;
  const r = await sql<{
    id: number | string | null;
    name: string;
    units: number | string;
    sales: number | string;
  }>`SELECT ${kind === 'brand' ? sql`NULL` : key} AS id, ${name} AS name, SUM(l.qty) AS units,
      SUM(l.qty * l.unit_price_paise) AS sales
    FROM orders AS o
    JOIN order_lines AS l ON l.order_id = o.id
    LEFT JOIN products AS p ON p.id = l.product_id
    LEFT JOIN categories AS c ON c.id = p.category_id
    WHERE o.created_at >= ${from} AND o.created_at < ${to} AND ${moneyTaken('o')}
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
