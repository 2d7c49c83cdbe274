#!/usr/bin/env node
/**
 * `npm run test:scale`: the shop scaled out on one machine, all on loopback, all torn down at the end.
 *
 *   MariaDB primary ──GTID replication──▶ MariaDB replica (read-only)
 *         ▲ writes, checkout, accounts            ▲ catalogue reads
 *   API process A ─┬─ API process B       (same JWT secret, images in one S3 bucket: s3rver)
 *                  └── nginx (/api/ → both, failed connections retried on the other;
 *                             / → the storefront server, which renders pages through nginx's /api/)
 *
 * Through nginx it runs the shopper journey, the stock race and an admin change; it checks that both processes
 * see the change, that the storefront server answers a rendered product page, a 404 and the sitemap as deployed
 * (deploy/nginx.conf, docker-compose.yml), that login failures are counted across processes, that catalogue reads reach the replica,
 * that a crashed replica costs no failed request, that an API process stopped with SIGTERM finishes what it
 * has in flight while the balancer keeps serving, and that the replica ends identical to the primary.
 * It prints the figures (requests through the balancer, failover gap, replica lag) and `N passed, N failed`.
 *
 * Needs mariadbd and nginx (installed with apt-get when missing and run as root; otherwise it says how).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkBalancing } from './balancer.mjs';
import { seedCatalogue } from './catalogue.mjs';
import { prerequisites, startCluster } from './cluster.mjs';
import { checkEndState } from './end-state.mjs';
import { checkFailover } from './failover.mjs';
import { catchUp } from './mariadb.mjs';
import { cleanup, onCleanup, removeDir } from './processes.mjs';
import { checkReplication } from './replication.mjs';
import { finish, log, recordFailure } from './report.mjs';
import { checkShopping } from './shopping.mjs';
import { checkStorefront } from './storefront.mjs';

/** The whole run, setup included, must end within this; a hang anywhere becomes a failure, not a stuck CI. */
const TIME_LIMIT_MS = 8 * 60_000;

async function main() {
  log('Voltcart scale-out test: 2 MariaDB (primary → replica), 2 API processes, nginx, S3 (s3rver)');
  if (!(await prerequisites())) {
    if (process.env.CI) {
      log('0 passed, 1 failed');
      return 1;
    }
    log('Skipped: prerequisites missing (CI would fail here).');
    log('0 passed, 0 failed, 1 skipped');
    return 0;
  }

  const dir = mkdtempSync(join(tmpdir(), 'voltcart-scale-'));
  onCleanup(() => removeDir(dir)); // registered first: runs last, after every server is down

  const cluster = await startCluster(dir);
  if (!cluster) return finish();
  const catalogue = await seedCatalogue(cluster);
  if (!catalogue) return finish();
  await catchUp(cluster.replica, cluster.primary);

  await checkBalancing(cluster, catalogue);
  await checkStorefront(cluster, catalogue);
  await checkShopping(cluster, catalogue);
  await checkReplication(cluster, catalogue);
  await checkFailover(cluster, catalogue);
  await checkEndState(cluster);
  return finish();
}

const watchdog = setTimeout(() => {
  log(`\nThe scale-out test ran over ${TIME_LIMIT_MS / 60_000} minutes: stopping.`);
  recordFailure('time limit');
  finish();
  cleanup().finally(() => process.exit(1));
}, TIME_LIMIT_MS);

let code = 1;
try {
  code = await main();
} catch (e) {
  log(`The scale-out test stopped on an error: ${e?.stack ?? e}`);
  recordFailure('unexpected error');
  finish();
} finally {
  clearTimeout(watchdog);
  await cleanup();
}
process.exit(code);
