import { useQuery } from '@tanstack/react-query';
import { NavLink } from 'react-router-dom';
import { paths } from '../../config/paths';
import { queries } from '../../lib/queries';

/**
 * The phone menu's shortcuts to each category (wide screens show categories on the home and store pages, not in
 * the header). Read only once the menu opens, from the same cached list the store page uses.
 */
export function MenuCategories() {
  const { data: categories = [] } = useQuery(queries.categories());
  const shown = categories.filter((c) => c.status !== false);
  if (!shown.length) return null;
  return (
    <div className="site-nav__categories">
      <h2 className="site-nav__heading">Shop by category</h2>
      <ul className="site-nav__list">
        {shown.map((c) => (
          <li key={c.slug}>
            <NavLink to={paths.storeCategory.to(c.slug)} className="site-nav__link site-nav__link--category">
              {c.name}
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
