import type { OrderState } from '@voltcart/shared';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Pager } from '../../components/pager';
import { ErrorBox, PageHeader, Spinner } from '../../components/states';
import { paths } from '../../config/paths';
import { ordersClient } from '../../lib/api';
import { formatDateTime, formatINR } from '../../lib/format';
import { useDebounced, useLoad } from '../../lib/hooks';
import { ORDER_STATES, STATE_LABELS, StateBadge } from './order-state';

const LIMIT = 25;

/** Orders: filter by state, search by order id or customer email, newest first. */
export function OrderListPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const state = (ORDER_STATES as readonly string[]).includes(params.get('state') ?? '')
    ? (params.get('state') as OrderState)
    : '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [search, setSearch] = useState(params.get('q') ?? '');
  const q = useDebounced(search.trim(), 300);
  const list = useLoad(
    () => ordersClient.list({ state, q: q || undefined, page, limit: LIMIT }),
    [state, q, page],
  );
  const rows = list.error ? [] : (list.data?.orders ?? []);

  const update = (next: Record<string, string | number | null>) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v === null || v === '' || (k === 'page' && v === 1)) p.delete(k);
      else p.set(k, String(v));
    }
    setParams(p, { replace: true });
  };

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
          onChange={(e) => {
            setSearch(e.target.value);
            update({ q: e.target.value.trim() || null, page: 1 });
          }}
        />
        <label className="inline-label">
          State
          <select value={state} onChange={(e) => update({ state: e.target.value || null, page: 1 })}>
            <option value="">All states</option>
            {ORDER_STATES.map((s) => (
              <option key={s} value={s}>
                {STATE_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        {list.loading && list.data && <span className="spinner" role="status" aria-label="Loading" />}
      </div>
      {list.error && <ErrorBox message={list.error} onRetry={list.reload} />}
      <section className="panel">
        {list.loading && !list.data ? (
          <Spinner />
        ) : rows.length === 0 ? (
          <p className="empty">{q || state ? 'No orders match.' : 'No orders yet.'}</p>
        ) : (
          <table className="table">
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
                  <td className="mono">{o.order_id}</td>
                  <td>{formatDateTime(o.createdAt)}</td>
                  <td>
                    <div className="strong">{o.user?.name ?? '-'}</div>
                    <div className="muted small">{o.user?.email ?? ''}</div>
                  </td>
                  <td className="num">{o.lines.reduce((s, l) => s + l.qty, 0)}</td>
                  <td className="num strong">{formatINR(o.order_total)}</td>
                  <td>{o.payment_mode === 1 ? 'Online' : 'Cash on delivery'}</td>
                  <td>
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
        limit={LIMIT}
        count={rows.length}
        hasMore={Boolean(list.data?.hasMore)}
        onPage={(n) => update({ page: n })}
      />
    </>
  );
}
