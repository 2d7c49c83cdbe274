import type { Category } from '@voltcart/shared';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';

interface Props {
  categories: Category[];
  /** The active category slug ('' = All Categories). */
  active?: string;
  /** Query string kept when switching category (e.g. limit and colorSlug). */
  query?: string;
  /** Show the 'All Categories' entry with the total count. */
  withAll?: boolean;
  heading?: string;
}

/** Category list with product counts, sorted by name (easy to scan, whatever order staff made them in). */
export function CategoryList({
  categories,
  active,
  query,
  withAll = true,
  heading = 'All Categories',
}: Props) {
  const sorted = [...categories]
    .filter((c) => c.status !== false)
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  const total = sorted.reduce((n, c) => n + (c.productCount ?? 0), 0);
  return (
    <nav className="category-list" aria-label="Categories">
      <ul>
        {withAll && (
          <li>
            <Link
              to={paths.store.to(query)}
              className="category-list__link category-list__link--all"
              aria-current={active === '' ? 'page' : undefined}
            >
              <span>{heading}</span>
              <span className="category-list__count">{total}</span>
            </Link>
          </li>
        )}
        {sorted.map((c) => (
          <li key={c._id}>
            <Link
              to={paths.storeCategory.to(c.slug, query)}
              className="category-list__link"
              aria-current={active === c.slug ? 'page' : undefined}
            >
              <span>{c.name}</span>
              <span className="category-list__count">{c.productCount ?? 0}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
