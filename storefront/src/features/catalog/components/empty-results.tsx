import { formatINR } from '@voltcart/shared';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';

/** A price read from the search words, as its chip says it ("Under ₹20,000"). */
export function priceWordsLabel(p: { min?: number; max?: number }): string {
  if (p.min !== undefined && p.max !== undefined) return `${formatINR(p.min)} – ${formatINR(p.max)}`;
  return p.max !== undefined ? `Under ${formatINR(p.max)}` : `Above ${formatINR(p.min ?? 0)}`;
}

/**
 * The store's list when nothing matches: "Did you mean", the categories the search words name (`hinted`) or a
 * few to browse, and "Clear filters" only when a filter is set (`clearTo`).
 */
export function EmptyResults({
  didYouMean,
  categories,
  hinted,
  clearTo,
}: {
  didYouMean?: { text: string; to: string };
  categories: { name: string; slug: string }[];
  hinted: boolean;
  clearTo?: string;
}) {
  return (
    <div className="empty">
      <p className="empty__title">No products found.</p>
      {didYouMean && (
        <p>
          Did you mean <Link to={didYouMean.to}>{didYouMean.text}</Link>?
        </p>
      )}
      <p className="muted">
        {hinted
          ? 'Browse what your search points to:'
          : 'Try another category, colour or search term, or browse:'}
      </p>
      <ul className="empty__links">
        {categories.map((c) => (
          <li key={c.slug}>
            <Link to={paths.storeCategory.to(c.slug)}>{c.name}</Link>
          </li>
        ))}
      </ul>
      {clearTo && (
        <Link to={clearTo} className="btn btn--ghost">
          Clear filters
        </Link>
      )}
    </div>
  );
}
