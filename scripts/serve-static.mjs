#!/usr/bin/env node
/**
 * A small production static server for a built single-page app (node:http, no dependencies).
 * - hashed assets get a year-long immutable cache; index.html and /config.js are revalidated every time
 * - unknown paths without a file extension (client-side routes) fall back to index.html
 * - text assets are sent brotli- or gzip-compressed (a precompressed sibling when present, else compressed
 *   once and kept in memory)
 * - /config.js carries the runtime configuration (the API address), so one build serves any deployment
 * - every response carries the security headers (CSP, nosniff, no framing, referrer policy)
 * - a request can never read outside the served folder
 *
 * CLI: node scripts/serve-static.mjs <dir> [--port 3000] [--host H] [--api-port 5000] [--api-url URL] [--razorpay]
 */
import { createReadStream, existsSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import { storefrontSecurityHeaders } from './lib/security-headers.mjs';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
};
const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.map',
  '.webmanifest',
  '.txt',
  '.xml',
  '.svg',
]);
const MIN_COMPRESS_BYTES = 1024;
const MAX_COMPRESS_BYTES = 16 * 1024 * 1024;

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const SHORT = 'public, max-age=3600';

/** Vite puts content-hashed files under /assets/ and names them name-<hash>.ext. */
const isHashed = (path) => path.startsWith('/assets/') || /[-.][A-Za-z0-9_-]{8,}\.[a-z0-9]+$/.test(path);

/** A lightning bolt, for builds without their own favicon (Chromium asks for one on every page). */
const FAVICON = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#0f172a"/>' +
    '<path d="M36 6 14 36h14l-4 22 22-30H32z" fill="#facc15"/></svg>',
);

const HOSTNAME = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])$/;

/** The hostname of a Host header (without the port), or null when it is not a plain host name or IP. */
function requestHostname(host) {
  if (!host) return null;
  const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0];
  return HOSTNAME.test(name) ? name : null;
}

/**
 * @param {object} opts
 * @param {string} opts.root the built app folder (with index.html)
 * @param {string} [opts.apiUrl] a fixed public API address (API_PUBLIC_URL); without it the browser uses
 *   its own hostname with `apiPort`, so the app works whether opened as localhost, 127.0.0.1 or a LAN name
 * @param {number} [opts.apiPort] the API port for the computed address (default 5000)
 * @param {boolean} [opts.razorpay] allow Razorpay Checkout's script, frames and calls (the storefront)
 * @param {string[]} [opts.extraOrigins] more origins the app loads images from or calls (e.g. object storage)
 */
export function createStaticServer({ root, apiUrl, apiPort = 5000, razorpay = false, extraOrigins = [] }) {
  const base = resolve(root);
  const compressed = new Map();

  const configJs = Buffer.from(
    `window.__VOLTCART__ = { apiUrl: ${
      apiUrl
        ? JSON.stringify(apiUrl.replace(/\/$/, ''))
        : `location.protocol + '//' + location.hostname + ':${apiPort}'`
    } };\n`,
  );

  function apiOrigins(req) {
    if (apiUrl) return [new URL(apiUrl).origin];
    const origins = new Set([`http://localhost:${apiPort}`, `http://127.0.0.1:${apiPort}`]);
    const host = requestHostname(req.headers.host);
    if (host) {
      origins.add(`http://${host}:${apiPort}`);
      origins.add(`https://${host}:${apiPort}`);
    }
    return [...origins];
  }

  function securityHeaders(req) {
    const origins = [...apiOrigins(req), ...extraOrigins];
    return storefrontSecurityHeaders({ imageOrigins: origins, connectOrigins: origins, razorpay });
  }

  /** The file for a URL path inside the served folder, or null (outside it, hidden, or malformed). */
  function localPath(urlPath) {
    let decoded;
    try {
      decoded = decodeURIComponent(urlPath);
    } catch {
      return null;
    }
    if (decoded.includes('\0') || decoded.includes('\\')) return null;
    // Hidden files and parent segments are never served, whatever their encoding was.
    if (decoded.split('/').some((seg) => seg.startsWith('.'))) return null;
    const file = resolve(base, `.${decoded}`);
    return file === base || file.startsWith(base + sep) ? file : null;
  }

  async function findFile(file) {
    if (!file) return null;
    try {
      let st = await stat(file);
      if (st.isDirectory()) {
        file = join(file, 'index.html');
        st = await stat(file);
      }
      return st.isFile() ? { file, st } : null;
    } catch {
      return null;
    }
  }

  function pickEncoding(req) {
    const accept = String(req.headers['accept-encoding'] ?? '');
    const allowed = (name) => {
      const m = accept.match(new RegExp(`(?:^|,)\\s*${name}\\s*(?:;\\s*q=([0-9.]+))?`, 'i'));
      return m && (m[1] === undefined || Number(m[1]) > 0);
    };
    if (allowed('br')) return 'br';
    if (allowed('gzip')) return 'gzip';
    return null;
  }

  async function encodedBody(file, st, encoding) {
    const sibling = `${file}${encoding === 'br' ? '.br' : '.gz'}`;
    try {
      const pre = await stat(sibling);
      if (pre.mtimeMs >= st.mtimeMs) return readFile(sibling);
    } catch {}
    const key = `${file}\0${st.mtimeMs}\0${st.size}\0${encoding}`;
    let body = compressed.get(key);
    if (!body) {
      body = (async () => {
        const raw = await readFile(file);
        return encoding === 'br'
          ? brotli(raw, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: 9,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: raw.length,
              },
            })
          : gz(raw, { level: 9 });
      })();
      compressed.set(key, body);
      body.catch(() => compressed.delete(key));
    }
    return body;
  }

  function send(req, res, status, headers, body) {
    res.writeHead(status, { ...securityHeaders(req), ...headers, 'Content-Length': body.length });
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  async function sendFile(req, res, { file, st }, cacheControl) {
    const ext = extname(file).toLowerCase();
    const type = TYPES[ext] ?? 'application/octet-stream';
    const canCompress =
      COMPRESSIBLE.has(ext) && st.size >= MIN_COMPRESS_BYTES && st.size <= MAX_COMPRESS_BYTES;
    const encoding = canCompress ? pickEncoding(req) : null;
    const etag = `W/"${st.size.toString(16)}-${Math.floor(st.mtimeMs).toString(16)}${encoding ? `-${encoding}` : ''}"`;
    const headers = {
      'Content-Type': type,
      'Cache-Control': cacheControl,
      ETag: etag,
      'Last-Modified': st.mtime.toUTCString(),
      ...(canCompress ? { Vary: 'Accept-Encoding' } : {}),
    };
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, { ...securityHeaders(req), ...headers });
      return res.end();
    }
    if (encoding) {
      const body = await encodedBody(file, st, encoding);
      return send(req, res, 200, { ...headers, 'Content-Encoding': encoding }, body);
    }
    res.writeHead(200, { ...securityHeaders(req), ...headers, 'Content-Length': st.size });
    if (req.method === 'HEAD') return res.end();
    createReadStream(file)
      .on('error', () => res.destroy())
      .pipe(res);
  }

  async function handle(req, res) {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return send(
        req,
        res,
        405,
        { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' },
        Buffer.from('Method not allowed\n'),
      );
    }
    let path;
    try {
      path = new URL(req.url ?? '/', 'http://static.invalid').pathname;
    } catch {
      return send(
        req,
        res,
        400,
        { 'Content-Type': 'text/plain; charset=utf-8' },
        Buffer.from('Bad request\n'),
      );
    }
    if (path === '/config.js') {
      return send(req, res, 200, { 'Content-Type': TYPES['.js'], 'Cache-Control': REVALIDATE }, configJs);
    }
    const found = await findFile(localPath(path));
    if (found) {
      const cache = found.file.endsWith(`${sep}index.html`) ? REVALIDATE : isHashed(path) ? IMMUTABLE : SHORT;
      return sendFile(req, res, found, cache);
    }
    if (path === '/favicon.ico' || path === '/favicon.svg') {
      return send(req, res, 200, { 'Content-Type': 'image/svg+xml', 'Cache-Control': SHORT }, FAVICON);
    }
    // Client-side routes: paths without an extension, or anything a browser navigates to.
    const last = path.slice(path.lastIndexOf('/') + 1);
    const wantsPage = !last.includes('.') || String(req.headers.accept ?? '').includes('text/html');
    const index = wantsPage ? await findFile(join(base, 'index.html')) : null;
    if (index) return sendFile(req, res, index, REVALIDATE);
    return send(
      req,
      res,
      404,
      { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
      Buffer.from('Not found\n'),
    );
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent)
        send(req, res, 500, { 'Content-Type': 'text/plain; charset=utf-8' }, Buffer.from('Internal error\n'));
      else res.destroy();
    });
  });

  /** Compresses every text asset ahead of the first request, one at a time, so first loads are fast. */
  server.warm = async () => {
    const walk = async (dir) => {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        const p = join(dir, entry.name);
        if (entry.isDirectory()) await walk(p);
        else if (COMPRESSIBLE.has(extname(p).toLowerCase())) {
          const st = await stat(p);
          if (st.size < MIN_COMPRESS_BYTES || st.size > MAX_COMPRESS_BYTES) continue;
          await encodedBody(p, st, 'br');
          await encodedBody(p, st, 'gzip');
        }
      }
    };
    await walk(base).catch(() => {});
  };
  return server;
}

/**
 * Starts a static server and resolves once it listens: `{server, port, url, close()}`.
 * `host` defaults to every interface (IPv4 and IPv6), so both localhost and 127.0.0.1 work.
 */
export function serveStatic({ port = 0, host, ...opts }) {
  if (!existsSync(join(resolve(opts.root), 'index.html')))
    throw new Error(`${opts.root} has no index.html: build the app first`);
  const server = createStaticServer(opts);
  return new Promise((resolveServe, reject) => {
    server.once('error', (e) =>
      reject(
        e.code === 'EADDRINUSE'
          ? new Error(`Port ${port} is already in use: stop what uses it or choose another port`)
          : e,
      ),
    );
    server.listen(port, host, () => {
      const actual = server.address().port;
      server.warm();
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
      'Usage: node scripts/serve-static.mjs <dir> [--port N] [--api-port N] [--api-url URL] [--razorpay]',
    );
  opts.apiUrl ??= process.env.API_PUBLIC_URL || undefined;
  return opts;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    const opts = parseArgs(process.argv.slice(2));
    const { url, close } = await serveStatic(opts);
    console.log(`Serving ${opts.root} at ${url}`);
    for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => close().then(() => process.exit(0)));
  } catch (e) {
    console.error(e.message);
    process.exit(1);
  }
}
