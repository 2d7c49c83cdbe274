import type { ReactNode } from 'react';
import { ProgressBar } from './progress-bar';

/**
 * Every row matching a list's query, read a page at a time in the list's order until the API says there are no
 * more. All are read before anything is done: acting on them can move them out of the filter under the reader.
 */
export async function readEveryPage<T>(
  readPage: (page: number) => Promise<{ rows: T[]; hasMore: boolean }>,
  onRead: (read: number) => void,
): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page++) {
    const r = await readPage(page);
    rows.push(...r.rows);
    onRead(rows.length);
    if (!r.hasMore || r.rows.length === 0) return rows;
  }
}

/** What a list tells its bulk-action bar about the rows chosen. */
export interface BulkChoice {
  /** Every row matching the filters is chosen (not only the rows on this page). */
  allMatching: boolean;
  /** How many rows match the filters, when the API said. */
  total?: number;
  /** Every row of this page is chosen and more match: offer all of them. */
  canChooseAll: boolean;
  onChooseAll: () => void;
  onDone: () => void;
}

/** How many rows are chosen: every match when all are (as many as the API counted), else the rows ticked. */
export const chosenCount = (choice: BulkChoice, ticked: number) =>
  choice.allMatching ? (choice.total ?? ticked) : ticked;

/**
 * The frame of a list's bulk-action bar: how many rows are chosen, "Choose all N matching the filters" (or, past
 * `max`, how to get there), Clear, the list's own actions, and a progress bar while one of them runs.
 */
export function BulkActionBar(props: {
  choice: BulkChoice;
  count: number;
  /** "3 orders", "1 product". */
  rowsText: (n: number) => string;
  /** The most rows one choice may hold, if there is a limit. */
  max?: number;
  /** The action running, if any. */
  busy: string | null;
  progress: number;
  children: ReactNode;
}) {
  const { choice, rowsText, max } = props;
  const { total } = choice;
  return (
    <section className="bulk-bar" aria-label="Bulk actions">
      <span className="strong" aria-live="polite">
        {rowsText(props.count)} chosen{choice.allMatching ? ' (all matching the filters)' : ''}
      </span>
      {choice.canChooseAll &&
        !choice.allMatching &&
        total !== undefined &&
        (max !== undefined && total > max ? (
          <span className="muted small">
            {rowsText(total)} match: narrow the filters to at most {rowsText(max)} to choose them all.
          </span>
        ) : (
          <button type="button" className="btn btn-ghost btn-sm" onClick={choice.onChooseAll}>
            Choose all {rowsText(total)} matching the filters
          </button>
        ))}
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        onClick={choice.onDone}
        disabled={Boolean(props.busy)}
      >
        Clear
      </button>
      <div className="bulk-actions">{props.children}</div>
      {props.busy && <ProgressBar value={props.progress} label={`${props.busy}: progress`} small />}
    </section>
  );
}

/** The tick box that chooses a row of a list for a bulk action, or (in the head) every row of the page. */
export function ChooseBox(props: { label: string; checked: boolean; onChoose: (on: boolean) => void }) {
  return (
    <input
      type="checkbox"
      className="row-check"
      aria-label={props.label}
      checked={props.checked}
      onChange={(e) => props.onChoose(e.target.checked)}
    />
  );
}
