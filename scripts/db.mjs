#!/usr/bin/env node
/**
 * `npm run db:migrate`, `npm run db:seed -- --products N [--force]`,
 * `npm run admin:create -- --email E --password P [--name N]`:
 * finds (or starts) the database server like `npm start`, then runs the API's command line against it.
 */
import { resolve } from 'node:path';
import { ensureDatabase } from './lib/database.mjs';
import { bin, ensureInstalled } from './lib/install.mjs';
import { ROOT } from './lib/log.mjs';
import { main, run } from './lib/processes.mjs';

const [command, ...args] = process.argv.slice(2);

await main(async () => {
  await ensureInstalled();
  const db = await ensureDatabase();
  await run(bin('tsx'), [resolve(ROOT, 'api/src/cli.ts'), command, ...args], {
    env: { DATABASE_URL: db.databaseUrl },
    silentFailure: true,
  });
});
