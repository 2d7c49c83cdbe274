import type { ReportGroup, ReportRangeKey } from '../rules/report-range';
import type { reportQuery } from '../schemas/reports';
import { route } from './define';

/**
 * Sales of one period, by the day each order was placed (rupees). One set of SQL aggregates gives these and the
 * dashboard's period figures, so the two agree to the paisa.
 * - `orders`: orders placed, whatever their state now (the dashboard's orders of the period)
 * - `paidOrders`: orders whose money was taken (paid online; cash on delivery once collected), the orders every
 *   money figure below counts
 * - `gross`: their totals before discounts; `discounts`: taken off them (codes and automatic offers, goods and
 *   shipping); `refunds`: refunded on them; `net = gross - discounts - refunds` (the dashboard's revenue)
 * - `averageOrderValue`: what they were paid (gross - discounts) / paidOrders; `units`: units of those orders
 * - `newCustomers`: shoppers whose first paid order ever is in the period; `returningCustomers`: the others
 *   with a paid order in it
 * - `prepaid` / `cod`: paid orders and net by payment mode; `returnedOrders`: orders placed in the period that
 *   came back (returned to origin)
 */
export interface SalesFigures {
  orders: number;
  paidOrders: number;
  gross: number;
  discounts: number;
  refunds: number;
  net: number;
  averageOrderValue: number;
  units: number;
  newCustomers: number;
  returningCustomers: number;
  prepaid: { orders: number; net: number };
  cod: { orders: number; net: number };
  returnedOrders: number;
}

/** One point of a report's series: a day, a week (its Monday) or a month (its 1st). */
export interface SalesPoint {
  bucket: string;
  paidOrders: number;
  gross: number;
  discounts: number;
  refunds: number;
  net: number;
  units: number;
}

/** A row of a top table: units sold and their value at the unit prices paid (paid orders of the period). */
export interface TopRow {
  _id: string | null;
  name: string;
  units: number;
  sales: number;
}

export interface SalesReport {
  period: {
    key: ReportRangeKey;
    firstDay: string;
    lastDay: string;
    days: number;
    from: string;
    to: string;
    timeZone: string;
    groupBy: ReportGroup;
  };
  previous: { firstDay: string; lastDay: string };
  current: SalesFigures;
  comparison: SalesFigures;
  series: SalesPoint[];
  topProducts: TopRow[];
  topCategories: TopRow[];
  topBrands: TopRow[];
}

/**
 * Reports (Owner and Manager). Each table of the sales report also exports as CSV, streamed:
 * `GET /reports/sales.csv?table=series|products|categories|brands` with the same period (outside this JSON contract).
 */
export const reports = {
  /** 400 with the reason for a period that ends before it starts, in the future, or covers over 5 years. */
  sales: route('GET /reports/sales', 'reports.read').query<typeof reportQuery>().reply<SalesReport>(),
};
