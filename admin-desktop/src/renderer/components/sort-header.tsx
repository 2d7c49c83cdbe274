export type SortDir = 'asc' | 'desc';

/**
 * A table column header that sorts the list: a button naming the column, the order it is sorted in (▲/▼ and
 * aria-sort), none when the list is sorted by another column.
 */
export function SortableHeader(props: {
  label: string;
  /** The column's current order; undefined when the list is sorted by another column. */
  dir: SortDir | undefined;
  onClick: () => void;
  className?: string;
}) {
  const { dir } = props;
  return (
    <th
      className={props.className}
      aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : 'none'}
    >
      <button type="button" className="sort-button" onClick={props.onClick}>
        {props.label}
        <span aria-hidden="true">{dir === 'asc' ? ' ▲' : dir === 'desc' ? ' ▼' : ''}</span>
      </button>
    </th>
  );
}

/**
 * The header of a list sorted by one column and a direction: a click sorts by this column, the other way when
 * it already is, else in its first order (`firstDir`: newest or largest first for dates and amounts).
 */
export function SortHeader<C extends string>(props: {
  label: string;
  column: C;
  sort: C;
  dir: SortDir;
  firstDir?: SortDir;
  className?: string;
  onSort: (column: C, dir: SortDir) => void;
}) {
  const active = props.sort === props.column ? props.dir : undefined;
  const next = active === 'asc' ? 'desc' : active === 'desc' ? 'asc' : (props.firstDir ?? 'asc');
  return (
    <SortableHeader
      label={props.label}
      dir={active}
      className={props.className}
      onClick={() => props.onSort(props.column, next)}
    />
  );
}
