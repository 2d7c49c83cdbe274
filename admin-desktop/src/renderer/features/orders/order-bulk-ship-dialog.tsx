import { useId, useState } from 'react';
import { FormError } from '../../components/catalog-form';
import { FormField } from '../../components/form-field';
import { Modal } from '../../components/modal';
import { ordersText } from '../../components/order-state';
import { TableHead } from '../../components/table-head';
import { SHIP_RESULT_LABELS, useBulkShip } from './order-bulk-ship';

const rowsText = (n: number) => `${n.toLocaleString('en-IN')} ${n === 1 ? 'row' : 'rows'}`;

/**
 * Marks orders shipped from a CSV (order id, carrier, tracking number): the file is previewed first (what each
 * row will do, or why it cannot), then the ready orders are shipped, each as the single move does.
 */
export function BulkShipDialog(props: { onClose: () => void }) {
  const fileId = useId();
  const [csv, setCsv] = useState<string | null>(null);
  const ship = useBulkShip();
  const result = ship.answer;

  const preview = async (file: File | undefined) => {
    ship.reset();
    if (!file) return;
    const text = await file.text();
    setCsv(text);
    await ship.run(text, false);
  };

  return (
    <Modal title="Mark shipped from a CSV" onClose={props.onClose} wide>
      <p className="muted">
        A CSV file with a header row naming the columns order id, carrier and tracking number. Nothing changes
        until you confirm.
      </p>
      <FormField id={fileId} label="CSV file">
        <input
          id={fileId}
          type="file"
          accept=".csv,text/csv"
          onChange={(e) => preview(e.target.files?.[0])}
        />
      </FormField>
      <FormError error={ship.problem} />
      {result && (
        <>
          <p role="status">
            {result.applied
              ? `${ordersText(ship.shipped)} shipped.`
              : `${result.ready} of ${rowsText(result.rows.length)} ready.`}
          </p>
          <div className="bulk-ship-rows">
            <table className="table">
              <TableHead
                columns={[{ label: 'Line', className: 'num' }, 'Order', 'Carrier', 'Tracking', 'Result']}
              />
              <tbody>
                {result.rows.map((r) => (
                  <tr key={r.line}>
                    <td className="num">{r.line}</td>
                    <td className="mono">{r.orderId}</td>
                    <td>{r.carrier}</td>
                    <td>{r.trackingNumber}</td>
                    <td>{r.error ?? SHIP_RESULT_LABELS[r.status]}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <div className="form-actions">
        {/* Offered only when there is an order to ship: never "Mark 0 orders shipped". */}
        {result && !result.applied && result.ready > 0 && (
          <button
            type="button"
            className="btn btn-primary"
            disabled={ship.pending || !csv}
            onClick={() => csv && ship.run(csv, true)}
          >
            {ship.pending ? 'Saving…' : `Mark ${ordersText(result.ready)} shipped`}
          </button>
        )}
        <button type="button" className="btn btn-ghost" onClick={props.onClose}>
          {result?.applied ? 'Done' : 'Cancel'}
        </button>
      </div>
    </Modal>
  );
}
