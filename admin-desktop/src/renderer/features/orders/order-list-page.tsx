import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OrderState } from '@voltcart/shared';
import { useNavigate } from 'react-router-dom';
import { Pager } from '../../components/pager';
import { isFirstLoad, QueryError, Reloading, rowsOf } from '../../components/query-states';
import { PageHeader, Spinner } from '../../components/states';
import { paths } from '../../config/paths';
import { formatDate, formatINR, formatTime } from '../../lib/format';
import { useListParams } from '../../lib/list-params';
import { queries } from '../../lib/queries';
import { ORDER_STATES, STATE_LABELS, StateBadge } from './order-state';

const LIMIT = 25;

/**
 * Orders: filter by state, search by order id or customer email, newest first. A table from 1024 px; below,
 * each order is a stacked block of labelled lines (the same rows, styled by .table-stack).
 */
export function OrderListPage() {
  const navigate = useNavigate();
  const { params, page, limit, search, q, setSearch, setFilter, setPage } = useListParams({ limit: LIMIT });
  const state = (ORDER_STATES as readonly string[]).includes(params.get('state') ?? '')
    ? (params.get('state') as OrderState)
    : '';
  const list = useQuery({
    ...queries.orders({ state: state || undefined, q: q || undefined, page, limit }),
    placeholderData: keepPreviousData,
  });
  const rows = rowsOf(list, (d) => d.orders);

  return (
    <>
      <PageHeader title="Orders" />
      <div className="toolbar">
        <input
          type="search"
          className="search"
          aria-label="Search orders"
          placeholder="Search by order id or email…"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <label className="inline-label">
          State
          <select value={state} onChange={(e) => setFilter('state', e.target.value || null)}>
            <option value="">All states</option>
            {ORDER_STATES.map((s) => (
              <option key={s} value={s}>
                {STATE_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        <Reloading query={list} />
      </div>
      <QueryError query={list} />
      <section className="panel">
        {isFirstLoad(list) ? (
          <Spinner />
        ) : rows.length === 0 ? (
          <p className="empty">{q || state ? 'No orders match.' : 'No orders yet.'}</p>
        ) : (
          <table className="table table-orders table-stack">
            <thead>
              <tr>
                <th>Order</th>
                <th>Date</th>
                <th>Customer</th>
                <th className="num">Items</th>
                <th className="num">Total</th>
                <th>Payment</th>
                <th>State</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((o) => (
                <tr
                  key={o.order_id}
                  className="clickable"
                  tabIndex={0}
                  onClick={() => navigate(paths.order(o.order_id))}
                  onKeyDown={(e) => e.key === 'Enter' && navigate(paths.order(o.order_id))}
                >
                  <td className="mono" data-label="Order">
                    {o.order_id}
                  </td>
                  <td data-label="Date">
                    <div>
                      <div className="nowrap">{formatDate(o.createdAt)}</div>
                      <div className="muted small nowrap">{formatTime(o.createdAt)}</div>
                    </div>
                  </td>
                  <td data-label="Customer">
                    <div className="customer-cell">
                      <div className="strong ellipsis" title={o.user?.name}>
                        {o.user?.name ?? '-'}
                      </div>
                      <div className="muted small ellipsis" title={o.user?.email}>
                        {o.user?.email ?? ''}
                      </div>
                    </div>
                  </td>
                  <td className="num" data-label="Items">
                    {o.lines.reduce((s, l) => s + l.qty, 0)}
                  </td>
                  <td className="num strong" data-label="Total">
                    {formatINR(o.order_total)}
                  </td>
                  <td data-label="Payment">{o.payment_mode === 1 ? 'Online' : 'Cash on delivery'}</td>
                  <td data-label="State">
                    <StateBadge state={o.state} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <Pager
        page={page}
        limit={limit}
        count={rows.length}
        hasMore={Boolean(list.data?.hasMore)}
        onPage={setPage}
      />
    </>
  );
}
