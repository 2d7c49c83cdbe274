/**
 * Part `api` of `npm run bench`:
 * the API in production mode (NODE_ENV=production; one worker per CPU but one, leaving a core to the
 * load generator and the database, unless WEB_CONCURRENCY says otherwise) on seeded catalogues of
 * 1k and 100k products (and 1M with --full), loaded by wrk (or autocannon) from another process with
 * 64 connections. Every rate is also given as a ratio to a bare Hono JSON route served the same way
 * (same framework, same worker count) measured in the same run, because absolute figures on a shared
 * 2-core machine mean little.
 */
import { step } from '../lib/log.mjs';
import {
  answerSize,
  BENCH_WORKERS,
  benchDatabase,
  benchSecrets,
  CLIENT_HEADERS,
  checkPaths,
  measure,
  scenarios,
  startApi,
  startBaseline,
} from './api.mjs';
import { fmt, LIST_SIZE, mean, median, tool } from './shared.mjs';

/** Rounds of the list page (the goal's figures); the median round is kept. */
const LIST_ROUNDS = 3;

export async function apiPart(db, { args, record, seconds, warmup, connections, sizes }) {
  const secrets = benchSecrets();
  const opts = { connections, seconds, warmup };
  const dbs = new Map();
  for (const size of sizes) dbs.set(size, await benchDatabase(db.serverUrl, size, args['db-prefix']));

  const baseline = await startBaseline();
  // The baseline is measured before and after every scenario, and each scenario is compared with the mean of
  // its two neighbours: on a shared machine the load drifts, and only figures taken together compare.
  const baselineRuns = [];
  const measureBaseline = async (headers) => {
    const r = await measure(baseline.base, ['/'], {
      ...opts,
      warmup: baselineRuns.length ? 1 : warmup,
      ...(headers ? { headers } : {}),
    });
    baselineRuns.push(r.rps);
    return r.rps;
  };

  // The catalogue as shoppers get it: production configuration, response cache on.
  step(
    `API on ${LIST_SIZE.toLocaleString('en')} products (${BENCH_WORKERS} worker${BENCH_WORKERS === '1' ? '' : 's'}, ${connections} connections, ${seconds} s each, ${tool()})…`,
  );
  const api = await startApi({ ...dbs.get(LIST_SIZE), secrets });
  const paths = await scenarios(api.base);
  const measured = {};
  const ratio = {};
  let before = await measureBaseline();
  for (const [name, list] of Object.entries(paths)) {
    if (name === 'list_deep') continue;
    await checkPaths(api.base, list.slice(0, 3));
    // The list page, whose figures have goals, is measured in rounds and the median round kept: a burst of
    // load from elsewhere on a shared machine then moves one round, not the figure.
    const rounds = [];
    for (let i = 0; i < (name === 'list' ? LIST_ROUNDS : 1); i++) {
      const r = await measure(api.base, list, opts);
      const after = await measureBaseline();
      rounds.push({ ...r, ratio: r.rps / ((before + after) / 2) });
      before = after;
    }
    const kept = [...rounds].sort((a, b) => a.ratio - b.ratio)[Math.floor(rounds.length / 2)];
    measured[name] = kept;
    ratio[name] = kept.ratio;
    const each = rounds.length > 1 ? ` (rounds: ${rounds.map((r) => r.ratio.toFixed(2)).join(', ')})` : '';
    console.log(`  ${name.padEnd(13)} ${fmt(kept)}  ratio ${kept.ratio.toFixed(2)}${each}`);
  }
  // The same list without compression (clients that do not ask for it), against the baseline run the same way.
  measured.list_identity = await measure(api.base, paths.list, { ...opts, headers: {} });
  const identityAfter = await measureBaseline({});
  ratio.list_identity = measured.list_identity.rps / ((before + identityAfter) / 2);
  console.log(
    `  ${'list, no gzip'.padEnd(13)} ${fmt(measured.list_identity)}  ratio ${ratio.list_identity.toFixed(2)}`,
  );
  await api.stop();
  const baseRps = mean(baselineRuns);
  console.log(
    `  ${'baseline'.padEnd(13)} ${Math.round(baseRps).toLocaleString('en').padStart(8)} req/s  (runs: ${baselineRuns.map((r) => Math.round(r)).join(', ')})`,
  );
  record(
    'api.baseline.rps',
    baseRps,
    'req/s',
    `bare Hono JSON route, ${BENCH_WORKERS} worker(s) like the API; mean of ${baselineRuns.length} runs, ${tool()}`,
  );
  const ofRounds = `the median of ${LIST_ROUNDS} rounds`;
  record('api.list.rps', measured.list.rps, 'req/s', `${tool()}, ${connections} connections; ${ofRounds}`);
  record(
    'api.list.ratio',
    ratio.list,
    'ratio',
    `${ofRounds}, each against the baseline runs just before and after`,
  );
  record('api.list.p50_ms', measured.list.p50, 'ms', `${tool()}; ${ofRounds}`);
  record('api.list.p99_ms', measured.list.p99, 'ms', `${tool()}; ${ofRounds}`);
  record('api.list_identity.ratio', ratio.list_identity, 'ratio', 'no Accept-Encoding');
  for (const name of ['list_color', 'detail', 'categories', 'search', 'bestsellers']) {
    record(`api.${name}.rps`, measured[name].rps, 'req/s', tool());
    record(`api.${name}.ratio`, ratio[name], 'ratio');
    record(`api.${name}.p99_ms`, measured[name].p99, 'ms', tool());
  }

  // What the database path costs as the catalogue grows: cache off, so every request runs its queries. The
  // sizes are measured in turns (several rounds, median), so that a burst of load elsewhere hits them alike.
  step('List page cost by catalogue size (response cache off)…');
  const servers = new Map();
  for (const size of sizes) {
    const s = await startApi({ ...dbs.get(size), secrets, env: { CATALOG_CACHE_SECONDS: '0' } });
    servers.set(size, { ...s, paths: await scenarios(s.base), p50: [], rps: [], deep: [] });
  }
  // The list page of the largest catalogue also without Accept-Encoding, in the same rounds: what compressing
  // every uncached answer costs in requests per second, against the bytes it saves.
  const identityRps = [];
  for (let round = 0; round < 3; round++) {
    for (const [size, s] of servers) {
      // Warmed up once: later rounds find the server as the last one left it.
      const r = await measure(s.base, s.paths.list, round ? { ...opts, warmup: 1 } : opts);
      const deep = await measure(s.base, s.paths.list_deep, { ...opts, warmup: 1 });
      s.p50.push(r.p50);
      s.rps.push(r.rps);
      s.deep.push(deep.p50);
      if (size === LIST_SIZE)
        identityRps.push((await measure(s.base, s.paths.list, { ...opts, warmup: 1, headers: {} })).rps);
    }
  }
  const listServer = servers.get(LIST_SIZE);
  const compressed = await answerSize(listServer.base, listServer.paths.list[0], CLIENT_HEADERS);
  const identity = await answerSize(listServer.base, listServer.paths.list[0]);
  for (const [size, s] of servers) {
    await s.stop();
    console.log(
      `  ${size.toLocaleString('en').padStart(9)} products ${Math.round(median(s.rps)).toLocaleString('en').padStart(8)} req/s  p50 ${median(s.p50).toFixed(2)} ms (${s.p50.map((x) => x.toFixed(1)).join(', ')}); page 100: p50 ${median(s.deep).toFixed(2)} ms`,
    );
    record(`api.nocache.list.${size}.rps`, median(s.rps), 'req/s', tool());
    record(
      `api.nocache.list.${size}.p50_ms`,
      median(s.p50),
      'ms',
      `median of ${s.p50.length} rounds, ${tool()}`,
    );
    record(`api.nocache.list_page100.${size}.p50_ms`, median(s.deep), 'ms', tool());
    if (size === LIST_SIZE) record('api.nocache.list.ratio', median(s.rps) / baseRps, 'ratio', 'cache off');
  }
  const compressedRps = median(listServer.rps);
  console.log(
    `  list page, cache off, ${LIST_SIZE.toLocaleString('en')} products: ${compressed.encoding} ${compressed.bytes.toLocaleString('en')} B at ${Math.round(compressedRps).toLocaleString('en')} req/s; identity ${identity.bytes.toLocaleString('en')} B at ${Math.round(median(identityRps)).toLocaleString('en')} req/s (rounds: ${identityRps.map((r) => Math.round(r)).join(', ')})`,
  );
  const sameRounds = `median of ${identityRps.length} rounds, alternating with the compressed runs, ${tool()}`;
  record(
    'api.nocache.list_compressed.bytes',
    compressed.bytes,
    'bytes',
    `Accept-Encoding: ${CLIENT_HEADERS['Accept-Encoding']} → ${compressed.encoding}`,
  );
  record('api.nocache.list_identity.bytes', identity.bytes, 'bytes', 'no Accept-Encoding');
  record('api.nocache.list_identity.rps', median(identityRps), 'req/s', sameRounds);
  record(
    'api.nocache.list_compressed.rps_ratio',
    compressedRps / median(identityRps),
    'ratio',
    `api.nocache.list.${LIST_SIZE}.rps ÷ api.nocache.list_identity.rps, same run`,
  );
  const largest = sizes.at(-1);
  if (sizes.length > 1)
    record(
      'api.scale.p50_ratio',
      median(servers.get(largest).p50) / median(servers.get(sizes[0]).p50),
      'ratio',
      `${largest.toLocaleString('en')} ÷ 1,000 products, cache off`,
    );
  await baseline.stop();
}
