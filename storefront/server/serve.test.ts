// The storefront server's files: caching per file kind, the app shell for page addresses, runtime config, the
// build's compressed copies, security headers on every answer, and no way out of the served folder (raw request
// paths, encoded dots and slashes).
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { type IncomingHttpHeaders, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressFolder } from '../../scripts/lib/precompress.mjs';
import { type RunningStorefront, type StorefrontOptions, serveStorefront, storefrontEnv } from './serve';

const SECRET = 'outside-the-served-folder';
const bundle = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;
let dir: string;
let root: string;
const servers: RunningStorefront[] = [];

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A raw HTTP request: the path is sent exactly as given (no client-side normalisation of `..`). */
function get(port: number, path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<Answer>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

async function start(opts: Partial<StorefrontOptions> = {}) {
  const s = await serveStorefront({ root, host: '127.0.0.1', port: 0, ...opts });
  servers.push(s);
  return s.port;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vc-static-'));
  root = join(dir, 'dist');
  await mkdir(join(root, 'assets'), { recursive: true });
  await writeFile(join(dir, 'secret.txt'), SECRET);
  await writeFile(join(dir, 'package.json'), `{"name":"${SECRET}"}`);
  await writeFile(
    join(root, 'index.html'),
    '<!doctype html><script src="/config.js"></script><div id="root"></div>',
  );
  await writeFile(join(root, 'assets', 'index-AbCd1234.js'), bundle);
  await writeFile(join(root, 'robots.txt'), 'User-agent: *\n');
  await writeFile(join(root, '.env'), 'SECRET=1');
  // What the build does (scripts/lib/precompress.mjs): compressed copies beside the text files.
  await precompressFolder(root);
});

afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  await rm(dir, { recursive: true, force: true });
});

function expectSecurityHeaders(res: Answer) {
  expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
}

describe('storefront server', () => {
  it('serves index.html for / with no-cache and the security headers', async () => {
    const port = await start();
    const res = await get(port, '/');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body.toString()).toContain('<div id="root">');
    expectSecurityHeaders(res);
  });

  it('lets the page call the API on localhost, 127.0.0.1 and its own host name, and nothing else', async () => {
    const port = await start({ apiPort: 5999 });
    const csp = (await get(port, '/', { host: 'shop.lan:3000' })).headers[
      'content-security-policy'
    ] as string;
    const connect = csp.split('; ').find((d) => d.startsWith('connect-src'));
    expect(connect).toContain('http://localhost:5999');
    expect(connect).toContain('http://127.0.0.1:5999');
    expect(connect).toContain('http://shop.lan:5999');
    expect(csp.split('; ').find((d) => d.startsWith('img-src'))).toContain('http://127.0.0.1:5999');
    expect(csp).not.toContain('razorpay');
    expect(csp).toContain("frame-src 'none'");
  });

  it('allows Razorpay Checkout only when asked, and a fixed API origin when one is configured', async () => {
    const port = await start({ razorpay: true, apiUrl: 'https://api.shop.example/' });
    const csp = (await get(port, '/')).headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self' https://checkout.razorpay.com https://api.razorpay.com");
    expect(csp).toContain('frame-src https://checkout.razorpay.com https://api.razorpay.com');
    expect(csp).toMatch(/connect-src 'self' https:\/\/api\.shop\.example https:\/\/checkout/);
    expect(csp).not.toContain('localhost');
  });

  it('computes the API address in the browser from its own host name unless one is configured', async () => {
    const computed = await get(await start({ apiPort: 5123 }), '/config.js');
    expect(computed.status).toBe(200);
    expect(computed.headers['content-type']).toMatch(/^text\/javascript/);
    expect(computed.headers['cache-control']).toBe('no-cache');
    const script = computed.body.toString();
    expect(script).toContain('window.__VOLTCART__ = {');
    const location = { protocol: 'http:', hostname: '127.0.0.1' };
    const window: { __VOLTCART__?: unknown } = {};
    new Function('window', 'location', script)(window, location);
    expect(window.__VOLTCART__).toEqual({ apiUrl: 'http://127.0.0.1:5123' });

    const fixed = await get(await start({ apiUrl: 'https://api.shop.example/' }), '/config.js');
    const w2: { __VOLTCART__?: unknown } = {};
    new Function('window', 'location', fixed.body.toString())(w2, location);
    expect(w2.__VOLTCART__).toEqual({ apiUrl: 'https://api.shop.example' });
  });

  it('falls back to index.html for client-side routes but not for missing assets', async () => {
    const port = await start();
    const route = await get(port, '/store/phones?limit=20');
    expect(route.status).toBe(200);
    expect(route.body.toString()).toContain('<div id="root">');
    expect(route.headers['cache-control']).toBe('no-cache');
    const missing = await get(port, '/assets/gone-12345678.js');
    expect(missing.status).toBe(404);
    expectSecurityHeaders(missing);
  });

  it('caches hashed assets for a year and compresses them (brotli, then gzip)', async () => {
    const port = await start();
    const br = await get(port, '/assets/index-AbCd1234.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(br.body).toString()).toBe(bundle);
    expect(br.body.length).toBeLessThan(bundle.length / 10);

    const gz = await get(port, '/assets/index-AbCd1234.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(bundle);

    const plain = await get(port, '/assets/index-AbCd1234.js', { 'accept-encoding': 'br;q=0' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(bundle);
  });

  it('answers 304 to a matching ETag and sends no body to HEAD', async () => {
    const port = await start();
    const first = await get(port, '/robots.txt');
    expect(first.headers['cache-control']).toBe('public, max-age=3600');
    const again = await get(port, '/robots.txt', { 'if-none-match': first.headers.etag! });
    expect(again.status).toBe(304);
    expectSecurityHeaders(again);
    const head = await get(port, '/robots.txt', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
  });

  it('serves robots.txt that keeps crawlers off private pages, unless the build has its own', async () => {
    const own = await get(await start(), '/robots.txt');
    expect(own.body.toString()).toBe('User-agent: *\n');
    const emptyRoot = join(dir, 'bare');
    await mkdir(emptyRoot, { recursive: true });
    await writeFile(join(emptyRoot, 'index.html'), '<div id="root"></div>');
    const s = await serveStorefront({ root: emptyRoot, host: '127.0.0.1', port: 0 });
    servers.push(s);
    const res = await get(s.port, '/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body.toString()).toContain('Disallow: /checkout');
    expect(res.body.toString()).toContain('Disallow: /profile');
  });

  it('refuses other methods with 405', async () => {
    const res = await get(await start(), '/', {}, 'POST');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
    expectSecurityHeaders(res);
  });

  it('serves a favicon when the build has none', async () => {
    const res = await get(await start(), '/favicon.ico');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
  });

  it.each([
    '/../package.json',
    '/../secret.txt',
    '/%2e%2e/secret.txt',
    '/..%2fsecret.txt',
    '/assets/..%2f..%2fsecret.txt',
    '/%2e%2e%2fpackage.json',
    '/..%5csecret.txt',
    '//../secret.txt',
    '/.env',
    '/%2eenv',
    '/assets/%00.js',
  ])('never serves anything outside the folder or hidden: %s', async (path) => {
    const res = await get(await start(), path, { accept: '*/*' });
    const body = res.body.toString();
    expect(body).not.toContain(SECRET);
    expect(body).not.toContain('SECRET=1');
    expect([200, 400, 404]).toContain(res.status);
    if (res.status === 200) expect(body).toContain('<div id="root">');
  });

  it('refuses to start on a folder without index.html', async () => {
    await expect(serveStorefront({ root: `${dir}/nope`, port: 0 })).rejects.toThrow(/has no index.html/);
  });
});

describe('storefront settings from the environment', () => {
  it('reads the shop origin, the internal API address and the sitemap file size', () => {
    expect(storefrontEnv({})).toEqual({});
    expect(
      storefrontEnv({
        PUBLIC_URL: 'https://shop.example.com',
        API_INTERNAL_URL: 'http://api:5000',
        SITEMAP_URLS_PER_FILE: '1000',
      }),
    ).toEqual({
      publicUrl: 'https://shop.example.com',
      internalApiUrl: 'http://api:5000',
      sitemapUrlsPerFile: 1000,
    });
  });

  it('reads the page cache bounds', () => {
    expect(storefrontEnv({ PAGE_CACHE_SECONDS: '30', PAGE_CACHE_MB: '128' })).toEqual({
      pageCacheSeconds: 30,
      pageCacheMb: 128,
    });
  });

  it("requires the shop's address in production, naming PUBLIC_URL", () => {
    expect(() => storefrontEnv({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL is required in production/);
    expect(storefrontEnv({ NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example.com' })).toEqual({
      publicUrl: 'https://shop.example.com',
    });
  });

  it('stops with a message naming a malformed setting', () => {
    expect(() => storefrontEnv({ PAGE_CACHE_MB: '0' })).toThrow(/PAGE_CACHE_MB/);
    expect(() => storefrontEnv({ PUBLIC_URL: 'shop.example.com' })).toThrow(/PUBLIC_URL/);
    expect(() => storefrontEnv({ PUBLIC_URL: 'https://shop.example.com/store' })).toThrow(/PUBLIC_URL/);
    expect(() => storefrontEnv({ API_INTERNAL_URL: 'api:5000' })).toThrow(/API_INTERNAL_URL/);
    expect(() => storefrontEnv({ SITEMAP_URLS_PER_FILE: '50001' })).toThrow(/SITEMAP_URLS_PER_FILE/);
    expect(() => storefrontEnv({ SITEMAP_URLS_PER_FILE: 'many' })).toThrow(/SITEMAP_URLS_PER_FILE/);
    expect(() => storefrontEnv({ PAGE_CACHE_SECONDS: '-1' })).toThrow(/PAGE_CACHE_SECONDS/);
  });
});

/**
 * A stand-in for the built renderer (dist-server/entry-server.js beside the app): it counts its renders, names
 * the shop's origin and picture host it was given, keeps only `?keep=` as the page's own parameter, and makes
 * pages of PAGE_BYTES of text that does not compress much.
 */
const RENDERER = `
export const stats = { renders: 0 };
const filler = (n) => Array.from({ length: n / 8 }, (_, i) => ((i * 2654435761) >>> 0).toString(36).padStart(8, '0')).join('');
export const pageRenderer = {
  async renderPage(pathname, search, opts) {
    stats.renders++;
    return {
      status: 200,
      html: '<main>' + pathname + search + (pathname.startsWith('/big') ? filler(${150_000}) : '') + '</main>',
      head: '<link rel="canonical" href="' + opts.origin + pathname + '" /><meta property="og:image" content="' + opts.publicApiUrl + '/p.jpg" />',
      state: null,
    };
  },
  pageAddress(pathname, search) {
    const keep = new URLSearchParams(search).get('keep');
    return { pathname, search: keep ? '?keep=' + keep : '' };
  },
  async sitemap() {
    return null;
  },
};
`;

describe('rendered pages', () => {
  let rendered: string;
  let stats: { renders: number };

  beforeAll(async () => {
    rendered = join(dir, 'rendered', 'dist');
    await mkdir(rendered, { recursive: true });
    await mkdir(join(dir, 'rendered', 'dist-server'));
    await writeFile(
      join(rendered, 'index.html'),
      '<html><head><title>Voltcart</title></head><body><div id="root"></div></body></html>',
    );
    const entry = join(dir, 'rendered', 'dist-server', 'entry-server.js');
    await writeFile(entry, RENDERER);
    ({ stats } = await import(pathToFileURL(entry).href));
  });

  const canonical = (res: Answer) => /<link rel="canonical" href="([^"]*)"/.exec(res.body.toString())?.[1];
  const picture = (res: Answer) => /og:image" content="([^"]*)"/.exec(res.body.toString())?.[1];

  it('renders a page once for 300 made-up parameters: only what the page reads makes another', async () => {
    const port = await start({ root: rendered });
    const before = stats.renders;
    for (let i = 0; i < 300; i++) expect((await get(port, `/store?x${i}=${i}`)).status).toBe(200);
    expect(stats.renders - before).toBe(1);
    await get(port, '/store?keep=1&x=2');
    await get(port, '/store?x=3&keep=1');
    expect(stats.renders - before).toBe(2);
  });

  it('keeps rendered pages within PAGE_CACHE_MB, the oldest dropped first', async () => {
    // Each /big page holds about a third of a megabyte (its HTML and compressed copies): 1 MB keeps a few.
    const port = await start({ root: rendered, pageCacheMb: 1 });
    const before = stats.renders;
    for (let n = 0; n < 5; n++) await get(port, `/big/${n}`, { 'accept-encoding': 'br' });
    expect(stats.renders - before).toBe(5);
    // The newest is still kept; the first ones made room.
    await get(port, '/big/4');
    expect(stats.renders - before).toBe(5);
    await get(port, '/big/0');
    expect(stats.renders - before).toBe(6);
  }, 30_000);

  it('names the shop by PUBLIC_URL whatever Host a request claims', async () => {
    const port = await start({ root: rendered, publicUrl: 'https://shop.example.com' });
    for (const host of ['evil.example', `127.0.0.1:${port}`]) {
      const res = await get(port, '/product/1', { host });
      expect(canonical(res)).toBe('https://shop.example.com/product/1');
      expect(picture(res)).toBe('https://shop.example.com:5000/p.jpg');
      expect((await get(port, '/robots.txt', { host })).body.toString()).toContain(
        'Sitemap: https://shop.example.com/sitemap.xml',
      );
    }
  });

  it('names the shop, in development, only by a host of this machine on its own port', async () => {
    const port = await start({ root: rendered });
    const own = await get(port, '/product/2', { host: `127.0.0.1:${port}` });
    expect(canonical(own)).toBe(`http://127.0.0.1:${port}/product/2`);
    const before = stats.renders;
    for (const host of ['evil.example', `evil.example:${port}`, `localhost:${port + 1}`, '[::2]']) {
      const res = await get(port, '/product/2', { host });
      expect(canonical(res), host).toBe(`http://localhost:${port}/product/2`);
      expect(picture(res), host).toBe('http://localhost:5000/p.jpg');
      expect((await get(port, '/robots.txt', { host })).body.toString(), host).toContain(
        `Sitemap: http://localhost:${port}/sitemap.xml`,
      );
    }
    // Hosts nobody configured add no pages: one render for all of them.
    expect(stats.renders - before).toBe(1);
  });
});

describe('the storefront server as a program', () => {
  it('stops at start-up in production without PUBLIC_URL, naming it', async () => {
    const tsx = join(import.meta.dirname, '..', '..', 'node_modules', '.bin', 'tsx');
    const run = spawnSync(tsx, [join(import.meta.dirname, 'serve.ts'), root, '--port', '0'], {
      env: { ...process.env, NODE_ENV: 'production', PUBLIC_URL: '' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('PUBLIC_URL is required in production');
  }, 40_000);
});
