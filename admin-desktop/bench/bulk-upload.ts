/**
 * Benchmark: N generated photos through the desktop app's bulk upload (main-process queue → multipart
 * streaming → API → sharp → storage) against sharp alone doing the API's own image work on the same photos
 * in the same run (`encodeImage` from the API, full and small size), so the ratio is what the upload path
 * adds on top of the unavoidable image processing.
 *
 * `benchBulkUpload()` is called by the project benchmark; run alone:
 *   npx tsx admin-desktop/bench/bulk-upload.ts [--photos 200] [--size 2000] [--concurrency 4]
 * Without `apiUrl`/`token` it starts the API in this process on a fresh test database (dropped afterwards).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { createApiClient } from '../src/main/api-client';
import { createBulkUpload } from '../src/main/bulk-upload';
import { matchFiles } from '../src/shared/match';

export interface BulkBenchOptions {
  /** Photos to upload (default 200). */
  photos?: number;
  /** Width and height of each photo in pixels (default 2000). */
  size?: number;
  /** Uploads at a time (default 4, as the app's default). */
  concurrency?: number;
  /** A running API and an admin token; both or neither. */
  apiUrl?: string;
  token?: string;
  log?: (line: string) => void;
}

export interface BulkBenchResult {
  photos: number;
  size: number;
  concurrency: number;
  /** Total bytes of the generated JPEGs. */
  bytes: number;
  /** Wall time of the bulk upload, from start to the last reply. */
  uploadMs: number;
  /** Wall time of sharp alone on the same photos, as many at a time as the upload. */
  sharpMs: number;
  /** uploadMs / sharpMs. */
  ratio: number;
  uploadPhotosPerSecond: number;
  sharpPhotosPerSecond: number;
  failed: number;
}

/** The API's own image step (encodeImage from its public entry), loaded by name: see src/main/test/api-server.ts. */
interface ImagePipeline {
  encodeImage(input: Uint8Array, limits: unknown, opts: { small?: boolean }): Promise<unknown>;
  imageLimits(config: { MAX_UPLOAD_MB: number; MAX_IMAGE_PIXELS: number }): unknown;
}
const IMAGES_MODULE = '@voltcart/api';

/** Distinct pictures generated; every photo is one of them made unique by a JPEG comment (no dedup). */
const BASES = 8;

/** A photo-like JPEG: a gradient scene overlaid with grain, so it compresses like a real photo. */
async function basePhoto(size: number, seed: number): Promise<Buffer> {
  const hue = (seed * 47) % 360;
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
      <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="hsl(${hue},55%,35%)"/><stop offset="1" stop-color="hsl(${(hue + 140) % 360},70%,70%)"/>
      </linearGradient></defs>
      <rect width="100%" height="100%" fill="url(#g)"/>
      <circle cx="${size * 0.5}" cy="${size * 0.55}" r="${size * 0.3}" fill="hsl(${(hue + 60) % 360},40%,25%)"/>
      <rect x="${size * 0.1}" y="${size * 0.1}" width="${size * 0.25}" height="${size * 0.4}" rx="${size * 0.03}" fill="#f4f4f4"/>
    </svg>`,
  );
  const grain = await sharp({
    create: {
      width: size,
      height: size,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 14 },
    },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();
  return sharp(svg)
    .composite([{ input: grain, blend: 'overlay' }])
    .jpeg({ quality: 88 })
    .toBuffer();
}

/** Inserts a COM segment after SOI: a different file with exactly the same pixels. */
function withComment(jpeg: Buffer, text: string): Buffer {
  const body = Buffer.from(text, 'latin1');
  const seg = Buffer.alloc(4);
  seg[0] = 0xff;
  seg[1] = 0xfe;
  seg.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), seg, body, jpeg.subarray(2)]);
}

async function inBatches<T>(items: T[], width: number, fn: (item: T) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

interface Target {
  apiUrl: string;
  token: string;
  createProduct(name: string): Promise<{ _id: string; slug: string; sku: string | null; name: string }>;
  close(): Promise<void>;
}

async function target(opts: BulkBenchOptions): Promise<Target> {
  if (opts.apiUrl && opts.token) {
    const apiUrl = opts.apiUrl.replace(/\/+$/, '');
    const token = opts.token;
    const client = createApiClient(apiUrl, token);
    return {
      apiUrl,
      token,
      async createProduct(name) {
        const reply = await client.product.create({ body: { name, originalPrice: 999, stock: 1 } });
        return reply.product;
      },
      close: async () => {},
    };
  }
  const { startApi } = await import('../src/main/test/api-server');
  const api = await startApi({ LOG_LEVEL: 'silent' });
  return {
    apiUrl: api.apiUrl,
    token: api.token,
    createProduct: async (name) => (await api.createProducts([{ name }]))[0]!,
    close: api.close,
  };
}

export async function benchBulkUpload(opts: BulkBenchOptions = {}): Promise<BulkBenchResult> {
  const photos = opts.photos ?? 200;
  const size = opts.size ?? 2000;
  const concurrency = opts.concurrency ?? 4;
  const log = opts.log ?? (() => {});
  const dir = await mkdtemp(join(tmpdir(), 'vc-bench-bulk-'));
  const api = await target(opts);
  try {
    log(`generating ${photos} photos of ${size}×${size} px`);
    const bases = await Promise.all(
      Array.from({ length: Math.min(BASES, photos) }, (_, i) => basePhoto(size, i)),
    );
    const perProduct = 4;
    const run = randomBytes(3).toString('hex');
    const products = [];
    for (let i = 0; i < Math.ceil(photos / perProduct); i++) {
      products.push(await api.createProduct(`Bench ${run} Product ${i + 1}`));
    }
    let bytes = 0;
    const files: string[] = [];
    for (let i = 0; i < photos; i++) {
      const p = products[Math.floor(i / perProduct)]!;
      const n = (i % perProduct) + 1;
      const name = `${p.slug}${n === 1 ? '' : `-${n}`}.jpg`;
      const data = withComment(bases[i % bases.length]!, `voltcart bench ${run} ${i}`);
      bytes += data.length;
      await writeFile(join(dir, name), data);
      files.push(join(dir, name));
    }

    log(`uploading through the bulk upload, ${concurrency} at a time`);
    const bulk = createBulkUpload({
      pickFolder: async () => dir,
      connection: async () => ({ apiUrl: api.apiUrl, token: api.token }),
      emit: () => {},
      concurrency,
    });
    const scan = (await bulk.pickFolder())!;
    const jobs = matchFiles(scan.files, products)
      .filter((e) => e.status === 'matched')
      .map((e) => ({ fileId: e.file.id, productId: e.productId!, role: e.role }));
    if (jobs.length !== photos) throw new Error(`Only ${jobs.length} of ${photos} photos matched a product.`);
    const uploadStart = performance.now();
    const { runId } = await bulk.start({ scanId: scan.scanId, jobs, concurrency });
    const summary = await bulk.finished(runId);
    const uploadMs = performance.now() - uploadStart;
    if (summary.failed) log(`${summary.failed} uploads failed: ${summary.failures[0]?.error}`);

    log('processing the same photos with sharp alone');
    const { encodeImage, imageLimits } = (await import(/* @vite-ignore */ IMAGES_MODULE)) as ImagePipeline;
    const limits = imageLimits({ MAX_UPLOAD_MB: 50, MAX_IMAGE_PIXELS: 100_000_000 });
    const sharpStart = performance.now();
    await inBatches(files, concurrency, async (file) => {
      await encodeImage(new Uint8Array(await readFile(file)), limits, { small: true });
    });
    const sharpMs = performance.now() - sharpStart;

    return {
      photos,
      size,
      concurrency,
      bytes,
      uploadMs: Math.round(uploadMs),
      sharpMs: Math.round(sharpMs),
      ratio: Math.round((uploadMs / sharpMs) * 100) / 100,
      uploadPhotosPerSecond: Math.round((photos / (uploadMs / 1000)) * 10) / 10,
      sharpPhotosPerSecond: Math.round((photos / (sharpMs / 1000)) * 10) / 10,
      failed: summary.failed,
    };
  } finally {
    await api.close();
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values } = parseArgs({
    options: {
      photos: { type: 'string', default: '200' },
      size: { type: 'string', default: '2000' },
      concurrency: { type: 'string', default: '4' },
    },
  });
  const result = await benchBulkUpload({
    photos: Number(values.photos),
    size: Number(values.size),
    concurrency: Number(values.concurrency),
    log: (line) => console.error(`bench: ${line}`),
  });
  console.log(JSON.stringify(result, null, 2));
  process.exit(0);
}
