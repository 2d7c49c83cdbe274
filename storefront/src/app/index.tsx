import { RouterProvider } from 'react-router-dom';
import { AppProvider } from './provider';
import { createRouter } from './router';

// Created when the bundle runs, before React's first render, so route loaders start their API
// requests as early as possible.
const router = createRouter();

/** Resolves once the router has the opening page's code (until then it would render HydrateFallback). */
export function whenRouterInitialized(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

export function App() {
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
