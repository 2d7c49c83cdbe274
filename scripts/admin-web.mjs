#!/usr/bin/env node
/**
 * `npm run admin:web`: the back office's renderer in a browser. Builds it when its sources changed
 * (admin-desktop `build:web` → admin-desktop/dist-web) and serves it on ADMIN_WEB_PORT (default 5174).
 * It talks to the API at API_URL (default http://localhost:5000), which must already be running
 * (`npm start` or `npm run start:api`). Before serving it asks the API:
 * - whether it accepts the back office's origin (a CORS preflight): a refused origin makes every call of the
 *   page fail with a bare network error, so this stops with what to set instead of serving a login that fails
 * - where its pictures load from (a bucket the API redirects to), which the page's CSP must allow
 */
import { acceptsOrigin, imageOriginOf } from './lib/api-checks.mjs';
import { ensureBuilt, UI_BUILDS } from './lib/build.mjs';
import { imageOrigins, localOrigins, portFromEnv } from './lib/env.mjs';
import { ensureInstalled } from './lib/install.mjs';
import { bold, dim, green, UserError, warn } from './lib/log.mjs';
import { isPortFree } from './lib/ports.mjs';
import { main, onCleanup } from './lib/processes.mjs';

/**
 * Checks that the API lets the back office's pages (http://localhost:<port>, http://127.0.0.1:<port>) call
 * it: stops with what to set when it refuses both, warns when it refuses one.
 */
async function checkCors(apiUrl, port) {
  const origins = localOrigins(port);
  const answers = await Promise.all(origins.map((o) => acceptsOrigin(apiUrl, o)));
  if (!answers.some((a) => a.reachable)) return;
  const refused = origins.filter((_, i) => !answers[i].allowed);
  if (refused.length === 0) return;
  const fix =
    `Add ${refused.join(',')} to CORS_ORIGINS where the API is started, or start the API with npm start ` +
    `and the same ADMIN_WEB_PORT (ADMIN_WEB_PORT=${port} npm start: it allows that port itself), then run this again.`;
  if (refused.length === origins.length) {
    throw new UserError(
      `The API at ${apiUrl} refuses requests from the back office's origin ${origins.join(' and ')} (its CORS_ORIGINS does not list it), so the login page would fail. ${fix}`,
    );
  }
  warn(
    `The API at ${apiUrl} refuses ${refused.join(', ')}; open the back office as ${origins.find((o) => !refused.includes(o))}. ${fix}`,
  );
}

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
  // Asked first: a refused origin stops before the install and build steps.
  const health = await fetch(new URL('/health', api), { signal: AbortSignal.timeout(3000) }).catch(
    () => null,
  );
  let pictures = null;
  if (!health?.ok)
    warn(`The API does not answer at ${apiUrl}: start it with npm start or npm run start:api.`);
  else {
    await checkCors(apiUrl, port);
    pictures = await imageOriginOf(apiUrl);
  }
  await ensureInstalled();
  const dir = await ensureBuilt(UI_BUILDS.adminWeb);
  if (!dir) throw new UserError('The admin web renderer cannot be built yet (see above).');

  // The storefront server (TypeScript, storefront/server) serves the build, loaded through tsx after the
  // install: the storefront's own build (which compiles it for npm start) is not needed here.
  const { tsImport } = await import('tsx/esm/api');
  const { serveStorefront } = await tsImport('../storefront/server/serve.ts', import.meta.url);
  // An explicit API_URL is used as given; otherwise the browser uses its own hostname with the API's
  // port, so the back office works whether it is opened as localhost or 127.0.0.1.
  const server = await serveStorefront({
    root: dir,
    port,
    apiUrl: process.env.API_URL || undefined,
    apiPort: Number(api.port || 80),
    extraOrigins: [...new Set([...imageOrigins(), ...(pictures ? [pictures] : [])])],
  });
  onCleanup(server.close);
  console.log(
    `\n${green(bold('Voltcart back office'))} at ${bold(`http://localhost:${port}`)} ${dim(`(API: ${apiUrl}${pictures ? `, pictures: ${pictures}` : ''})`)}`,
  );
  console.log('Press Ctrl-C to stop.\n');
  await new Promise(() => {});
});
