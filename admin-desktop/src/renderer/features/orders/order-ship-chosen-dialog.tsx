import { canMove, type Order, type OrderState } from '@voltcart/shared';
import { useId, useState } from 'react';
import { FormError } from '../../components/catalog-form';
import { TextField } from '../../components/form-field';
import { Modal } from '../../components/modal';
import { ordersText, STATE_LABELS } from '../../components/order-state';
import { SHIP_RESULT_LABELS, useBulkShip } from './order-bulk-ship';

/** One CSV cell: quoted when it holds a comma, a quote or a line break. */
const cell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);

/** The file the CSV route takes (order id, carrier, tracking number), made from what staff typed. */
function shippingCsv(rows: { orderId: string; carrier: string; trackingNumber: string }[]): string {
  const lines = ['order id,carrier,tracking number'];
  for (const r of rows) lines.push([r.orderId, r.carrier, r.trackingNumber].map(cell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * Marks the chosen orders shipped: a carrier (one for all, or per order) and a tracking number per order, typed
 * or scanned into the table. "Check" sends them to the CSV route (POST /order/bulk-ship) as a preview, which
 * answers each order's result; "Mark N orders shipped" applies the same rows, each order moved by itself as the
 * single move does. Orders that cannot be shipped from their state are listed apart and not sent.
 */
export function ShipChosenDialog(props: { orders: Order[]; onClose: (shipped: boolean) => void }) {
  const carrierId = useId();
  const shippable = props.orders.filter((o) => canMove(o.state as OrderState, 'shipped', 'admin'));
  const others = props.orders.filter((o) => !shippable.includes(o));
  const [carrier, setCarrier] = useState('');
  const [entries, setEntries] = useState<Record<string, { carrier: string; tracking: string }>>({});
  const ship = useBulkShip();
  const result = ship.answer;
  const resultOf = new Map(result?.rows.map((row) => [row.orderId, row]));

  const entry = (id: string) => entries[id] ?? { carrier: '', tracking: '' };
  const edit = (id: string, change: Partial<{ carrier: string; tracking: string }>) => {
    setEntries((all) => ({ ...all, [id]: { ...entry(id), ...change } }));
    ship.reset();
  };
  const csv = () =>
    shippingCsv(
      shippable.map((o) => ({
        orderId: o.order_id,
        carrier: (entry(o.order_id).carrier || carrier).trim(),
        trackingNumber: entry(o.order_id).tracking.trim(),
      })),
    );

  const shipped = ship.shipped;

  return (
    <Modal title="Mark the chosen orders shipped" onClose={() => props.onClose(shipped > 0)} wide>
      <p className="muted">
        The carrier and tracking number of each parcel. Nothing changes until you check the orders and
        confirm.
      </p>
      {shippable.length > 0 && (
        <TextField
          id={carrierId}
          label="Carrier for every order"
          value={carrier}
          maxLength={60}
          placeholder="e.g. Delhivery (an order's own carrier wins)"
          onValue={(v) => {
            setCarrier(v);
            ship.reset();
          }}
        />
      )}
      <FormError error={ship.problem} />
      {result && (
        <p role="status">
          {result.applied
            ? `${ordersText(shipped)} shipped.`
            : `${result.ready} of ${ordersText(shippable.length)} ready to ship.`}
        </p>
      )}
      {shippable.length > 0 ? (
        <div className="bulk-ship-rows">
          <table className="table">
            <thead>
              <tr>
                <th>Order</th>
                <th>Customer</th>
                <th>Carrier</th>
                <th>Tracking number</th>
                {result && <th>Result</th>}
              </tr>
            </thead>
            <tbody>
              {shippable.map((o) => {
                const row = resultOf.get(o.order_id);
                return (
                  <tr key={o.order_id}>
                    <td className="mono">{o.order_id}</td>
                    <td className="ellipsis">{o.user?.name ?? '-'}</td>
                    <td>
                      <input
                        aria-label={`Carrier of ${o.order_id}`}
                        value={entry(o.order_id).carrier}
                        placeholder={carrier}
                        maxLength={60}
                        disabled={result?.applied}
                        onChange={(e) => edit(o.order_id, { carrier: e.target.value })}
                      />
                    </td>
                    <td>
                      <input
                        aria-label={`Tracking number of ${o.order_id}`}
                        value={entry(o.order_id).tracking}
                        maxLength={60}
                        disabled={result?.applied}
                        onChange={(e) => edit(o.order_id, { tracking: e.target.value })}
                      />
                    </td>
                    {result && <td>{row ? (row.error ?? SHIP_RESULT_LABELS[row.status]) : ''}</td>}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="empty">None of the chosen orders can be shipped from its state.</p>
      )}
      {others.length > 0 && (
        <p className="muted small">
          Not sent ({ordersText(others.length)} that cannot be shipped from their state):{' '}
          {others.map((o) => `${o.order_id} (${STATE_LABELS[o.state as OrderState] ?? o.state})`).join(', ')}
        </p>
      )}
      <div className="form-actions">
        {!result?.applied && shippable.length > 0 && (
          <button
            type="button"
            className="btn"
            disabled={ship.pending}
            onClick={() => ship.run(csv(), false)}
          >
            Check {ordersText(shippable.length)}
          </button>
        )}
        {/* Offered only when there is an order to ship: never "Mark 0 orders shipped". */}
        {result && !result.applied && result.ready > 0 && (
          <button
            type="button"
            className="btn btn-primary"
            disabled={ship.pending}
            onClick={() => ship.run(csv(), true)}
          >
            {ship.pending ? 'Saving…' : `Mark ${ordersText(result.ready)} shipped`}
          </button>
        )}
        <button type="button" className="btn btn-ghost" onClick={() => props.onClose(shipped > 0)}>
          {result?.applied ? 'Done' : 'Cancel'}
        </button>
      </div>
    </Modal>
  );
}
