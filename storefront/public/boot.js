// Starts the app of a server-rendered page: see startAppAfterLoad in storefront/server/page-assets.mjs.
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
      const control = held;
      held = null;
      if (control) setTimeout(() => control.isConnected && control.click(), 0);
    },
    { once: true },
  );
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
