import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, minifySync, type Plugin } from 'vite';
import { precompress } from '../scripts/lib/precompress.mjs';

const NO_FETCH_ADAPTER = '\0axios-without-fetch-adapter';

/**
 * axios picks its XMLHttpRequest adapter in every browser the shop supports, so its fetch adapter (a
 * quarter of axios, about 4.5 KB gzip) is never used here: leave it out of the bundle. Were axios ever asked
 * for it (`adapter: 'fetch'`), it would answer that the adapter is not available.
 */
function axiosWithoutFetchAdapter(): Plugin {
  return {
    name: 'axios-without-fetch-adapter',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === './fetch.js' && importer?.replaceAll('\\', '/').includes('/axios/lib/adapters/'))
        return NO_FETCH_ADAPTER;
      return null;
    },
    load(id) {
      return id === NO_FETCH_ADAPTER ? 'export const getFetch = () => null;\nexport default null;\n' : null;
    },
  };
}

/**
 * The scripts of public/ that a page loads besides the app (boot.js on every rendered page, the fallback
 * config.js) are copied as written, comments and all: the build minifies its copies (boot.js 0.9 → 0.65 kB
 * gzip on every first load).
 */
function minifyPublicScripts(): Plugin {
  let outDir = '';
  return {
    name: 'minify-public-scripts',
    apply: 'build',
    configResolved(config) {
      outDir =
        config.build.ssr || !config.build.copyPublicDir ? '' : resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      if (!outDir) return;
      for (const name of ['boot.js', 'config.js']) {
        const file = resolve(outDir, name);
        const out = minifySync(name, await readFile(file, 'utf8'));
        if (out.errors.length) this.error(`${name}: ${out.errors.map((e) => e.message).join('; ')}`);
        await writeFile(file, out.code);
      }
    },
  };
}

// The API address is read at run time from /config.js (see public/config.js), never baked into the bundle.
export default defineConfig(({ command, mode, isSsrBuild }) => {
  // A production build stays one when started from a test runner that exported NODE_ENV=test (vitest
  // does): otherwise Vite would bundle React's development build.
  if (command === 'build' && mode === 'production') process.env.NODE_ENV = 'production';
  return {
    plugins: [react(), axiosWithoutFetchAdapter(), minifyPublicScripts(), precompress()],
    server: { port: 5173, strictPort: false },
    preview: { port: 3000 },
    build: {
      target: 'es2022',
      sourcemap: false,
      // Every browser the shop supports preloads modules itself (Safari from 17); an older one only
      // loads the same files a moment later, so the polyfill is not worth its bytes on every first load.
      modulePreload: { polyfill: false },
      // Which chunks and styles each page needs: the storefront server links a rendered page's own in its
      // HTML (server/page-assets.ts). Under .vite/, which the server never serves.
      manifest: !isSsrBuild,
      // The server build (`vite build --ssr`): the pages' renderer and the storefront server itself, plain
      // JavaScript in dist-server/ that Node runs as it is (npm start, the web image) — no TypeScript runner
      // and no dev dependencies at run time.
      ...(isSsrBuild
        ? {
            outDir: 'dist-server',
            copyPublicDir: false,
            rolldownOptions: { input: { 'entry-server': 'src/entry-server.ts', serve: 'server/serve.ts' } },
          }
        : {}),
    },
  };
});
