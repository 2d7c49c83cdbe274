import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { RETURN_REASON_LABELS, RETURN_STATE_LABELS, RETURN_STATES, type ReturnState } from '@voltcart/shared';
import { Link } from 'react-router-dom';
import { ListSearch } from '../../components/list-search';
import { Pager } from '../../components/pager';
import { isFirstLoad, QueryError, Reloading, rowsOf } from '../../components/query-states';
import { PageHeader, Spinner } from '../../components/states';
import { TableHead } from '../../components/table-head';
import { paths } from '../../config/paths';
import { api } from '../../lib/api';
import { formatDateTime, formatINR } from '../../lib/format';
import { useListParams } from '../../lib/list-params';
import { ReturnBadge } from './return-badge';
import { ReturnsPolicyPanel } from './returns-policy-panel';

const LIMIT = 25;

export const returnsKey = ['returns'] as const;

/**
 * Returns (GET /returns): tabs per state with their counts, a search by request id, order id or the shopper's
 * e-mail, and the units counted damaged so far; each row opens the request. The returns policy (window,
 * shipping, categories' rules) sits below the list.
 */
export function ReturnsListPage() {
  const { params, page, limit, search, q, setSearch, setFilter, setPage } = useListParams({ limit: LIMIT });
  const state = (RETURN_STATES as readonly string[]).includes(params.get('state') ?? '')
    ? (params.get('state') as ReturnState)
    : undefined;
  const query = { state, q: q || undefined, page, limit };
  const list = useQuery({
    queryKey: [...returnsKey, 'list', query],
    queryFn: ({ signal }) => api.returns.list({ query }, { signal }),
    placeholderData: keepPreviousData,
  });
  const rows = rowsOf(list, (d) => d.requests);
  const counts = list.data?.counts;
  return (
    <>
      <PageHeader
        title="Returns"
        subtitle={
          list.data
            ? `${list.data.damagedUnits.toLocaleString('en-IN')} unit${list.data.damagedUnits === 1 ? '' : 's'} counted damaged so far`
            : undefined
        }
      />
      <nav className="tabs" aria-label="Return states">
        <button
          type="button"
          className={`tab${state ? '' : ' tab-active'}`}
          aria-current={state ? undefined : 'page'}
          onClick={() => setFilter('state', '')}
        >
          All
        </button>
        {RETURN_STATES.map((s) => (
          <button
            type="button"
            key={s}
            className={`tab${state === s ? ' tab-active' : ''}`}
            aria-current={state === s ? 'page' : undefined}
            onClick={() => setFilter('state', s)}
          >
            {RETURN_STATE_LABELS[s]} <span className="tab-count">{counts?.[s] ?? 0}</span>
          </button>
        ))}
      </nav>
      <div className="toolbar">
        <ListSearch
          label="Search returns"
          placeholder="Request id, order id or e-mail…"
          value={search}
          onSearch={setSearch}
        />
        <Reloading query={list} />
      </div>
      <QueryError query={list} />
      {isFirstLoad(list) ? (
        <Spinner />
      ) : (
        <section className="panel">
          <table className="table table-stack" data-testid="returns-table">
            <TableHead
              columns={[
                'Request',
                'Order',
                'Kind',
                'Items',
                'Reason',
                { label: 'Refund', className: 'num' },
                'State',
                'Asked',
              ]}
            />
            <tbody>
              {rows.length === 0 && (
                <tr>
                  <td colSpan={8} className="muted">
                    No return requests{state ? ` ${RETURN_STATE_LABELS[state].toLowerCase()}` : ''}.
                  </td>
                </tr>
              )}
              {rows.map((r) => (
                <tr key={r._id}>
                  <td data-label="Request">
                    <Link to={paths.returnRequest(r._id)} className="mono">
                      {r._id}
                    </Link>
                  </td>
                  <td data-label="Order">
                    <Link to={paths.order(r.orderId)} className="mono">
                      {r.orderId}
                    </Link>
                  </td>
                  <td data-label="Kind">{r.kind === 'refund' ? 'Refund' : 'Replacement'}</td>
                  <td data-label="Items">{r.lines.map((l) => `${l.qty} × ${l.name}`).join(', ')}</td>
                  <td data-label="Reason">{RETURN_REASON_LABELS[r.reason]}</td>
                  <td data-label="Refund" className="num">
                    {r.kind === 'refund' ? formatINR(r.refundable) : '-'}
                  </td>
                  <td data-label="State">
                    <ReturnBadge state={r.state} />
                  </td>
                  <td data-label="Asked">{formatDateTime(r.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {list.data && (
            <Pager page={page} reply={list.data} count={rows.length} limit={limit} onPage={setPage} />
          )}
        </section>
      )}
      <ReturnsPolicyPanel />
    </>
  );
}
