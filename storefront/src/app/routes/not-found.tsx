import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useTitle } from '../../lib/use-title';

function NotFound() {
  useTitle('Page not found');
  return (
    <div className="container page-message">
      <h1 className="page-message__title">Page not found</h1>
      <p className="muted">The page you were looking for does not exist or has moved.</p>
      <Link to={paths.store.to()} className="btn btn--primary">
        Continue Shopping
      </Link>
    </div>
  );
}

export const Component = NotFound;
