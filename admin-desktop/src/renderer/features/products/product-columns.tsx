import { useState } from 'react';
import { useSession } from '../../stores/session';

/** The product table's columns that staff can leave out (the name, with its row actions, always stays). */
const OPTIONAL_COLUMNS = [
  { key: 'slug', label: 'SLUG' },
  { key: 'original', label: 'Original' },
  { key: 'price', label: 'Price' },
  { key: 'disc', label: 'Disc' },
  { key: 'hsn', label: 'HSN' },
  { key: 'status', label: 'Status' },
  { key: 'units', label: 'Units' },
  { key: 'stock', label: 'Stock' },
  { key: 'top', label: 'Top' },
] as const;
export type ColumnKey = (typeof OPTIONAL_COLUMNS)[number]['key'];

const ALL = OPTIONAL_COLUMNS.map((c) => c.key);
const storageKey = (staffId: string) => `voltcart.productColumns.${staffId}`;

function load(staffId: string | undefined): ColumnKey[] {
  if (!staffId) return ALL;
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(storageKey(staffId)) ?? 'null');
    if (!Array.isArray(saved)) return ALL;
    return ALL.filter((k) => saved.includes(k));
  } catch {
    return ALL;
  }
}

/**
 * The columns shown, kept per signed-in staff member in this computer's local storage (people sharing a
 * computer keep their own choice); a saved list that cannot be read shows every column.
 */
export function useProductColumns() {
  const staffId = useSession((s) => s.admin?._id);
  const [shown, setShown] = useState<ColumnKey[]>(() => load(staffId));
  const toggle = (key: ColumnKey, on: boolean) => {
    const next = ALL.filter((k) => (k === key ? on : shown.includes(k)));
    setShown(next);
    if (staffId) localStorage.setItem(storageKey(staffId), JSON.stringify(next));
  };
  return { shown: new Set(shown), toggle };
}

/** A "Columns" menu of checkboxes, one per optional column. */
export function ColumnChooser(props: {
  shown: Set<ColumnKey>;
  onToggle: (key: ColumnKey, on: boolean) => void;
}) {
  return (
    <details className="column-chooser">
      <summary className="btn btn-ghost btn-sm">Columns</summary>
      <fieldset aria-label="Columns shown">
        {OPTIONAL_COLUMNS.map((c) => (
          <label key={c.key} className="check-filter">
            <input
              type="checkbox"
              checked={props.shown.has(c.key)}
              onChange={(e) => props.onToggle(c.key, e.target.checked)}
            />
            {c.label}
          </label>
        ))}
      </fieldset>
    </details>
  );
}
