// A rendered page's app starts after the page has loaded (startAppAfterLoad, public/boot.js): its module
// script and modulepreload links are kept in an inert template, nothing else moves.
import { describe, expect, it } from 'vitest';
import { startAppAfterLoad } from './page-assets';

const SHELL = `<!doctype html>
<html><head>
    <script defer src="/config.js"></script>
    <script type="module" crossorigin src="/assets/index-AbC1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-x_2.js">
    <link rel="stylesheet" crossorigin href="/assets/index-Q.css">
  <link rel="modulepreload" crossorigin href="/assets/store-9.js"></head>
  <body><div id="root"><main>page</main></div></body></html>`;

describe('startAppAfterLoad', () => {
  it('keeps the app entry and every modulepreload in a template that boot.js starts, and leaves the styles', () => {
    const html = startAppAfterLoad(SHELL);
    const template = /<template id="vc-app">(.*?)<\/template>/.exec(html)?.[1];
    expect(template).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/index-AbC1.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/react-x_2.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/store-9.js">',
    );
    const outside = html.replace(/<template id="vc-app">.*?<\/template>/, '');
    expect(outside).not.toContain('type="module"');
    expect(outside).not.toContain('modulepreload');
    expect(outside).toContain('<script defer src="/boot.js"></script>');
    // config.js still runs before boot.js (deferred scripts run in document order)
    expect(outside.indexOf('/config.js')).toBeLessThan(outside.indexOf('/boot.js'));
    expect(outside).toContain('<link rel="stylesheet" crossorigin href="/assets/index-Q.css">');
    expect(outside).toContain('<div id="root"><main>page</main></div>');
  });

  it('leaves a page without the module script as it is', () => {
    const html = '<html><head><link rel="stylesheet" href="/a.css"></head><body></body></html>';
    expect(startAppAfterLoad(html)).toBe(html);
  });
});
