/**
 * The replica's checks: an admin change seen by both processes once the replica has it, the lag of a write, catalogue
 * reads on the replica, and a replica that crashes (reads fall back to the primary) and rejoins.
 */
import { randomBytes } from 'node:crypto';
import { productForm } from './catalogue.mjs';
import { call, expectStatus, metricValue, percentile } from './http.mjs';
import { failed, loop } from './load.mjs';
import { catchUp, crash, globalStatus, restart, startReplication } from './mariadb.mjs';
import { sleep, waitFor } from './processes.mjs';
import { assert, check, figures, round, seconds } from './report.mjs';

const LAG_SAMPLES = 20;

/**
 * Replica lag samples: a row written on the primary, timed from the commit until the replica returns it.
 * With `durationMs` it samples every `everyMs` for that long (lag under load); otherwise `count` in a row.
 */
export async function sampleLag(
  primary,
  replica,
  { count = LAG_SAMPLES, durationMs = 0, everyMs = 100 } = {},
) {
  const lags = [];
  const until = performance.now() + durationMs;
  while (durationMs ? performance.now() < until : lags.length < count) {
    const [res] = await primary.root.query('INSERT INTO scale_probe.lag (written_at) VALUES (NOW(6))');
    const t0 = performance.now();
    await waitFor(
      'the probe row on the replica',
      async () => {
        const [rows] = await replica.root.query('SELECT id FROM scale_probe.lag WHERE id = ?', [
          res.insertId,
        ]);
        return rows.length > 0;
      },
      { timeoutMs: 10_000, everyMs: 0 },
    );
    lags.push(performance.now() - t0);
    if (durationMs) await sleep(everyMs);
  }
  return {
    samples: lags.length,
    p50: percentile(lags, 50),
    p99: percentile(lags, 99),
    max: Math.max(...lags),
  };
}

export async function checkReplication({ apis, primary, replica, lb }, { admin, products }) {
  const [A, B] = apis;
  await check('an admin change is visible through both API processes once the replica has it', async () => {
    const name = `Scale Visible ${randomBytes(2).toString('hex')}`;
    const t0 = performance.now();
    expectStatus(
      await call(lb, 'POST', '/category/create', { token: admin, form: productForm({ name }) }),
      201,
      'create category',
    );
    expectStatus(
      await call(lb, 'PATCH', `/product/status/${products.toggle._id}`, { token: admin, body: { flag: 1 } }),
      200,
      'switch the product off',
    );
    const seen = {};
    await waitFor(
      'both processes to show the new category and hide the product',
      async () => {
        for (const api of [A, B]) {
          if (seen[api.name]) continue;
          const cats = await call(api.base, 'GET', '/category');
          const prod = await call(api.base, 'GET', `/product/${products.toggle.slug ?? products.toggle._id}`);
          const hasCat = cats.status === 200 && cats.body.categories.some((c) => c.name === name);
          if (hasCat && prod.status === 404) seen[api.name] = performance.now() - t0;
        }
        return seen[A.name] !== undefined && seen[B.name] !== undefined;
      },
      { timeoutMs: 20_000, everyMs: 50 },
    );
    figures.adminVisible = Math.max(seen[A.name], seen[B.name]);
    return `visible on A after ${round(seen[A.name])}, on B after ${round(seen[B.name])} (replica lag + each process's ${'≤'}2 s catalogue cache)`;
  });

  // --- replication lag and routing
  await check(
    `replica lag at rest: a write on the primary is visible on the replica (${LAG_SAMPLES} samples)`,
    async () => {
      figures.lag = await sampleLag(primary, replica);
      return `p50 ${round(figures.lag.p50)}, max ${round(figures.lag.max)}`;
    },
  );

  await check('catalogue reads go to the replica', async () => {
    const before = await globalStatus(replica, 'Com_select');
    // Distinct pages, so that no answer can come from a process's catalogue cache.
    for (let i = 1; i <= 40; i++)
      expectStatus(await call(lb, 'GET', `/product?limit=2&page=${i}`), 200, 'product list');
    const delta = (await globalStatus(replica, 'Com_select')) - before;
    assert(delta >= 40, `the replica ran only ${delta} SELECTs for 40 catalogue pages`);
    return `40 catalogue pages → ${delta} SELECTs on the replica`;
  });

  // --- a replica crash
  await check(
    'a crashed replica costs no failed request (reads fall back to the primary), then rejoins',
    async () => {
      const slug = products.journey.slug ?? products.journey._id;
      await crash(replica);
      const t0 = performance.now();
      const records = await loop({
        workers: 4,
        durationMs: 3000,
        next: (i) => ['GET', lb, i % 2 ? `/product/${slug}` : '/category'],
      });
      const bad = records.filter(failed);
      assert(
        bad.length === 0,
        `${bad.length} of ${records.length} reads failed: ${bad
          .slice(0, 3)
          .map((r) => r.status || r.error)
          .join(', ')}`,
      );
      for (const api of [A, B]) {
        const up = await metricValue(api, 'voltcart_db_replica_up{replica="replica-1"}');
        assert(up === 0, `${api.name} still has the dead replica in rotation`);
      }
      await restart(replica);
      await startReplication(replica);
      await catchUp(replica, primary);
      await waitFor(
        'both processes to take the replica back',
        async () => {
          for (const api of [A, B])
            if ((await metricValue(api, 'voltcart_db_replica_up{replica="replica-1"}')) !== 1) return false;
          return true;
        },
        { timeoutMs: 20_000, everyMs: 250 },
      );
      figures.replicaCrash = { reads: records.length, back: performance.now() - t0 };
      return `${records.length} reads during the outage, 0 failed; back in rotation ${seconds(performance.now() - t0)} after the crash`;
    },
  );
}
