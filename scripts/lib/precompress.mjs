import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Files worth compressing: text of at least 1 KB (smaller ones gain less than their headers cost). */
const TEXT = new Set([
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
const MIN_BYTES = 1024;

/**
 * A Vite plugin for builds served over HTTP (the storefront, the back office's web build): every text file of
 * the output gets `.br` and `.gz` siblings, compressed once at the best levels, which the storefront server
 * sends to browsers that accept them (@hono/node-server's serveStatic with `precompressed`). Nothing is
 * compressed per request; server-side (SSR) builds are left alone.
 * @returns {import('vite').Plugin}
 */
export function precompress() {
  let outDir = '';
  return {
    name: 'voltcart-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.ssr ? '' : resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      if (outDir) await precompressFolder(outDir);
    },
  };
}

/** Writes the `.br` and `.gz` siblings of every text file under `dir` (the `.vite` manifest folder aside). */
export async function precompressFolder(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== '.vite') await precompressFolder(file);
    } else if (TEXT.has(extname(entry.name)) && (await stat(file)).size >= MIN_BYTES) {
      const raw = await readFile(file);
      const [br, gzipped] = await Promise.all([
        brotli(raw, {
          params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length },
        }),
        gz(raw, { level: 9 }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
    }
  }
}
