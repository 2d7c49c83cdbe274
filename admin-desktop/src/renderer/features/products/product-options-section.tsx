import { useQuery } from '@tanstack/react-query';
import type { Color } from '@voltcart/shared';
import { FormField } from '../../components/form-field';
import { queries } from '../../lib/queries';
import { CatalogOptions } from './catalog-options';
import type { FormState, ProductFields } from './product-form-state';

/** The colours and memory sizes the product comes in, each with its price adjustment. */
export function ProductOptionsSection({ f, set }: ProductFields) {
  const colors = useQuery(queries.colors());
  const colorById = new Map<string, Color>((colors.data ?? []).map((c) => [c._id, c]));
  /** Changes one row of a list of options (a colour's or a memory size's), leaving the others. */
  const editRow =
    <K extends 'colors' | 'memory'>(k: K, i: number) =>
    (patch: Partial<FormState[K][number]>) =>
      set(k, f[k].map((x, j) => (j === i ? { ...x, ...patch } : x)) as FormState[K]);
  return (
    <fieldset className="form-section">
      <legend>Options</legend>
      <div className="grid-2">
        <FormField id="p-colors" label="Colors">
          <select
            id="p-colors"
            name="colors"
            multiple
            size={Math.min(8, Math.max(4, colors.data?.length ?? 4))}
            value={f.colors.map((c) => c._id)}
            onChange={(e) => {
              const ids = [...e.target.selectedOptions].map((o) => o.value);
              set(
                'colors',
                ids.map((id) => f.colors.find((c) => c._id === id) ?? { _id: id, priceAdj: '0' }),
              );
            }}
          >
            <CatalogOptions items={colors.data} />
          </select>
          <span className="hint">Ctrl-click (⌘-click on a Mac) to choose several.</span>
        </FormField>
        <div className="field">
          <span className="field-label">Colour price adjustments</span>
          {f.colors.length === 0 ? (
            <span className="muted">No colours chosen.</span>
          ) : (
            <div className="option-rows">
              {f.colors.map((c, i) => {
                const color = colorById.get(c._id);
                return (
                  <div key={c._id} className="option-row">
                    <span className="chip">
                      <span
                        className="swatch swatch-sm"
                        style={{ background: color?.hexcode ?? '#ccc' }}
                        aria-hidden="true"
                      />
                      {color?.name ?? `Colour ${c._id}`}
                    </span>
                    <input
                      type="number"
                      step="0.01"
                      aria-label={`Price adjustment for ${color?.name ?? c._id} (₹)`}
                      value={c.priceAdj}
                      onChange={(e) => editRow('colors', i)({ priceAdj: e.target.value })}
                    />
                  </div>
                );
              })}
            </div>
          )}
        </div>
      </div>
      <div className="field">
        <span className="field-label">Memory options</span>
        <div className="option-rows">
          {f.memory.map((m, i) => (
            <div key={i} className="option-row">
              <input
                type="number"
                min={1}
                step={1}
                aria-label={`Memory option ${i + 1} size (GB)`}
                placeholder="GB"
                value={m.gb}
                onChange={(e) => editRow('memory', i)({ gb: e.target.value })}
              />
              <span className="muted">GB</span>
              <input
                type="number"
                step="0.01"
                aria-label={`Memory option ${i + 1} price adjustment (₹)`}
                placeholder="Price adjustment ₹"
                value={m.adj}
                onChange={(e) => editRow('memory', i)({ adj: e.target.value })}
              />
              <button
                type="button"
                className="icon-btn"
                aria-label={`Remove memory option ${i + 1}`}
                onClick={() =>
                  set(
                    'memory',
                    f.memory.filter((_, j) => j !== i),
                  )
                }
              >
                ×
              </button>
            </div>
          ))}
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={() => set('memory', [...f.memory, { gb: '', adj: '0' }])}
          >
            Add memory option
          </button>
        </div>
      </div>
    </fieldset>
  );
}
