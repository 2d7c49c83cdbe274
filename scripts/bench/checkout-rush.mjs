/**
 * The checkout rush of scripts/bench/orders.ts, which the orders and delivery parts of `npm run bench` both run:
 * a fresh database prepared with its shoppers and filled carts, an API started on it, then the rush (or the
 * shopping journey) driven against that API.
 */
import { resolve } from 'node:path';
import { databaseUrl } from '../lib/database.mjs';
import { ROOT } from '../lib/log.mjs';
import { run } from '../lib/processes.mjs';
import { benchSecrets, startApi } from './api.mjs';
import { lastJson, TSX } from './shared.mjs';

const SCRIPT = resolve(ROOT, 'scripts/bench/orders.ts');

/** Shoppers at a time in the rush, and shoppers with empty carts for the journey. */
export const SHOPPERS = 64;

/**
 * A rush on <prefix>_orders (apart from someone else's run with another --db-prefix, like the catalogues), its
 * plan kept in bench-results/<planFile>:
 * - prepare(carts): the database made afresh, SHOPPERS shoppers with empty carts and `carts` more with filled ones
 * - startApi(env): the API on it, with `env`
 * - drive(mode, api, extra): orders.ts `mode` (checkout: the rush; shop: the journey) against `api`; its JSON result
 */
export function checkoutRush(db, prefix, planFile) {
  const secrets = benchSecrets();
  const url = databaseUrl(db.serverUrl, `${prefix}_orders`);
  const plan = resolve(ROOT, 'bench-results', planFile);
  return {
    url,
    prepare: (carts) =>
      run(
        process.execPath,
        [
          ...TSX,
          SCRIPT,
          'prepare',
          '--url',
          url,
          '--secret',
          secrets.JWT_SECRET,
          '--shoppers',
          String(SHOPPERS),
          '--carts',
          String(carts),
          '--out',
          plan,
        ],
        { quiet: true, label: 'Preparing the checkout benchmark' },
      ),
    startApi: (env) =>
      startApi({ url, uploads: resolve(ROOT, 'bench-results', 'uploads', 'orders'), secrets, env }),
    drive: async (mode, api, extra) =>
      lastJson(
        await run(
          process.execPath,
          [...TSX, SCRIPT, mode, '--url', url, '--api', api, '--in', plan, ...extra],
          {
            quiet: true,
            label: `The checkout benchmark (${mode})`,
          },
        ),
      ),
  };
}
