#!/usr/bin/env node
/**
 * `npm run bench [-- --quick | --full] [--json FILE] [--only api,search,orders,storefront,images,catalog,gst,promotions,reports,reviews,delivery]
 *   [--db-prefix vc_bench_NAME] [--skip-lighthouse] [--save-release]`
 *
 * Measures the shop on this machine and prints a table; with --json writes FILE as a JSON array of
 * {name, value, unit} (bench-results/latest.json is always written). Each figure is also divided by its value at
 * the previous release (scripts/bench/release-figures.json, written by --save-release: scripts/bench/release.mjs),
 * and the run ends with the headline figures side by side and how long each part took (scripts/bench/timings.mjs).
 * - API: the API in production mode (NODE_ENV=production; one worker per CPU but one, leaving a core to the
 *   load generator and the database, unless WEB_CONCURRENCY says otherwise) on seeded catalogues of
 *   1k and 100k products (and 1M with --full), loaded by wrk (or autocannon) from another process with
 *   64 connections. Every rate is also given as a ratio to a bare Hono JSON route served the same way
 *   (same framework, same worker count) measured in the same run, because absolute figures on a shared
 *   2-core machine mean little.
 * - search: search and a faceted list (three filters and a sort, with facet counts) at 100k products (and 1M
 *   with --full), response cache off, 16 connections: p50, p99 and their ratio to the plain list page measured
 *   in the same rounds
 * - orders: cash-on-delivery checkouts by concurrent shoppers against limited stock; units sold beyond
 *   stock must be 0. The rush runs twice, with the mail outbox off and on (same run), for their ratio.
 * - storefront: the storefront server's product and store pages (rendered, from its page cache) against its
 *   static index.html in the same run (rate ratio, p99); the /store route's first-load JavaScript (gzip) from the
 *   production build; the LCP of /store and a product page in headless Chromium with 4× CPU throttling;
 *   Lighthouse 12.2.3 (mobile preset, median of 3) on home, /store, a category and a product page.
 * - images: 200 photos through the admin bulk upload → API → sharp → storage, against sharp alone.
 * - catalog: the catalogue CSV export of the LIST_SIZE catalogue through the API (seconds, rows per second and
 *   the API process's peak memory while it streams; 1M products with --full), a 100,000-row import (preview,
 *   then every batch; rows per second) and the same file again (all unchanged), and the back office's lists at
 *   100,000 rows (customers by name, joined date and blocked; orders by date, sorted, to ship and filtered by
 *   state, dates and amount; products sorted, filtered, by stock state and low stock, with their brand and
 *   category counts as the back office asks): p99 and its ratio to a bare Hono route's p99 in the same run.
 * Databases vc_bench_<size> (or <--db-prefix>_<size>) are kept between runs and reused while the seed is unchanged.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
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
  warmPaths,
} from './bench/api.mjs';
import { hasWrk } from './bench/load.mjs';
import { printSideBySide, readRelease, saveRelease, vsRelease } from './bench/release.mjs';
import { preparing, printPartTimes, timedPart } from './bench/timings.mjs';
import { ensureBuilt, UI_BUILDS } from './lib/build.mjs';
import { databaseUrl, ensureDatabase } from './lib/database.mjs';
import { ensureInstalled } from './lib/install.mjs';
import { bold, dim, ROOT, step, UserError, warn } from './lib/log.mjs';
import { freePort } from './lib/ports.mjs';
import { main, run, startServer, waitForHttp } from './lib/processes.mjs';

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    full: { type: 'boolean', default: false },
    json: { type: 'string' },
    only: { type: 'string' },
    connections: { type: 'string', default: '64' },
    'db-prefix': { type: 'string', default: 'vc_bench' },
    // Lighthouse takes minutes (4 pages × 3 runs): leave it out with this flag.
    'skip-lighthouse': { type: 'boolean', default: false },
    // Writes this run's figures into scripts/bench/release-figures.json, the yardstick of the "vs release" column.
    'save-release': { type: 'boolean', default: false },
  },
});

const PHASES = [
  'api',
  'search',
  'orders',
  'storefront',
  'images',
  'catalog',
  'gst',
  'promotions',
  'reports',
  'reviews',
  'delivery',
];
const only = args.only ? args.only.split(',').map((s) => s.trim()) : PHASES;
if (!/^vc_bench(_\w+)?$/.test(args['db-prefix']))
  throw new Error('--db-prefix: a database name prefix starting with vc_bench_ (e.g. vc_bench_mine)');
for (const p of only)
  if (!PHASES.includes(p)) throw new Error(`--only: unknown part "${p}" (${PHASES.join(', ')})`);

const seconds = args.quick ? 5 : 10;
const warmup = args.quick ? 2 : 3;
const connections = Number(args.connections);
const sizes = [1_000, 100_000, ...(args.full ? [1_000_000] : [])];
const LIST_SIZE = 100_000;
/** Rounds of the list page (the goal's figures); the median round is kept. */
const LIST_ROUNDS = 3;
const SHOPPERS = 64;
const PHOTOS = 200;
const TSX = ['--import', 'tsx'];

const results = [];
const notes = new Map();
const record = (name, value, unit, note = '') => {
  results.push({ name, value: Math.round(value * 1000) / 1000, unit });
  if (note) notes.set(name, note);
};
const tool = () => (hasWrk() ? 'wrk' : 'autocannon');

const fmt = (r) =>
  `${Math.round(r.rps).toLocaleString('en').padStart(8)} req/s  p50 ${r.p50.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms`;
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

async function apiPart(db) {
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
      const r = await measure(s.base, s.paths.list, opts);
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
  record(
    'api.scale.p50_ratio',
    median(servers.get(largest).p50) / median(servers.get(sizes[0]).p50),
    'ratio',
    `${largest.toLocaleString('en')} ÷ 1,000 products, cache off`,
  );
  await baseline.stop();
}

/**
 * Search and a faceted list (three filters and a sort) at 100,000 products (and 1,000,000 with --full) with the
 * response cache off and 16 connections, next to the plain list page in the same rounds: p50, p99
 * and the ratio of each to the plain list. Every answer of these but `search` carries `total` and the facet
 * counts.
 */
async function searchPart(db) {
  const secrets = benchSecrets();
  for (const size of sizes.filter((n) => n >= LIST_SIZE))
    await searchCost(secrets, size, await benchDatabase(db.serverUrl, size, args['db-prefix']));
}

async function searchCost(secrets, size, db) {
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

async function ordersPart(db) {
  const secrets = benchSecrets();
  // Apart from someone else's run with another --db-prefix, like the catalogues.
  const url = databaseUrl(db.serverUrl, `${args['db-prefix']}_orders`);
  const planFile = resolve(ROOT, 'bench-results', 'orders-plan.json');
  const script = resolve(ROOT, 'scripts/bench/orders.ts');
  const carts = args.quick ? 1500 : 3000;

  /**
   * One checkout rush on a freshly prepared database, with the mail outbox on (each order writes its mail in its
   * transaction; the API's outbox sender delivers them as .eml files meanwhile) or off (MAIL_ENABLED=false);
   * the shopping journey follows when asked.
   */
  const rushWith = async (outbox, withJourney) => {
    step(
      `Checkout, mail outbox ${outbox ? 'on' : 'off'}: ${carts.toLocaleString('en')} shoppers with filled carts place cash-on-delivery orders, ${SHOPPERS} at a time…`,
    );
    await preparing(() =>
      run(
        process.execPath,
        [
          ...TSX,
          script,
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
          planFile,
        ],
        { quiet: true, label: 'Preparing the checkout benchmark' },
      ),
    );
    const data = resolve(ROOT, 'bench-results', 'data-orders');
    rmSync(resolve(data, 'mail'), { recursive: true, force: true });
    const api = await startApi({
      url,
      uploads: resolve(ROOT, 'bench-results', 'uploads', 'orders'),
      secrets,
      env: { MAIL_ENABLED: String(outbox), DATA_DIR: data },
    });
    let rush;
    let journey;
    try {
      const driver = async (mode, extra) => {
        const out = await run(
          process.execPath,
          [...TSX, script, mode, '--url', url, '--api', api.base, '--in', planFile, ...extra],
          { quiet: true, label: `The checkout benchmark (${mode})` },
        );
        return JSON.parse(out.trim().split('\n').at(-1));
      };
      rush = await driver('checkout', ['--concurrency', String(SHOPPERS)]);
      console.log(
        `  ${Math.round(rush.perSecond)} orders/s; ${rush.placed} placed, ${rush.refused} refused (sold out), oversold ${rush.oversold}; place-order p50 ${rush.p50.toFixed(1)} ms p99 ${rush.p99.toFixed(1)} ms`,
      );
      if (withJourney) {
        journey = await driver('shop', ['--seconds', String(seconds), '--warmup', String(warmup)]);
        console.log(
          `  shopping journey (add to cart + order, ${journey.shoppers} shoppers): ${Math.round(journey.perSecond)} orders/s, oversold ${journey.oversold}`,
        );
      }
    } finally {
      await api.stop();
    }
    for (const r of [rush, journey]) {
      if (r?.errors)
        throw new UserError(
          `The checkout benchmark had ${r.errors} unexpected answers, e.g. ${r.firstErrors.join(' | ')}`,
        );
    }
    return { rush, journey };
  };

  const off = await rushWith(false, false);
  const { rush, journey } = await rushWith(true, true);
  record(
    'orders.per_s',
    rush.perSecond,
    'orders/s',
    `${rush.buyers} ready carts, ${SHOPPERS} at a time, cash on delivery, mail outbox on`,
  );
  record(
    'orders.per_s_outbox_off',
    off.rush.perSecond,
    'orders/s',
    'the same rush on a fresh database with MAIL_ENABLED=false (no outbox rows)',
  );
  record(
    'orders.outbox_ratio',
    rush.perSecond / off.rush.perSecond,
    'ratio',
    'orders/s with the outbox ÷ without, same run (target ≥ 0.9)',
  );
  record(
    'orders.oversold',
    journey.oversold + journey.mismatched + off.rush.oversold,
    'units',
    `units sold beyond stock; ${journey.hotSoldOut} of 2 hot products sold out`,
  );
  record('orders.p99_ms', rush.p99, 'ms', 'place-order as the shoppers saw it (client side)');
  record(
    'orders.journey_per_s',
    journey.perSecond,
    'orders/s',
    `${journey.shoppers} shoppers: add to cart + place order, again and again`,
  );
}

async function storefrontPart(db) {
  const dist = await preparing(() => ensureBuilt(UI_BUILDS.storefront));
  if (!dist) throw new UserError('The storefront cannot be built yet, so it cannot be measured.');
  const secrets = benchSecrets();
  const catalogue = await benchDatabase(db.serverUrl, LIST_SIZE, args['db-prefix']);
  const [port, serverPort] = [await freePort(), await freePort()];
  const api = await startApi({
    ...catalogue,
    secrets,
    env: { CORS_ORIGINS: [port, serverPort].map((p) => `http://127.0.0.1:${p}`).join(',') },
  });
  // The storefront server as it runs in production (its own process, the page cache on).
  const server = startServer(
    'storefront',
    process.execPath,
    [
      resolve(ROOT, 'storefront/dist-server/serve.js'),
      dist,
      '--port',
      String(serverPort),
      '--host',
      '127.0.0.1',
      '--api-url',
      api.base,
    ],
    { env: { NODE_ENV: 'production', PUBLIC_URL: `http://127.0.0.1:${serverPort}` } },
  );
  const site = `http://127.0.0.1:${serverPort}`;
  try {
    await waitForHttp(`${site}/robots.txt`, { server, what: 'The storefront server' });
    const product = (await (await fetch(`${api.base}/product?limit=1`)).json()).products[0]._id;
    const category = (await (await fetch(`${api.base}/category`)).json()).categories[0].slug;
    const productPath = `/product/${product}`;

    step(
      `Storefront server: rendered pages (cached) against its static index.html (${connections} connections, ${tool()})…`,
    );
    // Each page's first render (a page-cache miss: the API's answers, React, compression), timed alone; the
    // runs below then measure the pages as kept, which is what shoppers get between catalogue changes.
    const firstRender = {};
    for (const path of [productPath, '/store']) {
      const started = performance.now();
      const res = await fetch(site + path);
      await res.arrayBuffer();
      if (res.status !== 200)
        throw new UserError(`The storefront server answered ${path} with ${res.status}`);
      firstRender[path] = performance.now() - started;
    }
    const opts = { connections, seconds, warmup };
    const staticRun = await measure(site, ['/index.html'], opts);
    const productRun = await measure(site, [productPath], opts);
    const storeRun = await measure(site, ['/store'], opts);
    const staticAgain = await measure(site, ['/index.html'], { ...opts, warmup: 0 });
    const staticRps = (staticRun.rps + staticAgain.rps) / 2;
    console.log(
      `  static index.html ${fmt(staticRun)}\n  ${productPath} ${fmt(productRun)}\n  /store ${fmt(storeRun)}`,
    );
    record(
      'storefront.static_rps',
      staticRps,
      'req/s',
      `index.html from the storefront server, mean of before and after (${tool()})`,
    );
    record(
      'storefront.product_page_rps',
      productRun.rps,
      'req/s',
      `${productPath} rendered, from the page cache`,
    );
    record(
      'storefront.product_page_ratio',
      productRun.rps / staticRps,
      'ratio',
      'product page ÷ static index.html, same run',
    );
    record('storefront.product_page_p99_ms', productRun.p99, 'ms', `${tool()}, ${connections} connections`);
    record('storefront.store_page_rps', storeRun.rps, 'req/s', '/store rendered, from the page cache');
    record(
      'storefront.store_page_ratio',
      storeRun.rps / staticRps,
      'ratio',
      '/store ÷ static index.html, same run',
    );
    record('storefront.store_page_p99_ms', storeRun.p99, 'ms', `${tool()}, ${connections} connections`);
    for (const [label, path] of [
      ['product', productPath],
      ['store', '/store'],
    ])
      record(
        `storefront.${label}_first_render_ms`,
        firstRender[path],
        'ms',
        `${path}, not yet kept, one request`,
      );

    for (const [label, path] of [
      ['store', '/store'],
      ['product', productPath],
    ]) {
      step(`Storefront ${path}: first-load JavaScript and LCP in Chromium with 4× CPU throttling…`);
      const out = await run(
        process.execPath,
        [
          ...TSX,
          resolve(ROOT, 'scripts/bench/storefront.ts'),
          '--dist',
          dist,
          '--port',
          String(port),
          '--api',
          api.base,
          '--runs',
          args.quick ? '3' : '5',
          '--path',
          path,
        ],
        { quiet: true, label: 'The storefront benchmark' },
      );
      const r = JSON.parse(out.trim().split('\n').at(-1));
      console.log(
        `  first load ${r.jsGzipKb.toFixed(1)} kB gzip; the visit ${r.files.length} scripts, ${r.visitJsGzipKb.toFixed(1)} kB gzip (${r.jsKb.toFixed(1)} kB raw); LCP ${r.lcpRuns.join(', ')} ms (${r.lcpElement})`,
      );
      if (label === 'store') {
        record(
          'storefront.store_js_gzip_kb',
          r.jsGzipKb,
          'kB',
          'what the first render of /store needs (entry + page chunk and their static imports), gzip',
        );
        record(
          'storefront.store_visit_js_gzip_kb',
          r.visitJsGzipKb,
          'kB',
          `${r.files.length} scripts loaded by a cold visit of /store until the network is idle, gzip`,
        );
      }
      record(
        `storefront.${label}_lcp_ms`,
        r.lcpMs,
        'ms',
        `${path}: median of ${r.lcpRuns.length}, Chromium, 4× CPU throttling, cold cache`,
      );
    }

    if (args['skip-lighthouse']) return;
    // Fifteen Lighthouse runs (five pages × three) take minutes: --quick takes each page once (its scores move by
    // a point or two between runs; the median of 3 is for the runs whose figures are quoted).
    const lighthouseRuns = args.quick ? 1 : 3;
    const ofRuns = lighthouseRuns > 1 ? `median of ${lighthouseRuns}` : 'one run';
    step(
      `Lighthouse 12.2.3 (mobile preset, simulated throttling, ${ofRuns}) on home, /store, a category, a product and the cart…`,
    );
    // The cart is `noindex` (a shopper's own page): its SEO score names that and stays below 100.
    const pages = ['/', '/store', `/store/${category}`, productPath, '/cart'];
    const out = await run(
      process.execPath,
      [
        resolve(ROOT, 'scripts/bench/lighthouse.mjs'),
        '--site',
        site,
        '--runs',
        String(lighthouseRuns),
        ...pages,
      ],
      { quiet: true, label: 'Lighthouse' },
    );
    const names = ['home', 'store', 'category', 'product', 'cart'];
    JSON.parse(out.trim().split('\n').at(-1)).forEach((p, i) => {
      console.log(
        `  ${p.path}: performance ${p.performance}, accessibility ${p.accessibility}, best practices ${p.bestPractices}, SEO ${p.seo}; LCP ${p.lcpMs} ms${p.failed.length ? ` (below 1: ${p.failed.join(', ')})` : ''}`,
      );
      for (const c of ['performance', 'accessibility', 'bestPractices', 'seo'])
        record(`lighthouse.${names[i]}.${c}`, p[c], 'score', `${p.path}, ${ofRuns}`);
      record(`lighthouse.${names[i]}.lcp_ms`, p.lcpMs, 'ms', `${p.path}, simulated mobile, ${ofRuns}`);
    });
  } finally {
    await server.stop();
    await api.stop();
  }
}

/** The API process's resident memory now (kB), from /proc (Linux); null elsewhere. */
function rssKb(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

/** Streams the export to nowhere, sampling the API's memory every 50 ms; seconds, bytes, rows and peak RSS. */
async function timedExport(base, pid, token) {
  const before = rssKb(pid);
  let peak = before ?? 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssKb(pid) ?? 0);
  }, 50);
  const started = performance.now();
  let bytes = 0;
  let rows = -1;
  try {
    const res = await fetch(`${base}/catalog/export`, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) throw new UserError(`GET /catalog/export answered ${res.status}`);
    for await (const chunk of res.body) {
      bytes += chunk.length;
      for (const b of chunk) if (b === 10) rows++;
    }
  } finally {
    clearInterval(sampler);
  }
  return {
    seconds: (performance.now() - started) / 1000,
    bytes,
    rows,
    beforeMb: (before ?? 0) / 1024,
    peakMb: peak / 1024,
  };
}

/** Uploads the file for a preview, then applies every batch; seconds of each and the preview's counts. */
async function timedImport(base, token, file) {
  const auth = { authorization: `Bearer ${token}` };
  const form = new FormData();
  form.append('file', new Blob([readFileSync(file)], { type: 'text/csv' }), 'bench.csv');
  form.append('batchSize', '500');
  let t = performance.now();
  const res = await fetch(`${base}/catalog/import`, { method: 'POST', headers: auth, body: form });
  const preview = await res.json();
  if (res.status !== 201) throw new UserError(`The import preview answered ${res.status}: ${preview.msg}`);
  const previewSeconds = (performance.now() - t) / 1000;
  t = performance.now();
  let state = preview.import;
  while (state.state !== 'done') {
    const r = await fetch(`${base}/catalog/import/${state._id}/apply`, { method: 'POST', headers: auth });
    const body = await r.json();
    if (r.status !== 200) throw new UserError(`Applying a batch answered ${r.status}: ${body.msg}`);
    state = body.import;
  }
  return { previewSeconds, applySeconds: (performance.now() - t) / 1000, preview: preview.import };
}

/** Staff at their desks: a few at once, not a crowd. */
const LIST_CONNECTIONS = 4;

async function catalogPart(db) {
  const secrets = benchSecrets();
  const script = resolve(ROOT, 'scripts/bench/catalog-csv.ts');
  const helper = async (...a) =>
    JSON.parse(
      (await run(process.execPath, [...TSX, script, ...a], { quiet: true, label: `catalog-csv.ts ${a[0]}` }))
        .trim()
        .split('\n')
        .at(-1),
    );
  // One API process (WEB_CONCURRENCY=1), so that its memory is the process measured.
  const single = { WEB_CONCURRENCY: '1' };
  const exportSizes = [LIST_SIZE, ...(args.full ? [1_000_000] : [])];
  for (const size of exportSizes) {
    const big = await benchDatabase(db.serverUrl, size, args['db-prefix']);
    if (size === LIST_SIZE) {
      await preparing(async () => {
        await helper('customers', '--url', big.url, '--count', String(LIST_SIZE));
        await helper('orders', '--url', big.url, '--count', String(LIST_SIZE));
      });
    }
    const { token } = await preparing(() =>
      helper('admin', '--url', big.url, '--secret', secrets.JWT_SECRET),
    );
    const api = await startApi({ ...big, secrets, env: single });
    try {
      step(`Catalogue export, ${size.toLocaleString('en')} products…`);
      const e = await timedExport(api.base, api.pid, token);
      console.log(
        `  ${e.rows.toLocaleString('en')} rows, ${(e.bytes / 1024 / 1024).toFixed(1)} MB in ${e.seconds.toFixed(1)} s (${Math.round(e.rows / e.seconds).toLocaleString('en')} rows/s); API memory ${e.beforeMb.toFixed(0)} MB before, peak ${e.peakMb.toFixed(0)} MB while streaming`,
      );
      record(
        `catalog.export.${size}.seconds`,
        e.seconds,
        's',
        `${e.rows} variant rows, ${Math.round(e.bytes / 1024 / 1024)} MB, read to the end by one client`,
      );
      record(`catalog.export.${size}.rows_per_s`, e.rows / e.seconds, 'rows/s');
      record(
        `catalog.export.${size}.peak_rss_mb`,
        e.peakMb,
        'MB',
        `the API process (RSS sampled every 50 ms); ${e.beforeMb.toFixed(0)} MB before the export`,
      );
      if (size !== LIST_SIZE) continue;

      step(
        `Back-office lists at ${LIST_SIZE.toLocaleString('en')} customers, orders and products, ${LIST_CONNECTIONS} connections…`,
      );
      const headers = { ...CLIENT_HEADERS, authorization: `Bearer ${token}` };
      const pages = (make) => Array.from({ length: 40 }, (_, i) => make(i));
      const month = (i) => `2025-${String(1 + (i % 12)).padStart(2, '0')}`;
      const lists = {
        customers_name: pages((i) => `/admin/users?limit=50&sort=name&dir=asc&page=${1 + i * 37}`),
        customers_joined: pages((i) => `/admin/users?limit=50&page=${1 + i * 41}`),
        customers_filtered: pages(
          (i) => `/admin/users?limit=50&blocked=false&joinedFrom=2025-0${1 + (i % 9)}-01&page=${1 + (i % 5)}`,
        ),
        // The bench's customers are "Customer 000997 Rao", customer997@bench.voltcart.test: the search matches the
        // start of a name word or of the email, so the six-digit word finds its customer as before…
        customers_search: pages((i) => `/admin/users?limit=50&q=${String(i * 997).padStart(6, '0')}`),
        // …and this is what staff type: an email's start (customer2011 → 11 accounts, customer40220 → 1), or a
        // surname that a fifth of them share with the start of another word ("rao 0038" → 20).
        customers_search_typed: pages((i) => {
          const surname = ['rao', 'iyer', 'khan', 'das', 'patel'][i % 5];
          const q =
            i % 2
              ? `customer${(i * 2011) % 100_000}`
              : `${surname} ${String(i * 997)
                  .padStart(6, '0')
                  .slice(0, 4)}`;
          return `/admin/users?limit=50&q=${encodeURIComponent(q)}`;
        }),
        // As the back office asks: with the brand and category counts of its filters (facets=1).
        products_admin: pages((i) => `/product?limit=50&facets=1&sort=price_asc&page=${1 + i * 11}`),
        products_filtered: pages(
          (i) =>
            `/product?limit=50&facets=1&status=${i % 2}&top=${(i >> 1) % 2}&minPrice=${1000 * (i % 5)}&maxPrice=${100_000 + 1000 * i}&sort=${['price_desc', 'newest', 'discount'][i % 3]}`,
        ),
        products_stock_state: pages(
          (i) =>
            `/product?limit=50&facets=1&${i % 2 ? 'outOfStock=1' : 'inStock=1'}&page=${1 + (i % 7)}${i % 3 ? '&status=1' : ''}`,
        ),
        products_low_stock: pages((i) => `/product?limit=50&facets=1&lowStock=1&page=${1 + (i % 20)}`),
        orders_date: pages((i) => `/order?limit=50&page=${1 + i * 49}`),
        orders_sorted: pages(
          (i) =>
            `/order?limit=50&sort=${['total', 'state', 'payment'][i % 3]}&dir=${i % 2 ? 'asc' : 'desc'}&page=${1 + i * 47}`,
        ),
        orders_to_ship: pages(
          (i) =>
            `/order?limit=50&state=placed,paid${i % 2 ? `&payment_mode=${(i >> 1) % 2}` : ''}&page=${1 + (i % 9)}`,
        ),
        orders_filtered: pages(
          (i) =>
            `/order?limit=50&state=${['delivered', 'shipped,delivered', 'cancelled,payment_failed'][i % 3]}&from=${month(i)}-01&to=2026-${month(i).slice(5)}-28&minTotal=${5000 * (i % 4)}&maxTotal=${60_000 + 5000 * i}&sort=${i % 2 ? 'total' : 'date'}&page=${1 + (i % 3)}`,
        ),
      };
      // The yardstick: a bare Hono JSON route (same stack, one worker) loaded the same way before and after the
      // lists; each list's p99 is also given as a ratio to the mean of the two, as the other parts do.
      const baseline = await startBaseline({ WEB_CONCURRENCY: '1' });
      const baselineP99 = [];
      const measureBaseline = async () => {
        const r = await measure(baseline.base, ['/'], { connections: LIST_CONNECTIONS, seconds, warmup: 1 });
        baselineP99.push(r.p99);
        console.log(`  ${'baseline'.padEnd(20)} ${fmt(r)}`);
      };
      await measureBaseline();
      const measured = [];
      for (const [name, paths] of Object.entries(lists)) {
        // A list that fails under load (answers past the request deadline) is reported, and the part goes on.
        const check = await fetch(api.base + paths[0], { headers });
        const body = await check.json();
        if (check.status !== 200 || !body.total) {
          warn(`  ${name}: GET ${paths[0]} answered ${check.status} (${body.msg ?? `${body.total} rows`})`);
          continue;
        }
        const r = await measure(api.base, paths, {
          connections: LIST_CONNECTIONS,
          seconds,
          warmup: 1,
          headers,
        }).catch((e) => {
          warn(`  ${name}: ${e.message}`);
          return null;
        });
        if (!r) continue;
        console.log(`  ${name.padEnd(20)} ${fmt(r)}`);
        measured.push([name, r]);
      }
      await measureBaseline();
      await baseline.stop();
      // autocannon reports whole milliseconds: a bare route's p99 under 1 ms reads 0, taken as 1 ms here.
      const baseP99 = Math.max(mean(baselineP99), hasWrk() ? 0.001 : 1);
      for (const [name, r] of measured) {
        record(
          `catalog.list.${name}.p99_ms`,
          r.p99,
          'ms',
          `${tool()}, ${LIST_CONNECTIONS} connections, ${LIST_SIZE} rows, admin token (target ≤ 200 ms)`,
        );
        record(`catalog.list.${name}.rps`, r.rps, 'req/s', tool());
        record(
          `catalog.list.${name}.p99_ratio`,
          r.p99 / baseP99,
          'ratio',
          `÷ the bare route's p99 (${baselineP99.map((x) => x.toFixed(2)).join(' and ')} ms, before and after)`,
        );
      }
    } finally {
      await api.stop();
    }
  }

  const rows = 100_000;
  const url = databaseUrl(db.serverUrl, `${args['db-prefix']}_import`);
  const file = resolve(ROOT, 'bench-results', 'catalog-import.csv');
  const prepared = await preparing(() =>
    helper('import-prepare', '--url', url, '--rows', String(rows), '--out', file),
  );
  const { token } = await preparing(() => helper('admin', '--url', url, '--secret', secrets.JWT_SECRET));
  const api = await startApi({
    url,
    uploads: resolve(ROOT, 'bench-results', 'uploads', 'import'),
    secrets,
    env: single,
  });
  try {
    step(
      `Catalogue import: ${rows.toLocaleString('en')} new rows (${(prepared.bytes / 1024 / 1024).toFixed(1)} MB), batches of 500…`,
    );
    const first = await timedImport(api.base, token, file);
    const total = first.previewSeconds + first.applySeconds;
    console.log(
      `  preview ${first.previewSeconds.toFixed(1)} s (${first.preview.create.toLocaleString('en')} to create), apply ${first.applySeconds.toFixed(1)} s in ${first.preview.batches} batches: ${Math.round(rows / total).toLocaleString('en')} rows/s overall`,
    );
    const again = await timedImport(api.base, token, file);
    const againTotal = again.previewSeconds + again.applySeconds;
    console.log(
      `  the same file again: ${again.preview.unchanged.toLocaleString('en')} unchanged, ${(again.preview.create + again.preview.update).toLocaleString('en')} to change; ${againTotal.toFixed(1)} s (${Math.round(rows / againTotal).toLocaleString('en')} rows/s)`,
    );
    record(
      'catalog.import.rows_per_s',
      rows / total,
      'rows/s',
      `${rows} new rows: preview and apply, batches of 500, one API process`,
    );
    record(
      'catalog.import.preview_s',
      first.previewSeconds,
      's',
      'upload, read, check against the catalogue, keep',
    );
    record(
      'catalog.import.apply_s',
      first.applySeconds,
      's',
      `${first.preview.batches} batches, one transaction each`,
    );
    record(
      'catalog.import.again_rows_per_s',
      rows / againTotal,
      'rows/s',
      `the same file again: ${again.preview.unchanged} rows unchanged, nothing written`,
    );
  } finally {
    await api.stop();
    await helper('drop', '--url', url);
    rmSync(file, { force: true });
  }
}

async function imagesPart(db) {
  const secrets = benchSecrets();
  const url = databaseUrl(db.serverUrl, 'vc_bench_images');
  const uploads = resolve(ROOT, 'bench-results', 'uploads', 'images');
  const script = resolve(ROOT, 'scripts/bench/images.ts');
  rmSync(uploads, { recursive: true, force: true });
  const prepared = await preparing(() =>
    run(process.execPath, [...TSX, script, 'prepare', '--url', url, '--secret', secrets.JWT_SECRET], {
      quiet: true,
      label: 'Preparing the image benchmark',
    }),
  );
  const { token } = JSON.parse(prepared.trim().split('\n').at(-1));
  // Image work is sharp's, on every core, and the uploader is nearly idle: the API gets the production
  // default of one worker per CPU here, as sharp alone gets every core.
  const api = await startApi({
    url,
    uploads,
    secrets,
    env: { WEB_CONCURRENCY: process.env.WEB_CONCURRENCY || String(availableParallelism()) },
  });
  step(`Images: ${PHOTOS} photos through the admin bulk upload → API → sharp → storage, then sharp alone…`);
  let r;
  try {
    const out = await run(
      process.execPath,
      [...TSX, script, 'run', '--api', api.base, '--token', token, '--photos', String(PHOTOS)],
      { quiet: true, label: 'The image benchmark' },
    );
    r = JSON.parse(out.trim().split('\n').at(-1));
  } finally {
    await api.stop();
    rmSync(uploads, { recursive: true, force: true });
  }
  if (r.failed) throw new UserError(`${r.failed} of ${r.photos} uploads failed in the image benchmark.`);
  console.log(
    `  upload ${r.uploadPhotosPerSecond} photos/s (${(r.uploadMs / 1000).toFixed(1)} s), sharp alone ${r.sharpPhotosPerSecond} photos/s (${(r.sharpMs / 1000).toFixed(1)} s), ${r.concurrency} at a time`,
  );
  record(
    'images.bulk_ratio',
    r.sharpMs / r.uploadMs,
    'ratio',
    `${r.photos} photos ${r.size}² JPEG; upload throughput ÷ sharp alone`,
  );
  record(
    'images.upload_per_s',
    r.uploadPhotosPerSecond,
    'photos/s',
    `bulk upload, ${r.concurrency} at a time`,
  );
  record(
    'images.sharp_per_s',
    r.sharpPhotosPerSecond,
    'photos/s',
    'sharp alone, same photos and concurrency',
  );
}

function printTable(release) {
  const rows = results.map((r) => [
    r.name,
    formatValue(r.value, r.unit),
    r.unit,
    vsRelease(r, release.figures).text,
    notes.get(r.name) ?? '',
  ]);
  const w = [0, 1, 2, 3].map((i) => Math.max(...rows.map((r) => r[i].length), i === 3 ? 10 : 4));
  console.log(
    `\n${bold('name'.padEnd(w[0]))}  ${bold('value'.padStart(w[1]))}  ${bold('unit'.padEnd(w[2]))}  ${bold('vs release'.padStart(w[3]))}  ${bold('how')}`,
  );
  for (const r of rows)
    console.log(
      `${r[0].padEnd(w[0])}  ${r[1].padStart(w[1])}  ${r[2].padEnd(w[2])}  ${r[3].padStart(w[3])}  ${dim(r[4])}`,
    );
}

function formatValue(v, unit) {
  if (unit === 'ratio') return v.toFixed(2);
  if (unit === 'req/s' || unit === 'orders/s') return Math.round(v).toLocaleString('en');
  if (unit === 'photos/s') return v.toFixed(1);
  if (unit === 'units' || unit === 'score') return String(v);
  if (unit === 'ms' || unit === 'kB') return v.toFixed(unit === 'ms' && v >= 100 ? 0 : 2);
  return String(v);
}

await main(async () => {
  const started = Date.now();
  await ensureInstalled();
  const startLoad = loadavg()[0];
  if (startLoad > availableParallelism())
    warn(
      `The load average is ${startLoad.toFixed(1)} on ${availableParallelism()} CPUs: figures will be noisy.`,
    );
  if (!hasWrk())
    warn(
      'wrk is not installed (apt-get install wrk): using autocannon, whose latencies are whole milliseconds.',
    );
  const db = await ensureDatabase({ quiet: true });
  mkdirSync(resolve(ROOT, 'bench-results'), { recursive: true });
  const parts = {
    api: () => apiPart(db),
    search: () => searchPart(db),
    orders: () => ordersPart(db),
    storefront: () => storefrontPart(db),
    images: () => imagesPart(db),
    catalog: () => catalogPart(db),
    gst: async () => (await import('./bench/gst.mjs')).gstPart({ db, record, args }),
    promotions: async () =>
      (await import('./bench/promotions.mjs')).promotionsPart(db, {
        quick: args.quick,
        prefix: args['db-prefix'],
        record,
      }),
    reports: async () => (await import('./bench/reports-part.mjs')).reportsPart({ db, args, record }),
    reviews: async () =>
      (await import('./bench/reviews.mjs')).reviewsPart(db, {
        record,
        prefix: args['db-prefix'],
        connections,
        seconds,
        warmup,
      }),
    delivery: async () =>
      (await import('./bench/delivery.mjs')).deliveryPart(db, { record, args, seconds, warmup, connections }),
  };
  // In PHASES order whatever the order of --only. A part that fails stops the run, after the times so far.
  try {
    for (const name of PHASES) if (only.includes(name)) await timedPart(name, parts[name]);
  } catch (e) {
    printPartTimes();
    throw e;
  }

  const release = readRelease();
  printTable(release);
  printSideBySide(results, release, formatValue);
  printPartTimes();
  const out = JSON.stringify(results, null, 2);
  const latest = resolve(ROOT, 'bench-results', 'latest.json');
  writeFileSync(latest, `${out}\n`);
  if (args.json) {
    mkdirSync(dirname(resolve(args.json)), { recursive: true });
    writeFileSync(resolve(args.json), `${out}\n`);
  }
  const loadAverage = loadavg().map((l) => Number(l.toFixed(1)));
  console.log(
    dim(
      `\n${results.length} figures in ${Math.round((Date.now() - started) / 1000)} s; load average ${loadAverage.join(' ')} (at the start ${startLoad.toFixed(1)})`,
    ),
  );
  if (args['save-release'])
    saveRelease(results, {
      command: `npm run bench -- ${process.argv.slice(2).join(' ')}`.trim(),
      parts: PHASES.filter((p) => only.includes(p)),
      loadAverage: `${startLoad.toFixed(1)} at the start, ${loadAverage.join(' ')} at the end`,
      machine: `${availableParallelism()} CPUs, ${hasWrk() ? 'wrk' : 'autocannon'}; a shared machine: compare ratios first`,
    });
});
