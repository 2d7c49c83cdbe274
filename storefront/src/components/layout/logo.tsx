import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { BoltIcon } from '../ui/icons';

/** The shop's logo, a link home (the header's, and the footer's in light colours). */
export function Logo({ light = false }: { light?: boolean }) {
  return (
    <Link to={paths.home.to()} className={light ? 'logo logo--light' : 'logo'} aria-label="Voltcart">
      <span className="logo__mark" aria-hidden="true">
        <BoltIcon size={18} />
      </span>
      <span className="logo__text">
        Volt<span>cart</span>
      </span>
    </Link>
  );
}
