import type { ReactNode } from 'react';

/** One figure of a band: its column heading and the words that name its input for screen readers. */
export interface BandColumn<B> {
  field: keyof B & string;
  heading: string;
  /** After "<row name> <n> ", e.g. "from (g)". */
  label: string;
  inputMode: 'numeric' | 'decimal';
}

interface Props<B> {
  caption: string;
  /** What a row is called in its labels and buttons: "Band", "Value band". */
  rowName: string;
  columns: readonly BandColumn<B>[];
  bands: B[];
  onChange: (bands: B[]) => void;
  /** The band the add button appends, from the last one (a new band starts where the last ends). */
  newBand: (last: B | undefined) => B;
  addLabel: string;
  /** The last row cannot be removed (a zone's weight bands: its base rate). */
  keepOne?: boolean;
  /** Shown under the table and linked to it as its description. */
  hint?: { id: string; text: ReactNode };
}

/** A zone's rate bands (by weight or by order value) as an editable table, with its add button. */
export function BandTable<B extends { [K in keyof B]: string }>(props: Props<B>) {
  const { bands, onChange, rowName } = props;
  const setBand = (i: number, patch: Partial<B>) =>
    onChange(bands.map((b, j) => (j === i ? { ...b, ...patch } : b)));
  return (
    <>
      <table className="table" aria-describedby={props.hint?.id}>
        <caption className="field-label">{props.caption}</caption>
        <thead>
          <tr>
            {props.columns.map((c) => (
              <th key={c.field} scope="col">
                {c.heading}
              </th>
            ))}
            <th scope="col">Remove</th>
          </tr>
        </thead>
        <tbody>
          {bands.map((b, i) => (
            <tr key={i}>
              {props.columns.map((c) => (
                <td key={c.field}>
                  <input
                    aria-label={`${rowName} ${i + 1} ${c.label}`}
                    inputMode={c.inputMode}
                    value={b[c.field]}
                    onChange={(e) => setBand(i, { [c.field]: e.target.value } as Partial<B>)}
                  />
                </td>
              ))}
              <td>
                <button
                  type="button"
                  className="btn btn-sm btn-ghost"
                  disabled={props.keepOne && bands.length === 1}
                  onClick={() => onChange(bands.filter((_, j) => j !== i))}
                >
                  Remove {rowName.toLowerCase()} {i + 1}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {props.hint && (
        <span className="hint" id={props.hint.id}>
          {props.hint.text}
        </span>
      )}
      <div className="form-actions">
        <button
          type="button"
          className="btn btn-sm btn-ghost"
          onClick={() => onChange([...bands, props.newBand(bands[bands.length - 1])])}
        >
          {props.addLabel}
        </button>
      </div>
    </>
  );
}
