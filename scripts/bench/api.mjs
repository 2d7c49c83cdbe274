import { randomBytes } from 'node:crypto';
import { get } from 'node:http';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { databaseUrl } from '../lib/database.mjs';
import { ROOT, step, UserError } from '../lib/log.mjs';
import { freePort } from '../lib/ports.mjs';
import { run, startServer, waitForHttp } from '../lib/processes.mjs';
import { load } from './load.mjs';
import { lastJson, TSX } from './shared.mjs';
import { preparing } from './timings.mjs';

/** Secrets for production mode: generated per run, never used for anything real. */
export function benchSecrets() {
  return {
    JWT_SECRET: randomBytes(32).toString('hex'),
    // Read benchmarks never reach Razorpay, and checkout is measured with cash on delivery, which does not
    // either; production mode only refuses to start without a key.
    RAZORPAY_KEY_ID: 'rzp_test_benchmark',
    RAZORPAY_KEY_SECRET: randomBytes(16).toString('hex'),
  };
}

/**
 * Seeds (or reuses) <prefix>_<products> (vc_bench_<products> unless --db-prefix names another, e.g. to keep
 * a million-product catalogue apart from someone else's run) and returns its URL and picture folder.
 */
export function benchDatabase(server, products, prefix = 'vc_bench') {
  const name = `${prefix}_${products}`;
  // Checked once per run: the parts that share a catalogue (api, search, storefront, catalog) would otherwise each
  // start seed.ts again just to find it ready.
  const key = `${server} ${name}`;
  if (!checked.has(key))
    checked.set(
      key,
      preparing(() => seedOrReuse(server, products, name, prefix)),
    );
  return checked.get(key);
}

const checked = new Map();

async function seedOrReuse(server, products, name, prefix) {
  const url = databaseUrl(server, name);
  const uploads = resolve(ROOT, 'bench-results', 'uploads', prefix === 'vc_bench' ? String(products) : name);
  const out = await run(
    process.execPath,
    [
      ...TSX,
      resolve(ROOT, 'scripts/bench/seed.ts'),
      '--url',
      url,
      '--products',
      String(products),
      '--uploads',
      uploads,
    ],
    { quiet: true, label: `Seeding ${products} products` },
  );
  const r = lastJson(out);
  step(
    r.reused
      ? `${products.toLocaleString('en')} products: database reused${r.reindexed ? `, search index built again in ${(r.ms / 1000).toFixed(1)} s` : ''}`
      : `${products.toLocaleString('en')} products: seeded in ${(r.ms / 1000).toFixed(1)} s`,
  );
  return { url, uploads };
}

/**
 * API workers for the benchmark: WEB_CONCURRENCY when set, else one per CPU but one, because the load
 * generator and the database run on the same machine (measured on 2 cores: two workers next to wrk and
 * MariaDB served a cached page 19 % slower, with a p99 six times longer, than one worker; the production
 * default, one per CPU, is right for a machine that only serves).
 */
export const BENCH_WORKERS = process.env.WEB_CONCURRENCY || String(Math.max(1, availableParallelism() - 1));

/**
 * Starts the API as in production (NODE_ENV=production, BENCH_WORKERS workers) on a free port and waits until
 * it is ready. `env` overrides, e.g. CATALOG_CACHE_SECONDS=0.
 */
export async function startApi({ url, uploads, secrets, env = {}, name = 'api' }) {
  const port = await freePort();
  // BENCH_CPU_PROF=DIR: the API's processes write V8 CPU profiles there when they stop (open in Chrome's DevTools).
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  const server = startServer(
    name,
    process.execPath,
    [...profile, ...TSX, resolve(ROOT, 'api/src/server.ts')],
    {
      env: {
        NODE_ENV: 'production',
        WEB_CONCURRENCY: BENCH_WORKERS,
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: url,
        UPLOAD_DIR: uploads,
        LOG_LEVEL: 'warn',
        ...secrets,
        ...env,
      },
    },
  );
  const base = `http://127.0.0.1:${port}`;
  await waitForHttp(`${base}/ready`, { server, what: 'The API', timeoutMs: 180_000 });
  return { base, stop: server.stop, pid: server.child.pid };
}

export async function startBaseline(env = {}) {
  const port = await freePort();
  const server = startServer(
    'baseline',
    process.execPath,
    [...TSX, resolve(ROOT, 'scripts/bench/baseline-server.ts')],
    {
      env: {
        NODE_ENV: 'production',
        WEB_CONCURRENCY: BENCH_WORKERS,
        PORT: String(port),
        HOST: '127.0.0.1',
        ...env,
      },
    },
  );
  const base = `http://127.0.0.1:${port}`;
  await waitForHttp(`${base}/`, { server, what: 'The baseline server' });
  return { base, stop: server.stop };
}

async function getJson(base, path) {
  const res = await fetch(base + path);
  const body = await res.json().catch(() => null);
  if (!res.ok || body?.flag !== 1)
    throw new UserError(`GET ${path} answered ${res.status}: ${JSON.stringify(body)?.slice(0, 300)}`);
  return body;
}

/**
 * The requests each scenario sends, read from the running API so that they match the seeded catalogue:
 * - list: the biggest category's first page of 24; list_color: the first colour's first page
 * - detail: 200 products of the first pages in rotation (a shop's traffic goes to its popular products)
 * - search: a rotation of brand and model words, one and two words long
 */
export async function scenarios(base) {
  const { categories } = await getJson(base, '/category');
  const category = [...categories].sort((a, b) => b.productCount - a.productCount)[0];
  if (!category) throw new UserError('The benchmark catalogue has no category.');
  const { colors } = await getJson(base, '/color');
  const color = colors.find((c) => c.status) ?? colors[0];
  const { products } = await getJson(base, '/product?limit=200');
  if (products.length < 24) throw new UserError('The benchmark catalogue has fewer than 24 products.');
  const words = [...new Set(products.flatMap((p) => p.name.toLowerCase().split(/\s+/)))].filter((w) =>
    /^[a-z]{4,}$/.test(w),
  );
  const brands = [...new Set(products.map((p) => p.brand.toLowerCase()))].filter(Boolean);
  const terms = [
    ...brands.slice(0, 8),
    ...words.slice(0, 8),
    ...brands.slice(0, 4).map((b, i) => `${b} ${words[i] ?? ''}`.trim()),
  ];
  const q = (s) => encodeURIComponent(s);
  return {
    list: [`/product?limit=24&categorySlug=${q(category.slug)}`],
    /** Page 100 of the same category: OFFSET 2,376. */
    list_deep: [`/product?limit=24&page=100&categorySlug=${q(category.slug)}`],
    list_color: [`/product?limit=24&colorSlug=${q(color.slug)}`],
    detail: products.map((p) => `/product/${p._id}`),
    categories: ['/category'],
    search: terms.map((t) => `/product?limit=24&q=${q(t)}`),
    /** Search as shoppers type it: plurals, a typo, a synonym, a memory size, a prefix. */
    search_typed: ['laptops', 'samsng phone', 'earphones', '256gb', 'lapt', 'iphone 15 pro'].map(
      (t) => `/product?limit=24&q=${q(t)}`,
    ),
    /** The store's search: shopper-typed queries with the filter counts the results page shows. */
    search_store: ['laptops', 'samsng phone', 'earphones', '256gb', 'lapt', 'iphone 15 pro'].map(
      (t) => `/product?limit=24&facets=1&q=${q(t)}`,
    ),
    /** A faceted list: three filters and a sort, with the counts (the store with filters chosen). */
    list_faceted: brands
      .slice(0, 4)
      .map(
        (b) =>
          `/product?limit=24&facets=1&categorySlug=${q(category.slug)}&brand=${q(products.find((p) => p.brand.toLowerCase() === b)?.brand ?? b)}&inStock=1&minDiscount=10&sort=price_asc`,
      ),
    bestsellers: ['/product/best-sellers'],
  };
}

/** Checks that every path answers 200 with flag 1 before it is measured (a fast 404 is not a result). */
export async function checkPaths(base, paths) {
  for (const p of paths) await getJson(base, p);
}

/**
 * Like checkPaths, for answers that are computed once and then kept (search and faceted lists): a path whose
 * first answer is a 503 (its first load outlasted the request deadline: the matches of a common word in a
 * million products) is asked again until it answers, up to `tries` times. Returns the slowest path's time to
 * its first good answer, in ms.
 */
export async function warmPaths(base, paths, tries = 20) {
  let slowest = 0;
  for (const p of paths) {
    const started = performance.now();
    for (let i = 1; ; i++) {
      const res = await fetch(base + p);
      await res.arrayBuffer();
      if (res.status !== 503 || i >= tries) break;
    }
    await getJson(base, p);
    slowest = Math.max(slowest, performance.now() - started);
  }
  return slowest;
}

/**
 * What every shop client sends: browsers (the storefront) and the admin app's HTTP stack all accept gzip,
 * and the API answers catalogue reads compressed. The same header goes to the baseline (which ignores it).
 */
export const CLIENT_HEADERS = { 'Accept-Encoding': 'gzip, deflate, br' };

/** One answer's size on the wire (its body as sent, compressed or not) and its Content-Encoding. */
export function answerSize(base, path, headers = {}) {
  return new Promise((resolve, reject) => {
    get(`${base}${path}`, { headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => {
        bytes += chunk.length;
      });
      res.on('end', () => resolve({ bytes, encoding: res.headers['content-encoding'] ?? 'identity' }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

/** A warm-up, then the measured run. */
export async function measure(base, paths, { connections, seconds, warmup, headers = CLIENT_HEADERS }) {
  if (warmup > 0) await load({ base, paths, connections, seconds: warmup, headers });
  const r = await load({ base, paths, connections, seconds, headers });
  if (r.errors > r.requests * 0.001)
    throw new UserError(`${r.errors} of ${r.requests} requests failed while loading ${base}${paths[0]}`);
  return r;
}
