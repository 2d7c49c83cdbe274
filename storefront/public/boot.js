// Starts the app on a page the storefront server rendered (storefront/server/page-assets.mjs,
// startAppAfterLoad): the page is readable and its links work as it arrives; its code waits in
// <template id="vc-app"> (the app's entry first, then the chunks it and the page import) until the page has
// loaded and painted, so that it never competes with the HTML, the styles and the largest picture on a slow
// phone. A shopper who taps, types or moves the focus before then starts it at once, and a click on a
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
  const afterPaint = () => requestAnimationFrame(() => setTimeout(start, 0));
  if (document.readyState === 'complete') afterPaint();
  else addEventListener('load', afterPaint, { once: true });
  for (const type of early) addEventListener(type, start, { capture: true, passive: true });
})();
