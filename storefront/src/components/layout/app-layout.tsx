import { lazy, Suspense, useLayoutEffect } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router-dom';
import { Notifications } from '../notifications';
import { Header } from './header';
import { PromoStrip } from './promo-strip';

const Footer = lazy(() => import('./footer').then((m) => ({ default: m.Footer })));

/** The shared frame: header, promo strip, the current page, footer, notifications. */
export function AppLayout() {
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
      {/* Below the fold on every page, and not in the first-load JavaScript: the server renders it (it is in the
          HTML from the start, and a short page's largest text), the browser takes it over once its code arrives. */}
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
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
