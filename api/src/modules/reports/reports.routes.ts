import { Readable } from 'node:stream';
import { contract, type ReportTable, reportCsvQuery, reportQuery } from '@voltcart/shared';
import { stringify } from 'csv-stringify';
import { guardOf } from '../../lib/access';
import { resource } from '../../lib/routes';
import { parse } from '../../lib/validate';
import { rangeOf, refreshReportDays, salesReport, salesSeries, topRows } from './reports.service';

/** Rows a CSV export of a top table holds (the screen shows the first ten). */
const CSV_TOP_ROWS = 1000;

/** A text cell a spreadsheet would read as a formula is kept as text (a leading apostrophe). */
const asText = (v: string) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);

/** Reports (reports.read): the sales report, and each of its tables as CSV. */
export function reportsRoutes() {
  const { app, on } = resource('/reports');

  on(contract.reports.sales, { query: reportQuery }, async (c, { query }) => ({
    msg: 'Sales report.',
    ...(await salesReport(c.var.db, query)),
  }));

  // CSV, written row by row as csv-stringify makes it: outside the JSON contract (like the catalogue export).
  app.get('/sales.csv', guardOf({ access: 'admin', permission: 'reports.read' }), async (c) => {
    // Blank parameters count as absent, as on every JSON route.
    const sent = Object.entries(c.req.query()).filter(([, v]) => v.trim() !== '');
    const q = parse(reportCsvQuery, Object.fromEntries(sent));
    const r = rangeOf(q);
    const table: ReportTable = q.table;
    await refreshReportDays(c.var.db);
    const header =
      table === 'series'
        ? [r.groupBy, 'paid orders', 'gross', 'discounts', 'refunds', 'net', 'units']
        : [
            table === 'products' ? 'product' : table === 'categories' ? 'category' : 'brand',
            'units',
            'sales',
          ];
    const rows: unknown[][] =
      table === 'series'
        ? (await salesSeries(c.var.db, r)).map((p) => [
            p.bucket,
            p.paidOrders,
            p.gross,
            p.discounts,
            p.refunds,
            p.net,
            p.units,
          ])
        : (
            await topRows(
              c.var.db,
              r,
              table === 'products' ? 'product' : table === 'categories' ? 'category' : 'brand',
              CSV_TOP_ROWS,
            )
          ).map((t) => [t.name, t.units, t.sales]);
    const csv = Readable.from(rows).pipe(
      stringify({ header: true, columns: header, bom: true, cast: { string: asText } }),
    );
    const file = `voltcart-${table}-${r.firstDay}-to-${r.lastDay}.csv`;
    return new Response(Readable.toWeb(csv) as ReadableStream<Uint8Array>, {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${file}"`,
        'Cache-Control': 'no-store',
      },
    });
  });
  return app;
}
