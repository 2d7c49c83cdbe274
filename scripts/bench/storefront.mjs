/**
 * Part `storefront` of `npm run bench`:
 * the storefront server's product and store pages (rendered, from its page cache) against its
 * static index.html in the same run (rate ratio, p99); the /store route's first-load JavaScript (gzip) from the
 * production build; the LCP of /store and a product page in headless Chromium with 4× CPU throttling;
 * Lighthouse 12.2.3 (mobile preset, median of 3) on home, /store, a category and a product page.
 */
import { resolve } from 'node:path';
import { ensureBuilt, UI_BUILDS } from '../lib/build.mjs';
import { ROOT, step, UserError } from '../lib/log.mjs';
import { freePort } from '../lib/ports.mjs';
import { run, startServer, waitForHttp } from '../lib/processes.mjs';
import { benchDatabase, benchSecrets, measure, startApi } from './api.mjs';
import { fmt, LIST_SIZE, lastJson, TSX, tool } from './shared.mjs';
import { preparing } from './timings.mjs';

export async function storefrontPart(db, { args, record, seconds, warmup, connections }) {
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
      const r = lastJson(out);
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
    lastJson(out).forEach((p, i) => {
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
