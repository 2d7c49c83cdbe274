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
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt, UI_BUILDS } from '../lib/build.mjs';
import { call, expectStatus, percentile, rawGet, slowUpload } from './http.mjs';
import {
  catchUp,
  crash,
  followPrimary,
  globalStatus,
  mariaDbBinaries,
  prepareAccounts,
  restart,
  startMariaDb,
  startReplication,
  tableFingerprints,
} from './mariadb.mjs';
import { nginxBinary, parseAccessLog, startNginx } from './nginx.mjs';
import {
  cleanup,
  fatal,
  findExecutable,
  freePort,
  onCleanup,
  removeDir,
  run,
  sleep,
  startProcess,
  tail,
  waitFor,
} from './processes.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);
/** The whole run, setup included, must end within this; a hang anywhere becomes a failure, not a stuck CI. */
const TIME_LIMIT_MS = 8 * 60_000;
const RACE_SHOPPERS = 30;
const RACE_STOCK = 5;
const LAG_SAMPLES = 20;

const started = performance.now();
const results = [];
const figures = {};
const log = (line = '') => console.log(line);
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const round = (ms) => `${ms < 10 ? ms.toFixed(1) : Math.round(ms)} ms`;

async function check(name, fn) {
  const t = performance.now();
  try {
    const detail = await fn();
    results.push({ name, ok: true });
    log(`  ✓ ${name}${detail ? ` — ${detail}` : ''} (${seconds(performance.now() - t)})`);
    return true;
  } catch (e) {
    results.push({ name, ok: false });
    log(`  ✗ ${name}\n      ${String(e?.message ?? e).replaceAll('\n', '\n      ')}`);
    return false;
  }
}

function assert(condition, message) {
  if (!condition) throw new Error(message);
}

// ---------------------------------------------------------------------------------------------------------
// Prerequisites

async function prerequisites() {
  const missing = [];
  const db = mariaDbBinaries();
  if (!db.server || !db.installDb) missing.push('mariadb-server');
  if (!nginxBinary()) missing.push('nginx');
  if (!missing.length) return true;
  const howTo = `Install them with:  sudo apt-get install -y ${missing.join(' ')}   (Debian/Ubuntu; macOS: brew install ${missing
    .map((m) => m.replace('-server', ''))
    .join(' ')})`;
  if (process.getuid?.() !== 0 || !findExecutable(['apt-get'])) {
    log(
      `The scale-out test needs ${missing.join(' and ')}, which ${missing.length > 1 ? 'are' : 'is'} not installed.\n${howTo}`,
    );
    return false;
  }
  log(`Installing ${missing.join(' ')} with apt-get…`);
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  const install = () =>
    run('apt-get', ['install', '-y', '--no-install-recommends', ...missing], { env, timeoutMs: 600_000 });
  try {
    await install();
  } catch {
    await run('apt-get', ['update'], { env, timeoutMs: 300_000 });
    await install();
  }
  return Boolean(nginxBinary() && mariaDbBinaries().server);
}

// ---------------------------------------------------------------------------------------------------------
// The cluster

async function startS3(dir) {
  const S3rver = require('s3rver');
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: join(dir, 's3'),
    configureBuckets: [{ name: 'voltcart-images' }],
  });
  const { port } = await server.run();
  onCleanup(() => server.close());
  return {
    STORAGE_DRIVER: 's3',
    S3_BUCKET: 'voltcart-images',
    S3_REGION: 'us-east-1',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  };
}

function startApi(name, port, env, dir) {
  const proc = startProcess(name, process.execPath, ['--import', 'tsx', 'api/src/server.ts'], {
    cwd: ROOT,
    cleanEnv: true,
    env: { ...env, PORT: String(port) },
    log: join(dir, `${name}.log`),
  });
  return { name, port, proc, base: `http://127.0.0.1:${port}`, upstream: `127.0.0.1:${port}` };
}

/**
 * The storefront server as deploy/web.Dockerfile and docker-compose.yml run it: production mode, the shop's
 * public origin (nginx), the API on that origin under /api for browsers, and reached through nginx's
 * balancing for rendering and the sitemap.
 */
function startWeb(port, origin, dist, dir) {
  const proc = startProcess(
    'web',
    process.execPath,
    ['storefront/dist-server/serve.js', dist, '--port', String(port), '--host', '127.0.0.1'],
    {
      cwd: ROOT,
      cleanEnv: true,
      env: {
        NODE_ENV: 'production',
        PUBLIC_URL: origin,
        API_PUBLIC_URL: `${origin}/api`,
        API_INTERNAL_URL: `${origin}/api`,
      },
      log: join(dir, 'web.log'),
    },
  );
  return { name: 'web', port, proc, upstream: `127.0.0.1:${port}` };
}

async function waitReady(api) {
  await waitFor(
    `${api.name} to be ready`,
    async () => {
      if (!api.proc.running) throw fatal(`${api.name} exited:\n${tail(api.proc.log)}`);
      return (await call(api.base, 'GET', '/ready', { timeoutMs: 2000 })).status === 200;
    },
    { timeoutMs: 90_000, everyMs: 250 },
  );
}

/** Runs the project's command line (api/src/cli.ts) against the primary with the APIs' settings. */
async function cli(env, args) {
  return run(process.execPath, ['--import', 'tsx', 'api/src/cli.ts', ...args], {
    cwd: ROOT,
    cleanEnv: true,
    env,
    timeoutMs: 120_000,
  });
}

async function tinyPng(seed) {
  const sharp = require('sharp');
  const hue = (seed * 53) % 255;
  return sharp({ create: { width: 96, height: 96, channels: 3, background: { r: hue, g: 80, b: 200 } } })
    .png()
    .toBuffer();
}

function productForm(fields, thumbnail) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, String(v));
  if (thumbnail) form.set('thumbnail', new Blob([thumbnail], { type: 'image/png' }), 'thumb.png');
  return form;
}

// ---------------------------------------------------------------------------------------------------------
// Load loops

/**
 * Runs `workers` loops of requests for `durationMs`; each loop calls `next(i)` for `[method, base, path, opts]`.
 * Returns every request with its start, end and status.
 */
async function loop({ workers, durationMs, next }) {
  const until = performance.now() + durationMs;
  const records = [];
  let n = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (performance.now() < until) {
        const i = n++;
        const [method, base, path, opts] = next(i);
        const t0 = performance.now();
        const r = await call(base, method, path, { ...opts, timeoutMs: 15_000 });
        records.push({
          i,
          method,
          path,
          status: r.status,
          error: r.error,
          t0,
          t1: performance.now(),
          body: r.body,
        });
      }
    }),
  );
  return records;
}

const failed = (r) => r.status === 0 || r.status >= 500;

/** The longest stretch with no answered request, among records sorted by end time. */
function longestSilence(records, from, to) {
  const ends = records
    .filter((r) => !failed(r))
    .map((r) => r.t1)
    .filter((t) => t >= from && t <= to)
    .sort((a, b) => a - b);
  let gap = 0;
  let prev = from;
  for (const t of ends) {
    gap = Math.max(gap, t - prev);
    prev = t;
  }
  return Math.max(gap, to - prev);
}

/**
 * Replica lag samples: a row written on the primary, timed from the commit until the replica returns it.
 * With `durationMs` it samples every `everyMs` for that long (lag under load); otherwise `count` in a row.
 */
async function sampleLag(primary, replica, { count = LAG_SAMPLES, durationMs = 0, everyMs = 100 } = {}) {
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

async function metricValue(api, series) {
  const r = await call(api.base, 'GET', '/metrics', { timeoutMs: 5000 });
  if (r.status !== 200) throw new Error(`${api.name} /metrics answered ${r.status}`);
  const text = String(r.body);
  const lines = text.split('\n').filter((l) => l.startsWith(series));
  return lines.reduce((sum, l) => sum + Number(l.slice(l.lastIndexOf(' ') + 1)), 0);
}

// ---------------------------------------------------------------------------------------------------------

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

  // --- databases and replication
  let primary;
  let replica;
  let apis;
  let nginx;
  let env;
  let web;
  const setupOk = await check(
    'cluster starts: MariaDB primary → replica (GTID), 2 API processes, the storefront server, nginx',
    async () => {
      // The storefront's build (dist/ and its server renderer dist-server/), made first when out of date.
      const dist = await ensureBuilt(UI_BUILDS.storefront);
      assert(dist, 'the storefront could not be built');
      [primary, replica] = await Promise.all([
        startMariaDb({ dir, name: 'primary', serverId: 1, role: 'primary' }),
        startMariaDb({ dir, name: 'replica', serverId: 2, role: 'replica' }),
      ]);
      await prepareAccounts(primary);
      await followPrimary(replica, primary);
      await catchUp(replica, primary);

      env = {
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        DATABASE_URL: primary.url(),
        DATABASE_REPLICA_URLS: replica.url(),
        DATABASE_POOL_SIZE: '10',
        JWT_SECRET: randomBytes(48).toString('base64url'),
        DATA_DIR: join(dir, 'data'),
        METRICS_ENABLED: 'true',
        // nginx appends the client address to X-Forwarded-For; login limits key on it.
        TRUST_PROXY: 'true',
        LOG_LEVEL: 'warn',
        ...(await startS3(dir)),
      };
      const [portA, portB] = await Promise.all([freePort(), freePort()]);
      apis = [startApi('api-a', portA, env, dir), startApi('api-b', portB, env, dir)];
      // Both start at once and both migrate: Kysely's migration lock lets exactly one do it.
      await Promise.all(apis.map(waitReady));
      const webPort = await freePort();
      nginx = await startNginx({ dir, upstreams: apis.map((a) => a.upstream), web: `127.0.0.1:${webPort}` });
      web = startWeb(webPort, nginx.origin, dist, dir);
      await waitFor(
        'the storefront server to answer through nginx',
        async () => {
          if (!web.proc.running) throw fatal(`the storefront server exited:\n${tail(web.proc.log)}`);
          return (await call(nginx.origin, 'GET', '/robots.txt', { timeoutMs: 2000 })).status === 200;
        },
        { timeoutMs: 30_000, everyMs: 250 },
      );
      return `primary :${primary.port}, replica :${replica.port}, APIs :${portA} :${portB}, storefront :${webPort}, nginx :${nginx.port}`;
    },
  );
  if (!setupOk) return finish();
  const [A, B] = apis;
  const lb = nginx.base;

  // --- catalogue and accounts
  const adminEmail = 'scale-admin@voltcart.test';
  const adminPassword = randomBytes(12).toString('base64url');
  let admin;
  const products = {};
  const seeded = await check('admin account and a small catalogue, written through the primary', async () => {
    const dbEnv = { ...env, DATABASE_URL: primary.url() };
    await cli(dbEnv, [
      'admin-create',
      '--email',
      adminEmail,
      // One argument: a random password may start with a dash.
      `--password=${adminPassword}`,
      '--name',
      'Scale Admin',
    ]);
    // The project's own sample catalogue, its pictures stored in the bucket by the same storage code.
    await cli(dbEnv, ['seed', '--products', '12', '--pictures', '3']);
    admin = expectStatus(
      await call(lb, 'POST', '/admin/login', { body: { email: adminEmail, password: adminPassword } }),
      200,
      'admin login',
    ).body.token;
    const cat = expectStatus(
      await call(lb, 'POST', '/category/create', {
        token: admin,
        form: productForm({ name: 'Scale Phones' }),
      }),
      201,
      'create category',
    ).body.category;
    const specs = {
      race: { name: 'Scale Race Phone', originalPrice: 19999, discountPercentage: 10, stock: RACE_STOCK },
      journey: { name: 'Scale Journey Earbuds', originalPrice: 2499, discountPercentage: 20, stock: 100000 },
      toggle: { name: 'Scale Toggle Tablet', originalPrice: 34999, discountPercentage: 5, stock: 50 },
    };
    let n = 0;
    for (const [key, spec] of Object.entries(specs)) {
      const r = await call(lb, 'POST', '/product/create', {
        token: admin,
        form: productForm(
          { ...spec, categoryId: cat._id, inStock: 'true', status: 'true' },
          await tinyPng(++n),
        ),
      });
      products[key] = expectStatus(r, 201, `create product ${spec.name}`).body.product;
    }
    const [[{ count }]] = await primary.root.query('SELECT COUNT(*) AS count FROM voltcart.products');
    assert(Number(count) === 15, `the primary holds ${count} products, expected the 12 seeded and 3 created`);
    return '12 products seeded by the CLI; 1 category and 3 products created through the balancer';
  });
  if (!seeded) return finish();

  await catchUp(replica, primary);

  await check('the balancer spreads requests over both API processes', async () => {
    for (let i = 0; i < 20; i++) expectStatus(await call(lb, 'GET', '/health'), 200, 'GET /api/health');
    const served = parseAccessLog(readFileSync(nginx.accessLog, 'utf8')).filter(
      (l) => l.uri === '/api/health',
    );
    const byA = served.filter((l) => l.upstreams.includes(A.upstream)).length;
    const byB = served.filter((l) => l.upstreams.includes(B.upstream)).length;
    assert(byA > 0 && byB > 0, `expected both processes to serve /health, got A ${byA}, B ${byB}`);
    return `A served ${byA}, B served ${byB}`;
  });

  await check('an image uploaded through one process is served by both (S3 storage)', async () => {
    const thumb = products.race.thumbnail;
    assert(thumb, `the product has no thumbnail: ${JSON.stringify(products.race)}`);
    const name = String(thumb).split('/').pop();
    const [a, b] = await Promise.all(
      [A, B].map(async (api) =>
        expectStatus(await call(api.base, 'GET', `/images/product/${name}`), 200, `${api.name} image`),
      ),
    );
    assert(a.headers.get('content-type') === 'image/webp', `content type ${a.headers.get('content-type')}`);
    assert(Buffer.compare(a.body, b.body) === 0, 'the two processes served different bytes');
    return `${a.body.length} bytes, identical from both`;
  });

  // --- the storefront server behind nginx
  const shop = nginx.origin;
  await check(
    'the storefront server renders a product page through nginx, with its data from the API',
    async () => {
      const product = products.journey;
      const api = expectStatus(await call(lb, 'GET', `/product/${product._id}`), 200, 'the product').body
        .product;
      const r = expectStatus(
        await call(shop, 'GET', `/product/${product._id}?utm_source=scale`),
        200,
        'the page',
      );
      const html = String(r.body);
      assert(
        r.headers.get('content-type')?.startsWith('text/html'),
        `content type ${r.headers.get('content-type')}`,
      );
      assert(
        html.includes(`<title>${api.name} · Voltcart</title>`),
        'the page has no title naming the product',
      );
      // Rendered on the server (not the empty shell) and named with PUBLIC_URL, the tracking parameter dropped.
      assert(
        html.includes(`<h1 id="pdp-title" class="pdp__title">${api.name}</h1>`),
        'the page is not rendered',
      );
      assert(
        html.includes(`<link rel="canonical" href="${shop}/product/${product._id}" />`),
        'the canonical address is not the product on the shop origin',
      );
      const ld = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) =>
        JSON.parse(m[1]),
      );
      const item = ld.find((x) => x['@type'] === 'Product' || x['@type'] === 'ProductGroup');
      const offers = item?.offers ?? item?.hasVariant?.[0]?.offers;
      assert(
        offers?.priceCurrency === 'INR' &&
          Number(offers.price) === (item.offers ? api.finalPrice : api.variants[0].price),
        `the JSON-LD offer ${JSON.stringify(offers)} does not carry the API's price`,
      );
      // The browser's API address is the shop's own origin under /api (config.js), as in the compose file.
      const config = expectStatus(await call(shop, 'GET', '/config.js'), 200, '/config.js');
      assert(String(config.body).includes(JSON.stringify(`${shop}/api`)), `config.js: ${config.body}`);
      const missing = await call(shop, 'GET', '/product/no-such-product');
      assert(missing.status === 404, `an unknown product answered ${missing.status}`);
      return `${html.length} bytes of HTML, ${item['@type']} at ₹${offers.price}; unknown product 404`;
    },
  );

  await check(
    'the sitemap index and its files through nginx list the catalogue on the shop origin',
    async () => {
      const index = expectStatus(await call(shop, 'GET', '/sitemap.xml'), 200, '/sitemap.xml');
      const text = index.body.toString();
      assert(text.includes('<sitemapindex'), 'not a sitemap index');
      const files = [...text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
      assert(files.length >= 2 && files.every((f) => f.startsWith(`${shop}/sitemap-`)), `files: ${files}`);
      const urls = [];
      for (const file of files) {
        const r = expectStatus(await call(shop, 'GET', new URL(file).pathname), 200, file);
        urls.push(...[...r.body.toString().matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]));
      }
      const public_ = expectStatus(await call(lb, 'GET', '/product?limit=0'), 200, 'the catalogue').body
        .products;
      for (const p of public_)
        assert(urls.includes(`${shop}/product/${p._id}`), `the sitemap does not list product ${p._id}`);
      return `${files.length} files, ${urls.length} addresses, all ${public_.length} public products`;
    },
  );

  // --- the red team's probes of the deployed shop (deploy/nginx.conf as shipped)
  await check(
    'nginx keeps /api/metrics private in every spelling, and sends HSTS on pages, the API and refusals',
    async () => {
      const spellings = [
        '/api/metrics',
        '/api/metrics/',
        '/api/METRICS/',
        '/api/Metrics?x=1',
        '/api//metrics/',
        '/api/./metrics/',
        '/api/%6detrics/',
        '/api/metrics%2F',
        '/api/metrics/?format=text',
      ];
      for (const path of spellings) {
        const r = await rawGet(shop, path);
        assert(
          r.status === 404 && !r.body.includes('voltcart_http_requests_total'),
          `${path} answered ${r.status}${r.body.includes('voltcart_') ? ' with the metrics' : ''}`,
        );
      }
      const hsts = 'max-age=31536000; includeSubDomains';
      for (const path of ['/', '/api/health', '/api/metrics/', '/no-such-page'])
        assert(
          (await rawGet(shop, path)).headers['strict-transport-security'] === hsts,
          `${path} has no HSTS header`,
        );
      return `${spellings.length} spellings refused`;
    },
  );

  await check(
    '300 made-up parameters: the storefront renders the store page at most once and its memory stays put',
    async () => {
      const rssMb = () =>
        Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${web.proc.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
      // The store page's own render calls the API's product list through nginx (API_INTERNAL_URL): counted in
      // its access log.
      const lists = () =>
        parseAccessLog(readFileSync(nginx.accessLog, 'utf8')).filter((l) => l.uri === '/api/product').length;
      expectStatus(await call(shop, 'GET', '/store'), 200, '/store');
      const [listsBefore, memoryBefore] = [lists(), rssMb()];
      const started = performance.now();
      for (let i = 0; i < 300; i++)
        expectStatus(
          await call(shop, 'GET', `/store?x${i}=${randomBytes(4).toString('hex')}`),
          200,
          'a page',
        );
      const renders = lists() - listsBefore;
      const grew = rssMb() - memoryBefore;
      // A page is renewed in the background every 8 s or so while in use: at most one render per 8 s.
      const allowed = 1 + Math.ceil((performance.now() - started) / 8_000);
      assert(
        renders <= allowed,
        `${renders} renders of the store page for 300 addresses (at most ${allowed})`,
      );
      assert(grew < 64, `the storefront server grew by ${grew.toFixed(0)} MB`);
      return `${renders} render(s), memory ${memoryBefore.toFixed(0)} → ${(memoryBefore + grew).toFixed(0)} MB`;
    },
  );

  // --- the shopper journey
  const shipping = {
    adressLine1: '12 MG Road',
    city: 'Bengaluru',
    state: 'Karnataka',
    postalCode: '560001',
    country: 'India',
    contact: '9876543210',
  };
  let shopper;
  await check('shopper journey through the balancer: register, cart, COD order, my orders', async () => {
    const email = `scale-shopper-${randomBytes(3).toString('hex')}@example.com`;
    const reg = expectStatus(
      await call(lb, 'POST', '/user/register', {
        body: { name: 'Scale Shopper', email, password: 'shopper-pass-1' },
      }),
      201,
      'register',
    );
    shopper = { email, token: reg.body.token };
    const t = shopper.token;
    // Each call may land on either process: the token and the writes must be good on both.
    expectStatus(await call(lb, 'GET', '/user/me', { token: t }), 200, 'me');
    expectStatus(
      await call(lb, 'POST', '/cart/add-to-cart', {
        token: t,
        body: { productId: products.journey._id, qty: 2 },
      }),
      200,
      'add to cart',
    );
    const cart = expectStatus(await call(lb, 'GET', '/cart', { token: t }), 200, 'cart').body.cart;
    assert(cart.length === 1 && cart[0].qty === 2, `cart should hold 2 earbuds: ${JSON.stringify(cart)}`);
    const placed = expectStatus(
      await call(lb, 'POST', '/order/place-order', {
        token: t,
        body: { payment_mode: 0, shipping_details: shipping },
      }),
      201,
      'place order',
    ).body;
    const mine = expectStatus(await call(lb, 'GET', '/order/my-orders', { token: t }), 200, 'my orders').body;
    const ids = (mine.orders ?? []).map((o) => o._id ?? o.order_id ?? o.id);
    assert(
      ids.includes(placed.order_id),
      `my-orders right after placing lacks ${placed.order_id}: ${JSON.stringify(ids)}`,
    );
    for (const api of [A, B])
      expectStatus(
        await call(api.base, 'GET', `/order/${placed.order_id}`, { token: t }),
        200,
        `${api.name} order`,
      );
    const after = expectStatus(await call(lb, 'GET', '/cart', { token: t }), 200, 'cart after order').body
      .cart;
    assert(after.length === 0, `the cart should be empty after the order: ${JSON.stringify(after)}`);
    return `order ${placed.order_id}, ₹${placed.order_total}, seen by both processes`;
  });

  await check('login failures are counted across processes (shared in the database)', async () => {
    assert(shopper, 'needs the journey shopper');
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      const api = i % 2 ? B : A;
      const r = await call(api.base, 'POST', '/user/login', {
        body: { email: shopper.email, password: `wrong-${i}-pass` },
      });
      statuses.push(r.status);
    }
    assert(
      statuses.slice(0, 5).every((s) => s === 401) && statuses[5] === 429,
      `expected five 401s alternating A/B, then 429; got ${statuses.join(', ')}`,
    );
    return 'A/B alternating: 401 ×5, then 429';
  });

  // --- the stock race
  await check(
    `stock race: ${RACE_SHOPPERS} shoppers, ${RACE_STOCK} units → exactly ${RACE_STOCK} orders`,
    async () => {
      const shoppers = [];
      for (let i = 0; i < RACE_SHOPPERS; i += 10) {
        const batch = await Promise.all(
          Array.from({ length: Math.min(10, RACE_SHOPPERS - i) }, async (_, j) => {
            const email = `racer-${i + j}-${randomBytes(3).toString('hex')}@example.com`;
            const r = expectStatus(
              await call(lb, 'POST', '/user/register', {
                body: { name: `Racer ${i + j}`, email, password: 'racer-pass-1' },
              }),
              201,
              'register racer',
            );
            expectStatus(
              await call(lb, 'POST', '/cart/add-to-cart', {
                token: r.body.token,
                body: { productId: products.race._id, qty: 1 },
              }),
              200,
              'racer add to cart',
            );
            return r.body.token;
          }),
        );
        shoppers.push(...batch);
      }
      const answers = await Promise.all(
        shoppers.map((token) =>
          call(lb, 'POST', '/order/place-order', {
            token,
            body: { payment_mode: 0, shipping_details: shipping },
          }),
        ),
      );
      const won = answers.filter((r) => r.status === 201).length;
      const refused = answers.filter(
        (r) => r.status === 409 && /only \d+ left|out of stock/i.test(String(r.body?.msg ?? '')),
      ).length;
      const other = answers.filter((r) => r.status !== 201 && r.status !== 409);
      assert(
        other.length === 0,
        `unexpected answers: ${other.map((r) => `${r.status} ${JSON.stringify(r.body)}`).join('; ')}`,
      );
      assert(won === RACE_STOCK, `${won} orders won, expected ${RACE_STOCK}`);
      assert(
        won + refused === RACE_SHOPPERS,
        `${RACE_SHOPPERS - won - refused} refusals without a clear message`,
      );
      const [[row]] = await primary.root.query('SELECT stock FROM voltcart.products WHERE id = ?', [
        products.race._id,
      ]);
      const [[sold]] = await primary.root.query(
        'SELECT COALESCE(SUM(qty), 0) AS n FROM voltcart.order_lines WHERE product_id = ?',
        [products.race._id],
      );
      assert(
        Number(row.stock) === 0 && Number(sold.n) === RACE_STOCK,
        `stock ${row.stock}, units sold ${sold.n}`,
      );
      const byProcess = { [A.name]: 0, [B.name]: 0 };
      for (const l of parseAccessLog(readFileSync(nginx.accessLog, 'utf8')).filter(
        (x) => x.uri === '/api/order/place-order',
      ))
        for (const u of l.upstreams) byProcess[u === A.upstream ? A.name : B.name]++;
      return `${won} won, ${refused} told "only N left"/"out of stock"; stock 0, no oversell; checkouts handled by A ${byProcess[A.name]}, B ${byProcess[B.name]}`;
    },
  );

  // --- an admin change seen by both processes
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

  // --- SIGTERM one API process mid-run
  await check(
    'SIGTERM to one API process mid-run: in-flight work finishes, the balancer keeps serving, nothing lost',
    async () => {
      const slug = products.journey.slug ?? products.journey._id;
      const tag = randomBytes(3).toString('hex');
      const gets = [
        '/product?limit=12',
        '/category',
        `/product/${slug}`,
        '/settings',
        '/product/best-sellers',
      ];
      const runFor = 6000;
      const killAt = 2000;
      const t0 = performance.now();
      const getLoop = loop({
        workers: 6,
        durationMs: runFor,
        next: (i) => ['GET', lb, gets[i % gets.length]],
      });
      const lagUnderLoad = sampleLag(primary, replica, { durationMs: runFor - 500 });
      const postLoop = loop({
        workers: 2,
        durationMs: runFor,
        next: (i) => [
          'POST',
          lb,
          '/newsletter/subscribe',
          { body: { email: `sigterm-${tag}-${i}@example.com` } },
        ],
      });
      // An upload straight to B whose body is still arriving when B is told to stop.
      const image = await tinyPng(99);
      await sleep(killAt - 500);
      const upload = slowUpload(`${B.base}/product/multiple-images/${products.journey._id}`, {
        token: admin,
        field: 'images',
        fileName: 'late.png',
        type: 'image/png',
        data: image,
        spreadMs: 1500,
      });
      await sleep(500);
      const killedAt = performance.now();
      B.proc.signal('SIGTERM');
      const [gets_, posts, up, exit, lag] = await Promise.all([
        getLoop,
        postLoop,
        upload,
        B.proc.exited,
        lagUnderLoad,
      ]);
      figures.lagUnderLoad = lag;
      const drain = exit.at - killedAt;

      const getFailures = gets_.filter(failed);
      const postFailures = posts.filter(failed);
      const acked = posts.filter((r) => r.status === 200 || r.status === 201);
      const emailOf = (r) => `sigterm-${tag}-${r.i}@example.com`;
      const emails = acked.map(emailOf);
      const [rows] = await primary.root.query(
        'SELECT email FROM voltcart.newsletter_signups WHERE email LIKE ?',
        [`sigterm-${tag}-%`],
      );
      const stored = new Set(rows.map((r) => r.email));
      const lost = emails.filter((e) => !stored.has(e));
      const failedButStored = postFailures.filter((r) => stored.has(emailOf(r))).length;
      const all = [...gets_, ...posts];
      const after = all.filter((r) => r.t0 >= killedAt || r.t1 >= killedAt);
      figures.failover = {
        requests: all.length,
        getFailures: getFailures.length,
        postFailures: postFailures.length,
        slowest: Math.max(...after.map((r) => r.t1 - r.t0)),
        silence: longestSilence(all, killedAt, killedAt + 2000),
        baselineSilence: longestSilence(all, t0 + 200, killedAt),
        drain,
        exitCode: exit.code,
        failedButStored,
      };
      assert(
        up.status === 200,
        `the upload in flight at SIGTERM got ${up.status} ${up.error ?? JSON.stringify(up.body)}`,
      );
      assert(
        exit.code === 0,
        `B exited with ${exit.code ?? exit.signal} (expected a clean exit 0):\n${tail(B.proc.log, 10)}`,
      );
      assert(
        getFailures.length === 0,
        `${getFailures.length} of ${gets_.length} GETs failed: ${getFailures
          .slice(0, 5)
          .map((r) => `${r.path} ${r.status || r.error}`)
          .join(', ')}`,
      );
      assert(lost.length === 0, `${lost.length} acknowledged sign-ups are missing from the database`);
      // nginx never re-sends a POST (it could be applied twice), so the draining process must answer every
      // request that reached it: the server stops accepting but finishes what it has (server.ts).
      assert(
        postFailures.length === 0,
        `${postFailures.length} of ${posts.length} POSTs failed at SIGTERM (${[...new Set(postFailures.map((r) => r.status || r.error))].join('/')}; ${failedButStored} of them applied); nginx said:\n${tail(nginx.errorLog, 5)}`,
      );
      const posted = `${posts.length} POST, 0 failed`;
      return `${gets_.length} GET, 0 failed; ${posted}; all ${acked.length} acknowledged sign-ups stored; upload in flight finished (${round(up.ms)}); B drained and exited 0 in ${round(drain)}`;
    },
  );

  await check('the stopped process, started again, rejoins the balancer', async () => {
    const again = startApi('api-b', B.port, env, dir);
    apis[1] = again;
    await waitReady(again);
    const before = parseAccessLog(readFileSync(nginx.accessLog, 'utf8')).length;
    // nginx leaves a failed server out for fail_timeout (5 s) before trying it again.
    await waitFor(
      'nginx to send requests to the restarted process',
      async () => {
        await call(lb, 'GET', '/health');
        return parseAccessLog(readFileSync(nginx.accessLog, 'utf8'))
          .slice(before)
          .some((l) => l.upstreams.at(-1) === again.upstream && l.status === 200);
      },
      { timeoutMs: 20_000, everyMs: 100 },
    );
    return 'serving again';
  });

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
  return finish();
}

function finish() {
  const passed = results.filter((r) => r.ok).length;
  const failedCount = results.length - passed;
  log('\nScale-out summary');
  const b = figures.balancer;
  if (b)
    log(
      `  requests through the balancer: ${b.total} (last served by A ${b.byA}, by B ${b.byB}; ${b.retried} retried on the other process; ${b.failed} answered 5xx)`,
    );
  const f = figures.failover;
  if (f)
    log(
      `  failover (SIGTERM to B under load): ${f.requests} requests, ${f.getFailures} GET and ${f.postFailures} POST failures; ` +
        `slowest request ${round(f.slowest)}; longest pause in answers ${round(f.silence)} (before: ${round(f.baselineSilence)}); ` +
        `B drained and exited ${f.exitCode} in ${round(f.drain)}`,
    );
  if (figures.lag)
    log(
      `  replica lag (commit on primary → visible on replica), at rest: p50 ${round(figures.lag.p50)}, max ${round(figures.lag.max)}`,
    );
  const l = figures.lagUnderLoad;
  if (l)
    log(
      `  replica lag under the failover load: ${l.samples} samples, p50 ${round(l.p50)}, p99 ${round(l.p99)}, max ${round(l.max)}`,
    );
  if (figures.catchUp !== undefined) log(`  replica catch-up at the end: ${round(figures.catchUp)}`);
  if (figures.adminVisible !== undefined)
    log(`  admin change visible on both processes after ${round(figures.adminVisible)}`);
  if (figures.replicaCrash)
    log(
      `  replica crash: ${figures.replicaCrash.reads} reads served meanwhile, 0 failed; rejoined after ${seconds(figures.replicaCrash.back)}`,
    );
  log(`  runtime: ${seconds(performance.now() - started)}`);
  log(`${passed} passed, ${failedCount} failed`);
  return failedCount ? 1 : 0;
}

const watchdog = setTimeout(() => {
  log(`\nThe scale-out test ran over ${TIME_LIMIT_MS / 60_000} minutes: stopping.`);
  results.push({ name: 'time limit', ok: false });
  finish();
  cleanup().finally(() => process.exit(1));
}, TIME_LIMIT_MS);

let code = 1;
try {
  code = await main();
} catch (e) {
  log(`The scale-out test stopped on an error: ${e?.stack ?? e}`);
  results.push({ name: 'unexpected error', ok: false });
  finish();
} finally {
  clearTimeout(watchdog);
  await cleanup();
}
process.exit(code);
