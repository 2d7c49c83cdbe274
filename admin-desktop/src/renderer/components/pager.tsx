import { useId, useState } from 'react';

/** Previous / Next paging for long lists (the API pages with limit and page); with a total, a page jump. */
export function Pager(props: {
  page: number;
  /**
   * The API's page: whether more pages follow and, where the list shows it, every row it holds (all pages).
   * Nothing yet: no more pages.
   */
  reply: { hasMore: boolean; total?: number } | undefined;
  onPage: (page: number) => void;
  count: number;
  limit: number;
  onLimit?: (limit: number) => void;
}) {
  const total = props.reply?.total;
  const hasMore = Boolean(props.reply?.hasMore);
  const from = props.count ? (props.page - 1) * props.limit + 1 : 0;
  const to = (props.page - 1) * props.limit + props.count;
  const pages = total === undefined ? undefined : Math.max(1, Math.ceil(total / props.limit));
  const [jump, setJump] = useState('');
  const jumpId = useId();
  return (
    <div className="pager">
      <span className="muted">
        {props.count
          ? `Showing ${from}–${to}${total === undefined ? '' : ` of ${total.toLocaleString('en-IN')}`}`
          : 'Nothing to show'}
      </span>
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
        <span className="pager-page">
          Page {props.page}
          {pages === undefined ? '' : ` of ${pages}`}
        </span>
        <button
          className="btn btn-ghost btn-sm"
          disabled={!hasMore}
          onClick={() => props.onPage(props.page + 1)}
        >
          Next
        </button>
        {pages !== undefined && pages > 1 && (
          <form
            className="pager-jump"
            onSubmit={(e) => {
              e.preventDefault();
              const n = Math.trunc(Number(jump));
              if (n >= 1) props.onPage(Math.min(n, pages));
              setJump('');
            }}
          >
            <label htmlFor={jumpId}>Go to page</label>
            <input
              id={jumpId}
              type="number"
              min={1}
              max={pages}
              inputMode="numeric"
              value={jump}
              onChange={(e) => setJump(e.target.value)}
            />
            <button className="btn btn-ghost btn-sm" type="submit" disabled={!jump}>
              Go
            </button>
          </form>
        )}
      </div>
    </div>
  );
}
