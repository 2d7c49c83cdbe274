/**
 * The storefront server's Hono app (never listens; see serve.mjs): the built assets, `/config.js` (the API
 * address, decided at run time), `/robots.txt`, and the app shell for every other page address. Security
 * headers and the CSP on every answer, from scripts/lib/security-headers.mjs (nginx writes the same ones).
 */
import { readFile } from 'node:fs/promises';
import { sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip as gzipCallback, constants as zlibConstants } from 'node:zlib';
import { Hono } from 'hono';
import { storefrontSecurityHeaders } from '../../scripts/lib/security-headers.mjs';
import { pageAssets, startAppAfterLoad } from './page-assets.mjs';
import { createPageCache } from './page-cache.mjs';
import { IMMUTABLE, isHashed, pickEncoding, REVALIDATE, SHORT, staticFiles, TYPES } from './static-files.mjs';

/** A lightning bolt, for builds without their own favicon (Chromium asks for one on every page). */
const FAVICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#0f172a"/>' +
  '<path d="M36 6 14 36h14l-4 22 22-30H32z" fill="#facc15"/></svg>';

/** Pages only a signed-in shopper sees: no use to a search engine. */
export const PRIVATE_PATHS = ['/cart', '/checkout', '/profile', '/login', '/thank-you/'];

const robots = (origin) =>
  `User-agent: *\n${PRIVATE_PATHS.map((p) => `Disallow: ${p}\n`).join('')}${
    origin ? `Sitemap: ${origin}/sitemap.xml\n` : ''
  }`;

/** How long a rendered page is kept (the catalogue version drops it sooner when staff change the catalogue). */
const PAGE_CACHE_SECONDS = 10;

/** Parameters that only say where a visitor came from: they change nothing on the page. */
const TRACKING = /^(utm_\w+|fbclid|gclid|gbraid|wbraid|dclid|msclkid|mc_cid|mc_eid|igshid|yclid|_ga|_gl)$/i;

/** The query string without tracking parameters ('' or '?…'), the rest as it was. */
function withoutTracking(params) {
  const kept = new URLSearchParams([...params].filter(([name]) => !TRACKING.test(name)));
  const text = kept.toString();
  return text ? `?${text}` : '';
}

/** The most addresses in one sitemap file: search engines read at most 50,000. */
const SITEMAP_URLS_PER_FILE = 50_000;

/** Parts of text as a streamed body; the first part is read before, so that a failure can still answer 503. */
async function streamedText(parts) {
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
    cancel: () => iterator.return?.(),
  });
}

const HOSTNAME = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])$/;

/** The hostname of a Host header (without the port), or null when it is not a plain host name or IP. */
function requestHostname(host) {
  if (!host) return null;
  const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0];
  return HOSTNAME.test(name) ? name : null;
}

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCallback);

const escapeHtml = (value) => value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const safeDecode = (path) => {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
};

const text = (c, status, body, headers = {}) =>
  c.body(body, status, { 'Content-Type': 'text/plain; charset=utf-8', ...headers });

/**
 * @param {import('./serve.d.mts').StorefrontOptions} opts
 */
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
}) {
  const files = staticFiles(root);
  let shell = null;

  /** The built index.html, read again when the build changes. */
  async function shellHtml(index) {
    if (shell?.mtimeMs !== index.st.mtimeMs)
      shell = { mtimeMs: index.st.mtimeMs, html: await readFile(index.file, 'utf8') };
    return shell.html;
  }

  const internalApi = () => (internalApiUrl ?? apiUrl ?? `http://127.0.0.1:${apiPort}`).replace(/\/$/, '');
  /** The shop's origin: PUBLIC_URL, else (development) the address the request was made to. */
  const originOf = (c) => (publicUrl ?? new URL(c.req.url).origin).replace(/\/$/, '');

  /** A sitemap file streamed from the API (src/sitemap.ts), or 404. */
  async function sitemapFile(c, pathname) {
    let body;
    try {
      const parts = await render.sitemap(pathname, {
        apiUrl: internalApi(),
        origin: originOf(c),
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

  /** The shell with the page's head (title, description, tags) and the data the server fetched for it. */
  const pages = createPageCache({
    ttlMs: pageCacheSeconds * 1000,
    readVersion: async () => {
      const res = await fetch(`${internalApi()}/catalog/version`, { signal: AbortSignal.timeout(2_000) });
      if (!res.ok) throw new Error(`catalogue version: ${res.status}`);
      return (await res.json()).version;
    },
  });

  /** The page rendered into the shell (title, description, head tags, the HTML and its data), compressed. */
  let assets = null;

  async function makePage(index, pathname, search, renderOpts) {
    const page = await render.renderPage(pathname, search, renderOpts);
    if (assets?.mtimeMs !== index.st.mtimeMs)
      assets = { mtimeMs: index.st.mtimeMs, ...(await pageAssets(root)) };
    let html = await shellHtml(index);
    // Replacements are functions: a string would read `$&`, `$'`… in a shopper's search text or a product
    // name as commands to paste parts of the page.
    if (page.title)
      html = html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`);
    if (page.description)
      html = html.replace(
        /<meta name="description" content="[^"]*"\s*\/?>/,
        () => `<meta name="description" content="${escapeHtml(page.description)}" />`,
      );
    const state = page.state ? `<script type="application/json" id="vc-state">${page.state}</script>` : '';
    html = html.replace('</head>', () => `${assets.tagsFor(page.pageModule)}${page.head}${state}</head>`);
    if (page.html)
      html = startAppAfterLoad(
        html.replace('<div id="root"></div>', () => `<div id="root">${page.html}</div>`),
      );
    // Compressed once per render, then answered from the cache.
    const [br, gz] = await Promise.all([
      brotli(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }),
      gzip(html, { level: 6 }),
    ]);
    // A page rendered with its data (or a rendered not-found) is kept; the shell sent while the API was
    // unreachable or slow only for a moment (page-cache.mjs).
    return { keep: Boolean(page.html) || page.status === 404, status: page.status, html, br, gzip: gz };
  }

  /** A page address, rendered on the server and kept for a short time per normalised address (page-cache.mjs). */
  async function renderedPage(c, index, pathname) {
    const url = new URL(c.req.url);
    const search = withoutTracking(url.searchParams);
    const name = requestHostname(c.req.header('host')) ?? 'localhost';
    const renderOpts = {
      apiUrl: internalApi(),
      publicApiUrl: (apiUrl ?? `${url.protocol}//${name}:${apiPort}`).replace(/\/$/, ''),
      origin: originOf(c),
    };
    const key = `${index.st.mtimeMs} ${renderOpts.origin} ${renderOpts.publicApiUrl} ${pathname}${search}`;
    const page = await pages.get(key, () => makePage(index, pathname, search, renderOpts));
    const encoding = pickEncoding(c.req.header('accept-encoding'));
    const headers = { 'Content-Type': TYPES['.html'], 'Cache-Control': 'no-cache', Vary: 'Accept-Encoding' };
    if (!encoding) return c.body(page.html, page.status, headers);
    return c.body(encoding === 'br' ? page.br : page.gzip, page.status, {
      ...headers,
      'Content-Encoding': encoding,
    });
  }

  const configJs = `window.__VOLTCART__ = { apiUrl: ${
    apiUrl
      ? JSON.stringify(apiUrl.replace(/\/$/, ''))
      : `location.protocol + '//' + location.hostname + ':${apiPort}'`
  } };\n`;

  function apiOrigins(host) {
    if (apiUrl) return [new URL(apiUrl).origin];
    const origins = new Set([`http://localhost:${apiPort}`, `http://127.0.0.1:${apiPort}`]);
    const name = requestHostname(host);
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
    c.body(configJs, 200, { 'Content-Type': TYPES['.js'], 'Cache-Control': REVALIDATE }),
  );

  app.get('*', async (c) => {
    // The raw path, still percent-encoded: localPath decodes it once and refuses what leaves the folder.
    const url = c.req.url;
    const rawPath = url.slice(url.indexOf('/', url.indexOf('//') + 2)).replace(/[?#].*$/s, '');
    const req = {
      acceptEncoding: c.req.header('accept-encoding'),
      ifNoneMatch: c.req.header('if-none-match'),
      head: c.req.method === 'HEAD',
    };
    const found = await files.findFile(files.localPath(rawPath));
    // The home page is a rendered page too, not the shell file.
    if (found && render && rawPath === '/') return renderedPage(c, found, rawPath);
    if (found) {
      const cache = found.file.endsWith(`${sep}index.html`)
        ? REVALIDATE
        : isHashed(rawPath)
          ? IMMUTABLE
          : SHORT;
      return files.fileResponse(found, cache, req);
    }
    if (rawPath === '/robots.txt')
      return text(c, 200, robots(render ? originOf(c) : null), { 'Cache-Control': SHORT });
    if (render && /^\/sitemap(-[a-z0-9-]+)?\.xml$/.test(rawPath)) return sitemapFile(c, rawPath);
    if (rawPath === '/favicon.ico' || rawPath === '/favicon.svg')
      return c.body(FAVICON, 200, { 'Content-Type': 'image/svg+xml', 'Cache-Control': SHORT });
    // Page addresses: paths without an extension, or anything a browser navigates to.
    const last = rawPath.slice(rawPath.lastIndexOf('/') + 1);
    const wantsPage = !last.includes('.') || (c.req.header('accept') ?? '').includes('text/html');
    const index = wantsPage ? await files.indexFile() : null;
    if (index && render) return renderedPage(c, index, safeDecode(rawPath));
    if (index) return files.fileResponse(index, REVALIDATE, req);
    return text(c, 404, 'Not found\n', { 'Cache-Control': 'no-store' });
  });

  return { app, warm: files.warm };
}
