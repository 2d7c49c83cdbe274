import { useQueryClient } from '@tanstack/react-query';
import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { Route, Routes, useLocation, useParams } from 'react-router-dom';
import { AppLayout, PageLoading } from '../components/layout/app-layout';
import { loadedPage, loadPage, type PageRoute, pageRoutes } from './route-table';
import { RouteErrorBoundary } from './routes/route-error';

/**
 * Every page is its own chunk (route-level code splitting). Declarative routes rather than the data router:
 * the shop needs no loaders or actions (its reads go through the query cache), and the data router would add
 * about 17 KB (gzip) to every first visit. On a navigation the page's catalogue requests start at once
 * (RoutePage), while its code loads with PageLoading in the page area; a page whose code is already here
 * (the opening page, see main.tsx) renders at once.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        {pageRoutes.map((route) =>
          route.pattern === '/' ? (
            <Route key={route.pattern} index element={<RoutePage key={route.pattern} route={route} />} />
          ) : (
            <Route
              key={route.pattern}
              path={route.pattern}
              element={<RoutePage key={route.pattern} route={route} />}
            />
          ),
        )}
      </Route>
    </Routes>
  );
}

const lazyPages = new Map<string, ComponentType>();

/** The page's component: itself when its code is here, else a lazy one that loads it. */
function pageComponent(route: PageRoute): ComponentType {
  const ready = loadedPage(route);
  if (ready) return ready;
  let page = lazyPages.get(route.pattern);
  if (!page) {
    page = lazy(() => loadPage(route).then((m) => ({ default: m.Component })));
    lazyPages.set(route.pattern, page);
  }
  return page;
}

function RoutePage({ route }: { route: PageRoute }) {
  const location = useLocation();
  const params = useParams();
  const client = useQueryClient();
  // Chosen once per mount: a page that was lazy when it mounted stays the same component.
  const [Page] = useState(() => pageComponent(route));

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new address (path or query) starts its requests
  useEffect(() => {
    void route.requests?.(client, params, new URLSearchParams(location.search));
  }, [route, client, location.pathname, location.search]);

  return (
    <RouteErrorBoundary key={location.pathname}>
      <Suspense fallback={<PageLoading />}>
        <Page />
      </Suspense>
    </RouteErrorBoundary>
  );
}
