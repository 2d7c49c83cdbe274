#!/usr/bin/env node
/**
 * `npm start`: the whole shop on a fresh clone.
 * Installs what is missing, brings up the database (DATABASE_URL, a server on 127.0.0.1:3306, or a private
 * MariaDB under .data/), migrates, seeds a sample catalogue when empty, creates the development admin,
 * builds the storefront when its sources changed, serves the API (PORT, default 5000) and the storefront
 * (STOREFRONT_PORT, default 3000), and prints the addresses and the admin login. Ctrl-C stops everything.
 * Until the dependencies are installed this file and what it imports statically use Node's own modules only:
 * a fresh clone has no node_modules yet. What needs them (the storefront server) is loaded after.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuilt, UI_BUILDS } from './lib/build.mjs';
import { ensureDatabase } from './lib/database.mjs';
import { imageOrigins, localOrigins, portFromEnv } from './lib/env.mjs';
import { bin, ensureInstalled } from './lib/install.mjs';
import { bold, DATA_DIR, dim, green, ROOT, step, UserError, warn } from './lib/log.mjs';
import { isPortFree } from './lib/ports.mjs';
import { main, onCleanup, run, runCleanup, startServer, waitForHttp } from './lib/processes.mjs';

const SAMPLE_PRODUCTS = 200;
const ADMIN_EMAIL = 'admin@voltcart.local';
const PASSWORD_FILE = resolve(DATA_DIR, 'admin-password.txt');

/** The development admin's password: generated once, kept in .data/ and reused on every start. */
function adminPassword() {
  if (existsSync(PASSWORD_FILE)) {
    const saved = readFileSync(PASSWORD_FILE, 'utf8').trim();
    if (saved.length >= 8) return saved;
  }
  mkdirSync(DATA_DIR, { recursive: true });
  const password = randomBytes(12).toString('base64url');
  writeFileSync(PASSWORD_FILE, `${password}\n`, { mode: 0o600 });
  return password;
}

await main(async () => {
  const apiPort = portFromEnv('PORT', 5000);
  const storefrontPort = portFromEnv('STOREFRONT_PORT', 3000);
  const adminWebPort = portFromEnv('ADMIN_WEB_PORT', 5174);
  if (apiPort === storefrontPort) throw new UserError('PORT and STOREFRONT_PORT must differ.');
  for (const [name, port] of [
    ['PORT', apiPort],
    ['STOREFRONT_PORT', storefrontPort],
  ]) {
    if (!(await isPortFree(port)))
      throw new UserError(
        `Port ${port} is already in use (${name}). Stop what uses it, or run e.g. ${name}=${port + 1} npm start`,
      );
  }

  await ensureInstalled();
  const db = await ensureDatabase();
  const password = adminPassword();
  step('Migrating, seeding when empty, preparing the development admin…');
  await run(
    bin('tsx'),
    [
      resolve(ROOT, 'api/src/cli.ts'),
      'setup',
      '--products',
      String(SAMPLE_PRODUCTS),
      '--admin-email',
      ADMIN_EMAIL,
      '--admin-name',
      'Development admin',
    ],
    { env: { DATABASE_URL: db.databaseUrl, VOLTCART_ADMIN_PASSWORD: password }, silentFailure: true },
  );

  const storefrontDir = await ensureBuilt(UI_BUILDS.storefront);

  step(`Starting the API on port ${apiPort}…`);
  const cors =
    process.env.CORS_ORIGINS ||
    [...localOrigins(storefrontPort), ...localOrigins(adminWebPort), ...localOrigins(5173)].join(',');
  const api = startServer('api', bin('tsx'), [resolve(ROOT, 'api/src/server.ts')], {
    env: {
      PORT: String(apiPort),
      DATABASE_URL: db.databaseUrl,
      CORS_ORIGINS: cors,
      // Links in mails point at the storefront served here.
      STOREFRONT_URL: process.env.STOREFRONT_URL || `http://localhost:${storefrontPort}`,
    },
    onExit: ({ code, signal }) => {
      console.error(`The API stopped unexpectedly (${code ?? signal}).`);
      runCleanup().finally(() => process.exit(1));
    },
  });
  await waitForHttp(`http://127.0.0.1:${apiPort}/ready`, { server: api, what: 'The API' });

  let storefront = null;
  if (storefrontDir) {
    // The storefront server as built beside the app (storefront/dist-server/serve.js): plain JavaScript that
    // imports hono and the renderer's dependencies, so only now, after the install.
    const server = resolve(storefrontDir, '..', 'dist-server', 'serve.js');
    const { serveStorefront, storefrontEnv } = await import(pathToFileURL(server).href);
    storefront = await Promise.resolve()
      .then(() =>
        serveStorefront({
          root: storefrontDir,
          port: storefrontPort,
          apiPort,
          apiUrl: process.env.API_PUBLIC_URL || undefined,
          razorpay: true,
          ...storefrontEnv(),
          extraOrigins: imageOrigins(),
        }),
      )
      .catch((e) => {
        throw new UserError(`The storefront could not start: ${e.message}`);
      });
    onCleanup(storefront.close);
  }

  const line = (label, value) => console.log(`  ${label.padEnd(12)} ${value}`);
  console.log(`\n${green(bold('Voltcart is running'))}`);
  if (storefront)
    line(
      'Storefront',
      `${bold(`http://localhost:${storefrontPort}`)} ${dim(`(or http://127.0.0.1:${storefrontPort})`)}`,
    );
  else warn('The storefront is not built yet: only the API is running.');
  line('API', bold(`http://localhost:${apiPort}`));
  line(
    'Admin login',
    `${bold(ADMIN_EMAIL)} / ${bold(password)} ${dim('(kept in .data/admin-password.txt)')}`,
  );
  line('Back office', `npm run admin:web ${dim(`(http://localhost:${adminWebPort})`)} or npm run admin`);
  line('Database', `${db.databaseUrl} ${dim(`(${db.kind})`)}`);
  console.log(`\nPress Ctrl-C to stop.\n`);
  await new Promise(() => {});
});
