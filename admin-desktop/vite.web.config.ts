import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../scripts/lib/precompress.mjs';
import { devCspPlugin, rootHtmlUrls, runtimeConfigPlugin, vendorChunks } from './vite-plugins';

/**
 * The same renderer as a static site (`npm run build:web` → dist-web), served by `npm run admin:web`.
 * Chunks reference each other relatively (base './'); index.html references its entry files from the root
 * (see rootHtmlUrls).
 */
export default defineConfig({
  root: resolve(import.meta.dirname, 'src/renderer'),
  base: './',
  // precompress: brotli and gzip copies the storefront server sends as they are (it serves this build too).
  plugins: [react(), devCspPlugin(), runtimeConfigPlugin(), precompress()],
  experimental: { renderBuiltUrl: rootHtmlUrls },
  build: {
    outDir: resolve(import.meta.dirname, 'dist-web'),
    emptyOutDir: true,
    minify: true,
    rolldownOptions: { output: { codeSplitting: vendorChunks } },
  },
});
