// Covers: the image pipeline (lib/images.ts) and image serving (GET /images/product/{file},
// GET /images/product/sm/{file}, GET /images/categories/{file}): accepted types by content (JPEG, PNG, WebP,
// AVIF), refused ones (SVG, GIF, text named .png → 415), size limit (413), pixel floods and damaged files
// (400), WebP output with EXIF removed and orientation applied, the 400 px version, cleanup after a failed
// storage write, and serving with the right type, a year of caching, ETag/304, name checks and redirects.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app';
import {
  encodeImage,
  FULL_SIZE,
  NOT_AN_IMAGE,
  SMALL_SIZE,
  smallNameOf,
  sniffImageType,
  storeImage,
} from '../src/lib/images';
import { createLogger } from '../src/lib/logger';
import { type Folder, LocalStorage, type Storage } from '../src/lib/storage';
import { createTestContext, type TestContext } from './context';
import { pixelFloodPng } from './support';

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.adminToken();
});
afterAll(() => ctx.close());

const limits = { maxBytes: 2 * 1024 * 1024, maxPixels: 25_000_000 };
const solid = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#4060a0' } });

async function refused(input: Uint8Array, status: number, code?: string) {
  const e = await encodeImage(input, limits, { small: true }).then(
    () => null,
    (err: { status: number; code: string; message: string }) => err,
  );
  expect(e, 'expected the image to be refused').not.toBeNull();
  expect(e!.status).toBe(status);
  if (code) expect(e!.code).toBe(code);
  return e!;
}

describe('image pipeline', () => {
  it('accepts JPEG, PNG, WebP and AVIF by content and re-encodes to WebP in two sizes', async () => {
    for (const format of ['jpeg', 'png', 'webp', 'avif'] as const) {
      const input = await solid(2000, 1000).toFormat(format).toBuffer();
      expect(sniffImageType(input)).toBe(format);
      const out = await encodeImage(input, limits, { small: true });
      const full = await sharp(out.full).metadata();
      const small = await sharp(out.small!).metadata();
      expect(full).toMatchObject({ format: 'webp', width: FULL_SIZE, height: FULL_SIZE / 2 });
      expect(small).toMatchObject({ format: 'webp', width: SMALL_SIZE, height: SMALL_SIZE / 2 });
    }
  });

  it('does not enlarge small pictures and only makes the small version when asked', async () => {
    const out = await encodeImage(await solid(300, 200).png().toBuffer(), limits);
    expect(await sharp(out.full).metadata()).toMatchObject({ width: 300, height: 200 });
    expect(out.small).toBeNull();
  });

  it('applies the EXIF orientation and strips EXIF and GPS data', async () => {
    const jpeg = await solid(800, 400)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Copyright: 'secret camera owner' }, IFD3: { GPSLatitudeRef: 'N' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const out = await encodeImage(jpeg, limits);
    const meta = await sharp(out.full).metadata();
    expect(meta).toMatchObject({ width: 400, height: 800 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(out.full.includes(Buffer.from('secret camera owner'))).toBe(false);
  });

  it('refuses SVG, GIF, text and HTML whatever their name (415)', async () => {
    const inputs = [
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      await solid(10, 10).gif().toBuffer(),
      Buffer.from('just some text pretending to be a picture'),
      Buffer.from('<!doctype html><script>alert(1)</script>'),
      Buffer.alloc(0),
    ];
    for (const input of inputs) expect((await refused(input, 415)).message).toBe(NOT_AN_IMAGE);
  });

  it('refuses files over the byte limit (413)', async () => {
    const big = Buffer.concat([await solid(10, 10).png().toBuffer(), Buffer.alloc(limits.maxBytes)]);
    await refused(big, 413, 'too_large');
  });

  it('refuses pixel floods before decoding them (400)', async () => {
    const e = await refused(pixelFloodPng(50_000, 50_000), 400, 'image_too_large');
    expect(e.message).toMatch(/50000×50000 pixels/);
    await refused(await solid(6000, 5000).png().toBuffer(), 400, 'image_too_large');
  });

  it('refuses truncated and corrupt images (400)', async () => {
    const raw = Buffer.alloc(256 * 256 * 3);
    for (let i = 0; i < raw.length; i++) raw[i] = (i * 7) % 253;
    const jpeg = await sharp(raw, { raw: { width: 256, height: 256, channels: 3 } })
      .jpeg()
      .toBuffer();
    await refused(jpeg.subarray(0, Math.floor(jpeg.length / 2)), 400, 'invalid_image');
    const png = await sharp(raw, { raw: { width: 256, height: 256, channels: 3 } })
      .png()
      .toBuffer();
    await refused(png.subarray(0, Math.floor(png.length / 2)), 400, 'invalid_image');
    const garbage = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(500, 0x42)]);
    await refused(garbage, 400, 'invalid_image');
  });

  it('removes what was written when storing the second file fails', async () => {
    const written = new Set<string>();
    let puts = 0;
    const flaky: Storage = {
      async put(_f: Folder, name: string) {
        if (++puts === 2) throw new Error('disk full');
        written.add(name);
      },
      async get() {
        return null;
      },
      async delete(_f: Folder, name: string) {
        written.delete(name);
      },
      publicUrl: () => null,
    };
    const input = await solid(100, 100).png().toBuffer();
    await expect(storeImage(flaky, 'product', input, limits, { small: true })).rejects.toThrow('disk full');
    expect(puts).toBe(2);
    expect([...written]).toEqual([]);
  });

  it('stores under a random name accepted by the storage name check, with the -sm sibling', async () => {
    const storage = new LocalStorage(ctx.uploadDir);
    const a = await storeImage(storage, 'product', await solid(50, 50).png().toBuffer(), limits, {
      small: true,
    });
    const b = await storeImage(storage, 'product', await solid(50, 50).png().toBuffer(), limits, {
      small: true,
    });
    expect(a).toMatch(/^[a-f0-9]{32}\.webp$/);
    expect(a).not.toBe(b);
    expect(smallNameOf(a)).toBe(a.replace('.webp', '-sm.webp'));
    expect(await storage.get('product', smallNameOf(a))).not.toBeNull();
  });
});

describe('GET /images/…', () => {
  let thumb: string;
  let categoryImage: string;
  beforeAll(async () => {
    const f = new FormData();
    f.append('name', 'Served Phone');
    f.append('originalPrice', '100');
    f.append('thumbnail', new File([new Uint8Array(await solid(1600, 1600).jpeg().toBuffer())], 'a.jpg'));
    const r = await ctx.req('POST', '/product/create', { token: admin, form: f });
    thumb = r.body.product.thumbnail;
    const g = new FormData();
    g.append('name', 'Served Category');
    g.append('Image', new File([new Uint8Array(await solid(300, 300).png().toBuffer())], 'c.png'));
    categoryImage = (await ctx.req('POST', '/category/create', { token: admin, form: g })).body.category
      .Image;
  });

  it('serves product pictures, their 400 px version and category pictures with a year of caching', async () => {
    for (const [path, width] of [
      [`/images/product/${thumb}`, FULL_SIZE],
      [`/images/product/sm/${thumb}`, SMALL_SIZE],
      [`/images/categories/${categoryImage}`, 300],
    ] as const) {
      const res = await ctx.app.request(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('etag')).toMatch(/^"[a-f0-9]{32}(-sm)?"$/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      const body = Buffer.from(await res.arrayBuffer());
      expect(Number(res.headers.get('content-length'))).toBe(body.length);
      expect((await sharp(body).metadata()).width).toBe(width);
    }
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await ctx.app.request(`/images/product/${thumb}`);
    const etag = first.headers.get('etag')!;
    const again = await ctx.app.request(`/images/product/${thumb}`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await again.arrayBuffer()).byteLength).toBe(0);
  });

  it('answers 404 for unknown, unsafe or wrongly placed names', async () => {
    for (const path of [
      '/images/product/0123456789abcdef0123456789abcdef.webp',
      '/images/product/..%2F..%2Fetc%2Fpasswd',
      `/images/product/..%2Fcategories%2F${categoryImage}`,
      '/images/product/evil.svg',
      '/images/product/ABCDEF0123456789ABCDEF0123456789.webp',
      `/images/categories/${thumb}`,
      `/images/product/${categoryImage}`,
      '/images/product/sm/nope.webp',
    ]) {
      const r = await ctx.req('GET', path);
      expect(r.status, path).toBe(404);
      expect(r.body.flag).toBe(0);
    }
  });

  it('falls back to the full picture when no small version exists', async () => {
    const storage = new LocalStorage(ctx.uploadDir);
    const name = await storeImage(storage, 'product', await solid(600, 600).png().toBuffer(), limits);
    const res = await ctx.app.request(`/images/product/sm/${name}`);
    expect(res.status).toBe(200);
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(600);
  });

  it('redirects to the storage public address when there is one', async () => {
    const local = new LocalStorage(ctx.uploadDir);
    const cdn: Storage = {
      put: (f, n, d) => local.put(f, n, d),
      get: (f, n) => local.get(f, n),
      delete: (f, n) => local.delete(f, n),
      publicUrl: (folder, name) => `https://cdn.example.com/${folder}/${name}`,
    };
    const app = createApp({
      db: ctx.db,
      config: ctx.config,
      storage: cdn,
      search: ctx.search,
      logger: createLogger('silent'),
    });
    const res = await app.request(`/images/product/sm/${thumb}`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`https://cdn.example.com/product/${smallNameOf(thumb)}`);
    expect((await app.request('/images/product/not-a-name.webp')).status).toBe(404);
  });
});
