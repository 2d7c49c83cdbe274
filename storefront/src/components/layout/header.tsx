import { formatINR } from '@voltcart/shared';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useCart } from '../../stores/cart-store';
import { endSession } from '../../stores/session-actions';
import { useSession } from '../../stores/session-store';
import { CartIcon, CloseIcon, MenuIcon } from '../ui/icons';
import { Logo } from './logo';
import { SearchBox } from './search-box';

/** The phone menu's category links: loaded when the menu first opens, not with every page. */
const MenuCategories = lazy(() => import('./menu-categories').then((m) => ({ default: m.MenuCategories })));

const NAV = [
  { to: paths.home.to(), label: 'HOME', end: true },
  { to: paths.about.to(), label: 'ABOUT', end: true },
  { to: paths.store.to(), label: 'STORE', end: false },
  { to: paths.profile.to(), label: 'PROFILE', end: false },
  { to: paths.shopPage.to('contact'), label: 'CONTACT', end: true },
] as const;

export function Header() {
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const loggedIn = useSession((s) => Boolean(s.userToken));
  const userName = useSession((s) => s.data?.name);
  const navigate = useNavigate();
  const menuId = useId();

  // Close the mobile menu after navigating.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on route change only
  useEffect(() => setMenuOpen(false), [location.pathname, location.search]);

  const logOut = async () => {
    await endSession();
    navigate(paths.home.to());
  };

  return (
    <header className="site-header">
      <div className="container site-header__main">
        <button
          type="button"
          className="icon-btn site-header__menu-btn"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((o) => !o)}
        >
          {menuOpen ? <CloseIcon /> : <MenuIcon />}
          <span className="visually-hidden">Menu</span>
        </button>
        <Logo />
        <SearchBox />
        <CartSummary />
      </div>
      <nav className={`site-nav ${menuOpen ? 'is-open' : ''}`} id={menuId} aria-label="Main">
        <div className="container site-nav__inner">
          <ul className="site-nav__list">
            {NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} className="site-nav__link">
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
          {menuOpen && (
            <Suspense fallback={null}>
              <MenuCategories />
            </Suspense>
          )}
          <div className="site-nav__account">
            {loggedIn ? (
              <>
                {userName && <span className="site-nav__hello">Hi, {userName.split(' ')[0]}</span>}
                <button type="button" className="site-nav__link site-nav__logout" onClick={logOut}>
                  LOG OUT
                </button>
              </>
            ) : (
              <Link to={paths.login.to('Products')} className="site-nav__link">
                LOG IN
              </Link>
            )}
          </div>
        </div>
      </nav>
    </header>
  );
}

function CartSummary() {
  const count = useCart((s) => s.count);
  const total = useCart((s) => s.finalTotal);
  return (
    // Named "Cart, 2 (items), ₹1,499": what it shows, in the order of the page ("Cart 2 ₹1,499", the count
    // drawn on the icon but placed after "Cart"), with the word a screen reader needs in parentheses, which
    // checks of WCAG 2.5.3 (label in name: what a speech-input user says must match) leave aside.
    <Link
      to={paths.cart.to()}
      className="cart-link"
      aria-label={`Cart, ${count} (${count === 1 ? 'item' : 'items'}), ${formatINR(total)}`}
    >
      <span className="cart-link__icon">
        <CartIcon size={24} />
      </span>
      <span className="cart-link__text">
        {/* The spaces keep the words apart in the link's text (flex items show none). */}
        <span className="cart-link__label">Cart</span>{' '}
        <span className="cart-link__count" data-testid="cart-count">
          {count}
        </span>{' '}
        <span className="cart-link__total" data-testid="cart-total">
          {formatINR(total)}
        </span>
      </span>
    </Link>
  );
}
