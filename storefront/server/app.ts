/**
 * The storefront server's Hono app (never listens; see serve.ts): the built assets, `/config.js` (the API
 * address, decided at run time), `/robots.txt`, the sitemap, and every other page address rendered with its
 * data. Security headers and the CSP on every answer, from security-headers.ts (nginx passes them through).
 */

import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip as gzipCallback, constants as zlibConstants } from 'node:zlib';
import { createClient } from '@voltcart/api-client/client';
import { createHttp } from '@voltcart/api-client/http';
import { escapeMarkup } from '@voltcart/shared';
import { type Context, Hono } from 'hono';
import { accepts } from 'hono/accepts';
import type { StorefrontOptions } from './options';
import { pageAssets, startAppAfterLoad } from './page-assets';
import { createPageCache } from './page-cache';
import type { Render, RenderedPage, RenderOptions } from './render';
import { storefrontSecurityHeaders } from './security-headers';
import { hostnameOf, shopAddressOf } from './shop-address';
import { REVALIDATE, SHORT, staticFiles } from './static-files';

/** A lightning bolt, for builds without their own favicon (Chromium asks for one on every page). */
const FAVICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#0f172a"/>' +
  '<path d="M36 6 14 36h14l-4 22 22-30H32z" fill="#facc15"/></svg>';

/** Pages only a signed-in shopper sees: no use to a search engine. */
export const PRIVATE_PATHS = ['/cart', '/checkout', '/profile', '/login', '/thank-you/'];

const robots = (origin: string | null) =>
  `User-agent: *\n${PRIVATE_PATHS.map((p) => `Disallow: ${p}\n`).join('')}${
    origin ? `Sitemap: ${origin}/sitemap.xml\n` : ''
  }`;

/** How long a rendered page is kept (the catalogue version drops it sooner when staff change the catalogue). */
const PAGE_CACHE_SECONDS = 10;
/** The most memory rendered pages are kept in (each is its HTML with a brotli and a gzip copy). */
const PAGE_CACHE_MB = 64;

/** The most addresses in one sitemap file: search engines read at most 50,000. */
const SITEMAP_URLS_PER_FILE = 50_000;

/** Parts of text as a streamed body; the first part is read before, so that a failure can still answer 503. */
async function streamedText(parts: AsyncIterable<string>): Promise<ReadableStream<Uint8Array>> {
  const iterator = parts[Symbol.asyncIterator]();
  let next = await iterator.next();
  const encoder = new TextEncoder();
  return new ReadableStream({
    async pull(controller) {
      try {
        if (next.done) return controller.close();
        controller.enqueue(encoder.encode(next.value));
        next = await iterator.next();
      } catch (e) {
        controller.error(e);
      }
    },
    cancel: () => void iterator.return?.(),
  });
}

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCallback);

const HTML = 'text/html; charset=utf-8';

/** A rendered page as kept: its HTML once, and its brotli and gzip copies made once per render. */
interface KeptPage {
  keep: boolean;
  bytes: number;
  status: number;
  /** With status 301: where the page is now. */
  location?: string;
  html: string;
  br: Uint8Array;
  gzip: Uint8Array;
}

/**
 * The encoding to send a rendered page in: brotli, else gzip, else none; a coding the browser lists with
 * `q=0` is refused.
 */
const pageEncoding = (c: Context) =>
  accepts(c, {
    header: 'Accept-Encoding',
    supports: ['br', 'gzip'],
    default: 'identity',
    match: (listed) =>
      ['br', 'gzip'].find((name) => listed.some((a) => a.type.toLowerCase() === name && a.q > 0)) ??
      'identity',
  });

const safeDecode = (path: string) => {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
};

const text = (c: Context, status: 200 | 404 | 405 | 500 | 503, body: string, headers = {}) =>
  c.body(body, status, { 'Content-Type': 'text/plain; charset=utf-8', ...headers });

/** The request as Node received it (@hono/node-server passes it on), for the port it arrived on. */
const incomingOf = (c: Context) => (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;

export function createStorefrontApp({
  root,
  apiUrl,
  apiPort = 5000,
  razorpay = false,
  extraOrigins = [],
  render,
  internalApiUrl,
  publicUrl,
  sitemapUrlsPerFile = SITEMAP_URLS_PER_FILE,
  pageCacheSeconds = PAGE_CACHE_SECONDS,
  pageCacheMb = PAGE_CACHE_MB,
}: StorefrontOptions & { render?: Render }) {
  const indexFile = join(root, 'index.html');
  let shell: { mtimeMs: number; html: string } | null = null;
  let assets: ({ mtimeMs: number } & Awaited<ReturnType<typeof pageAssets>>) | null = null;

  const internalApi = (internalApiUrl ?? apiUrl ?? `http://127.0.0.1:${apiPort}`).replace(/\/$/, '');
  const http = createHttp({ baseURL: internalApi, timeoutMs: 2_000 });
  const api = createClient({ request: (config) => http.request(config) });

  /** Where links point (PUBLIC_URL, else a name of this machine the request used, else localhost). */
  const addressOf = (c: Context) =>
    shopAddressOf({
      publicUrl,
      url: c.req.url,
      host: c.req.header('host'),
      localPort: incomingOf(c)?.socket.localPort,
    });

  /** A sitemap file streamed from the API (src/sitemap.ts), or 404. */
  async function sitemapFile(c: Context, renderer: Render, pathname: string) {
    let body: ReadableStream<Uint8Array>;
    try {
      const parts = await renderer.sitemap(pathname, {
        apiUrl: internalApi,
        origin: addressOf(c).origin,
        perFile: sitemapUrlsPerFile,
      });
      if (!parts) return text(c, 404, 'Not found\n', { 'Cache-Control': 'no-store' });
      body = await streamedText(parts);
    } catch {
      return text(c, 503, 'The sitemap is not available right now. Try again later.\n', {
        'Retry-After': '60',
      });
    }
    return c.body(body, 200, {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': 'max-age=3600',
    });
  }

  const pages = createPageCache<KeptPage>({
    ttlMs: pageCacheSeconds * 1000,
    maxBytes: pageCacheMb * 1024 * 1024,
    readVersion: async () => (await api.catalog.version({})).version,
  });

  /** The page rendered into the shell (title, description, head tags, the HTML and its data), compressed. */
  async function makePage(
    renderer: Render,
    mtimeMs: number,
    pathname: string,
    search: string,
    renderOpts: RenderOptions,
  ): Promise<KeptPage> {
    const page: RenderedPage = await renderer.renderPage(pathname, search, renderOpts);
    if (page.location) {
      const empty = new Uint8Array();
      return {
        keep: true,
        bytes: page.location.length,
        status: 301,
        location: page.location,
        html: '',
        br: empty,
        gzip: empty,
      };
    }
    if (shell?.mtimeMs !== mtimeMs) shell = { mtimeMs, html: await readFile(indexFile, 'utf8') };
    if (assets?.mtimeMs !== mtimeMs) assets = { mtimeMs, ...(await pageAssets(root)) };
    let html = shell.html;
    // Replacements are functions: a string would read `$&`, `$'`… in a shopper's search text or a product
    // name as commands to paste parts of the page.
    const { title, description } = page;
    if (title) html = html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeMarkup(title)}</title>`);
    if (description)
      html = html.replace(
        /<meta name="description" content="[^"]*"\s*\/?>/,
        () => `<meta name="description" content="${escapeMarkup(description)}" />`,
      );
    const state = page.state ? `<script type="application/json" id="vc-state">${page.state}</script>` : '';
    const tags = assets.tagsFor(page.pageModule);
    html = html.replace('</head>', () => `${tags}${page.head}${state}</head>`);
    if (page.html)
      html = startAppAfterLoad(
        html.replace('<div id="root"></div>', () => `<div id="root">${page.html}</div>`),
      );
    // Compressed once per render, then answered from the cache.
    const [br, gz] = await Promise.all([
      brotli(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }),
      gzip(html, { level: 6 }),
    ]);
    return {
      // A page rendered with its data (or a rendered not-found) is kept; the shell sent while the API was
      // unreachable or slow only for a moment (page-cache.ts).
      keep: Boolean(page.html) || page.status === 404,
      bytes: Buffer.byteLength(html) + br.byteLength + gz.byteLength,
      status: page.status,
      html,
      br,
      gzip: gz,
    };
  }

  /**
   * A page address, rendered on the server and kept for a short time under the address the page reads
   * (entry-server.ts `pageAddress`: unknown parameters dropped) and the shop's address (page-cache.ts).
   */
  async function renderedPage(c: Context, renderer: Render, rawPath: string) {
    const mtimeMs = (await stat(indexFile)).mtimeMs;
    const { pathname, search } = renderer.pageAddress(safeDecode(rawPath), new URL(c.req.url).search);
    const shop = addressOf(c);
    const renderOpts = {
      apiUrl: internalApi,
      publicApiUrl: (apiUrl ?? `${shop.protocol}//${shop.hostname}:${apiPort}`).replace(/\/$/, ''),
      origin: shop.origin,
    };
    const key = `${mtimeMs} ${renderOpts.origin} ${renderOpts.publicApiUrl} ${pathname}${search}`;
    const page = await pages.get(key, () => makePage(renderer, mtimeMs, pathname, search, renderOpts));
    if (page.location) return c.redirect(`${page.location}${search}`, 301);
    const status = page.status as 200 | 404;
    const headers = { 'Content-Type': HTML, 'Cache-Control': 'no-cache', Vary: 'Accept-Encoding' };
    const encoding = pageEncoding(c);
    if (encoding === 'identity') return c.body(page.html, status, headers);
    const body = encoding === 'br' ? page.br : page.gzip;
    return c.body(body as Uint8Array<ArrayBuffer>, status, { ...headers, 'Content-Encoding': encoding });
  }

  const configJs = `window.__VOLTCART__ = { apiUrl: ${
    apiUrl
      ? JSON.stringify(apiUrl.replace(/\/$/, ''))
      : `location.protocol + '//' + location.hostname + ':${apiPort}'`
  } };\n`;

  /**
   * Where the page may call the API and load pictures from: the fixed API address, else the API's port on
   * localhost, 127.0.0.1 and the name the browser used (the one config.js computes in the browser). Per
   * answer only: nothing kept or linked names the request's host.
   */
  function apiOrigins(host: string | undefined) {
    if (apiUrl) return [new URL(apiUrl).origin];
    const origins = new Set([`http://localhost:${apiPort}`, `http://127.0.0.1:${apiPort}`]);
    const name = hostnameOf(host);
    if (name) {
      origins.add(`http://${name}:${apiPort}`);
      origins.add(`https://${name}:${apiPort}`);
    }
    return [...origins];
  }

  const app = new Hono();

  app.use(async (c, next) => {
    await next();
    const origins = [...apiOrigins(c.req.header('host')), ...extraOrigins];
    const headers = storefrontSecurityHeaders({ imageOrigins: origins, connectOrigins: origins, razorpay });
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  });

  app.use(async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD')
      return text(c, 405, 'Method not allowed\n', { Allow: 'GET, HEAD' });
    await next();
  });

  app.onError((_err, c) => text(c, 500, 'Internal error\n'));

  app.get('/config.js', (c) =>
    c.body(configJs, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': REVALIDATE }),
  );

  // The home page is a rendered page too, not the shell file.
  if (render) app.get('/', (c) => renderedPage(c, render, '/'));

  app.use(staticFiles(root));

  app.get('/robots.txt', (c) =>
    text(c, 200, robots(render ? addressOf(c).origin : null), { 'Cache-Control': SHORT }),
  );
  app.get('/favicon.ico', (c) =>
    c.body(FAVICON, 200, { 'Content-Type': 'image/svg+xml', 'Cache-Control': SHORT }),
  );
  app.get('/favicon.svg', (c) =>
    c.body(FAVICON, 200, { 'Content-Type': 'image/svg+xml', 'Cache-Control': SHORT }),
  );

  app.get('*', async (c) => {
    // The raw path, still percent-encoded (the page's own parameters are decoded by its route).
    const url = c.req.url;
    const rawPath = url.slice(url.indexOf('/', url.indexOf('//') + 2)).replace(/[?#].*$/s, '');
    if (render && /^\/sitemap(-[a-z0-9-]+)?\.xml$/.test(rawPath)) return sitemapFile(c, render, rawPath);
    // Page addresses: paths without an extension, or anything a browser navigates to.
    const last = rawPath.slice(rawPath.lastIndexOf('/') + 1);
    const wantsPage = !last.includes('.') || (c.req.header('accept') ?? '').includes('text/html');
    if (wantsPage && render) return renderedPage(c, render, rawPath);
    // No renderer (the back office's web build): the shell, which the app routes in the browser.
    if (wantsPage)
      return c.body(await readFile(indexFile, 'utf8'), 200, {
        'Content-Type': HTML,
        'Cache-Control': REVALIDATE,
      });
    return text(c, 404, 'Not found\n', { 'Cache-Control': 'no-store' });
  });

  return { app };
}
