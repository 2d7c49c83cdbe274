/**
 * Starts the storefront server (app.mjs) on @hono/node-server.
 * CLI: node storefront/server/serve.mjs <dir> [--port 3000] [--host H] [--api-port 5000] [--api-url URL] [--razorpay]
 * (API_PUBLIC_URL sets --api-url, PUBLIC_URL the shop's own address, API_INTERNAL_URL where this server reaches
 * the API, SITEMAP_URLS_PER_FILE the size of a sitemap file, PAGE_CACHE_SECONDS how long a rendered page is kept.)
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createAdaptorServer } from '@hono/node-server';
import { createStorefrontApp } from './app.mjs';

/**
 * Starts the server and resolves once it listens: `{server, port, url, close()}`.
 * `host` defaults to every interface (IPv4 and IPv6), so both localhost and 127.0.0.1 work.
 */
/** The server build's page work (storefront/dist-server beside the built app), when there is one. */
async function loadRender(root) {
  const entry = join(resolve(root), '..', 'dist-server', 'entry-server.js');
  return existsSync(entry) ? import(pathToFileURL(entry).href) : undefined;
}

export async function serveStorefront({ port = 0, host, ...opts }) {
  if (!existsSync(join(resolve(opts.root), 'index.html')))
    throw new Error(`${opts.root} has no index.html: build the app first`);
  const { app, warm } = createStorefrontApp({ render: await loadRender(opts.root), ...opts });
  const server = createAdaptorServer({ fetch: app.fetch });
  return await new Promise((resolveServe, reject) => {
    server.once('error', (e) =>
      reject(
        e.code === 'EADDRINUSE'
          ? new Error(`Port ${port} is already in use: stop what uses it or choose another port`)
          : e,
      ),
    );
    server.listen(port, host, () => {
      const actual = server.address().port;
      warm();
      resolveServe({
        server,
        port: actual,
        url: `http://${host && host !== '0.0.0.0' && host !== '::' ? host : 'localhost'}:${actual}`,
        close: () =>
          new Promise((r) => {
            server.close(() => r());
            server.closeAllConnections();
          }),
      });
    });
  });
}

/**
 * The storefront server's settings from the environment, checked: PUBLIC_URL (the shop's origin), API_INTERNAL_URL
 * (where this server reaches the API), SITEMAP_URLS_PER_FILE, PAGE_CACHE_SECONDS and IMAGE_ORIGIN (pictures from
 * object storage, allowed by the CSP). Throws an Error naming a malformed one.
 */
export function storefrontEnv(env = process.env) {
  const opts = {};
  if (env.PUBLIC_URL) {
    if (!/^https?:\/\/[^/?#\s]+\/?$/.test(env.PUBLIC_URL))
      throw new Error(
        `PUBLIC_URL must be the shop's origin such as https://shop.example.com, not "${env.PUBLIC_URL}"`,
      );
    opts.publicUrl = env.PUBLIC_URL;
  }
  if (env.API_INTERNAL_URL) {
    if (!/^https?:\/\/[^/?#\s]+/.test(env.API_INTERNAL_URL))
      throw new Error(
        `API_INTERNAL_URL must be an http(s) address such as http://api:5000, not "${env.API_INTERNAL_URL}"`,
      );
    opts.internalApiUrl = env.API_INTERNAL_URL;
  }
  if (env.SITEMAP_URLS_PER_FILE !== undefined && env.SITEMAP_URLS_PER_FILE !== '') {
    const n = Number(env.SITEMAP_URLS_PER_FILE);
    if (!Number.isInteger(n) || n < 1 || n > 50_000)
      throw new Error(
        `SITEMAP_URLS_PER_FILE must be a whole number from 1 to 50000, not "${env.SITEMAP_URLS_PER_FILE}"`,
      );
    opts.sitemapUrlsPerFile = n;
  }
  if (env.IMAGE_ORIGIN) {
    if (!/^https?:\/\/[^/?#\s]+\/?$/.test(env.IMAGE_ORIGIN))
      throw new Error(
        `IMAGE_ORIGIN must be an origin such as https://images.example.com, not "${env.IMAGE_ORIGIN}"`,
      );
    opts.extraOrigins = [env.IMAGE_ORIGIN.replace(/\/$/, '')];
  }
  if (env.PAGE_CACHE_SECONDS !== undefined && env.PAGE_CACHE_SECONDS !== '') {
    const n = Number(env.PAGE_CACHE_SECONDS);
    if (!Number.isInteger(n) || n < 0 || n > 3600)
      throw new Error(
        `PAGE_CACHE_SECONDS must be a whole number from 0 to 3600, not "${env.PAGE_CACHE_SECONDS}"`,
      );
    opts.pageCacheSeconds = n;
  }
  return opts;
}

function parseArgs(argv) {
  const opts = { root: null, port: 3000, apiPort: 5000 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === '--port') opts.port = Number(value());
    else if (a === '--host') opts.host = value();
    else if (a === '--api-port') opts.apiPort = Number(value());
    else if (a === '--api-url') opts.apiUrl = value();
    else if (a === '--razorpay') opts.razorpay = true;
    else if (!a.startsWith('-') && !opts.root) opts.root = a;
    else throw new Error(`Unknown option ${a}`);
  }
  if (!opts.root)
    throw new Error(
      'Usage: node storefront/server/serve.mjs <dir> [--port N] [--host H] [--api-port N] [--api-url URL] [--razorpay]',
    );
  opts.apiUrl ??= process.env.API_PUBLIC_URL || undefined;
  Object.assign(opts, storefrontEnv());
  return opts;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    const opts = parseArgs(process.argv.slice(2));
    const { url, close } = await serveStorefront(opts);
    console.log(`Serving ${opts.root} at ${url}`);
    for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => close().then(() => process.exit(0)));
  } catch (e) {
    console.error(e.message);
    process.exit(1);
  }
}
