/**
 * Part `images` of `npm run bench`:
 * 200 photos (100 with --quick: the figure is a ratio of two rates) through the admin bulk upload → API → sharp →
 * storage, against sharp alone.
 */
import { rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { databaseUrl } from '../lib/database.mjs';
import { ROOT, step, UserError } from '../lib/log.mjs';
import { run } from '../lib/processes.mjs';
import { benchSecrets, startApi } from './api.mjs';
import { lastJson, TSX } from './shared.mjs';
import { preparing } from './timings.mjs';

export async function imagesPart(db, { args, record }) {
  const photos = args.quick ? 100 : 200;
  const secrets = benchSecrets();
  const url = databaseUrl(db.serverUrl, 'vc_bench_images');
  const uploads = resolve(ROOT, 'bench-results', 'uploads', 'images');
  const script = resolve(ROOT, 'scripts/bench/images.ts');
  rmSync(uploads, { recursive: true, force: true });
  const prepared = await preparing(() =>
    run(process.execPath, [...TSX, script, 'prepare', '--url', url, '--secret', secrets.JWT_SECRET], {
      quiet: true,
      label: 'Preparing the image benchmark',
    }),
  );
  const { token } = lastJson(prepared);
  // Image work is sharp's, on every core, and the uploader is nearly idle: the API gets the production
  // default of one worker per CPU here, as sharp alone gets every core.
  const api = await startApi({
    url,
    uploads,
    secrets,
    env: { WEB_CONCURRENCY: process.env.WEB_CONCURRENCY || String(availableParallelism()) },
  });
  step(`Images: ${photos} photos through the admin bulk upload → API → sharp → storage, then sharp alone…`);
  let r;
  try {
    const out = await run(
      process.execPath,
      [...TSX, script, 'run', '--api', api.base, '--token', token, '--photos', String(photos)],
      { quiet: true, label: 'The image benchmark' },
    );
    r = lastJson(out);
  } finally {
    await api.stop();
    rmSync(uploads, { recursive: true, force: true });
  }
  if (r.failed) throw new UserError(`${r.failed} of ${r.photos} uploads failed in the image benchmark.`);
  console.log(
    `  upload ${r.uploadPhotosPerSecond} photos/s (${(r.uploadMs / 1000).toFixed(1)} s), sharp alone ${r.sharpPhotosPerSecond} photos/s (${(r.sharpMs / 1000).toFixed(1)} s), ${r.concurrency} at a time`,
  );
  record(
    'images.bulk_ratio',
    r.sharpMs / r.uploadMs,
    'ratio',
    `${r.photos} photos ${r.size}² JPEG; upload throughput ÷ sharp alone`,
  );
  record(
    'images.upload_per_s',
    r.uploadPhotosPerSecond,
    'photos/s',
    `bulk upload, ${r.concurrency} at a time`,
  );
  record(
    'images.sharp_per_s',
    r.sharpPhotosPerSecond,
    'photos/s',
    'sharp alone, same photos and concurrency',
  );
}
