// Covers: the search index's bulk load of an empty catalogue (search-engine.ts `bulkLoader`, used by the sample
// seed) and its rebuild of a whole catalogue's index (`reloadAll`, after a change of the index format) write the
// same term, document and vocabulary rows, row for row, as indexing the same products one batch at a time
// through `indexProducts` (the write path of every product change).
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '../src/db/connection';
import { seedCatalog } from '../src/db/seed/seed-catalog';
import { seedDeps } from '../src/lib/seed-deps';
import { LocalStorage } from '../src/lib/storage';
import { MariaDbSearch } from '../src/modules/search/search-engine';
import { createTestContext, type TestContext } from './context';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const indexRows = async (db: Db) => ({
  terms: (
    await sql<{ term: string; product_id: number; weight: number }>`SELECT term, product_id, weight
      FROM search_terms ORDER BY term, product_id`.execute(db)
  ).rows,
  docs: (await sql`SELECT * FROM search_docs ORDER BY product_id`.execute(db)).rows,
  words: (await sql`SELECT k, word FROM search_words ORDER BY k, word`.execute(db)).rows,
});

it('loads the same index rows for a new catalogue as indexProducts writes for its products', async () => {
  // Batches of 25: the words of later batches repeat earlier ones, and each is written once.
  await seedCatalog(ctx.db, seedDeps(new LocalStorage(ctx.uploadDir), ctx.search), {
    products: 260,
    batchSize: 25,
    picturesPerColor: 1,
  });
  const loaded = await indexRows(ctx.db);
  expect(new Set(loaded.docs.map((d) => (d as { product_id: number }).product_id)).size).toBe(260);
  expect(loaded.words.length).toBeGreaterThan(100);

  await sql`DELETE FROM search_terms`.execute(ctx.db);
  await sql`DELETE FROM search_docs`.execute(ctx.db);
  await sql`DELETE FROM search_words`.execute(ctx.db);
  expect(await new MariaDbSearch().reindexAll(ctx.db, 40)).toBe(260);
  const indexed = await indexRows(ctx.db);

  expect(loaded.terms.length).toBe(indexed.terms.length);
  expect(loaded.terms).toEqual(indexed.terms);
  expect(loaded.docs).toEqual(indexed.docs);
  expect(loaded.words).toEqual(indexed.words);
});

it('rebuilds the whole index in one load with the rows indexProducts writes', async () => {
  const engine = new MariaDbSearch();
  // An index out of date: a product without terms, words missing; the rebuild starts from empty tables.
  await sql`DELETE FROM search_terms WHERE product_id = (SELECT MIN(id) FROM products)`.execute(ctx.db);
  await sql`DELETE FROM search_words WHERE word LIKE 'a%'`.execute(ctx.db);
  expect(await engine.reloadAll(ctx.db, 40)).toBe(260);
  const reloaded = await indexRows(ctx.db);

  await sql`DELETE FROM search_terms`.execute(ctx.db);
  await sql`DELETE FROM search_docs`.execute(ctx.db);
  await sql`DELETE FROM search_words`.execute(ctx.db);
  await engine.reindexAll(ctx.db, 40);
  const indexed = await indexRows(ctx.db);
  expect(reloaded.docs).toHaveLength(260);
  expect(reloaded.terms).toEqual(indexed.terms);
  expect(reloaded.docs).toEqual(indexed.docs);
  expect(reloaded.words).toEqual(indexed.words);
});
