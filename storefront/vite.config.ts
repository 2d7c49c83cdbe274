import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API address is read at run time from /config.js (see public/config.js), never baked into the bundle.
export default defineConfig(({ command, mode }) => {
  // A production build stays one when started from a test runner that exported NODE_ENV=test (vitest
  // does): otherwise Vite would bundle React's development build.
  if (command === 'build' && mode === 'production') process.env.NODE_ENV = 'production';
  return {
    plugins: [react()],
    server: { port: 5173, strictPort: false },
    preview: { port: 3000 },
    build: {
      target: 'es2022',
      sourcemap: false,
      // Every browser the shop supports preloads modules itself (Safari from 17); an older one only
      // loads the same files a moment later, so the polyfill is not worth its bytes on every first load.
      modulePreload: { polyfill: false },
    },
  };
});
