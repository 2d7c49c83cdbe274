import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';

/** The trail of a store or product page: the shop, all products, then the page's own steps (`children`, `li`s). */
export function StoreBreadcrumb({ children }: { children?: ReactNode }) {
  return (
    <nav aria-label="Breadcrumb" className="breadcrumb">
      <ol>
        <li>
          <Link to={paths.home.to()}>Voltcart</Link>
        </li>
        <li>
          <Link to={paths.store.to()}>All products</Link>
        </li>
        {children}
      </ol>
    </nav>
  );
}
