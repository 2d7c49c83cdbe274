import { errorMessage } from '@voltcart/api-client/http';
import type { BulkShipRow } from '@voltcart/shared';
import { useId, useState } from 'react';
import { Modal } from '../../components/modal';
import { api } from '../../lib/api';
import { useApiMutation } from '../../lib/mutations';
import { queryKeys } from '../../lib/query-keys';
import { toast } from '../../stores/toast';

const STATUS_LABELS: Record<BulkShipRow['status'], string> = {
  ready: 'Will be shipped',
  shipped: 'Shipped',
  error: 'Not done',
};

/**
 * Marks orders shipped from a CSV (order id, carrier, tracking number): the file is previewed first (what each
 * row will do, or why it cannot), then the ready orders are shipped, each as the single move does.
 */
export function BulkShipDialog(props: { onClose: () => void }) {
  const fileId = useId();
  const [csv, setCsv] = useState<string | null>(null);
  const [result, setResult] = useState<{ rows: BulkShipRow[]; ready: number; applied: boolean } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const send = useApiMutation(
    (vars: { csv: string; apply: boolean }) => api.order.bulkShip({ body: vars }),
    [queryKeys.orders.all],
  );

  const preview = async (file: File | undefined) => {
    setResult(null);
    setProblem(null);
    if (!file) return;
    const text = await file.text();
    setCsv(text);
    try {
      const r = await send.mutateAsync({ csv: text, apply: false });
      setResult({ rows: r.rows, ready: r.ready, applied: false });
    } catch (e) {
      setProblem(errorMessage(e));
    }
  };

  const apply = async () => {
    if (!csv) return;
    try {
      const r = await send.mutateAsync({ csv, apply: true });
      setResult({ rows: r.rows, ready: 0, applied: true });
      toast.success(r.msg);
    } catch (e) {
      setProblem(errorMessage(e));
    }
  };

  return (
    <Modal title="Mark shipped from a CSV" onClose={props.onClose} wide>
      <p className="muted">
        A CSV file with a header row naming the columns order id, carrier and tracking number. Nothing changes
        until you confirm.
      </p>
      <div className="field">
        <label className="field-label" htmlFor={fileId}>
          CSV file
        </label>
        <input
          id={fileId}
          type="file"
          accept=".csv,text/csv"
          onChange={(e) => preview(e.target.files?.[0])}
        />
      </div>
      {problem && (
        <div className="form-error" role="alert">
          {problem}
        </div>
      )}
      {result && (
        <>
          <p role="status">
            {result.applied
              ? `${result.rows.filter((r) => r.status === 'shipped').length} orders shipped.`
              : `${result.ready} of ${result.rows.length} rows ready.`}
          </p>
          <div className="bulk-ship-rows">
            <table className="table">
              <thead>
                <tr>
                  <th className="num">Line</th>
                  <th>Order</th>
                  <th>Carrier</th>
                  <th>Tracking</th>
                  <th>Result</th>
                </tr>
              </thead>
              <tbody>
                {result.rows.map((r) => (
                  <tr key={r.line}>
                    <td className="num">{r.line}</td>
                    <td className="mono">{r.orderId}</td>
                    <td>{r.carrier}</td>
                    <td>{r.trackingNumber}</td>
                    <td>{r.error ?? STATUS_LABELS[r.status]}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <div className="form-actions">
        {result && !result.applied && (
          <button
            type="button"
            className="btn btn-primary"
            disabled={send.isPending || !result.ready}
            onClick={apply}
          >
            {send.isPending ? 'Saving…' : `Mark ${result.ready} orders shipped`}
          </button>
        )}
        <button type="button" className="btn btn-ghost" onClick={props.onClose}>
          {result?.applied ? 'Done' : 'Cancel'}
        </button>
      </div>
    </Modal>
  );
}
