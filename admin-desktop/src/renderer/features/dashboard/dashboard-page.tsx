import { useQuery } from '@tanstack/react-query';
import { type PeriodMetrics, REPORT_PERIODS, type ReportPeriod } from '@voltcart/shared';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { LinkRow } from '../../components/link-row';
import { StateBadge } from '../../components/order-state';
import { isFirstLoad, QueryError } from '../../components/query-states';
import { PageHeader, Spinner } from '../../components/states';
import { TableHead } from '../../components/table-head';
import { paths } from '../../config/paths';
import { formatDateTime, formatINR } from '../../lib/format';
import { queries } from '../../lib/queries';
import { useCan } from '../../stores/session';
import { LowStockPanel } from './low-stock-panel';

const count = new Intl.NumberFormat('en-IN');

/** How each period is named on its button, in a card's label and in a sentence. */
const PERIOD_NAMES: Record<ReportPeriod, { button: string; label: string; words: string }> = {
  today: { button: 'Today', label: 'Today', words: 'today' },
  '7d': { button: '7 days', label: 'Last 7 days', words: 'in the last 7 days' },
  '30d': { button: '30 days', label: 'Last 30 days', words: 'in the last 30 days' },
};

const isPeriod = (v: string | null): v is ReportPeriod => REPORT_PERIODS.includes(v as ReportPeriod);

/** The period's days as the shop counts them, e.g. "18 Nov – 24 Nov 2026, India time". */
export function periodDates(p: Pick<PeriodMetrics, 'key' | 'from' | 'to' | 'timeZone'>): string {
  const day = (iso: string, opts: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-IN', { timeZone: p.timeZone, ...opts }).format(new Date(iso));
  // `to` is the midnight ending the last day: its last millisecond is still in the period.
  const last = new Date(new Date(p.to).getTime() - 1).toISOString();
  const zone = p.timeZone === 'Asia/Kolkata' ? 'India time' : p.timeZone;
  const full = { day: 'numeric', month: 'short', year: 'numeric' } as const;
  if (p.key === 'today') return `${day(p.from, { weekday: 'long', ...full })}, ${zone}`;
  // The first day's year only when it differs from the last day's (a period across New Year).
  const first =
    day(p.from, { year: 'numeric' }) === day(last, { year: 'numeric' })
      ? day(p.from, { day: 'numeric', month: 'short' })
      : day(p.from, full);
  return `${first} – ${day(last, full)}, ${zone}`;
}

/** A dashboard card: what it counts and over when, its figure ('…' until it has loaded), then how it is counted. */
function StatCard(props: {
  kind: string;
  label: string;
  testId: string;
  value: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={`card stat ${props.kind}`}>
      <span className="stat-label">{props.label}</span>
      <strong className="stat-value" data-testid={props.testId}>
        {props.value ?? '…'}
      </strong>
      {props.children}
    </div>
  );
}

/**
 * The dashboard (the first release's static cards made live): the chosen period's figures, each card saying its period
 * and its rule, the orders waiting to ship now, and the latest orders. The period (today, 7 or 30 days, counted
 * in whole days of India time by the API) lives in the address (`?period=7d`).
 */
export function DashboardPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('period');
  const period: ReportPeriod = isPeriod(asked) ? asked : 'today';
  const name = PERIOD_NAMES[period];
  const metrics = useQuery(queries.metrics(period));
  // The latest orders are for roles that handle orders (the Catalogue role sees the figures only).
  const canOrders = useCan('orders.read');
  const canStock = useCan('catalog.read');
  const recent = useQuery({
    ...queries.orders({ limit: 6, page: 1 }),
    select: (d) => d.orders,
    enabled: canOrders,
  });
  const m = metrics.data;
  const pm = m?.period.key === period ? m.period : undefined;
  const choose = (p: ReportPeriod) => {
    const next = new URLSearchParams(params);
    if (p === 'today') next.delete('period');
    else next.set('period', p);
    setParams(next, { replace: true });
  };
  return (
    <>
      <PageHeader
        title="Dashboard"
        subtitle={
          <span data-testid="period-dates">
            {name.label}
            {pm ? `: ${periodDates(pm)}` : ''}
          </span>
        }
        actions={
          <fieldset className="segmented" aria-label="Period">
            {REPORT_PERIODS.map((p) => (
              <button
                key={p}
                type="button"
                className={p === period ? 'segment segment-on' : 'segment'}
                aria-pressed={p === period}
                onClick={() => choose(p)}
              >
                {PERIOD_NAMES[p].button}
              </button>
            ))}
          </fieldset>
        }
      />
      <QueryError query={metrics} />
      <div className="cards">
        <StatCard
          kind="stat-revenue"
          label={`Revenue · ${name.label}`}
          testId="metric-revenue"
          value={pm && formatINR(pm.revenue)}
        >
          <span className="stat-note" data-testid="rule-revenue">
            Orders placed {name.words}: paid online{pm ? ` (${formatINR(pm.revenueOnline)})` : ''}, plus cash
            on delivery once delivered{pm ? ` (${formatINR(pm.revenueCod)})` : ''}, less refunds.
          </span>
          <span className="stat-note" data-testid="metric-gross-discounts">
            Gross {pm ? formatINR(pm.gross) : '…'} less discounts {pm ? formatINR(pm.discounts) : '…'}
          </span>
          <span className="stat-note">
            <span data-testid="metric-cod-to-collect">{pm ? formatINR(pm.codToCollect) : '…'}</span> cash on
            delivery not collected yet (not counted)
          </span>
        </StatCard>
        <StatCard
          kind="stat-period-orders"
          label={`Orders · ${name.label}`}
          testId="metric-orders"
          value={pm && count.format(pm.orders)}
        >
          <span className="stat-note" data-testid="rule-orders">
            Placed {name.words}, in any state{m ? ` · ${count.format(m.orders)} in all` : ''}
          </span>
        </StatCard>
        <StatCard
          kind="stat-users"
          label={`Users · ${name.label}`}
          testId="metric-new-customers"
          value={pm && count.format(pm.newCustomers)}
        >
          <span className="stat-note" data-testid="rule-customers">
            New customer accounts created {name.words} ·{' '}
            <span data-testid="metric-customers">{m ? count.format(m.customers) : '…'}</span> registered in
            all
          </span>
        </StatCard>
        <StatCard
          kind="stat-orders"
          label="To ship · Now"
          testId="metric-orders-to-ship"
          value={m && count.format(m.ordersToShip)}
        >
          <span className="stat-note" data-testid="rule-to-ship">
            Waiting now, whenever placed: cash-on-delivery orders placed and online orders paid
          </span>
        </StatCard>
      </div>

      {canStock && <LowStockPanel />}

      {canOrders && (
        <section className="panel">
          <div className="panel-head">
            <h2>Latest orders</h2>
            <Link to={paths.orders} className="btn btn-ghost btn-sm">
              All orders
            </Link>
          </div>
          {isFirstLoad(recent) ? (
            <Spinner />
          ) : recent.error && !recent.isFetching ? (
            <QueryError query={recent} />
          ) : recent.data?.length ? (
            <table className="table table-stack">
              <TableHead
                columns={['Order', 'Date', 'Customer', { label: 'Total', className: 'num' }, 'State']}
              />
              <tbody>
                {recent.data.map((o) => (
                  <LinkRow key={o.order_id} to={paths.order(o.order_id)}>
                    <td className="mono" data-label="Order">
                      {o.order_id}
                    </td>
                    <td data-label="Date">{formatDateTime(o.createdAt)}</td>
                    <td data-label="Customer">
                      <div className="customer-cell ellipsis" title={o.user?.email}>
                        {o.user?.email ?? '-'}
                      </div>
                    </td>
                    <td className="num" data-label="Total">
                      {formatINR(o.order_total)}
                    </td>
                    <td data-label="State">
                      <StateBadge state={o.state} />
                    </td>
                  </LinkRow>
                ))}
              </tbody>
            </table>
          ) : (
            <p className="empty">No orders yet.</p>
          )}
        </section>
      )}
    </>
  );
}
