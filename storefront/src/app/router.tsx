import { createBrowserRouter, type LoaderFunctionArgs } from 'react-router-dom';
import { AppLayout, PageLoading } from '../components/layout/app-layout';
import { type PageRoute, pageRoutes } from './route-table';
import { RouteError } from './routes/route-error';

/**
 * Every page is its own chunk (route-level code splitting): on a navigation, the frame renders with
 * PageLoading in the page area while the page's code arrives (the opening page is usually there before
 * the first render, see main.tsx). Catalogue pages have loaders that start their API requests at the
 * same time, without holding the navigation up.
 */
function pageRoute({ pattern, page, requests }: PageRoute) {
  return {
    ...(pattern === '/' ? { index: true as const } : { path: pattern }),
    ...(requests && {
      loader: ({ request, params }: LoaderFunctionArgs) => {
        void requests(params, new URL(request.url).searchParams);
        return null;
      },
    }),
    // The object form of `lazy` lets the router run a route's loader while its code is still loading.
    // biome-ignore lint/correctness/noComponentHookFactories: a loader of the route's module, not a component
    lazy: { Component: async () => (await page()).Component },
    HydrateFallback: PageLoading,
  };
}

export function createRouter() {
  return createBrowserRouter([
    {
      element: <AppLayout />,
      errorElement: <RouteError />,
      children: [{ errorElement: <RouteError />, children: pageRoutes.map(pageRoute) }],
    },
  ]);
}
