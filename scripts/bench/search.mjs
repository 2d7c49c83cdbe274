/**
 * Part `search` of `npm run bench`:
 * search and a faceted list (three filters and a sort, with facet counts) at 100k products (and 1M
 * with --full), response cache off, 16 connections: p50, p99 and their ratio to the plain list page measured
 * in the same rounds
 */
import { step } from '../lib/log.mjs';
import { benchDatabase, benchSecrets, measure, scenarios, startApi, warmPaths } from './api.mjs';
import { fmt, LIST_SIZE, tool } from './shared.mjs';

/**
 * Search and a faceted list (three filters and a sort) at 100,000 products (and 1,000,000 with --full) with the
 * response cache off and 16 connections, next to the plain list page in the same rounds: p50, p99
 * and the ratio of each to the plain list. Every answer of these but `search` carries `total` and the facet
 * counts.
 */
export async function searchPart(db, bench) {
  const { args, sizes } = bench;
  const secrets = benchSecrets();
  for (const size of sizes.filter((n) => n >= LIST_SIZE))
    await searchCost(bench, secrets, size, await benchDatabase(db.serverUrl, size, args['db-prefix']));
}

async function searchCost({ args, record, seconds }, secrets, size, db) {
  const conns = 16;
  step(`Search and faceted list, ${size.toLocaleString('en')} products, cache off, ${conns} connections…`);
  const s = await startApi({ ...db, secrets, env: { CATALOG_CACHE_SECONDS: '0' } });
  try {
    const paths = await scenarios(s.base);
    const runs = { list: [], search: [], search_typed: [], search_store: [], list_faceted: [] };
    // The first answers compute what is kept (cold): timed apart, not part of the load figures.
    for (const name of Object.keys(runs)) {
      const cold = await warmPaths(s.base, paths[name]);
      console.log(`  ${name.padEnd(13)} first answer (cold): at most ${(cold / 1000).toFixed(1)} s`);
      record(`api.search16.${name}.${size}.cold_ms`, cold, 'ms', 'slowest first answer of its paths, alone');
    }
    for (let round = 0; round < (args.quick ? 1 : 3); round++)
      for (const name of Object.keys(runs))
        runs[name].push(await measure(s.base, paths[name], { connections: conns, seconds, warmup: 1 }));
    const kept = (name) => {
      const rs = [...runs[name]].sort((a, b) => a.p50 - b.p50);
      return rs[Math.floor(rs.length / 2)];
    };
    const list = kept('list');
    for (const name of Object.keys(runs)) {
      const r = kept(name);
      const vsList = name === 'list' ? '' : `  p99 ${(r.p99 / list.p99).toFixed(2)}× the list's`;
      console.log(`  ${name.padEnd(13)} ${fmt(r)}${vsList}`);
      record(
        `api.search16.${name}.${size}.p50_ms`,
        r.p50,
        'ms',
        `${tool()}, ${conns} connections, cache off`,
      );
      record(
        `api.search16.${name}.${size}.p99_ms`,
        r.p99,
        'ms',
        `${tool()}, ${conns} connections, cache off`,
      );
      record(`api.search16.${name}.${size}.rps`, r.rps, 'req/s', tool());
      if (name !== 'list') {
        record(
          `api.search16.${name}.${size}.p99_ratio`,
          r.p99 / list.p99,
          'ratio',
          'p99 ÷ the plain list page, same run',
        );
        record(
          `api.search16.${name}.${size}.rps_ratio`,
          r.rps / list.rps,
          'ratio',
          'req/s ÷ the plain list page, same run',
        );
      }
    }
  } finally {
    await s.stop();
  }
}
