#!/usr/bin/env node
/**
 * `npm run start:api`: the API alone (PORT, default 5000; DATABASE_URL, default
 * mysql://root@127.0.0.1:3306/voltcart). It migrates on start. Without DATABASE_URL and without a server on
 * 127.0.0.1:3306 it uses the private MariaDB, like `npm start`.
 */
import { resolve } from 'node:path';
import { ensureDatabase } from './lib/database.mjs';
import { portFromEnv } from './lib/env.mjs';
import { bin, ensureInstalled } from './lib/install.mjs';
import { ROOT, UserError } from './lib/log.mjs';
import { isPortFree } from './lib/ports.mjs';
import { main, run } from './lib/processes.mjs';

await main(async () => {
  const port = portFromEnv('PORT', 5000);
  if (!(await isPortFree(port)))
    throw new UserError(
      `Port ${port} is already in use. Stop what uses it, or run e.g. PORT=${port + 1} npm run start:api`,
    );
  await ensureInstalled();
  const db = await ensureDatabase();
  // The API handles SIGTERM itself (finishes requests, closes the pool); run() sends it on Ctrl-C.
  await run(bin('tsx'), [resolve(ROOT, 'api/src/server.ts')], {
    env: { PORT: String(port), DATABASE_URL: db.databaseUrl },
    silentFailure: true,
  });
});
