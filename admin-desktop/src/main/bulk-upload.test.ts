// The bulk image upload of the main process against the real API over HTTP: folder chosen through the
// injected dialog, scanned, matched, uploaded with limited concurrency and throttled progress, a retryable
// failure retried, refusals reported with the API's message, cancel, and "retry failed"; a colour's photos
// (`<slug>-<colour-slug>[-N]`) matched by the API go to that colour's gallery.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkProgress } from '../shared/ipc-contract';
import { colorMatchesOf, matchFiles } from '../shared/match';
import { UploadError } from '../shared/upload-queue';
import { createApiClient } from './api-client';
import { createBulkUpload } from './bulk-upload';
import { type FileUploadRequest, uploadImageFile } from './file-upload';
import { type RunningApi, startApi } from './test/api-server';
import { writeImage } from './test/images';

let api: RunningApi;
let dir: string;
let products: Awaited<ReturnType<RunningApi['createProducts']>>;

beforeAll(async () => {
  api = await startApi();
  products = await api.createProducts([
    { name: 'Galaxy S24', sku: 'SM-S921' },
    { name: 'Pixel 8' },
    { name: 'boAt Rockerz 450', sku: 'BOAT-450' },
    { name: 'ThinkPad X1' },
  ]);
  dir = await mkdtemp(join(tmpdir(), 'vc-bulk-'));
  let seed = 0;
  for (const p of products) {
    await writeImage(join(dir, `${p.slug}.jpg`), 'jpeg', 400, seed++);
    await writeImage(join(dir, 'more', `${p.slug}-2.png`), 'png', 300, seed++);
    await writeImage(join(dir, 'more', `${p.slug}-3.webp`), 'webp', 300, seed++);
  }
  await writeImage(join(dir, 'SM-S921-4.JPG'), 'jpeg', 200, seed++);
  await writeImage(join(dir, 'unknown-gadget.jpg'), 'jpeg', 200, seed++);
}, 120_000);

afterAll(async () => {
  await api?.close();
  await rm(dir, { recursive: true, force: true });
});

function service(
  opts: {
    upload?: (req: FileUploadRequest) => Promise<{ alreadyThere?: boolean } | undefined>;
    token?: string | null;
    folder?: string;
  } = {},
) {
  const events: BulkProgress[] = [];
  const bulk = createBulkUpload({
    pickFolder: async () => opts.folder ?? dir,
    connection: async () => ({
      apiUrl: api.apiUrl,
      token: opts.token === undefined ? api.token : opts.token,
    }),
    emit: (p) => events.push(p),
    upload: opts.upload,
    concurrency: 3,
    backoff: { minTimeout: 20, maxTimeout: 20 },
    throttleMs: 50,
  });
  return { bulk, events };
}

async function productDetail(id: string) {
  const r = await api.ctx.req('GET', `/product/${id}`, { token: api.token });
  return r.body.product as { thumbnail: string; images: string[] };
}

// Real uploads and image processing: generous time on a busy machine.
describe('bulk upload (main process → real API)', { timeout: 60_000 }, () => {
  it('scans the folder chosen in the dialog and matches files to products by slug and SKU', async () => {
    const { bulk } = service();
    const scan = await bulk.pickFolder();
    expect(scan!.files).toHaveLength(14);
    expect(scan!.files.every((f) => !('path' in f))).toBe(true);
    const entries = matchFiles(scan!.files, products);
    expect(entries.filter((e) => e.status === 'matched')).toHaveLength(13);
    expect(entries.find((e) => e.file.name === 'unknown-gadget.jpg')?.status).toBe('unmatched');
    expect(entries.find((e) => e.file.name === 'SM-S921-4.JPG')).toMatchObject({
      productId: products[0]!._id,
      role: 'gallery',
    });
  });

  it('uploads every matched file, 3 at a time, retrying an injected network failure', async () => {
    let active = 0;
    let peak = 0;
    const tries = new Map<string, number>();
    const { bulk, events } = service({
      upload: async (req) => {
        active++;
        peak = Math.max(peak, active);
        try {
          const n = (tries.get(req.fileName) ?? 0) + 1;
          tries.set(req.fileName, n);
          if (req.fileName === 'pixel-8-2.png' && n === 1) {
            throw new UploadError('Cannot reach the shop server (ECONNRESET).', true);
          }
          return await uploadImageFile(req);
        } finally {
          active--;
        }
      },
    });
    const scan = (await bulk.pickFolder())!;
    const jobs = matchFiles(scan.files, products)
      .filter((e) => e.status === 'matched')
      .map((e) => ({ fileId: e.file.id, productId: e.productId!, role: e.role }));
    const { runId } = await bulk.start({ scanId: scan.scanId, jobs });
    const summary = await bulk.finished(runId);

    expect(summary).toMatchObject({ total: 13, done: 13, failed: 0, cancelled: 0 });
    expect(peak).toBe(3);
    expect(tries.get('pixel-8-2.png')).toBe(2);

    for (const p of products) {
      const d = await productDetail(p._id);
      expect(d.thumbnail, p.slug).not.toBe('');
      expect(d.images, p.slug).toHaveLength(p.sku === 'SM-S921' ? 3 : 2);
    }

    // Throttled: far fewer events than progress callbacks, each naming only what changed, the last complete.
    const last = events.at(-1)!;
    expect(last).toMatchObject({ runId, finished: true, totals: { done: 13, percent: 100 } });
    expect(last.items).toHaveLength(13);
    expect(last.summary).toMatchObject({ done: 13 });
    expect(events.filter((e) => e.finished)).toHaveLength(1);
    const retried = last.items.find((i) => scan.files.find((f) => f.id === i.id)?.name === 'pixel-8-2.png');
    expect(retried).toMatchObject({ state: 'done', attempts: 2, error: null });
    const percents = events.map((e) => e.totals.percent);
    expect([...percents].sort((a, b) => a - b)).toEqual(percents);
  }, 120_000);

  it('run again on the same folder, adds nothing and reports every file as already there', async () => {
    const before = await Promise.all(products.map((p) => productDetail(p._id)));
    const { bulk, events } = service();
    const scan = (await bulk.pickFolder())!;
    const jobs = matchFiles(scan.files, products)
      .filter((e) => e.status === 'matched')
      .map((e) => ({ fileId: e.file.id, productId: e.productId!, role: e.role }));
    const { runId } = await bulk.start({ scanId: scan.scanId, jobs });
    const summary = await bulk.finished(runId);
    expect(summary).toMatchObject({ total: 13, done: 0, existing: 13, failed: 0, cancelled: 0 });
    const last = events.at(-1)!;
    expect(last.totals).toMatchObject({ done: 0, existing: 13, percent: 100 });
    expect(last.items.every((i) => i.state === 'existing')).toBe(true);
    expect(await Promise.all(products.map((p) => productDetail(p._id)))).toEqual(before);
  }, 120_000);

  it("reports the API's refusal without retrying it", async () => {
    let calls = 0;
    const { bulk } = service({
      upload: (req) => {
        calls++;
        return uploadImageFile(req);
      },
    });
    const scan = (await bulk.pickFolder())!;
    const { runId } = await bulk.start({
      scanId: scan.scanId,
      jobs: [{ fileId: scan.files[0]!.id, productId: '999999', role: 'gallery' }],
    });
    const summary = await bulk.finished(runId);
    expect(calls).toBe(1);
    expect(summary.failures).toEqual([{ id: scan.files[0]!.id, error: 'Product not found.' }]);
  });

  it('refuses an expired session and files that are not part of the scan', async () => {
    const noToken = service({ token: null });
    const scan = (await noToken.bulk.pickFolder())!;
    const job = { fileId: scan.files[0]!.id, productId: products[0]!._id, role: 'gallery' as const };
    await expect(noToken.bulk.start({ scanId: scan.scanId, jobs: [job] })).rejects.toThrow('log in again');

    const bad = service({ token: 'eyJhbGciOiJIUzI1NiJ9.e30.bad' });
    const scan2 = (await bad.bulk.pickFolder())!;
    const { runId } = await bad.bulk.start({ scanId: scan2.scanId, jobs: [job] });
    const summary = await bad.bulk.finished(runId);
    expect(summary.failed).toBe(1);
    expect(summary.failures[0]!.error).toMatch(/log|token|session/i);

    const { bulk } = service();
    const s = (await bulk.pickFolder())!;
    await expect(bulk.start({ scanId: s.scanId, jobs: [{ ...job, fileId: 'f999' }] })).rejects.toThrow(
      'not part of the scanned folder',
    );
    await expect(bulk.start({ scanId: s.scanId, jobs: [job, job] })).rejects.toThrow('listed twice');
    await expect(bulk.start({ scanId: 'no-such-scan-id', jobs: [job] })).rejects.toThrow(
      'Choose the folder again',
    );
    expect(
      await service()
        .bulk.retryFailed('no-such-run-id')
        .catch((e: Error) => e.message),
    ).toMatch(/no longer available/);
  });

  it('cancel stops the run; retry failed sends the cancelled files afterwards', async () => {
    const [target] = await api.createProducts([{ name: 'Cancel Test Phone' }]);
    const big = await mkdtemp(join(tmpdir(), 'vc-bulk-big-'));
    try {
      for (let i = 2; i <= 9; i++) await writeImage(join(big, `${target!.slug}-${i}.jpg`), 'jpeg', 900, i);
      let started = 0;
      const events: BulkProgress[] = [];
      const bulk = createBulkUpload({
        pickFolder: async () => big,
        connection: async () => ({ apiUrl: api.apiUrl, token: api.token }),
        emit: (p) => events.push(p),
        upload: (req) => {
          started++;
          return uploadImageFile(req);
        },
        throttleMs: 20,
      });
      const scan = (await bulk.pickFolder())!;
      const jobs = scan.files.map((f) => ({
        fileId: f.id,
        productId: target!._id,
        role: 'gallery' as const,
      }));
      const { runId } = await bulk.start({ scanId: scan.scanId, jobs });
      // One product: its files go one at a time. Cancel once the first is through.
      while (!events.some((e) => e.totals.done >= 1)) await new Promise((r) => setTimeout(r, 10));
      await bulk.cancel(runId);
      const summary = await bulk.finished(runId);
      expect(summary.cancelled).toBeGreaterThan(0);
      expect(summary.done + summary.cancelled).toBe(8);
      expect(started).toBeLessThan(8);
      expect((await productDetail(target!._id)).images.length).toBe(summary.done);

      await bulk.retryFailed(runId);
      const again = await bulk.finished(runId);
      expect(again).toMatchObject({ done: 8, cancelled: 0, failed: 0 });
      expect((await productDetail(target!._id)).images).toHaveLength(8);
    } finally {
      await rm(big, { recursive: true, force: true });
    }
  }, 120_000);

  it("sends a colour's photos (<slug>-<colour-slug>[-N]) to that colour's gallery, the others to the shared one", async () => {
    const color = async (name: string) => {
      const r = await api.ctx.req('POST', '/color/create', {
        token: api.token,
        body: { name: `${name} ${randomBytes(3).toString('hex')}`, hexcode: '#336699' },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return r.body.color as { _id: string; name: string; slug: string };
    };
    const [ocean, graphite] = [await color('Ocean Blue'), await color('Graphite')];
    const form = new FormData();
    form.append('name', 'Galaxy Tab S9');
    form.append('originalPrice', '1000');
    form.append('colors', JSON.stringify([ocean._id, graphite._id]));
    const created = await api.ctx.req('POST', '/product/create', { token: api.token, form });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const tab = created.body.product as { _id: string; slug: string; sku: string | null; name: string };

    const folder = await mkdtemp(join(tmpdir(), 'vc-bulk-colour-'));
    try {
      await writeImage(join(folder, `${tab.slug}.jpg`), 'jpeg', 200, 31);
      await writeImage(join(folder, `${tab.slug}-${ocean.slug}.png`), 'png', 200, 32);
      await writeImage(join(folder, `${tab.slug}-${ocean.slug}-2.png`), 'png', 200, 33);
      await writeImage(join(folder, `${tab.slug}-${graphite.slug}-1.webp`), 'webp', 200, 34);
      const { bulk } = service({ folder });
      const scan = (await bulk.pickFolder())!;
      // The renderer's way: the API's matching, then matchFiles on its products and colour matches.
      const client = createApiClient(api.apiUrl, api.token);
      const { matches } = await client.product.matchImages({
        body: { names: scan.files.map((f) => f.name) },
      });
      const entries = matchFiles(
        scan.files,
        matches.flatMap((m) => m.candidates),
        colorMatchesOf(matches),
      );
      const byName = (n: string) => entries.find((e) => e.file.name === n)!;
      expect(byName(`${tab.slug}.jpg`)).toMatchObject({ role: 'thumbnail', color: null });
      expect(byName(`${tab.slug}-${ocean.slug}.png`)).toMatchObject({
        status: 'matched',
        productId: tab._id,
        role: 'gallery',
        color: { _id: ocean._id, name: ocean.name },
      });
      expect(byName(`${tab.slug}-${graphite.slug}-1.webp`)).toMatchObject({
        role: 'gallery',
        color: { _id: graphite._id },
      });

      const jobs = entries.map((e) => ({
        fileId: e.file.id,
        productId: e.productId!,
        role: e.role,
        ...(e.color ? { colorId: e.color._id } : {}),
      }));
      const { runId } = await bulk.start({ scanId: scan.scanId, jobs });
      expect(await bulk.finished(runId)).toMatchObject({ total: 4, done: 4, failed: 0 });

      const d = (await api.ctx.req('GET', `/product/${tab._id}`, { token: api.token })).body.product as {
        thumbnail: string;
        images: string[];
        colorImages: Record<string, string[]>;
      };
      expect(d.thumbnail).not.toBe('');
      expect(d.images).toEqual([]);
      expect(d.colorImages[ocean._id]).toHaveLength(2);
      expect(d.colorImages[graphite._id]).toHaveLength(1);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('uploadImageFile', { timeout: 60_000 }, () => {
  it('sends the file from disk with rising progress up to the whole body, and returns the product', async () => {
    const [p] = await api.createProducts([{ name: 'Progress Phone' }]);
    const file = join(dir, `${products[0]!.slug}.jpg`);
    const seen: number[] = [];
    const { product, alreadyThere } = await uploadImageFile({
      client: createApiClient(api.apiUrl, api.token),
      job: { productId: p!._id, role: 'gallery' },
      filePath: file,
      fileName: 'photo "one".jpg',
      contentType: 'image/jpeg',
      onProgress: (sent, total) => seen.push(sent / total),
    });
    expect(product._id).toBe(p!._id);
    expect(alreadyThere).toBe(false);
    expect(product.images).toHaveLength(1);
    expect((await productDetail(p!._id)).images).toEqual(product.images);
    expect(seen.at(-1)).toBe(1);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
  });

  it('replaces the thumbnail for the thumbnail role', async () => {
    const [p] = await api.createProducts([{ name: 'Thumbnail Phone' }]);
    const { product } = await uploadImageFile({
      client: createApiClient(api.apiUrl, api.token),
      job: { productId: p!._id, role: 'thumbnail' },
      filePath: join(dir, `${products[1]!.slug}.jpg`),
      fileName: 'front.jpg',
      contentType: 'image/jpeg',
    });
    expect(product.thumbnail).not.toBe('');
    expect(product.images).toEqual([]);
  });

  it('turns an abort into a cancelled upload and an unreachable server into a retryable error', async () => {
    const controller = new AbortController();
    controller.abort();
    const req = {
      client: createApiClient(api.apiUrl, api.token),
      job: { productId: products[0]!._id, role: 'gallery' as const },
      filePath: join(dir, `${products[0]!.slug}.jpg`),
      fileName: 'a.jpg',
      contentType: 'image/jpeg',
    };
    await expect(uploadImageFile({ ...req, signal: controller.signal })).rejects.toMatchObject({
      message: 'The upload was cancelled.',
      retryable: false,
    });
    await expect(
      uploadImageFile({ ...req, client: createApiClient('http://127.0.0.1:9', api.token) }),
    ).rejects.toMatchObject({
      retryable: true,
    });
    await expect(
      uploadImageFile({ ...req, client: createApiClient(api.apiUrl, null) }),
    ).rejects.toMatchObject({
      status: 401,
      retryable: false,
    });
    await expect(uploadImageFile({ ...req, filePath: join(dir, 'gone.jpg') })).rejects.toMatchObject({
      message: expect.stringMatching(/^Cannot read a\.jpg: /),
      retryable: false,
    });
  });

  it('cancels while sending but awaits the answer once every byte is sent; fails a silent server as retryable', async () => {
    // A stand-in API: 'stall' never reads the body nor answers; 'slow' reads it all and answers 300 ms later.
    const server = createServer((req, res) => {
      if (req.url?.endsWith('/stall')) return req.pause();
      req.resume();
      req.on('end', () =>
        setTimeout(() => {
          res.setHeader('content-type', 'application/json');
          res.end(
            JSON.stringify({ flag: 1, msg: 'Images added.', product: { _id: 'slow', images: ['x.webp'] } }),
          );
        }, 300),
      );
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const big = join(dir, 'big.jpg');
    await writeFile(
      big,
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(4 * 1024 * 1024)]),
    );
    try {
      const req = {
        client: createApiClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, 'token'),
        filePath: big,
        fileName: 'big.jpg',
        contentType: 'image/jpeg',
      };
      const sending = new AbortController();
      await expect(
        uploadImageFile({
          ...req,
          job: { productId: 'stall', role: 'gallery' },
          signal: sending.signal,
          onProgress: (sent, total) => {
            if (sent < total) sending.abort();
          },
        }),
      ).rejects.toMatchObject({ message: 'The upload was cancelled.', retryable: false });

      const sent = new AbortController();
      const { product } = await uploadImageFile({
        ...req,
        job: { productId: 'slow', role: 'gallery' },
        signal: sent.signal,
        onProgress: (n, total) => {
          if (n >= total) sent.abort();
        },
      });
      expect(sent.signal.aborted).toBe(true);
      expect(product).toEqual({ _id: 'slow', images: ['x.webp'] });

      await expect(
        uploadImageFile({ ...req, job: { productId: 'stall', role: 'gallery' }, idleTimeoutMs: 300 }),
      ).rejects.toMatchObject({
        message: 'The shop server stopped answering during the upload.',
        retryable: true,
      });
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});
