/** A list's search box: what is typed narrows the list (the list's address keeps it). */
export function SearchBox(props: {
  /** Its accessible name ("Search orders"). */
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <input
      type="search"
      className="search"
      aria-label={props.label}
      placeholder={props.placeholder}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
    />
  );
}
