#!/usr/bin/env node
import { ensureBuilt, UI_BUILDS } from './lib/build.mjs';
import { imageOrigins, portFromEnv } from './lib/env.mjs';
import { ensureInstalled } from './lib/install.mjs';
import { bold, dim, green, UserError, warn } from './lib/log.mjs';
import { isPortFree } from './lib/ports.mjs';
import { main, onCleanup } from './lib/processes.mjs';
/**
 * `npm run admin:web`: the back office's renderer in a browser. Builds it when its sources changed
 * (admin-desktop `build:web` → admin-desktop/dist-web) and serves it on ADMIN_WEB_PORT (default 5174).
 * It talks to the API at API_URL (default http://localhost:5000), which must already be running
 * (`npm start` or `npm run start:api`).
 */
import { serveStatic } from './serve-static.mjs';

await main(async () => {
  const port = portFromEnv('ADMIN_WEB_PORT', 5174);
  const apiUrl = process.env.API_URL || 'http://localhost:5000';
  let api;
  try {
    api = new URL(apiUrl);
  } catch {
    throw new UserError(`API_URL must be a URL such as http://localhost:5000, not "${apiUrl}"`);
  }
  if (!(await isPortFree(port)))
    throw new UserError(
      `Port ${port} is already in use. Stop what uses it, or run e.g. ADMIN_WEB_PORT=${port + 1} npm run admin:web`,
    );
  await ensureInstalled();
  const dir = await ensureBuilt(UI_BUILDS.adminWeb);
  if (!dir) throw new UserError('The admin web renderer cannot be built yet (see above).');
  const health = await fetch(new URL('/health', api), { signal: AbortSignal.timeout(3000) }).catch(
    () => null,
  );
  if (!health?.ok)
    warn(`The API does not answer at ${apiUrl}: start it with npm start or npm run start:api.`);

  // An explicit API_URL is used as given; otherwise the browser uses its own hostname with the API's
  // port, so the back office works whether it is opened as localhost or 127.0.0.1.
  const server = await serveStatic({
    root: dir,
    port,
    apiUrl: process.env.API_URL || undefined,
    apiPort: Number(api.port || 80),
    extraOrigins: imageOrigins(),
  });
  onCleanup(server.close);
  console.log(
    `\n${green(bold('Voltcart back office'))} at ${bold(`http://localhost:${port}`)} ${dim(`(API: ${apiUrl})`)}`,
  );
  console.log('Press Ctrl-C to stop.\n');
  await new Promise(() => {});
});
