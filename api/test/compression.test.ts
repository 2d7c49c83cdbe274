// Covers compression of JSON answers (middleware/compress.ts, lib/compression.ts, lib/cache.ts): with the
// catalogue cache off, GET /product?limit=24 is sent brotli or gzip compressed when the client accepts it and
// decodes to the same JSON; identity without Accept-Encoding or when every coding is refused; small answers are
// never compressed; admin reads (never cached) too; with the cache on, kept answers come in brotli or gzip,
// routed or answered without routing.

import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './context';

let ctx: TestContext;
let cached: TestContext;

/** 40 products with long names and descriptions, so that a page of 24 is several kilobytes. */
async function seedProducts(c: TestContext) {
  const rows = Array.from(
    { length: 40 },
    (_, i) =>
      sql`(${`Compressible Phone ${i} with a long and descriptive product name`}, ${`compressible-phone-${i}`}, 'Voltcart', 2500000, 2250000, 10, ${'A phone. '.repeat(20)})`,
  );
  await sql`INSERT INTO products (name, slug, brand, original_price, final_price, discount_percentage, short_description) VALUES ${sql.join(rows)}`.execute(
    c.db,
  );
}

beforeAll(async () => {
  ctx = await createTestContext();
  cached = await createTestContext({ CATALOG_CACHE_SECONDS: '30' });
  await seedProducts(ctx);
  await seedProducts(cached);
});
afterAll(async () => {
  await ctx?.close();
  await cached?.close();
});

const get = (c: TestContext, path: string, headers: Record<string, string> = {}, token?: string) =>
  c.req('GET', path, { headers, token });

function decoded(r: { bytes: Uint8Array; headers: Headers }): unknown {
  const bytes = Buffer.from(r.bytes);
  const coding = r.headers.get('content-encoding');
  const text = coding === 'br' ? brotliDecompressSync(bytes) : coding === 'gzip' ? gunzipSync(bytes) : bytes;
  return JSON.parse(text.toString());
}

describe('uncached JSON answers (catalogue cache off)', () => {
  it('GET /product?limit=24 with Accept-Encoding gzip is gzip-compressed and decodes to the same JSON', async () => {
    const plain = await get(ctx, '/product?limit=24');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.bytes.byteLength).toBeGreaterThan(4000);
    expect(plain.body.products).toHaveLength(24);

    const r = await get(ctx, '/product?limit=24', { 'accept-encoding': 'gzip' });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-encoding')).toBe('gzip');
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    expect(r.headers.get('vary')).toMatch(/Accept-Encoding/i);
    expect(Number(r.headers.get('content-length'))).toBe(r.bytes.byteLength);
    expect(r.bytes.byteLength).toBeLessThan(plain.bytes.byteLength / 3);
    expect(decoded(r)).toEqual(plain.body);
  });

  it('prefers brotli when the client accepts it (as browsers do)', async () => {
    const plain = await get(ctx, '/product?limit=24');
    const r = await get(ctx, '/product?limit=24', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(r.headers.get('content-encoding')).toBe('br');
    expect(decoded(r)).toEqual(plain.body);
    const gz = await get(ctx, '/product?limit=24', { 'accept-encoding': 'br;q=0, gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
  });

  it('sends identity without Accept-Encoding, or when every coding it could use is refused', async () => {
    for (const accept of [undefined, 'identity', 'deflate', 'br;q=0, gzip;q=0', '*;q=0']) {
      const r = await get(
        ctx,
        '/product?limit=24',
        accept === undefined ? {} : { 'accept-encoding': accept },
      );
      expect(r.headers.get('content-encoding'), String(accept)).toBeNull();
      expect(r.body.products, String(accept)).toHaveLength(24);
      expect(r.headers.get('vary'), String(accept)).toMatch(/Accept-Encoding/i);
    }
    expect(
      (await get(ctx, '/product?limit=24', { 'accept-encoding': '*' })).headers.get('content-encoding'),
    ).toBe('br');
  });

  it('never compresses small answers', async () => {
    for (const path of ['/health', '/product?limit=1', '/product/999999']) {
      const r = await get(ctx, path, { 'accept-encoding': 'gzip, br' });
      expect(r.headers.get('content-encoding'), path).toBeNull();
      expect(r.bytes.byteLength, path).toBeLessThan(1024);
      expect(typeof r.body, path).toBe('object');
    }
  });

  it('compresses other big JSON answers (errors, unknown routes) after the fact', async () => {
    const path = `/no-such-route/${'x'.repeat(1500)}`;
    const plain = await get(ctx, path);
    expect(plain.status).toBe(404);
    const r = await get(ctx, path, { 'accept-encoding': 'gzip' });
    expect(r.status).toBe(404);
    expect(r.headers.get('content-encoding')).toBe('gzip');
    expect(Number(r.headers.get('content-length'))).toBe(r.bytes.byteLength);
    expect(decoded(r)).toEqual(plain.body);
  });

  it('compresses admin reads (never cached) too', async () => {
    const admin = await ctx.adminToken();
    const r = await get(ctx, '/product?limit=24', { 'accept-encoding': 'gzip' }, admin);
    expect(r.headers.get('content-encoding')).toBe('gzip');
    expect((decoded(r) as { products: unknown[] }).products).toHaveLength(24);
  });
});

describe('kept answers (catalogue cache on)', () => {
  it('are sent in brotli or gzip, routed or not, decoding to the same JSON with one ETag', async () => {
    const plain = await get(cached, '/product?limit=24');
    const first = await get(cached, '/product?limit=24', { 'accept-encoding': 'gzip, br' });
    const again = await get(cached, '/product?limit=24', { 'accept-encoding': 'gzip, br' });
    const gz = await get(cached, '/product?limit=24', { 'accept-encoding': 'gzip' });
    for (const [r, coding] of [
      [first, 'br'],
      [again, 'br'],
      [gz, 'gzip'],
    ] as const) {
      expect(r.headers.get('content-encoding')).toBe(coding);
      expect(decoded(r)).toEqual(plain.body);
      expect(r.headers.get('etag')).toBe(plain.headers.get('etag'));
      expect(Number(r.headers.get('content-length'))).toBe(r.bytes.byteLength);
    }
    expect(plain.headers.get('content-encoding')).toBeNull();
  });
});
