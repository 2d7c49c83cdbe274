import { lazy, Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router-dom';
import { Notifications } from '../notifications';
import { Header } from './header';
import { PromoStrip } from './promo-strip';

const Footer = lazy(() => import('./footer').then((m) => ({ default: m.Footer })));

/** The shared frame: header, promo strip, the current page, footer, notifications. */
export function AppLayout() {
  // The footer is below the fold on every page: its code loads and it renders just after the first paint,
  // so that the opening page neither waits for it nor carries it in its first-load JavaScript.
  const [footer, setFooter] = useState(false);
  useEffect(() => setFooter(true), []);

  useScrollToTop();

  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Header />
      <PromoStrip />
      <main id="main" className="site-main" tabIndex={-1}>
        <Outlet />
      </main>
      {footer && (
        <Suspense fallback={null}>
          <Footer />
        </Suspense>
      )}
      <Notifications />
    </>
  );
}

/**
 * A new page starts at its top; the back and forward buttons leave the scrolling to the browser, which
 * restores where the shopper was. A change of the query string alone (a filter, the next page of the store)
 * keeps the position.
 */
function useScrollToTop() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the path changes only
  useLayoutEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname]);
}

/** Shown in the page area while a page's code is loading. */
export function PageLoading() {
  return (
    <div className="container page-loading" role="status">
      <span className="loading__spinner" aria-hidden="true" />
      <span>Loading</span>
    </div>
  );
}
