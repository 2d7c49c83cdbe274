import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { resolve } from 'node:path';

/**
 * The scripts a storefront page's first render needs, read from a production build (`dist`): the HTML's
 * scripts (the runtime config, the entry and the chunks it preloads), `/boot.js` (which starts the app on a
 * server-rendered page) and the page's chunk
 * (`<pageChunk>-<hash>.js`), each with every file it imports statically (`import … from "./x.js"`). Code a
 * page loads with a dynamic `import()` comes later, when it is used, and is not part of it.
 * Returns the files as the browser asks for them (`/config.js`, `/assets/…`).
 * @param {string} dist
 * @param {string} pageChunk
 * @returns {Promise<string[]>}
 */
export async function firstLoadScripts(dist, pageChunk) {
  const html = await readFile(resolve(dist, 'index.html'), 'utf8');
  const files = new Set();
  const visit = async (path) => {
    if (files.has(path)) return;
    files.add(path);
    if (!path.startsWith('/assets/')) return;
    const code = await readFile(resolve(dist, `.${path}`), 'utf8');
    for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*["'`]\.\/([\w.-]+\.js)["'`]/g))
      await visit(`/assets/${m[1]}`);
  };
  for (const m of html.matchAll(
    /<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="([^"]+\.js)"/g,
  ))
    await visit(m[1]);
  // A rendered page starts the app with boot.js (storefront/server/page-assets.ts, startAppAfterLoad).
  if (existsSync(resolve(dist, 'boot.js'))) files.add('/boot.js');
  // `<name>-<8-character hash>.js`: `product-image-….js` is not the product page's chunk.
  const name = new RegExp(`^${pageChunk}-[\\w-]{8}\\.js$`);
  const chunk = (await readdir(resolve(dist, 'assets'))).find((f) => name.test(f));
  if (!chunk) throw new Error(`No ${pageChunk} chunk in the build at ${dist}`);
  await visit(`/assets/${chunk}`);
  return [...files];
}
