import { useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '@voltcart/api-client/http';
import { MAX_BULK_PRODUCTS, type ProductBulkBody } from '@voltcart/shared';
import { useState } from 'react';
import { BulkActionBar, type BulkChoice, chosenCount, readEveryPage } from '../../components/bulk-bar';
import { api } from '../../lib/api';
import { queries } from '../../lib/queries';
import { type ProductQuery, staleAfter } from '../../lib/query-keys';
import { confirmDelete, showDeleted } from '../../stores/dialog';
import { toast } from '../../stores/toast';

type Action = Omit<ProductBulkBody, 'ids'>;

const productsText = (n: number) => `${n.toLocaleString('en-IN')} ${n === 1 ? 'product' : 'products'}`;

/**
 * The bulk-action bar over the product list: switch on or off, move to a category, add or remove units, delete
 * (after the usual "Are you sure?"), applied to the rows chosen on this page or to every product matching the
 * list's filters. The API takes at most MAX_BULK_PRODUCTS ids a call (each call one transaction), so a larger
 * choice is sent in batches with a progress bar; a refused batch stops the run and says how many were changed.
 */
export function BulkBar(props: BulkChoice & { selected: string[]; query: ProductQuery }) {
  const queryClient = useQueryClient();
  const categories = useQuery(queries.categories());
  const [busy, setBusy] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const [units, setUnits] = useState('');
  const count = chosenCount(props, props.selected.length);

  const run = async (action: Action, label: string) => {
    if (action.action === 'delete' && !(await confirmDelete())) return;
    setBusy(label);
    setProgress(0);
    let changed = 0;
    try {
      const ids = props.allMatching
        ? await readEveryPage(
            async (page) => {
              const { facets: _facets, ...filters } = props.query;
              const r = await api.product.list({ query: { ...filters, limit: MAX_BULK_PRODUCTS, page } });
              return { rows: r.products.map((p) => p._id), hasMore: r.hasMore };
            },
            (read) => setProgress((read / Math.max(count, 1)) * 30),
          )
        : props.selected;
      for (let i = 0; i < ids.length; i += MAX_BULK_PRODUCTS) {
        const r = await api.catalogCsv.bulk({
          body: { ...action, ids: ids.slice(i, i + MAX_BULK_PRODUCTS) },
        });
        changed += r.changed;
        setProgress(30 + ((i + MAX_BULK_PRODUCTS) / ids.length) * 70);
      }
    } catch (e) {
      toast.error(
        `${errorMessage(e, 'The products could not be changed. Please try again.')}${changed ? ` (${productsText(changed)} were changed before this.)` : ''}`,
      );
      return;
    } finally {
      setBusy(null);
      await Promise.all(staleAfter.product.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    }
    props.onDone();
    if (action.action === 'delete')
      await showDeleted(`${productsText(changed)} ${changed === 1 ? 'has' : 'have'} been deleted.`);
    else toast.success(`${label}: ${productsText(changed)} changed.`);
  };

  const delta = Number(units);
  const validDelta = /^[+-]?\d{1,7}$/.test(units.trim()) && delta !== 0;

  return (
    <BulkActionBar choice={props} count={count} rowsText={productsText} busy={busy} progress={progress}>
      <button
        type="button"
        className="btn btn-sm"
        disabled={Boolean(busy)}
        onClick={() => run({ action: 'activate' }, 'Switched on')}
      >
        Switch on
      </button>
      <button
        type="button"
        className="btn btn-sm"
        disabled={Boolean(busy)}
        onClick={() => run({ action: 'deactivate' }, 'Switched off')}
      >
        Switch off
      </button>
      <select
        aria-label="Move to category"
        value=""
        disabled={Boolean(busy)}
        onChange={(e) => {
          const v = e.target.value;
          if (v) run({ action: 'category', categoryId: v === 'none' ? null : v }, 'Moved');
        }}
      >
        <option value="">Move to category…</option>
        <option value="none">No category</option>
        {(categories.data ?? []).map((c) => (
          <option key={c._id} value={c._id}>
            {c.name}
          </option>
        ))}
      </select>
      <form
        className="bulk-units"
        onSubmit={(e) => {
          e.preventDefault();
          if (validDelta)
            run({ action: 'adjustStock', stockDelta: delta }, 'Units adjusted').then(() => setUnits(''));
        }}
      >
        <label className="inline-label">
          Units ±
          <input
            type="text"
            inputMode="numeric"
            className="price-bound"
            placeholder="+10 or -2"
            value={units}
            onChange={(e) => setUnits(e.target.value)}
          />
        </label>
        <button type="submit" className="btn btn-sm" disabled={Boolean(busy) || !validDelta}>
          Adjust stock
        </button>
      </form>
      <button
        type="button"
        className="btn btn-danger-ghost btn-sm"
        disabled={Boolean(busy)}
        onClick={() => run({ action: 'delete' }, 'Deleted')}
      >
        Delete
      </button>
    </BulkActionBar>
  );
}
