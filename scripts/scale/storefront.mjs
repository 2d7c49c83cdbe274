/**
 * The storefront server behind nginx, as deployed (deploy/nginx.conf, docker-compose.yml): a rendered product page
 * and a 404, the sitemap, the metrics kept private and HSTS everywhere, and made-up parameters that neither render
 * the store page again nor grow the server's memory.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { call, expectStatus, rawGet } from './http.mjs';
import { parseAccessLog } from './nginx.mjs';
import { assert, check } from './report.mjs';

export async function checkStorefront({ nginx, web, lb, shop }, { products }) {
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
}
