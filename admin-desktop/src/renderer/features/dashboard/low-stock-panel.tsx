import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '@voltcart/api-client/http';
import type { LowStockAlert } from '@voltcart/shared';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { ListBody, QueryError } from '../../components/query-states';
import { paths } from '../../config/paths';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useCan } from '../../stores/session';
import { toast } from '../../stores/toast';

const LOW_STOCK_KEY = ['stock', 'low'] as const;

/** A variant's own threshold: a number of units, or blank for the shop's. */
function ThresholdForm({ alert }: { alert: LowStockAlert }) {
  const client = useQueryClient();
  const [value, setValue] = useState(alert.ownThreshold === null ? '' : String(alert.ownThreshold));
  const save = useMutation({
    mutationFn: () =>
      api.stock.threshold({
        params: { id: alert.variantId },
        body: { threshold: value.trim() === '' ? null : value.trim() },
      }),
    onSuccess: (r) => {
      toast.success(r.msg);
      void client.invalidateQueries({ queryKey: LOW_STOCK_KEY });
    },
    onError: (e) => toast.error(errorMessage(e, 'The threshold could not be saved.')),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  return (
    <form className="inline-form" onSubmit={submit}>
      <label className="visually-hidden" htmlFor={`threshold-${alert.variantId}`}>
        Low-stock threshold of {alert.sku} (blank: the shop's)
      </label>
      <input
        id={`threshold-${alert.variantId}`}
        className="input-units"
        inputMode="numeric"
        size={5}
        placeholder="Shop's"
        value={value}
        onChange={(e) => setValue(e.target.value)}
      />
      <button type="submit" className="btn btn-ghost btn-sm" disabled={save.isPending}>
        Save
      </button>
    </form>
  );
}

/**
 * The dashboard's low-stock list (GET /stock/low): variants at or below their threshold since the change that
 * crossed it; staff who look after stock were mailed once then. A variant's own threshold is set here (blank
 * follows the shop's setting).
 */
export function LowStockPanel() {
  const canWrite = useCan('catalog.write');
  const low = useQuery({
    queryKey: LOW_STOCK_KEY,
    queryFn: async ({ signal }) => api.stock.low({}, { signal }),
  });
  const rows = low.data?.alerts ?? [];
  return (
    <section className="panel" aria-labelledby="low-stock-title">
      <div className="panel-head">
        <h2 id="low-stock-title">Low stock{low.data?.total ? ` (${low.data.total})` : ''}</h2>
        <Link to={`${paths.products}?lowStock=1`} className="btn btn-ghost btn-sm">
          Products low on stock
        </Link>
      </div>
      <QueryError query={low} />
      <ListBody query={low} count={rows.length} empty="No variant is at or below its low-stock threshold.">
        <table className="table table-stack">
          <caption className="visually-hidden">Variants at or below their low-stock threshold</caption>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">SKU</th>
              <th scope="col" className="num">
                Units
              </th>
              <th scope="col" className="num">
                Threshold
              </th>
              <th scope="col">Since</th>
              {canWrite && <th scope="col">Own threshold</th>}
            </tr>
          </thead>
          <tbody>
            {rows.map((a) => (
              <tr key={a.variantId} data-testid="low-stock-row">
                <td data-label="Product">
                  <Link to={paths.productEdit(a.productId)}>{a.productName}</Link>
                </td>
                <td className="mono" data-label="SKU">
                  {a.sku}
                </td>
                <td className="num" data-label="Units">
                  <strong>{a.units}</strong>
                </td>
                <td className="num" data-label="Threshold">
                  {a.threshold}
                  {a.ownThreshold === null ? " (shop's)" : ''}
                </td>
                <td data-label="Since">{formatDateTime(a.since)}</td>
                {canWrite && (
                  <td data-label="Own threshold">
                    <ThresholdForm alert={a} />
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </ListBody>
    </section>
  );
}
