import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { errorMessage } from '@voltcart/api-client/http';
import {
  changePercent,
  dayLabel,
  REPORT_RANGES,
  type ReportRangeKey,
  type ReportTable,
  type SalesFigures,
  type SalesReport,
  type TopRow,
} from '@voltcart/shared';
import { useId, useState } from 'react';
import { QueryError } from '../../components/query-states';
import { ScrollRegion } from '../../components/scroll-region';
import { PageHeader, Spinner } from '../../components/states';
import { api, reportCsv } from '../../lib/api';
import { formatINR } from '../../lib/format';
import { useCan } from '../../stores/session';
import { toast } from '../../stores/toast';
import { GstExports } from './gst-exports';
import { SalesChart } from './sales-chart';

const RANGE_LABELS: Record<ReportRangeKey, string> = {
  today: 'Today',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  this_month: 'This month',
  last_month: 'Last month',
  custom: 'Custom',
};

type Query = { period: ReportRangeKey; from?: string; to?: string };

const TABS = [
  { key: 'sales', label: 'Sales', subtitle: 'Sales by the day orders were placed, in India time' },
  {
    key: 'gst',
    label: 'GST',
    subtitle: 'Files for the accountant: registers and returns of a month or quarter',
  },
] as const;

/** Reports (Owner, Manager): sections as tabs (sales figures; GST exports). */
export function ReportsPage() {
  const can = useCan('reports.read');
  const [tab, setTab] = useState<(typeof TABS)[number]['key']>('sales');
  if (!can) return <p className="empty">Reports are for the Owner and Managers.</p>;
  return (
    <>
      <PageHeader title="Reports" subtitle={TABS.find((t) => t.key === tab)!.subtitle} />
      <div role="tablist" aria-label="Reports" className="tabs">
        {TABS.map((t) => (
          <button
            key={t.key}
            type="button"
            role="tab"
            id={`reports-tab-${t.key}`}
            className={`tab${tab === t.key ? ' tab-active' : ''}`}
            aria-selected={tab === t.key}
            aria-controls={`reports-${t.key}`}
            onClick={() => setTab(t.key)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`reports-${tab}`} aria-labelledby={`reports-tab-${tab}`}>
        {tab === 'sales' ? <SalesSection /> : <GstExports />}
      </div>
    </>
  );
}

function SalesSection() {
  const [query, setQuery] = useState<Query>({ period: '30d' });
  const [custom, setCustom] = useState({ from: '', to: '' });
  const ids = { period: useId(), from: useId(), to: useId() };
  const report = useQuery({
    queryKey: ['reports', 'sales', query] as const,
    queryFn: async ({ signal }) => api.reports.sales({ query }, { signal }),
    placeholderData: keepPreviousData,
  });
  const r = report.data;
  return (
    <>
      <form
        className="toolbar filters"
        aria-label="Choose the period"
        onSubmit={(e) => {
          e.preventDefault();
          setQuery({ period: 'custom', from: custom.from, to: custom.to });
        }}
      >
        <span className="inline-label">
          <label htmlFor={ids.period}>Period</label>
          <select
            id={ids.period}
            value={query.period}
            onChange={(e) => {
              const period = e.target.value as ReportRangeKey;
              if (period !== 'custom') setQuery({ period });
              else setQuery({ period, ...custom });
            }}
          >
            {REPORT_RANGES.map((k) => (
              <option key={k} value={k}>
                {RANGE_LABELS[k]}
              </option>
            ))}
          </select>
        </span>
        {query.period === 'custom' && (
          <>
            <span className="inline-label">
              <label htmlFor={ids.from}>From</label>
              <input
                id={ids.from}
                type="date"
                value={custom.from}
                onChange={(e) => setCustom((c) => ({ ...c, from: e.target.value }))}
              />
            </span>
            <span className="inline-label">
              <label htmlFor={ids.to}>To</label>
              <input
                id={ids.to}
                type="date"
                value={custom.to}
                onChange={(e) => setCustom((c) => ({ ...c, to: e.target.value }))}
              />
            </span>
            <button type="submit" className="btn">
              Show
            </button>
          </>
        )}
      </form>
      <QueryError query={report} />
      {report.isPending ? <Spinner /> : r ? <SalesView report={r} query={query} /> : null}
    </>
  );
}

const change = (now: number, before: number) => {
  const p = changePercent(now, before);
  return p === null ? 'no sales to compare' : `${p > 0 ? '+' : ''}${p}% on the previous period`;
};

function SalesView(props: { report: SalesReport; query: Query }) {
  const { report: r, query } = props;
  const c = r.current;
  const p = r.comparison;
  const [asTable, setAsTable] = useState(false);
  const period = `${dayLabel(r.period.firstDay)} to ${dayLabel(r.period.lastDay)}`;
  const best = r.series.reduce<(typeof r.series)[number] | null>(
    (b, x) => (!b || x.net > b.net ? x : b),
    null,
  );
  const summary =
    `Net sales ${formatINR(c.net)} from ${period} (${change(c.net, p.net)}), from ${c.paidOrders} paid orders.` +
    (best && best.net > 0
      ? ` Highest ${r.period.groupBy}: ${dayLabel(best.bucket)}, ${formatINR(best.net)}.`
      : '');
  const cards: [string, string, string][] = [
    ['Net sales', formatINR(c.net), change(c.net, p.net)],
    ['Gross sales', formatINR(c.gross), change(c.gross, p.gross)],
    ['Discounts', formatINR(c.discounts), change(c.discounts, p.discounts)],
    ['Refunds', formatINR(c.refunds), change(c.refunds, p.refunds)],
    ['Orders placed', String(c.orders), change(c.orders, p.orders)],
    ['Paid orders', String(c.paidOrders), change(c.paidOrders, p.paidOrders)],
    ['Average order value', formatINR(c.averageOrderValue), change(c.averageOrderValue, p.averageOrderValue)],
    ['Units sold', String(c.units), change(c.units, p.units)],
    ['New / returning customers', `${c.newCustomers} / ${c.returningCustomers}`, ''],
    ['Prepaid / COD share', shares(c), `${c.prepaid.orders} prepaid, ${c.cod.orders} COD orders`],
    ['Returned orders', String(c.returnedOrders), ''],
  ];
  return (
    <>
      <section className="panel" aria-labelledby="sales-figures-title">
        <h2 id="sales-figures-title">{period}</h2>
        <p className="muted">
          Compared with {dayLabel(r.previous.firstDay)} to {dayLabel(r.previous.lastDay)}.
        </p>
        <dl className="report-cards" data-testid="sales-figures">
          {cards.map(([label, value, note]) => (
            <div key={label} className="report-card">
              <dt>{label}</dt>
              <dd>
                <strong>{value}</strong>
                {note && <span className="muted"> {note}</span>}
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="panel" aria-labelledby="sales-series-title">
        <h2 id="sales-series-title">Net sales by {r.period.groupBy}</h2>
        <p data-testid="sales-summary">{summary}</p>
        <div className="toolbar">
          <button type="button" className="btn" aria-pressed={asTable} onClick={() => setAsTable((v) => !v)}>
            {asTable ? 'Show as chart' : 'Show as table'}
          </button>
          <CsvButton query={query} table="series" />
        </div>
        {asTable ? (
          <ScrollRegion labelledBy="sales-series-title">
            <table className="table" aria-labelledby="sales-series-title" data-testid="sales-series-table">
              <thead>
                <tr>
                  <th scope="col">
                    {r.period.groupBy === 'day' ? 'Day' : r.period.groupBy === 'week' ? 'Week of' : 'Month'}
                  </th>
                  <th scope="col">Paid orders</th>
                  <th scope="col">Gross</th>
                  <th scope="col">Discounts</th>
                  <th scope="col">Refunds</th>
                  <th scope="col">Net</th>
                  <th scope="col">Units</th>
                </tr>
              </thead>
              <tbody>
                {r.series.map((x) => (
                  <tr key={x.bucket}>
                    <th scope="row">{dayLabel(x.bucket)}</th>
                    <td>{x.paidOrders}</td>
                    <td>{formatINR(x.gross)}</td>
                    <td>{formatINR(x.discounts)}</td>
                    <td>{formatINR(x.refunds)}</td>
                    <td>{formatINR(x.net)}</td>
                    <td>{x.units}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        ) : (
          <SalesChart series={r.series} label={summary} />
        )}
      </section>
      <TopTable title="Top products" rows={r.topProducts} query={query} table="products" />
      <TopTable title="Top categories" rows={r.topCategories} query={query} table="categories" />
      <TopTable title="Top brands" rows={r.topBrands} query={query} table="brands" />
    </>
  );
}

function shares(c: SalesFigures): string {
  const total = c.prepaid.net + c.cod.net;
  if (total <= 0) return '—';
  const pre = Math.round((c.prepaid.net / total) * 100);
  return `${pre}% / ${100 - pre}%`;
}

/** A ranking with a bar per row (its width the row's share of the first row's sales; the figures are the text). */
function TopTable(props: { title: string; rows: TopRow[]; query: Query; table: ReportTable }) {
  const titleId = useId();
  const top = props.rows[0]?.sales ?? 0;
  return (
    <section className="panel" aria-labelledby={titleId}>
      <h2 id={titleId}>{props.title}</h2>
      <div className="toolbar">
        <CsvButton query={props.query} table={props.table} />
      </div>
      {props.rows.length === 0 ? (
        <p className="empty">No sales in this period.</p>
      ) : (
        <table className="table" aria-labelledby={titleId}>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Units</th>
              <th scope="col">Sales</th>
              <th scope="col">
                <span aria-hidden="true">Share</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {props.rows.map((row) => (
              <tr key={`${row._id}-${row.name}`}>
                <th scope="row">{row.name}</th>
                <td>{row.units}</td>
                <td>{formatINR(row.sales)}</td>
                <td aria-hidden="true">
                  <span
                    className="report-bar"
                    style={{ width: `${top > 0 ? Math.max(2, (row.sales / top) * 100) : 0}%` }}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function CsvButton(props: { query: Query; table: ReportTable }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const params: Record<string, string> = { period: props.query.period, table: props.table };
      if (props.query.from) params.from = props.query.from;
      if (props.query.to) params.to = props.query.to;
      const file = await reportCsv(params);
      const link = document.createElement('a');
      link.href = URL.createObjectURL(file.blob);
      link.download = file.fileName;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="btn btn-ghost" onClick={download} disabled={busy}>
      {busy ? 'Exporting…' : 'Export CSV'}
    </button>
  );
}
