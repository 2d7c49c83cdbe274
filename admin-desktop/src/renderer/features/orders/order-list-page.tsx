import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Order, OrderState } from '@voltcart/shared';
import { useState } from 'react';
import { ChooseBox } from '../../components/bulk-bar';
import { LinkRow } from '../../components/link-row';
import { ListSearch } from '../../components/list-search';
import { ORDER_STATES, STATE_LABELS, StateBadge } from '../../components/order-state';
import { Pager } from '../../components/pager';
import { ListBody, QueryError, Reloading, rowsOf } from '../../components/query-states';
import { type SortDir, SortHeader } from '../../components/sort-header';
import { PageHeader } from '../../components/states';
import { paths } from '../../config/paths';
import { formatDate, formatINR, formatTime } from '../../lib/format';
import { useDraft } from '../../lib/hooks';
import { useListParams } from '../../lib/list-params';
import { queries } from '../../lib/queries';
import type { OrderQuery } from '../../lib/query-keys';
import { useCan, useSession } from '../../stores/session';
import { OrderBulkBar } from './order-bulk-bar';
import { BulkShipDialog } from './order-bulk-ship-dialog';

const LIMIT = 50;
type Sort = 'date' | 'total' | 'state' | 'payment';
const SORTS: readonly Sort[] = ['date', 'total', 'state', 'payment'];

/** The columns staff may hide (the order, its date, total and state always show). */
const OPTIONAL_COLUMNS = { customer: 'Customer', items: 'Items', payment: 'Payment' } as const;
type OptionalColumn = keyof typeof OPTIONAL_COLUMNS;
const ALL_COLUMNS = Object.keys(OPTIONAL_COLUMNS) as OptionalColumn[];

/** The state filter's choices: every state, and the orders waiting for dispatch. */
const TO_SHIP = 'placed,paid';

/** The valid states of the address's `state` (one or several, comma-separated), as the API takes them. */
function statesOf(value: string | null): string {
  const states = (value ?? '').split(',').filter((s) => (ORDER_STATES as readonly string[]).includes(s));
  return [...new Set(states)].join(',');
}

/** The columns this staff member chose, kept on this computer per person. */
function useColumns(staffId: string | undefined) {
  const key = `voltcart.orderColumns.${staffId ?? 'anyone'}`;
  const read = (): OptionalColumn[] => {
    try {
      const saved = JSON.parse(localStorage.getItem(key) ?? 'null');
      return Array.isArray(saved) ? ALL_COLUMNS.filter((c) => saved.includes(c)) : ALL_COLUMNS;
    } catch {
      return ALL_COLUMNS;
    }
  };
  const [shown, setShown] = useState<{ key: string; columns: OptionalColumn[] }>(() => ({
    key,
    columns: read(),
  }));
  const columns = shown.key === key ? shown.columns : read();
  const toggle = (column: OptionalColumn, on: boolean) => {
    const next = ALL_COLUMNS.filter((c) => (c === column ? on : columns.includes(c)));
    localStorage.setItem(key, JSON.stringify(next));
    setShown({ key, columns: next });
  };
  return { columns, toggle };
}

/**
 * Orders (GET /order): search by order id or email; state, payment, date and amount filters; sort by date,
 * total, state or payment; the total and a page jump, all kept in the address. Staff choose the columns they see
 * (kept per person on this computer). Rows are chosen by their checkboxes (the page's at once, then every order
 * matching the filters) for the bulk actions: packing slips and marking shipped (OrderBulkBar). A table from 1024 px; below, each order is a stacked block of labelled
 * lines (the same rows, styled by .table-stack).
 */
export function OrderListPage() {
  const staffId = useSession((s) => s.admin?._id);
  const { columns, toggle } = useColumns(staffId);
  const canWrite = useCan('orders.write');
  const [bulkShip, setBulkShip] = useState(false);
  const { params, page, limit, search, q, setSearch, setFilter, setFilters, setPage } = useListParams({
    limit: LIMIT,
  });
  const sort = (SORTS as readonly string[]).includes(params.get('sort') ?? '')
    ? (params.get('sort') as Sort)
    : 'date';
  const dir: SortDir = params.get('dir') === 'asc' ? 'asc' : 'desc';
  const state = statesOf(params.get('state'));
  const payment = ['0', '1'].includes(params.get('payment_mode') ?? '') ? params.get('payment_mode')! : '';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const amount = (name: string) =>
    /^\d{1,9}(\.\d{1,2})?$/.test(params.get(name) ?? '') ? params.get(name)! : '';
  const minTotal = amount('minTotal');
  const maxTotal = amount('maxTotal');
  const query: OrderQuery = {
    q: q || undefined,
    state: state || undefined,
    payment_mode: (payment || undefined) as '0' | '1' | undefined,
    from: from || undefined,
    to: to || undefined,
    minTotal: minTotal || undefined,
    maxTotal: maxTotal || undefined,
    sort,
    dir,
    page,
    limit,
  };
  const list = useQuery({ ...queries.orders(query), placeholderData: keepPreviousData });
  const rows = rowsOf(list, (d) => d.orders);
  // Orders chosen for a bulk action; another page, search, filter or sort starts a new choice.
  const listed = JSON.stringify(query);
  const [chosen, setChosen] = useState<{ of: string; orders: Map<string, Order>; all: boolean }>({
    of: '',
    orders: new Map(),
    all: false,
  });
  const choice = chosen.of === listed ? chosen : { of: listed, orders: new Map<string, Order>(), all: false };
  const choose = (orders: Map<string, Order>, all = false) => setChosen({ of: listed, orders, all });
  const allOnPage = rows.length > 0 && rows.every((o) => choice.orders.has(o.order_id));
  const chooseRow = (o: Order, on: boolean) => {
    const orders = new Map(choice.orders);
    if (on) orders.set(o.order_id, o);
    else orders.delete(o.order_id);
    choose(orders);
  };
  const filtered = Boolean(q || state || payment || from || to || minTotal || maxTotal);
  const onSort = (column: Sort, next: 'asc' | 'desc') =>
    setFilters({ sort: column === 'date' ? null : column, dir: next === 'desc' ? null : next });
  // Every sortable column shows, and changes, the one sort of the list.
  const sorted = { sort, dir, onSort };
  const stateChoices = [TO_SHIP, ...ORDER_STATES];
  const show = (c: OptionalColumn) => columns.includes(c);

  return (
    <>
      <PageHeader
        title="Orders"
        actions={
          canWrite && (
            <button type="button" className="btn btn-ghost" onClick={() => setBulkShip(true)}>
              Mark shipped from CSV
            </button>
          )
        }
      />
      {bulkShip && <BulkShipDialog onClose={() => setBulkShip(false)} />}
      <div className="toolbar">
        <ListSearch
          label="Search orders"
          placeholder="Search by order id or email…"
          value={search}
          onSearch={setSearch}
        />
        <label className="inline-label">
          State
          <select value={state} onChange={(e) => setFilter('state', e.target.value || null)}>
            <option value="">All states</option>
            {!stateChoices.includes(state) && state && (
              <option value={state}>
                {state
                  .split(',')
                  .map((s) => STATE_LABELS[s as OrderState])
                  .join(' or ')}
              </option>
            )}
            <option value={TO_SHIP}>To ship (placed or paid)</option>
            {ORDER_STATES.map((s) => (
              <option key={s} value={s}>
                {STATE_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        <label className="inline-label">
          Payment
          <select value={payment} onChange={(e) => setFilter('payment_mode', e.target.value || null)}>
            <option value="">All</option>
            <option value="0">Cash on delivery</option>
            <option value="1">Online</option>
          </select>
        </label>
        <Reloading query={list} />
      </div>
      <div className="toolbar">
        <label className="inline-label">
          Placed from
          <input type="date" value={from} onChange={(e) => setFilter('from', e.target.value || null)} />
        </label>
        <label className="inline-label">
          to
          <input type="date" value={to} onChange={(e) => setFilter('to', e.target.value || null)} />
        </label>
        <AmountField label="Total from ₹" value={minTotal} onChange={(v) => setFilter('minTotal', v)} />
        <AmountField label="to ₹" value={maxTotal} onChange={(v) => setFilter('maxTotal', v)} />
        <fieldset className="column-choice">
          <legend>Columns</legend>
          {ALL_COLUMNS.map((c) => (
            <label key={c}>
              <input type="checkbox" checked={show(c)} onChange={(e) => toggle(c, e.target.checked)} />
              {OPTIONAL_COLUMNS[c]}
            </label>
          ))}
        </fieldset>
      </div>
      <QueryError query={list} />
      {choice.orders.size > 0 && (
        <OrderBulkBar
          chosen={[...choice.orders.values()]}
          allMatching={choice.all}
          total={list.data?.total}
          canChooseAll={allOnPage && (list.data?.total ?? 0) > rows.length}
          query={{ ...query, page: undefined, limit: undefined }}
          canWrite={canWrite}
          onChooseAll={() => choose(choice.orders, true)}
          onDone={() => choose(new Map())}
        />
      )}
      <section className="panel">
        <ListBody query={list} count={rows.length} empty={filtered ? 'No orders match.' : 'No orders yet.'}>
          <table className="table table-orders table-stack">
            <thead>
              <tr>
                <th className="check-col">
                  <ChooseBox
                    label="Choose every order on this page"
                    checked={allOnPage}
                    onChoose={(on) => choose(on ? new Map(rows.map((o) => [o.order_id, o])) : new Map())}
                  />
                </th>
                <th>Order</th>
                <SortHeader label="Date" column="date" firstDir="desc" {...sorted} />
                {show('customer') && <th>Customer</th>}
                {show('items') && <th className="num">Items</th>}
                <SortHeader label="Total" column="total" firstDir="desc" {...sorted} className="num" />
                {show('payment') && <SortHeader label="Payment" column="payment" {...sorted} />}
                <SortHeader label="State" column="state" {...sorted} />
              </tr>
            </thead>
            <tbody>
              {rows.map((o) => (
                <LinkRow key={o.order_id} to={paths.order(o.order_id)}>
                  {/* Choosing a row does not open it (the row's click and Enter do). */}
                  <td
                    className="check-col"
                    data-label="Choose"
                    onClick={(e) => e.stopPropagation()}
                    onKeyDown={(e) => e.stopPropagation()}
                  >
                    <ChooseBox
                      label={`Choose order ${o.order_id}`}
                      checked={choice.orders.has(o.order_id)}
                      onChoose={(on) => chooseRow(o, on)}
                    />
                  </td>
                  <td className="mono" data-label="Order">
                    {o.order_id}
                  </td>
                  <td data-label="Date">
                    <div>
                      <div className="nowrap">{formatDate(o.createdAt)}</div>
                      <div className="muted small nowrap">{formatTime(o.createdAt)}</div>
                    </div>
                  </td>
                  {show('customer') && (
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
                  )}
                  {show('items') && (
                    <td className="num" data-label="Items">
                      {o.lines.reduce((s, l) => s + l.qty, 0)}
                    </td>
                  )}
                  <td className="num strong" data-label="Total">
                    {formatINR(o.order_total)}
                  </td>
                  {show('payment') && (
                    <td data-label="Payment">{o.payment_mode === 1 ? 'Online' : 'Cash on delivery'}</td>
                  )}
                  <td data-label="State">
                    <StateBadge state={o.state} />
                  </td>
                </LinkRow>
              ))}
            </tbody>
          </table>
        </ListBody>
      </section>
      <Pager page={page} limit={limit} count={rows.length} reply={list.data} onPage={setPage} />
    </>
  );
}

/** A rupee amount filter: sent when it is a valid amount and the field is left (or Enter is pressed). */
function AmountField(props: { label: string; value: string; onChange: (value: string | null) => void }) {
  const [text, setText] = useDraft(props.value);
  const commit = () => {
    const v = text.trim();
    if (v === '' || /^\d{1,9}(\.\d{1,2})?$/.test(v)) props.onChange(v || null);
    else setText(props.value);
  };
  return (
    <label className="inline-label">
      {props.label}
      <input
        className="amount-input"
        inputMode="decimal"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => e.key === 'Enter' && commit()}
      />
    </label>
  );
}
