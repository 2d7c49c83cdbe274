// First, so that it runs before React and the app are evaluated: starts the opening page's code and
// requests.
import { startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app';
import { openingPage, queryClient } from './app/browser-visit';
import { ConfigError, env } from './config/env';
import './styles/global.css';

/** The longest wait for the opening page before the frame is shown anyway (a spinner in the page area). */
const FIRST_RENDER_WAIT_MS = 300;

const container = document.getElementById('root')!;

/**
 * Tells public/boot.js that React has the page (a click it held meanwhile is replayed), and says so on the
 * <html> element (`data-app="ready"`) for tests and tools that wait for the app.
 */
function Started() {
  useEffect(() => {
    document.documentElement.dataset.app = 'ready';
    dispatchEvent(new Event('vc:app'));
  }, []);
  return null;
}

try {
  env();
  if (container.firstElementChild) {
    // The storefront server rendered the page (entry-server.ts) and sent its data: React takes over the HTML
    // as it is (nothing painted twice, nothing fetched again) once the page's code is here (the server
    // fetched it with the page), in a task of its own after the one that ran this code, so that a slow
    // phone's main thread is never blocked by both at once (public/boot.js starts this after the page loaded).
    // As a transition, React hydrates in slices of a few milliseconds that leave the main thread free between
    // them (a tap meanwhile hydrates its part of the page first).
    void openingPage.then(() =>
      setTimeout(
        () =>
          startTransition(() => {
            hydrateRoot(
              container,
              <>
                <App queryClient={queryClient} />
                <Started />
              </>,
            );
          }),
        0,
      ),
    );
  } else {
    // One render of the page with its code, data and first pictures at hand paints sooner than the frame
    // first and the page after (two renders and layouts on a slow phone): wait for them, but not for long.
    const root = createRoot(container);
    const timeout = new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS));
    void Promise.race([openingPage, timeout]).then(() => root.render(<App queryClient={queryClient} />));
  }
} catch (e) {
  if (!(e instanceof ConfigError)) throw e;
  // A broken deployment must say what is wrong instead of showing a blank page.
  createRoot(container).render(
    <main className="config-error">
      <h1>The shop is not configured correctly</h1>
      <p>{e.message}</p>
    </main>,
  );
}
