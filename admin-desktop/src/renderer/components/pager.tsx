/** Previous / Next paging for long lists (the API pages with limit and page). */
export function Pager(props: {
  page: number;
  hasMore: boolean;
  onPage: (page: number) => void;
  count: number;
  limit: number;
  onLimit?: (limit: number) => void;
}) {
  const from = props.count ? (props.page - 1) * props.limit + 1 : 0;
  const to = (props.page - 1) * props.limit + props.count;
  return (
    <div className="pager">
      <span className="muted">{props.count ? `Showing ${from}–${to}` : 'Nothing to show'}</span>
      <div className="pager-actions">
        {props.onLimit && (
          <label className="inline-label">
            Per page
            <select value={props.limit} onChange={(e) => props.onLimit?.(Number(e.target.value))}>
              {[25, 50, 100].map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
        )}
        <button
          className="btn btn-ghost btn-sm"
          disabled={props.page <= 1}
          onClick={() => props.onPage(props.page - 1)}
        >
          Previous
        </button>
        <span className="pager-page">Page {props.page}</span>
        <button
          className="btn btn-ghost btn-sm"
          disabled={!props.hasMore}
          onClick={() => props.onPage(props.page + 1)}
        >
          Next
        </button>
      </div>
    </div>
  );
}
