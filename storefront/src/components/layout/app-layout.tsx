import { useEffect, useState } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router-dom';
import { Notifications } from '../notifications';
import { Footer } from './footer';
import { Header } from './header';
import { PromoStrip } from './promo-strip';

/** The shared frame: header, promo strip, the current page, footer, notifications. */
export function AppLayout() {
  const navigation = useNavigation();
  const busy = navigation.state === 'loading';
  // The footer is below the fold on every page: render it just after the first paint, so that the
  // opening page paints without waiting for it.
  const [footer, setFooter] = useState(false);
  useEffect(() => setFooter(true), []);

  useEffect(() => {
    document.documentElement.toggleAttribute('data-navigating', busy);
  }, [busy]);

  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <div className={`route-progress ${busy ? 'is-active' : ''}`} aria-hidden="true" />
      <Header />
      <PromoStrip />
      <main id="main" className="site-main" tabIndex={-1}>
        <Outlet />
      </main>
      {footer && <Footer />}
      <Notifications />
      <ScrollRestoration />
    </>
  );
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
