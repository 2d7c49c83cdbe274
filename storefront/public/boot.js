// Starts the app on a page the storefront server rendered (storefront/server/page-assets.mjs,
// startAppAfterLoad): the page is readable and its links work as it arrives; its code waits in
// <template id="vc-app"> (the app's entry first, then the chunks it and the page import) until the page has
// loaded and its largest picture is on screen, so that it never competes with the HTML, the styles and that
// picture on a slow phone. A shopper who taps, types or moves the focus before then starts it at once, and a click on a
// control that needs the app (a button) is held and replayed once React has the page (main.tsx sends
// `vc:app`), so it is not lost. Pages sent without the template (the shell of a private page) run the
// app's module script as the build wrote it.
(() => {
  const code = document.getElementById('vc-app');
  if (!code) return;
  const early = ['pointerdown', 'keydown', 'focusin'];
  let started = false;
  let ready = false;
  let held = null;
  const start = () => {
    if (started) return;
    started = true;
    for (const type of early) removeEventListener(type, start, true);
    const entry = code.content.querySelector('link')?.href;
    document.head.append(code.content);
    if (entry) import(entry);
  };
  addEventListener(
    'click',
    (e) => {
      if (ready || !(e.target instanceof Element)) return;
      const control = e.target.closest('button, [role="button"]');
      if (!control) return;
      e.preventDefault();
      e.stopImmediatePropagation();
      held = control;
      start();
    },
    true,
  );
  addEventListener(
    'vc:app',
    () => {
      ready = true;
      // In a task of its own: the event arrives while React is still finishing its first render.
      const control = held;
      held = null;
      if (control) setTimeout(() => control.isConnected && control.click(), 0);
    },
    { once: true },
  );
  // After the load event, once the page's first paint is on screen and no larger picture has been painted for
  // QUIET_MS (the browser reports both; on a busy phone they come well after the load event). Browsers that
  // report neither: after the paint that follows the load event.
  const QUIET_MS = 100;
  const LONGEST_MS = 3000;
  const afterPaint = () => {
    const types = window.PerformanceObserver?.supportedEntryTypes ?? [];
    if (!types.includes('paint') || !types.includes('largest-contentful-paint')) {
      requestAnimationFrame(() => setTimeout(start, 0));
      return;
    }
    let painted = performance.getEntriesByName('first-contentful-paint').length > 0;
    let quiet = 0;
    const done = () => {
      observer.disconnect();
      start();
    };
    const settle = () => {
      clearTimeout(quiet);
      if (painted) quiet = setTimeout(done, QUIET_MS);
    };
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length) painted = true;
      settle();
    });
    observer.observe({ type: 'paint' });
    observer.observe({ type: 'largest-contentful-paint' });
    settle();
    setTimeout(done, LONGEST_MS);
  };
  if (document.readyState === 'complete') afterPaint();
  else addEventListener('load', afterPaint, { once: true });
  for (const type of early) addEventListener(type, start, { capture: true, passive: true });
})();
