// Covers the shopper catalogue cache (api/src/lib/cache.ts) with two API "processes" (two apps, each with its
// own cache, over one database): kept responses are served until something changes; an admin write is visible
// at once on the process that made it and, through the version row, on the other well within the TTL; changes
// made without the API (stock taken by checkouts) show after the TTL; admin requests and errors are never
// served from the cache; ETag / If-None-Match gives 304; gzip copies decode to the same JSON.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createLogger } from '../src/lib/logger';
import { LocalStorage } from '../src/lib/storage';
import { createTestContext, type TestContext } from './context';
import { pollUntil, request } from './support';

/** Long enough that only the version row, not the TTL, can explain the other process catching up. */
const TTL_SECONDS = 30;

let ctx: TestContext;
let admin: string;
/** The second API process: same database, its own cache. */
let other: ReturnType<typeof createApp>;
let categoryId: string;
let productId: number;

beforeAll(async () => {
  ctx = await createTestContext({ CATALOG_CACHE_SECONDS: String(TTL_SECONDS) });
  admin = await ctx.adminToken();
  other = createApp({
    db: ctx.db,
    config: ctx.config,
    storage: new LocalStorage(ctx.uploadDir),
    search: ctx.search,
    logger: createLogger('silent'),
  });
  const form = new FormData();
  form.append('name', 'Phones');
  const r = await ctx.req('POST', '/category/create', { token: admin, form });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  categoryId = r.body.category._id;
  const p = await ctx.db
    .insertInto('products')
    .values({
      name: 'Pixel Cache',
      slug: 'pixel-cache',
      sku: null,
      original_price: 1_000_000,
      discount_percentage: 0,
      final_price: 1_000_000,
      short_description: null,
      long_description: null,
      category_id: Number(categoryId),
      thumbnail: '',
      stock: 10,
    })
    .executeTakeFirstOrThrow();
  productId = Number(p.insertId);
});
afterAll(() => ctx.close());

const get = (app: ReturnType<typeof createApp>, path: string, headers: Record<string, string> = {}) =>
  request(app, 'GET', path, { headers });

/** Another API process over the same database, its cache kept `seconds` long (0: off). */
const appWithTtl = (seconds: number) =>
  createApp({
    db: ctx.db,
    config: loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: ctx.config.DATABASE_URL,
      JWT_SECRET: ctx.config.JWT_SECRET,
      UPLOAD_DIR: ctx.uploadDir,
      CATALOG_CACHE_SECONDS: String(seconds),
    }),
    storage: new LocalStorage(ctx.uploadDir),
    search: ctx.search,
    logger: createLogger('silent'),
  });

/** Serves `app` on Node's own HTTP server, as server.ts does. */
async function listen(app: ReturnType<typeof createApp>) {
  const server = createServer(app.listener);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

const categoryName = async (app: ReturnType<typeof createApp>) =>
  (await get(app, '/category')).body.categories.find((c: { _id: string }) => c._id === categoryId)?.name;

describe('catalogue cache', () => {
  it('keeps a shopper response: a change made behind the API is not seen before the TTL', async () => {
    expect(await categoryName(ctx.app)).toBe('Phones');
    await sql`UPDATE categories SET name = 'Renamed behind the API' WHERE id = ${Number(categoryId)}`.execute(
      ctx.db,
    );
    expect(await categoryName(ctx.app)).toBe('Phones');
    // Admins read the database itself.
    const r = await ctx.req('GET', '/category', { token: admin });
    expect(r.body.categories.find((c: { _id: string }) => c._id === categoryId).name).toBe(
      'Renamed behind the API',
    );
    await sql`UPDATE categories SET name = 'Phones' WHERE id = ${Number(categoryId)}`.execute(ctx.db);
  });

  it('keeps a response under the parameters its route reads: 300 made-up ones reach the one kept', async () => {
    expect(await categoryName(ctx.app)).toBe('Phones');
    await sql`UPDATE categories SET name = 'Renamed behind the API' WHERE id = ${Number(categoryId)}`.execute(
      ctx.db,
    );
    try {
      // A new address each time, yet the kept answer each time: no database read, no second response kept.
      for (let i = 0; i < 300; i++)
        expect((await get(ctx.app, `/category?x${i}=${i}`)).body.categories[0].name).toBe('Phones');
    } finally {
      await sql`UPDATE categories SET name = 'Phones' WHERE id = ${Number(categoryId)}`.execute(ctx.db);
    }
    // What a route reads still tells its responses apart, in any order and among made-up parameters.
    const found = await get(ctx.app, '/product?limit=1&page=1&junk=1');
    const none = await get(ctx.app, '/product?junk=2&page=2&limit=1');
    expect(found.body.products.map((p: { name: string }) => p.name)).toEqual(['Pixel Cache']);
    expect(none.body.products).toEqual([]);
  });

  it('shows an admin write at once on the same process and soon on another, long before the TTL', async () => {
    // Both processes hold the list now.
    expect(await categoryName(ctx.app)).toBe('Phones');
    expect(await categoryName(other)).toBe('Phones');
    const form = new FormData();
    form.append('name', 'Mobile Phones');
    const r = await ctx.req('PUT', `/category/update/${categoryId}`, { token: admin, form });
    expect(r.status, JSON.stringify(r.body)).toBe(200);

    expect(await categoryName(ctx.app)).toBe('Mobile Phones');
    const took = await pollUntil(() => categoryName(other), 'Mobile Phones', 5_000);
    expect(took).toBeLessThan(TTL_SECONDS * 1000);
  });

  it('drops product pages and lists on another process after a product write there', async () => {
    const path = `/product/${productId}`;
    expect((await get(other, path)).body.product.stock).toBe(10);
    expect((await get(other, '/product?limit=24')).body.products).toHaveLength(1);
    const r = await ctx.req('PATCH', `/product/status/${productId}`, { token: admin, body: { flag: 1 } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await get(ctx.app, path)).status).toBe(404);
    await pollUntil(async () => (await get(other, path)).status, 404, 5_000);
    await pollUntil(async () => (await get(other, '/product?limit=24')).body.products.length, 0, 5_000);
    await ctx.req('PATCH', `/product/status/${productId}`, { token: admin, body: { flag: 1 } });
    expect((await get(ctx.app, path)).status).toBe(200);
  });

  it('never keeps errors: a missing product stays missing only until it exists', async () => {
    const r = await get(ctx.app, '/product/no-such-phone');
    expect(r.status).toBe(404);
    expect(r.headers.get('etag')).toBeNull();
    expect((await get(ctx.app, '/product?limit=abc')).status).toBe(400);
    await sql`UPDATE products SET slug = 'no-such-phone' WHERE id = ${productId}`.execute(ctx.db);
    expect((await get(ctx.app, '/product/no-such-phone')).status).toBe(200);
    await sql`UPDATE products SET slug = 'pixel-cache' WHERE id = ${productId}`.execute(ctx.db);
  });

  it('answers a matching If-None-Match with 304 and no body, and a stale one with the new body', async () => {
    const first = await get(ctx.app, '/category');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    expect(first.headers.get('vary')).toMatch(/Authorization/);
    const again = await get(ctx.app, '/category', { 'if-none-match': etag! });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    // Security headers and the request id are on cached answers too.
    expect(again.headers.get('x-content-type-options')).toBe('nosniff');
    expect(again.headers.get('x-request-id')).toBeTruthy();

    const form = new FormData();
    form.append('name', 'Smartphones');
    await ctx.req('PUT', `/category/update/${categoryId}`, { token: admin, form });
    const changed = await get(ctx.app, '/category', { 'if-none-match': etag! });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(changed.body.categories[0].name).toBe('Smartphones');
  });

  it('sends a compressed copy to clients that accept it, decoding to the same JSON', async () => {
    const plain = await get(ctx.app, '/product?limit=24');
    const res = await get(ctx.app, '/product?limit=24', { 'accept-encoding': 'gzip, br' });
    const bytes = Buffer.from(res.bytes);
    if (res.headers.get('content-encoding') === 'br') {
      expect(JSON.parse(brotliDecompressSync(bytes).toString())).toEqual(plain.body);
    } else if (res.headers.get('content-encoding') === 'gzip') {
      expect(JSON.parse(gunzipSync(bytes).toString())).toEqual(plain.body);
    } else {
      // Small answers are sent as they are.
      expect(JSON.parse(bytes.toString())).toEqual(plain.body);
    }
    expect(res.headers.get('etag')).toBe(plain.headers.get('etag'));
  });

  it("answers a kept response on Node's own server with the routed answer's headers, CORS by origin", async () => {
    // Let this process read the version row the earlier tests' writes moved: a read that lands during the test
    // would (rightly) drop what it keeps, and the next answer would be routed.
    await get(other, '/settings');
    await new Promise((r) => setTimeout(r, 300));
    await get(other, '/settings');
    await new Promise((r) => setTimeout(r, 50));
    const fast = vi.spyOn(other, 'answerFromCache');
    const answeredFast = () => fast.mock.results.at(-1)?.value;
    const { base, close } = await listen(other);
    const origin = ctx.config.CORS_ORIGINS[0]!;
    const headersOf = (res: Response) =>
      Object.fromEntries([...res.headers].filter(([k]) => !['date', 'x-request-id'].includes(k)));
    try {
      // Not asked before in this file: the first answer is routed and kept, the next ones are not routed.
      const path = `${base}/product?limit=7`;
      const ask = (h: Record<string, string>, method = 'GET') =>
        fetch(path, { method, headers: { 'accept-encoding': 'gzip', ...h } });
      const first = await ask({ origin });
      expect(answeredFast()).toBe(false);
      const kept = await ask({ origin, 'x-request-id': 'kept-1' });
      expect(answeredFast()).toBe(true);
      expect(kept.status).toBe(200);
      expect(kept.headers.get('x-request-id')).toBe('kept-1');
      expect(headersOf(kept)).toEqual(headersOf(first));
      expect(kept.headers.get('access-control-allow-origin')).toBe(origin);
      expect(kept.headers.get('vary')).toBe('Authorization, Accept-Encoding, Origin');
      expect(await kept.json()).toEqual(await first.json());
      const stranger = await ask({ origin: 'https://evil.example' });
      expect(answeredFast()).toBe(true);
      expect(stranger.headers.get('access-control-allow-origin')).toBeNull();
      const notModified = await ask({ origin, 'if-none-match': first.headers.get('etag')! });
      expect(answeredFast()).toBe(true);
      expect(notModified.status).toBe(304);
      expect(notModified.headers.get('content-length')).toBeNull();
      for (const h of [
        'etag',
        'vary',
        'cache-control',
        'content-security-policy',
        'access-control-allow-origin',
      ])
        expect(notModified.headers.get(h), h).toBe(first.headers.get(h));
      // HEAD goes through the router: the same headers, no body.
      const head = await ask({ origin }, 'HEAD');
      expect(answeredFast()).toBe(false);
      expect(head.status).toBe(200);
      expect(await head.text()).toBe('');
      expect(head.headers.get('etag')).toBe(first.headers.get('etag'));
    } finally {
      fast.mockRestore();
      await close();
    }
  });

  it("answers made-up parameters without routing on Node's own server, from the response kept", async () => {
    const fast = vi.spyOn(other, 'answerFromCache');
    const { base, close } = await listen(other);
    try {
      const first = await fetch(`${base}/product?limit=3&page=1`);
      expect(first.status).toBe(200);
      const again = await fetch(`${base}/product?page=1&utm_source=mail&x=${Date.now()}&limit=3`);
      expect(fast.mock.results.at(-1)?.value).toBe(true);
      expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
    } finally {
      fast.mockRestore();
      await close();
    }
  });

  it("reloads an ageing response on Node's own server before it expires (refresh ahead)", async () => {
    // TTL 4 s: a response still in use is reloaded in the background from 3 s on; the reload shows before 4 s.
    const app = appWithTtl(4);
    const { base, close } = await listen(app);
    const name = async () =>
      ((await (await fetch(`${base}/product/pixel-cache`)).json()) as { product: { name: string } }).product
        .name;
    const before = await name();
    const keptAt = Date.now();
    try {
      await sql`UPDATE products SET name = 'Pixel Refreshed' WHERE id = ${productId}`.execute(ctx.db);
      await new Promise((r) => setTimeout(r, 3_100));
      // Still the kept answer: this request starts its reload.
      expect(await name()).toBe(before);
      await pollUntil(name, 'Pixel Refreshed', 3_000);
      expect(Date.now() - keptAt, 'seen only once the response expired: no reload ahead').toBeLessThan(3_800);
    } finally {
      await sql`UPDATE products SET name = ${before} WHERE id = ${productId}`.execute(ctx.db);
      await close();
    }
  });

  it('shows changes made without the API (stock taken by checkouts) once the TTL has passed', async () => {
    const short = appWithTtl(1);
    const stock = async () => (await get(short, `/product/${productId}`)).body.product.stock;
    expect(await stock()).toBe(10);
    await sql`UPDATE products SET stock = 7 WHERE id = ${productId}`.execute(ctx.db);
    await pollUntil(stock, 7, 3_000);
  });

  it('is off with CATALOG_CACHE_SECONDS=0: every request reads the database', async () => {
    const off = appWithTtl(0);
    expect((await get(off, `/product/${productId}`)).body.product.stock).toBe(7);
    await sql`UPDATE products SET stock = 6 WHERE id = ${productId}`.execute(ctx.db);
    expect((await get(off, `/product/${productId}`)).body.product.stock).toBe(6);
  });
});
