/**
 * The image upload benchmark (run by scripts/bench/images.mjs with tsx), in two steps around the API's start:
 *   tsx scripts/bench/images.ts prepare --url URL --secret JWT_SECRET     → prints {token}
 *   tsx scripts/bench/images.ts run --api BASE --token T --photos 200       → prints the result
 * prepare: a fresh vc_bench_images database with one admin account (its token signed with the API's secret).
 * run: the desktop app's own benchmark (admin-desktop/bench/bulk-upload.ts): the photos go through
 *   the bulk upload queue → multipart streaming → API → sharp → storage, then sharp alone does the API's image
 *   work on the same photos with the same concurrency.
 */
import { parseArgs } from 'node:util';
import { createDb, migrateToLatest, Tokens } from '@voltcart/api';
import { benchBulkUpload } from '../../admin-desktop/bench/bulk-upload';
import { freshDatabase } from './fresh-database';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    url: { type: 'string' },
    secret: { type: 'string' },
    api: { type: 'string' },
    token: { type: 'string' },
    photos: { type: 'string', default: '200' },
    concurrency: { type: 'string', default: '4' },
  },
});

if (positionals[0] === 'prepare') {
  const url = values.url ?? '';
  if (!/\/vc_bench_images(?:\?|$)/.test(url)) throw new Error('--url must name the vc_bench_images database');
  await freshDatabase(url);
  const db = createDb(url, 2);
  await migrateToLatest(db);
  const r = await db
    .insertInto('admins')
    // Signed in by token below, never by password.
    .values({ name: 'Bench admin', email: 'bench@voltcart.test', password_hash: 'x' })
    .executeTakeFirstOrThrow();
  await db.destroy();
  const token = await new Tokens(values.secret ?? '', { admin: '1h', customer: '1h' }).sign(
    'admin',
    Number(r.insertId),
    0,
  );
  console.log(JSON.stringify({ token }));
} else if (positionals[0] === 'run') {
  const result = await benchBulkUpload({
    apiUrl: values.api,
    token: values.token,
    photos: Number(values.photos),
    concurrency: Number(values.concurrency),
    log: (line) => console.error(line),
  });
  console.log(JSON.stringify(result));
} else throw new Error('usage: images.ts prepare|run …');
