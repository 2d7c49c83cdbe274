import { readFile } from 'node:fs/promises';
import { extname, isAbsolute, join, normalize, relative } from 'node:path';
import { APP_HOST, APP_SCHEME } from './security';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

/**
 * Maps an `app://voltcart/...` request to a file of the built renderer.
 * - only our host; the path is decoded and normalised and must stay inside `rendererDir` (no `..` escape)
 * - a path without an extension is a route of the single-page app: index.html answers it
 * - unknown file types are not served
 */
export function resolveAppFile(
  rendererDir: string,
  requestUrl: string,
): { path: string; type: string } | null {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return null;
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return null;
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  if (pathname.includes('\0')) return null;
  const ext = extname(pathname).toLowerCase();
  const file = ext ? normalize(join(rendererDir, pathname)) : join(rendererDir, 'index.html');
  const rel = relative(rendererDir, file);
  if (!rel || rel.startsWith('..') || isAbsolute(rel)) return null;
  const type = TYPES[ext || '.html'];
  return type ? { path: file, type } : null;
}

/** The protocol handler body: a Response for the request (404 for anything not found). */
export async function serveAppRequest(
  rendererDir: string,
  requestUrl: string,
  headers: Record<string, string>,
): Promise<Response> {
  const found = resolveAppFile(rendererDir, requestUrl);
  if (!found) return new Response('Not found', { status: 404 });
  try {
    const body = await readFile(found.path);
    return new Response(body, { status: 200, headers: { 'Content-Type': found.type, ...headers } });
  } catch {
    return new Response('Not found', { status: 404 });
  }
}
