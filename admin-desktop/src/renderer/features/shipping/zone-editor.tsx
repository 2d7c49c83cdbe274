import { GST_STATES, isoStateCode } from '@voltcart/shared';
import { type BandColumn, BandTable } from './band-table';
import type { BandForm, ZoneForm } from './shipping-form';
import { ValueBandsEditor } from './value-bands-editor';

const STATES = Object.entries(GST_STATES).sort(([a], [b]) => a.localeCompare(b));

const WEIGHT_COLUMNS: readonly BandColumn<BandForm>[] = [
  { field: 'fromGrams', heading: 'From (g)', label: 'from (g)', inputMode: 'numeric' },
  { field: 'toGrams', heading: 'Up to (g, blank: no limit)', label: 'up to (g)', inputMode: 'numeric' },
  { field: 'fee', heading: 'Fee (₹)', label: 'fee (₹)', inputMode: 'decimal' },
];

interface Props {
  zone: ZoneForm;
  index: number;
  onChange: (zone: ZoneForm) => void;
  onRemove: () => void;
}

/** One shipping zone: where it ships (states, pincodes), its rates by weight and order value, COD and its days. */
export function ZoneEditor({ zone, index, onChange, onRemove }: Props) {
  const id = `zone-${zone.key}`;
  const set = (patch: Partial<ZoneForm>) => onChange({ ...zone, ...patch });
  const all = zone.states.length === STATES.length;
  return (
    <fieldset className="form-section" aria-labelledby={`${id}-legend`}>
      <legend id={`${id}-legend`}>
        Zone {index + 1}
        {zone.name ? `: ${zone.name}` : ''}
      </legend>
      <div className="grid-2">
        <div className="field">
          <label className="field-label" htmlFor={`${id}-name`}>
            Zone name
          </label>
          <input
            id={`${id}-name`}
            maxLength={60}
            value={zone.name}
            onChange={(e) => set({ name: e.target.value })}
          />
        </div>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-pins`}>
            Pincodes (prefixes or ranges)
          </label>
          <input
            id={`${id}-pins`}
            value={zone.pincodes}
            aria-describedby={`${id}-pins-hint`}
            onChange={(e) => set({ pincodes: e.target.value })}
          />
          <span className="hint" id={`${id}-pins-hint`}>
            e.g. 79, 7950, 795001-795999 — a pincode named here belongs to this zone even when another zone
            has its state.
          </span>
        </div>
      </div>
      <details className="field">
        <summary className="field-label">
          States: {all ? 'all of India' : zone.states.length ? `${zone.states.length} chosen` : 'none'}
        </summary>
        <label className="check-filter">
          <input
            type="checkbox"
            checked={all}
            onChange={(e) => set({ states: e.target.checked ? STATES.map(([, c]) => c) : [] })}
          />{' '}
          Every state and union territory
        </label>
        <div className="grid-3">
          {STATES.map(([name, code]) => (
            <label key={code} className="check-filter">
              <input
                type="checkbox"
                checked={zone.states.includes(code)}
                onChange={(e) =>
                  set({
                    states: e.target.checked ? [...zone.states, code] : zone.states.filter((s) => s !== code),
                  })
                }
              />{' '}
              {name} ({isoStateCode(code)})
            </label>
          ))}
        </div>
      </details>
      <BandTable
        caption="Rates by parcel weight"
        rowName="Band"
        columns={WEIGHT_COLUMNS}
        bands={zone.bands}
        onChange={(bands) => set({ bands })}
        newBand={(last) => ({ fromGrams: last?.toGrams ?? '', toGrams: '', fee: last?.fee ?? '0' })}
        addLabel="Add weight band"
        keepOne
      />
      <ValueBandsEditor id={id} bands={zone.valueBands} onChange={(valueBands) => set({ valueBands })} />
      <div className="grid-3">
        <div className="field">
          <label className="field-label" htmlFor={`${id}-free`}>
            Free shipping from (₹)
          </label>
          <input
            id={`${id}-free`}
            inputMode="decimal"
            value={zone.freeFrom}
            aria-describedby={`${id}-free-hint`}
            onChange={(e) => set({ freeFrom: e.target.value })}
          />
          <span className="hint" id={`${id}-free-hint`}>
            Blank: the shop's free-shipping threshold (Settings).
          </span>
        </div>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-dispatch`}>
            Dispatch (working days)
          </label>
          <input
            id={`${id}-dispatch`}
            inputMode="numeric"
            value={zone.dispatchDays}
            onChange={(e) => set({ dispatchDays: e.target.value })}
          />
        </div>
        <div className="field">
          <span className="field-label" id={`${id}-transit`}>
            In transit (days, from – to)
          </span>
          <span className="form-actions">
            <input
              aria-label="Transit from (days)"
              inputMode="numeric"
              value={zone.transitMinDays}
              onChange={(e) => set({ transitMinDays: e.target.value })}
            />
            <input
              aria-label="Transit to (days)"
              inputMode="numeric"
              value={zone.transitMaxDays}
              onChange={(e) => set({ transitMaxDays: e.target.value })}
            />
          </span>
        </div>
      </div>
      <div className="form-actions">
        <label className="check-filter">
          <input type="checkbox" checked={zone.cod} onChange={(e) => set({ cod: e.target.checked })} /> Cash
          on delivery in this zone
        </label>
        <button type="button" className="btn btn-sm btn-danger-ghost" onClick={onRemove}>
          Remove zone {zone.name || index + 1}
        </button>
      </div>
    </fieldset>
  );
}
