import {
  bucketOf,
  bucketsOf,
  type ReportQuery,
  type ReportRange,
  reportRange,
  type SalesFigures,
  type SalesPoint,
  type SalesReport,
  SHOP_TIME_ZONE,
  type TopRow,
  toRupees,
} from '@voltcart/shared';
import type { Db } from '../../db/connection';
import { badRequest } from '../../errors';
import * as repo from './reports.repository';

/** Rows in each top table. */
export const TOP_ROWS = 10;

/** The report's period, or 400 with the reason in the user's words. */
export function rangeOf(q: ReportQuery, now: Date = new Date()): ReportRange {
  const r = reportRange(q, now, SHOP_TIME_ZONE);
  if ('error' in r) throw badRequest(r.error);
  return r;
}

/** The figures of a period (contract/reports.ts SalesFigures says what each one means). */
export async function salesFigures(db: Db, from: Date, to: Date): Promise<SalesFigures> {
  const [t, units, customers] = await Promise.all([
    repo.salesTotals(db, from, to),
    repo.unitsSold(db, from, to),
    repo.customerCounts(db, from, to),
  ]);
  return {
    orders: t.orders,
    paidOrders: t.paidOrders,
    gross: toRupees(t.grossPaise),
    refunds: toRupees(t.refundsPaise),
    net: toRupees(t.grossPaise - t.refundsPaise),
    averageOrderValue: t.paidOrders ? toRupees(Math.round(t.grossPaise / t.paidOrders)) : 0,
    units,
    newCustomers: customers.all - customers.returning,
    returningCustomers: customers.returning,
    prepaid: { orders: t.prepaidOrders, net: toRupees(t.prepaidNetPaise) },
    cod: { orders: t.codOrders, net: toRupees(t.codNetPaise) },
    returnedOrders: t.returnedOrders,
  };
}

/** How far the shop's clock is ahead of UTC on the period's first day, in minutes. */
const offsetMinutes = (r: ReportRange) =>
  Math.round((Date.parse(`${r.firstDay}T00:00:00Z`) - r.from.getTime()) / 60_000);

/** The period's series: one point per day, week or month, buckets without sales included (zeros). */
export async function salesSeries(db: Db, r: ReportRange): Promise<SalesPoint[]> {
  const days = await repo.salesByDay(db, r.from, r.to, offsetMinutes(r));
  const points = new Map(
    bucketsOf(r.firstDay, r.lastDay, r.groupBy).map((b) => [
      b,
      { bucket: b, paidOrders: 0, grossPaise: 0, refundsPaise: 0, units: 0 },
    ]),
  );
  for (const d of days) {
    const p = points.get(bucketOf(d.day, r.groupBy));
    if (!p) continue;
    p.paidOrders += d.paidOrders;
    p.grossPaise += d.grossPaise;
    p.refundsPaise += d.refundsPaise;
    p.units += d.units;
  }
  return [...points.values()].map((p) => ({
    bucket: p.bucket,
    paidOrders: p.paidOrders,
    gross: toRupees(p.grossPaise),
    refunds: toRupees(p.refundsPaise),
    net: toRupees(p.grossPaise - p.refundsPaise),
    units: p.units,
  }));
}

export async function topRows(
  db: Db,
  r: ReportRange,
  kind: repo.TopKind,
  limit = TOP_ROWS,
): Promise<TopRow[]> {
  return (await repo.topSellers(db, r.from, r.to, kind, limit)).map((x) => ({
    _id: x.id === null ? null : String(x.id),
    name: x.name,
    units: x.units,
    sales: toRupees(x.salesPaise),
  }));
}

/** The sales report of a period, with the previous period's figures to compare. */
export async function salesReport(db: Db, q: ReportQuery, now: Date = new Date()): Promise<SalesReport> {
  const r = rangeOf(q, now);
  const [current, comparison, series, topProducts, topCategories, topBrands] = await Promise.all([
    salesFigures(db, r.from, r.to),
    salesFigures(db, r.previous.from, r.previous.to),
    salesSeries(db, r),
    topRows(db, r, 'product'),
    topRows(db, r, 'category'),
    topRows(db, r, 'brand'),
  ]);
  return {
    period: {
      key: r.key,
      firstDay: r.firstDay,
      lastDay: r.lastDay,
      days: r.days,
      from: r.from.toISOString(),
      to: r.to.toISOString(),
      timeZone: SHOP_TIME_ZONE,
      groupBy: r.groupBy,
    },
    previous: { firstDay: r.previous.firstDay, lastDay: r.previous.lastDay },
    current,
    comparison,
    series,
    topProducts,
    topCategories,
    topBrands,
  };
}
