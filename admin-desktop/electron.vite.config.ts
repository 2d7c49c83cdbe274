import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import { devCspPlugin, rootHtmlUrls, vendorChunks } from './vite-plugins';

/**
 * main and preload are bundled whole (no node_modules at run time: the installer ships `out/` only);
 * the preload is CommonJS because sandboxed preloads cannot be ES modules.
 */
export default defineConfig({
  main: {
    build: {
      externalizeDeps: false,
      rollupOptions: { input: { index: resolve(import.meta.dirname, 'src/main/index.ts') } },
    },
  },
  preload: {
    build: {
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve(import.meta.dirname, 'src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(import.meta.dirname, 'src/renderer'),
    plugins: [react(), devCspPlugin()],
    experimental: { renderBuiltUrl: rootHtmlUrls },
    build: {
      minify: true,
      rollupOptions: {
        input: { index: resolve(import.meta.dirname, 'src/renderer/index.html') },
        output: { codeSplitting: vendorChunks },
      },
    },
  },
});
