import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { errorMessage } from '@voltcart/api-client/http';
import { STOCK_REASON_LABELS, STOCK_REASONS, type StockMismatch, type StockReason } from '@voltcart/shared';
import { useId, useState } from 'react';
import { Pager } from '../../components/pager';
import { QueryError } from '../../components/query-states';
import { ScrollRegion } from '../../components/scroll-region';
import { Spinner } from '../../components/states';
import { TableHead } from '../../components/table-head';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { queries } from '../../lib/queries';

const LIMIT = 20;

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/**
 * A product's stock trail (every change of its variants' units: when, what, before and after, why, who, which
 * order), filtered by variant, reason and days, with the "Check stock" action (the ledger against the units now).
 */
export function StockTrail(props: { productId: string }) {
  const [variantId, setVariantId] = useState('');
  const [reason, setReason] = useState<StockReason | ''>('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const ids = { variant: useId(), reason: useId(), from: useId(), to: useId() };
  const query = {
    page,
    limit: LIMIT,
    ...(variantId ? { variantId } : {}),
    ...(reason ? { reason } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
  const trail = useQuery({
    ...queries.stockTrail(props.productId, query),
    placeholderData: keepPreviousData,
  });
  const filter =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };
  const movements = trail.data?.movements ?? [];
  return (
    <section className="panel" aria-labelledby="stock-trail-title" data-testid="stock-trail">
      <h2 id="stock-trail-title">Stock trail</h2>
      <form
        className="toolbar filters"
        aria-label="Filter the stock trail"
        onSubmit={(e) => e.preventDefault()}
      >
        <span className="inline-label">
          <label htmlFor={ids.variant}>Variant</label>
          <select id={ids.variant} value={variantId} onChange={(e) => filter(setVariantId)(e.target.value)}>
            <option value="">All variants</option>
            {(trail.data?.variants ?? []).map((v) => (
              <option key={v._id} value={v._id}>
                {v.sku}
                {v.deleted ? ' (deleted)' : ''}
              </option>
            ))}
          </select>
        </span>
        <span className="inline-label">
          <label htmlFor={ids.reason}>Reason</label>
          <select
            id={ids.reason}
            value={reason}
            onChange={(e) => filter(setReason)(e.target.value as StockReason | '')}
          >
            <option value="">All reasons</option>
            {STOCK_REASONS.map((r) => (
              <option key={r} value={r}>
                {STOCK_REASON_LABELS[r]}
              </option>
            ))}
          </select>
        </span>
        <span className="inline-label">
          <label htmlFor={ids.from}>From</label>
          <input id={ids.from} type="date" value={from} onChange={(e) => filter(setFrom)(e.target.value)} />
        </span>
        <span className="inline-label">
          <label htmlFor={ids.to}>To</label>
          <input id={ids.to} type="date" value={to} onChange={(e) => filter(setTo)(e.target.value)} />
        </span>
      </form>
      <QueryError query={trail} />
      {trail.isPending ? (
        <Spinner />
      ) : movements.length === 0 ? (
        <p className="empty">No stock changes match.</p>
      ) : (
        <ScrollRegion labelledBy="stock-trail-title">
          <table className="table" aria-labelledby="stock-trail-title">
            <TableHead
              scope="col"
              columns={['When', 'SKU', 'Change', 'Units', 'Reason', 'By', 'Order or reference']}
            />
            <tbody>
              {movements.map((m) => (
                <tr key={m._id}>
                  <td>{formatDateTime(m.at)}</td>
                  <td>
                    {m.sku}
                    {m.variantDeleted ? ' (deleted variant)' : ''}
                  </td>
                  <td>{signed(m.delta)}</td>
                  <td>
                    {m.before} → {m.after}
                  </td>
                  <td>{STOCK_REASON_LABELS[m.reason] ?? m.reason}</td>
                  <td>
                    {m.who ??
                      (m.actor === 'customer' ? 'Shopper' : m.actor === 'payment' ? 'Payment' : 'Shop')}
                  </td>
                  <td>{m.orderId ?? m.reference}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      <Pager page={page} limit={LIMIT} count={movements.length} reply={trail.data} onPage={setPage} />
      <StockCheck />
    </section>
  );
}

/** "Check stock": every variant's units against the sum of its ledger rows; the differences by name. */
function StockCheck() {
  const [state, setState] = useState<
    | { kind: 'idle' }
    | { kind: 'busy' }
    | { kind: 'done'; msg: string; mismatches: StockMismatch[] }
    | { kind: 'error'; msg: string }
  >({ kind: 'idle' });
  const run = async () => {
    setState({ kind: 'busy' });
    try {
      const r = await api.stock.check({});
      setState({ kind: 'done', msg: r.msg, mismatches: r.mismatches });
    } catch (e) {
      setState({ kind: 'error', msg: errorMessage(e) });
    }
  };
  return (
    <div className="stock-check">
      <button type="button" className="btn" onClick={run} disabled={state.kind === 'busy'}>
        {state.kind === 'busy' ? 'Checking…' : 'Check stock'}
      </button>
      <div role="status" aria-live="polite" data-testid="stock-check-result">
        {state.kind === 'done' && (
          <>
            <p>{state.msg}</p>
            {state.mismatches.length > 0 && (
              <ul>
                {state.mismatches.map((m) => (
                  <li key={m.variantId}>
                    {m.productName} ({m.sku}): {m.units} units, the ledger explains {m.ledgerUnits}
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
        {state.kind === 'error' && <p className="error">{state.msg}</p>}
      </div>
    </div>
  );
}
