// Covers a catalogue CSV near the 50 MB limit sent to the real API server while others use it: the preview
// reads it as a stream in bounded steps, so /health keeps its latency (against a baseline measured first, in
// this same test: a ratio, not a timing) and the server's memory grows by a bounded amount, not by many times
// the file's size. The preview still reads every row.
import { readFileSync } from 'node:fs';
import { get } from 'node:http';
import { resolve } from 'node:path';
import { CATALOG_CSV_COLUMNS } from '@voltcart/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../context';
import { type ApiProcess, startApi } from './processes';

const REPO = resolve(import.meta.dirname, '../../..');
const TARGET_BYTES = 49 * 1024 * 1024;

let ctx: TestContext;
let api: ApiProcess;

/** A valid catalogue of about 49 MB: one variant per product, long descriptions as real catalogues have. */
function bigCatalogue(): { bytes: Uint8Array; rows: number } {
  const words = 'fast charging amoled display battery camera zoom stereo speakers water resistant warranty';
  const long = Array.from({ length: 30 }, (_, i) => `${words} ${i}.`).join(' ');
  const lines = [CATALOG_CSV_COLUMNS.join(',')];
  let size = lines[0]!.length;
  let rows = 0;
  while (size < TARGET_BYTES) {
    const n = rows++;
    const cells: Record<string, string | number> = {
      handle: `big-phone-${n}`,
      name: `Big Phone ${n}`,
      brand: 'Acme',
      original_price: 10_000 + (n % 5000),
      discount_percentage: n % 30,
      active: 1,
      in_stock: 1,
      top_selling: 0,
      short_description: `Phone number ${n} of the large catalogue`,
      long_description: `"${long}"`,
      sku: `BIG-${n}`,
      stock: n % 50,
      variant_active: 1,
    };
    const line = CATALOG_CSV_COLUMNS.map((c) => cells[c] ?? '').join(',');
    lines.push(line);
    size += line.length + 1;
  }
  return { bytes: new TextEncoder().encode(lines.join('\n')), rows };
}

/** The server process's resident memory, in MB (Linux). */
function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
}

/** GET /health on a connection of its own (an idle kept-alive one may be closed by the server meanwhile). */
function health(base: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = get(`${base}/health`, { agent: false }, (res) => {
      res.resume();
      res.on('end', () =>
        res.statusCode === 200 ? resolve() : reject(new Error(`/health: ${res.statusCode}`)),
      );
    });
    req.on('error', reject);
  });
}

/** /health's latency (ms) sampled every 25 ms until `done` resolves (or for `ms`); the server's peak memory. */
async function sample(api: ApiProcess, until: Promise<unknown> | number) {
  let finished = false;
  const end = typeof until === 'number' ? new Promise((r) => setTimeout(r, until)) : until;
  const stop = () => {
    finished = true;
  };
  end.then(stop, stop);
  const latencies: number[] = [];
  let peakMb = 0;
  while (!finished) {
    const t = performance.now();
    await health(api.base);
    latencies.push(performance.now() - t);
    peakMb = Math.max(peakMb, rssMb(api.child.pid!));
    await new Promise((r) => setTimeout(r, 25));
  }
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  return { count: latencies.length, p50: at(0.5), p95: at(0.95), max: latencies.at(-1)!, peakMb };
}

const canRun = process.platform === 'linux';

describe.skipIf(!canRun)('a 49 MB catalogue CSV while the shop is in use', () => {
  beforeAll(async () => {
    ctx = await createTestContext();
    api = await startApi(REPO, {
      NODE_ENV: 'test',
      DATABASE_URL: ctx.config.DATABASE_URL,
      JWT_SECRET: ctx.config.JWT_SECRET,
      LOG_LEVEL: 'warn',
      UPLOAD_DIR: ctx.uploadDir,
    });
  }, 120_000);

  afterAll(async () => {
    await api?.kill();
    await ctx?.close();
  });

  it('keeps /health within a few times its own latency, and memory bounded', async () => {
    const token = await ctx.adminToken();
    const { bytes, rows } = bigCatalogue();
    // The form's bytes made before measuring: this process only sends them while it measures.
    const form = new FormData();
    form.append('file', new File([bytes], 'big-catalogue.csv', { type: 'text/csv' }));
    const encoded = new Response(form);
    const type = encoded.headers.get('content-type')!;
    const body = new Uint8Array(await encoded.arrayBuffer());
    // Warm up (the first requests compile code paths), then the baseline on the same server.
    await sample(api, 1_000);
    const baseline = await sample(api, 3_000);
    const upload = fetch(`${api.base}/catalog/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': type },
      body,
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as { import?: { rows: number } } }));
    const during = await sample(api, upload);
    const answer = await upload.catch((e) => {
      throw new Error(`${e.message}; the server's last output: ${api.output.join('').slice(-3000)}`);
    });
    console.log(
      `large CSV: ${(bytes.byteLength / 1024 / 1024).toFixed(1)} MB, ${rows} rows; /health baseline p50 ${baseline.p50.toFixed(1)} ms p95 ${baseline.p95.toFixed(1)} ms, during p50 ${during.p50.toFixed(1)} ms p95 ${during.p95.toFixed(1)} ms max ${during.max.toFixed(0)} ms (${during.count} samples); memory ${baseline.peakMb.toFixed(0)} → peak ${during.peakMb.toFixed(0)} MB`,
    );
    expect(answer.status, JSON.stringify(answer.body).slice(0, 500)).toBe(201);
    expect(answer.body.import?.rows).toBe(rows);
    // Generous, for a machine that may be busy with other work: pauses of tens of milliseconds are fine, the
    // seconds-long stall of a file parsed in one go is not.
    const unit = Math.max(baseline.p95, 10);
    expect(during.p95).toBeLessThan(15 * unit);
    expect(during.max).toBeLessThan(100 * unit);
    // The rows read are kept for the import (about the file's size, twice as text): not the file many times over.
    expect(during.peakMb - baseline.peakMb).toBeLessThan(4 * (bytes.byteLength / 1024 / 1024));
  }, 300_000);
});
