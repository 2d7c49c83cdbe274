// See startAppAfterLoad in storefront/server/page-assets.mjs.
(() => {
  const code = document.getElementById('vc-app');
  if (!code) return;
  let started = false;
  let ready = false;
  let held = null;
  const start = () => {
    if (started) return;
    started = true;
    const entry = code.content.querySelector('link')?.href;
    document.head.append(code.content);
    if (entry) import(entry);
  };
  addEventListener(
    'click',
    (e) => {
      // Until React has the page, or the part of it whose code comes later (`data-later`, e.g. the footer).
      const control = e.target.closest?.('button, [role="button"]');
      if (!control || (ready && !control.closest('[data-later]'))) return;
      e.preventDefault();
      e.stopImmediatePropagation();
      held = [control];
      start();
    },
    true,
  );
  // A choice made in a menu before then (a slow network) is made again once the app has the page.
  addEventListener(
    'change',
    (e) => {
      if (ready || e.target.tagName !== 'SELECT') return;
      held = [e.target, e.target.value];
      start();
    },
    true,
  );
  // Said by the app once it has the page, and by each later part once it has that part.
  addEventListener('vc:app', () => {
    ready = true;
    const [el, value] = held ?? [];
    if (el?.closest('[data-later]')) return;
    held = null;
    setTimeout(() => {
      if (!el?.isConnected) return;
      if (value === undefined) return el.click();
      el.value = value;
      el.dispatchEvent(new Event('change', { bubbles: true }));
    }, 0);
  });
  const afterPaint = () => {
    if (!PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint'))
      return requestAnimationFrame(() => setTimeout(start, 0));
    let quiet = 0;
    const settle = () => {
      clearTimeout(quiet);
      if (performance.getEntriesByName('first-contentful-paint').length) quiet = setTimeout(start, 100);
    };
    const observer = new PerformanceObserver(settle);
    observer.observe({ type: 'paint' });
    observer.observe({ type: 'largest-contentful-paint' });
    settle();
    setTimeout(start, 3000);
  };
  if (document.readyState === 'complete') afterPaint();
  else addEventListener('load', afterPaint);
  for (const type of ['pointerdown', 'keydown', 'focusin']) addEventListener(type, start, true);
})();
