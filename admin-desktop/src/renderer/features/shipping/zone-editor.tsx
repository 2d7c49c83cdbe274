import { GST_STATES, isoStateCode } from '@voltcart/shared';
import type { BandForm, ZoneForm } from './shipping-form';
import { ValueBandsEditor } from './value-bands-editor';

const STATES = Object.entries(GST_STATES).sort(([a], [b]) => a.localeCompare(b));

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
  const setBand = (i: number, patch: Partial<BandForm>) =>
    set({ bands: zone.bands.map((b, j) => (j === i ? { ...b, ...patch } : b)) });
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
      <table className="table">
        <caption className="field-label">Rates by parcel weight</caption>
        <thead>
          <tr>
            <th scope="col">From (g)</th>
            <th scope="col">Up to (g, blank: no limit)</th>
            <th scope="col">Fee (₹)</th>
            <th scope="col">Remove</th>
          </tr>
        </thead>
        <tbody>
          {zone.bands.map((b, i) => (
            <tr key={i}>
              <td>
                <input
                  aria-label={`Band ${i + 1} from (g)`}
                  inputMode="numeric"
                  value={b.fromGrams}
                  onChange={(e) => setBand(i, { fromGrams: e.target.value })}
                />
              </td>
              <td>
                <input
                  aria-label={`Band ${i + 1} up to (g)`}
                  inputMode="numeric"
                  value={b.toGrams}
                  onChange={(e) => setBand(i, { toGrams: e.target.value })}
                />
              </td>
              <td>
                <input
                  aria-label={`Band ${i + 1} fee (₹)`}
                  inputMode="decimal"
                  value={b.fee}
                  onChange={(e) => setBand(i, { fee: e.target.value })}
                />
              </td>
              <td>
                <button
                  type="button"
                  className="btn btn-sm btn-ghost"
                  disabled={zone.bands.length === 1}
                  onClick={() => set({ bands: zone.bands.filter((_, j) => j !== i) })}
                >
                  Remove band {i + 1}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="form-actions">
        <button
          type="button"
          className="btn btn-sm btn-ghost"
          onClick={() => {
            const last = zone.bands[zone.bands.length - 1];
            set({
              bands: [...zone.bands, { fromGrams: last?.toGrams ?? '', toGrams: '', fee: last?.fee ?? '0' }],
            });
          }}
        >
          Add weight band
        </button>
      </div>
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
