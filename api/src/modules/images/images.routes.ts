import { type Context, Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { notFound } from '../../errors';
import { access } from '../../lib/access';
import { smallNameOf } from '../../lib/images';
import { contentTypeOf, type Folder, SAFE_NAME } from '../../lib/storage';

/** Stored names are random and never reused, so a file behind a name never changes: cache it for a year. */
const CACHE = 'public, max-age=31536000, immutable';

export function imagesRoutes(): Hono<AppEnv> {
  const r = new Hono<AppEnv>();

  r.get('/product/sm/:file', access.public, (c) => serve(c, 'product', c.req.param('file'), true));
  r.get('/product/:file', access.public, (c) => serve(c, 'product', c.req.param('file'), false));
  r.get('/categories/:file', access.public, (c) => serve(c, 'categories', c.req.param('file'), false));
  r.get('/returns/:file', access.public, (c) => serve(c, 'returns', c.req.param('file'), false));

  return r;
}

async function serve(c: Context<AppEnv>, folder: Folder, file: string, small: boolean) {
  // The name is checked before storage sees it: nothing but our own random names can be asked for.
  if (!SAFE_NAME.test(file)) throw notFound('Image');
  const wanted = small && !file.endsWith('-sm.webp') ? smallNameOf(file) : file;
  const storage = c.var.storage;
  const url = storage.publicUrl(folder, wanted);
  if (url) {
    c.header('Cache-Control', CACHE);
    return c.redirect(url, 302);
  }
  const etag = `"${wanted.replace(/\.\w+$/, '')}"`;
  const headers = { 'Cache-Control': CACHE, ETag: etag };
  const ifNoneMatch = c.req.header('if-none-match');
  if (ifNoneMatch?.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) {
    return c.body(null, 304, headers);
  }
  // Pictures stored before small versions existed fall back to the full size.
  let name = wanted;
  let found = await storage.get(folder, wanted);
  if (!found && wanted !== file) {
    name = file;
    found = await storage.get(folder, file);
  }
  if (!found) throw notFound('Image');
  return c.body(found.body as Uint8Array<ArrayBuffer>, 200, {
    ...headers,
    'Content-Type': contentTypeOf(name),
    'Content-Length': String(found.body.byteLength),
  });
}
