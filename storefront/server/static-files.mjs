/**
 * The built app's files for the storefront server: safe path mapping, content types, caching per file kind
 * and compression (a precompressed `.br`/`.gz` sibling when the build has one, else compressed once and kept).
 */
import { createReadStream } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

export const TYPES = {
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

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';
export const SHORT = 'public, max-age=3600';

/** Vite puts content-hashed files under /assets/ and names them name-<hash>.ext. */
export const isHashed = (path) =>
  path.startsWith('/assets/') || /[-.][A-Za-z0-9_-]{8,}\.[a-z0-9]+$/.test(path);

/**
 * The encoding to send: brotli, else gzip, else none.
 * - a coding listed with `q=0` is refused
 */
export function pickEncoding(acceptEncoding) {
  const accept = String(acceptEncoding ?? '');
  const allowed = (name) => {
    const m = accept.match(new RegExp(`(?:^|,)\\s*${name}\\s*(?:;\\s*q=([0-9.]+))?`, 'i'));
    return m && (m[1] === undefined || Number(m[1]) > 0);
  };
  if (allowed('br')) return 'br';
  if (allowed('gzip')) return 'gzip';
  return null;
}

/** @param {string} root the built app folder */
export function staticFiles(root) {
  const base = resolve(root);
  const compressed = new Map();

  /** The file for a raw URL path inside the served folder, or null (outside it, hidden, or malformed). */
  function localPath(rawPath) {
    let decoded;
    try {
      decoded = decodeURIComponent(rawPath);
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

  /**
   * The answer for a found file: 304 on a matching ETag, compressed when the client accepts it.
   * @param {{file: string, st: import('node:fs').Stats}} found
   * @param {string} cacheControl
   * @param {{acceptEncoding?: string, ifNoneMatch?: string, head?: boolean}} req
   */
  async function fileResponse({ file, st }, cacheControl, req) {
    const ext = extname(file).toLowerCase();
    const canCompress =
      COMPRESSIBLE.has(ext) && st.size >= MIN_COMPRESS_BYTES && st.size <= MAX_COMPRESS_BYTES;
    const encoding = canCompress ? pickEncoding(req.acceptEncoding) : null;
    const etag = `W/"${st.size.toString(16)}-${Math.floor(st.mtimeMs).toString(16)}${encoding ? `-${encoding}` : ''}"`;
    const headers = {
      'Content-Type': TYPES[ext] ?? 'application/octet-stream',
      'Cache-Control': cacheControl,
      ETag: etag,
      'Last-Modified': st.mtime.toUTCString(),
      ...(canCompress ? { Vary: 'Accept-Encoding' } : {}),
    };
    if (req.ifNoneMatch === etag) return new Response(null, { status: 304, headers });
    if (encoding) {
      const body = await encodedBody(file, st, encoding);
      return new Response(req.head ? null : body, {
        headers: { ...headers, 'Content-Encoding': encoding, 'Content-Length': String(body.length) },
      });
    }
    const body = req.head ? null : Readable.toWeb(createReadStream(file));
    return new Response(body, { headers: { ...headers, 'Content-Length': String(st.size) } });
  }

  /** Compresses every text asset ahead of the first request, one at a time, so first loads are fast. */
  async function warm() {
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
  }

  return {
    base,
    localPath,
    findFile,
    fileResponse,
    warm,
    indexFile: () => findFile(join(base, 'index.html')),
  };
}
