/** Previous and Next under a paged list, with the page number read out as it changes. */
export function PageButtons({
  label,
  page,
  hasMore,
  onPage,
}: {
  label: string;
  page: number;
  hasMore: boolean;
  onPage: (page: number) => void;
}) {
  return (
    <nav className="reviews__pages" aria-label={label}>
      <button type="button" className="btn btn--ghost" disabled={page === 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span aria-live="polite">Page {page}</span>
      <button type="button" className="btn btn--ghost" disabled={!hasMore} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
