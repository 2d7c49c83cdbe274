/**
 * Prepares one benchmark database (run by scripts/bench.mjs with tsx):
 *   tsx scripts/bench/seed.ts --url mysql://…/vc_bench_100000 --products 100000 --uploads DIR
 * - the database is migrated and filled with the sample catalogue of api/src/db/seed (pictures in DIR)
 * - a `bench_seed` row records the product count, a fingerprint of the seed's sources and the search index
 *   format (search-text.ts `SEARCH_INDEX_VERSION`); a later run with the same count and fingerprint reuses the
 *   database (seeding 1M products takes many minutes), anything else drops it and seeds again; a reused
 *   database whose index format is another has only its search index built again (MariaDbSearch.reloadAll)
 * Prints one JSON line: {reused, reindexed, products, ms}.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { copyFile, mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  createDb,
  ensureDatabase,
  LocalStorage,
  MariaDbSearch,
  migrateToLatest,
  SEARCH_INDEX_VERSION,
  seedCatalog,
  seedDeps,
  smallNameOf,
} from '@voltcart/api';
import { sql } from 'kysely';
import { freshDatabase } from './fresh-database';

const ROOT = resolve(import.meta.dirname, '../..');
const SEED_DIR = resolve(ROOT, 'api/src/db/seed');
const PICTURE_CACHE = resolve(ROOT, 'bench-results', 'picture-cache');

/**
 * Changes whenever the seed's code or data changes, so that a stale catalogue is never measured. The search
 * index is not part of it: its format has its own version (search-text.ts `SEARCH_INDEX_VERSION`, bumped by hand),
 * and a change to ranking or caching, which leaves the format alone, keeps the catalogues.
 */
function seedFingerprint(): string {
  const h = createHash('sha256');
  for (const f of readdirSync(SEED_DIR).sort()) {
    if (!/\.ts$/.test(f) || /\.test\.ts$/.test(f)) continue;
    h.update(f).update(readFileSync(resolve(SEED_DIR, f)));
  }
  return h.digest('hex').slice(0, 16);
}

type StorePicture = ReturnType<typeof seedDeps>['storePicture'];

/**
 * The sample's pictures kept between catalogues: every catalogue of the bench draws the same few hundred, and
 * encoding them is most of seeding a small one. A picture is kept by its drawing, the storage options and the
 * picture pipeline's source (a change to the encoding draws them all again); a kept one is copied in under that
 * key as its name (a stored picture's name is any 32 hex digits).
 */
function keptPictures(store: StorePicture, uploads: string): StorePicture {
  const pipeline = readFileSync(resolve(ROOT, 'api/src/lib/images.ts'));
  const files = (name: string, small?: boolean) => [name, ...(small ? [smallNameOf(name)] : [])];
  return async (folder, svg, opts = {}) => {
    const key = createHash('sha256')
      .update(pipeline)
      .update(`${folder} ${Boolean(opts.small)} ${svg}`)
      .digest('hex')
      .slice(0, 32);
    const kept = `${key}.webp`;
    await mkdir(join(uploads, folder), { recursive: true });
    if (existsSync(join(PICTURE_CACHE, kept))) {
      for (const f of files(kept, opts.small))
        await copyFile(join(PICTURE_CACHE, f), join(uploads, folder, f));
      return kept;
    }
    const name = await store(folder, svg, opts);
    await mkdir(PICTURE_CACHE, { recursive: true });
    const [full, small] = files(name, opts.small);
    // The small one first: a picture is kept once its full-size file is there.
    if (small) await copyFile(join(uploads, folder, small), join(PICTURE_CACHE, `${key}-sm.webp`));
    await copyFile(join(uploads, folder, full!), join(PICTURE_CACHE, kept));
    return name;
  };
}

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    products: { type: 'string' },
    uploads: { type: 'string' },
  },
});
if (!values.url || !values.products || !values.uploads)
  throw new Error('usage: seed.ts --url URL --products N --uploads DIR');
const url = values.url;
const products = Number(values.products);
const uploads = resolve(values.uploads);
const fingerprint = seedFingerprint();
const name = new URL(url).pathname.slice(1);
if (!/^vc_bench_\w+$/.test(name)) throw new Error(`refusing to seed "${name}": not a vc_bench_ database`);

const started = performance.now();
await ensureDatabase(url);
// No statement time limit: the seed moves a whole table in one statement (seed-catalog.ts), and ANALYZE TABLE of a
// million products runs for minutes.
let db = createDb(url, 10, { queryTimeoutMs: null });
const marker = await sql<{ products: number; fingerprint: string; search_index?: number }>`
  SELECT * FROM bench_seed LIMIT 1`
  .execute(db)
  .then((r) => r.rows[0])
  .catch(() => undefined);
const reusable =
  marker &&
  Number(marker.products) === products &&
  marker.fingerprint === fingerprint &&
  existsSync(resolve(uploads, 'product'));

if (!reusable) {
  await db.destroy();
  rmSync(uploads, { recursive: true, force: true });
  await freshDatabase(url);
  db = createDb(url, 10, { queryTimeoutMs: null });
}
// MariaDB sometimes fails an information_schema query with "Error on delete of '/tmp/#sql-temptable…'" while
// other test databases are created and dropped: that is transient, so try again.
for (let attempt = 1; ; attempt++) {
  try {
    await migrateToLatest(db);
    break;
  } catch (e) {
    if (attempt >= 3 || !/temptable|Errcode/.test((e as Error).message)) throw e;
    await new Promise((r) => setTimeout(r, 500));
  }
}
if (!reusable) {
  const deps = seedDeps(new LocalStorage(uploads), new MariaDbSearch());
  await seedCatalog(
    db,
    { ...deps, storePicture: keptPictures(deps.storePicture, uploads) },
    {
      products,
      batchSize: 5000,
    },
  );
  await sql`CREATE TABLE bench_seed (products INT UNSIGNED NOT NULL, fingerprint VARCHAR(32) NOT NULL,
    search_index INT UNSIGNED NOT NULL)`.execute(db);
  await sql`INSERT INTO bench_seed VALUES (${products}, ${fingerprint}, ${SEARCH_INDEX_VERSION})`.execute(db);
  // Fresh statistics, so that the optimiser sees the real table sizes from the first query.
  await sql`ANALYZE TABLE products, product_colors, categories, colors`.execute(db);
}
// Another index format: the catalogue stays, its search index is built again (minutes, not the seed's tens).
const reindexed = Boolean(reusable) && Number(marker?.search_index) !== SEARCH_INDEX_VERSION;
if (reindexed) {
  await new MariaDbSearch().reloadAll(db);
  await sql`UPDATE bench_seed SET search_index = ${SEARCH_INDEX_VERSION}`.execute(db);
}
await db.destroy();
console.log(
  JSON.stringify({
    reused: Boolean(reusable),
    reindexed,
    products,
    ms: Math.round(performance.now() - started),
  }),
);
