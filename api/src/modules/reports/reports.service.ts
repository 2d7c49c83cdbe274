import {
  bucketOf,
  bucketsOf,
  dayOf,
  dayStart,
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
import { transaction } from '../../lib/transaction';
import * as repo from './reports.repository';

/** Rows in each top table. */
const TOP_ROWS = 10;

/** The report's period, or 400 with the reason in the user's words. */
export function rangeOf(q: ReportQuery, now: Date = new Date()): ReportRange {
  const r = reportRange(q, now, SHOP_TIME_ZONE);
  if ('error' in r) throw badRequest(r.error);
  return r;
}

/**
 * Brings report_days up to date before a read: the days of the orders changed since the last refresh (less a
 * margin of a few minutes, for transactions that committed late) and not counted since their change are counted
 * again from the orders, in one transaction with the refresh row locked (one refresh at a time; readers see the
 * days before or after it). An order counted once is not counted again until it changes again, so a read after a
 * change counts that change's day alone, and a read with nothing changed counts nothing (one indexed look at the
 * orders changed in the margin).
 */
export async function refreshReportDays(db: Db): Promise<void> {
  const offset = offsetMinutes();
  const window = (at: Date) => new Date(at.getTime() - REFRESH_MARGIN_MS);
  const last = await repo.readRefresh(db);
  if (!(await repo.changedDays(db, window(last.refreshedTo), offset)).length) return;
  await transaction(db, async (trx) => {
    const { refreshedTo } = await repo.readRefresh(trx, true);
    const now = await repo.databaseNow(trx);
    const days = await repo.changedDays(trx, window(refreshedTo), offset);
    for (const [firstDay, lastDay] of runsOf(days))
      await repo.recountDays(
        trx,
        { firstDay, lastDay, from: dayStart(firstDay), to: dayStart(addDays(lastDay, 1)) },
        offset,
      );
    await repo.setRefreshed(trx, now);
  });
}

/** Changes committed up to this long after they were made are still counted by the next refresh. */
const REFRESH_MARGIN_MS = 5 * 60_000;

const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/** Sorted days as runs of consecutive days: [first, last] each. */
function runsOf(days: string[]): [string, string][] {
  const runs: [string, string][] = [];
  for (const d of days) {
    const last = runs.at(-1);
    if (last && addDays(last[1], 1) === d) last[1] = d;
    else runs.push([d, d]);
  }
  return runs;
}

/**
 * How far the shop's clock is ahead of UTC, in minutes (Asia/Kolkata: 330, all year). The days are grouped in
 * SQL with this one offset, so the shop's zone must not change its clocks (India does not).
 */
const offsetMinutes = () => {
  const today = dayOf(new Date());
  return Math.round((Date.parse(`${today}T00:00:00Z`) - dayStart(today).getTime()) / 60_000);
};

/**
 * The money figures of sums in paise, in rupees: the sums' gross is after discounts, the figures' gross before
 * them; net is after discounts and refunds.
 */
const moneyFigures = (x: { grossPaise: number; discountsPaise: number; refundsPaise: number }) => ({
  gross: toRupees(x.grossPaise + x.discountsPaise),
  discounts: toRupees(x.discountsPaise),
  refunds: toRupees(x.refundsPaise),
  net: toRupees(x.grossPaise - x.refundsPaise),
});

/** The figures of the days from `firstDay` to `lastDay` (contract/reports.ts SalesFigures says what each means). */
export async function salesFigures(db: Db, firstDay: string, lastDay: string): Promise<SalesFigures> {
  const [t, units, customers] = await Promise.all([
    repo.salesTotals(db, firstDay, lastDay),
    repo.unitsSold(db, firstDay, lastDay),
    repo.customerCounts(db, firstDay, lastDay),
  ]);
  return {
    orders: t.orders,
    paidOrders: t.paidOrders,
    ...moneyFigures(t),
    averageOrderValue: t.paidOrders ? toRupees(Math.round(t.grossPaise / t.paidOrders)) : 0,
    units,
    newCustomers: customers.newOnes,
    returningCustomers: customers.all - customers.newOnes,
    prepaid: { orders: t.prepaidOrders, net: toRupees(t.prepaidNetPaise) },
    cod: { orders: t.codOrders, net: toRupees(t.codNetPaise) },
    returnedOrders: t.returnedOrders,
  };
}

/**
 * The dashboard's sales of a period given as instants at the shop's midnights (periodRange): the same days'
 * sums the reports read, refreshed first.
 */
export async function periodSales(db: Db, from: Date, to: Date): Promise<repo.SalesTotals> {
  await refreshReportDays(db);
  return repo.salesTotals(db, dayOf(from), dayOf(new Date(to.getTime() - 1)));
}

/** The period's series: one point per day, week or month, buckets without sales included (zeros). */
export async function salesSeries(db: Db, r: ReportRange): Promise<SalesPoint[]> {
  const days = await repo.salesByDay(db, r.firstDay, r.lastDay);
  const points = new Map(
    bucketsOf(r.firstDay, r.lastDay, r.groupBy).map((b) => [
      b,
      { bucket: b, paidOrders: 0, grossPaise: 0, discountsPaise: 0, refundsPaise: 0, units: 0 },
    ]),
  );
  for (const d of days) {
    const p = points.get(bucketOf(d.day, r.groupBy));
    if (!p) continue;
    p.paidOrders += d.paidOrders;
    p.grossPaise += d.grossPaise;
    p.discountsPaise += d.discountsPaise;
    p.refundsPaise += d.refundsPaise;
    p.units += d.units;
  }
  return [...points.values()].map((p) => ({
    bucket: p.bucket,
    paidOrders: p.paidOrders,
    ...moneyFigures(p),
    units: p.units,
  }));
}

export async function topRows(
  db: Db,
  r: ReportRange,
  kind: repo.TopKind,
  limit = TOP_ROWS,
): Promise<TopRow[]> {
  return (await repo.topSellers(db, r.firstDay, r.lastDay, kind, limit)).map((x) => ({
    _id: x.id === null ? null : String(x.id),
    name: x.name,
    units: x.units,
    sales: toRupees(x.salesPaise),
  }));
}

/** The sales report of a period, with the previous period's figures to compare. */
export async function salesReport(db: Db, q: ReportQuery, now: Date = new Date()): Promise<SalesReport> {
  const r = rangeOf(q, now);
  await refreshReportDays(db);
  const [current, comparison, series, topProducts, topCategories, topBrands] = await Promise.all([
    salesFigures(db, r.firstDay, r.lastDay),
    salesFigures(db, r.previous.firstDay, r.previous.lastDay),
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
