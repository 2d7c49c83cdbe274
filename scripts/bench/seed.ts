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
import { resolve } from 'node:path';
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
} from '@voltcart/api';
import { sql } from 'kysely';
import { freshDatabase } from './fresh-database';

const ROOT = resolve(import.meta.dirname, '../..');
const SEED_DIR = resolve(ROOT, 'api/src/db/seed');

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
  await seedCatalog(db, seedDeps(new LocalStorage(uploads), new MariaDbSearch()), {
    products,
    batchSize: 5000,
  });
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
