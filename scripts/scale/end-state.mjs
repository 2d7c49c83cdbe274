/** How the cluster ends: each process's metrics, the replica identical to the primary, what went through nginx. */
import { readFileSync } from 'node:fs';
import { metricValue } from './http.mjs';
import { catchUp, tableFingerprints } from './mariadb.mjs';
import { parseAccessLog } from './nginx.mjs';
import { assert, check, figures, round } from './report.mjs';

export async function checkEndState({ apis, nginx, primary, replica }) {
  const [A, B] = apis;
  await check('metrics: each process reports requests per route, pool use and the replica', async () => {
    const [a, b] = apis;
    const placedA = await metricValue(
      a,
      'voltcart_http_requests_total{method="POST",route="/order/place-order",status="201"}',
    );
    const inUse = await metricValue(a, 'voltcart_db_pool_max_connections{pool="replica-1"}');
    const primaryPool = await metricValue(a, 'voltcart_db_pool_max_connections{pool="primary"}');
    assert(
      inUse === 10 && primaryPool === 10,
      `pool limits reported: primary ${primaryPool}, replica ${inUse}`,
    );
    assert(
      (await metricValue(b, 'voltcart_db_replica_up{replica="replica-1"}')) === 1,
      'replica not up on B',
    );
    const orders =
      (await metricValue(a, 'voltcart_orders_placed_total')) +
      (await metricValue(b, 'voltcart_orders_placed_total'));
    figures.ordersMetric = orders;
    return `A answered ${placedA} checkouts with 201; orders_placed_total on A+B now ${orders}`;
  });

  // --- the replica ends identical
  await check('the replica catches up and ends identical to the primary', async () => {
    const { ms, pos } = await catchUp(replica, primary);
    const [p, r] = await Promise.all([tableFingerprints(primary), tableFingerprints(replica)]);
    const differ = Object.keys(p).filter((t) => p[t] !== r[t]);
    assert(Object.keys(p).length > 5, 'the primary has too few tables');
    assert(differ.length === 0, `tables differ: ${differ.map((t) => `${t}: ${p[t]} vs ${r[t]}`).join('; ')}`);
    figures.catchUp = ms;
    return `GTID ${pos} reached in ${round(ms)}; ${Object.keys(p).length} tables with equal row counts and checksums`;
  });

  // --- what went through the balancer
  const lines = parseAccessLog(readFileSync(nginx.accessLog, 'utf8'));
  figures.balancer = {
    total: lines.length,
    byA: lines.filter((l) => l.upstreams.at(-1) === A.upstream).length,
    byB: lines.filter((l) => l.upstreams.at(-1) === B.upstream).length,
    retried: lines.filter((l) => l.upstreams.length > 1).length,
    failed: lines.filter((l) => l.status >= 500).length,
  };
}
