import type { Plugin } from 'vite';
import { buildCsp } from './src/shared/csp';

const META = /<meta http-equiv="Content-Security-Policy" content="[^"]*"\s*\/?>/;

/**
 * The CSP meta tag of index.html is the strict production policy. The vite dev server needs inline scripts
 * (React refresh) and a websocket, so only while serving the tag is swapped for the development policy.
 */
export function devCspPlugin(): Plugin {
  return {
    name: 'voltcart-dev-csp',
    apply: 'serve',
    transformIndexHtml(html) {
      return html.replace(
        META,
        `<meta http-equiv="Content-Security-Policy" content="${buildCsp({ dev: true })}" />`,
      );
    },
  };
}

/**
 * Browser build only: loads /config.js (written by the static server: `window.__VOLTCART__ = {apiUrl}`)
 * before the app, as a plain same-origin script so the CSP needs no exception.
 */
export function runtimeConfigPlugin(): Plugin {
  return {
    name: 'voltcart-runtime-config',
    transformIndexHtml: {
      order: 'post',
      handler: () => [{ tag: 'script', attrs: { src: '/config.js' }, injectTo: 'head' }],
    },
  };
}

/**
 * index.html references its entry files from the root ('/assets/…') while chunks keep relative references.
 * The app uses real paths (/admin/category/add): a reload or deep link there is answered with index.html
 * (the server's fallback, or the Electron protocol handler), whose relative './assets' would then point into
 * /admin/category/. (electron-vite forces base './' for production renderers, hence this instead of base.)
 */
export function rootHtmlUrls(filename: string, ctx: { hostType: 'js' | 'css' | 'html' }) {
  return ctx.hostType === 'html' ? `/${filename}` : { relative: true };
}

/**
 * Libraries in chunks of their own (React with the router, then the rest), apart from the app's code: each
 * chunk stays under vite's 500 kB warning, and a change to the app does not change the libraries' files (and
 * their caches).
 */
export const vendorChunks = {
  groups: [
    {
      name: 'react',
      test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
    },
    { name: 'vendor', test: /node_modules[\\/]/ },
  ],
};
