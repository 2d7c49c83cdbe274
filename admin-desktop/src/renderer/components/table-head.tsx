/** A header cell: its text, or its text and class (`num` right-aligns a figure's column). */
type Column = string | { label: string; className?: string };

/**
 * A table's header row of plain text cells, one a column, in order.
 * - `scope="col"` on every cell when the table asks for it (the tables that name their columns for screen readers)
 */
export function TableHead(props: { columns: Column[]; scope?: 'col' }) {
  return (
    <thead>
      <tr>
        {props.columns.map((column) => {
          const { label, className } =
            typeof column === 'string' ? { label: column, className: undefined } : column;
          return (
            <th key={label} scope={props.scope} className={className}>
              {label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
