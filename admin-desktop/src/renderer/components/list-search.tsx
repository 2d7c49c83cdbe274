/**
 * A paged list's search box (useListParams' `search` and `setSearch`): named by `label` for screen readers,
 * since the toolbar has no visible label for it.
 */
export function ListSearch(props: {
  label: string;
  placeholder: string;
  value: string;
  onSearch: (text: string) => void;
}) {
  return (
    <input
      type="search"
      className="search"
      aria-label={props.label}
      placeholder={props.placeholder}
      value={props.value}
      onChange={(e) => props.onSearch(e.target.value)}
    />
  );
}
