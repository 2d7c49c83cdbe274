import type { ValueBandForm } from './shipping-form';

interface Props {
  id: string;
  bands: ValueBandForm[];
  onChange: (bands: ValueBandForm[]) => void;
}

/** A zone's rates by order value: added to the weight band's fee below the free-shipping threshold. */
export function ValueBandsEditor({ id, bands, onChange }: Props) {
  const setBand = (i: number, patch: Partial<ValueBandForm>) =>
    onChange(bands.map((b, j) => (j === i ? { ...b, ...patch } : b)));
  return (
    <>
      <table className="table" aria-describedby={`${id}-value-hint`}>
        <caption className="field-label">Rates by order value (added to the weight rate)</caption>
        <thead>
          <tr>
            <th scope="col">From (₹)</th>
            <th scope="col">Up to (₹, blank: no limit)</th>
            <th scope="col">Fee (₹)</th>
            <th scope="col">Remove</th>
          </tr>
        </thead>
        <tbody>
          {bands.map((b, i) => (
            <tr key={i}>
              <td>
                <input
                  aria-label={`Value band ${i + 1} from (₹)`}
                  inputMode="decimal"
                  value={b.from}
                  onChange={(e) => setBand(i, { from: e.target.value })}
                />
              </td>
              <td>
                <input
                  aria-label={`Value band ${i + 1} up to (₹)`}
                  inputMode="decimal"
                  value={b.to}
                  onChange={(e) => setBand(i, { to: e.target.value })}
                />
              </td>
              <td>
                <input
                  aria-label={`Value band ${i + 1} fee (₹)`}
                  inputMode="decimal"
                  value={b.fee}
                  onChange={(e) => setBand(i, { fee: e.target.value })}
                />
              </td>
              <td>
                <button
                  type="button"
                  className="btn btn-sm btn-ghost"
                  onClick={() => onChange(bands.filter((_, j) => j !== i))}
                >
                  Remove value band {i + 1}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <span className="hint" id={`${id}-value-hint`}>
        {bands.length
          ? 'Bands start at ₹0, each where the one before ends; the last has no upper limit.'
          : 'No rates by order value: the weight rate alone is charged.'}
      </span>
      <div className="form-actions">
        <button
          type="button"
          className="btn btn-sm btn-ghost"
          onClick={() => {
            const last = bands[bands.length - 1];
            onChange([...bands, { from: last ? last.to : '0', to: '', fee: '0' }]);
          }}
        >
          Add value band
        </button>
      </div>
    </>
  );
}
