import { SOLD_STATES } from '@voltcart/shared';
import { sql } from 'kysely';
import { type Cell, loadRows, startLoad } from '../../db/bulk-load';
import type { Db } from '../../db/connection';

export interface IndexRow {
  id: number;
  name: string;
  brand: string;
  sku: string | null;
  short_description: string | null;
  long_description: string | null;
  category: string | null;
  /** Colour names separated by newlines (GROUP_CONCAT), or NULL. */
  colors: string | null;
  /** Colour ids separated by commas, or NULL. */
  color_ids: string | null;
  /** Memory sizes in GB separated by commas, or NULL. */
  memory: string | null;
  /** Variant SKUs separated by newlines, or NULL. */
  variant_skus: string | null;
  sold: number | string;
}

/** What the index holds of these products, read in one query. */
export async function indexSources(db: Db, ids: number[]): Promise<IndexRow[]> {
  if (ids.length === 0) return [];
  const r = await sql<IndexRow>`SELECT p.id, p.name, p.brand, p.sku, p.short_description, p.long_description,
      c.name AS category,
      (SELECT GROUP_CONCAT(co.name SEPARATOR '\n') FROM product_colors AS pc JOIN colors AS co ON co.id = pc.color_id
        WHERE pc.product_id = p.id) AS colors,
      (SELECT GROUP_CONCAT(pc.color_id) FROM product_colors AS pc WHERE pc.product_id = p.id) AS color_ids,
      (SELECT GROUP_CONCAT(m.size_gb) FROM product_memory AS m WHERE m.product_id = p.id) AS memory,
      (SELECT GROUP_CONCAT(v.sku SEPARATOR '\n') FROM product_variants AS v WHERE v.product_id = p.id) AS variant_skus,
      (SELECT COALESCE(SUM(l.qty), 0) FROM order_lines AS l JOIN orders AS o ON o.id = l.order_id
        WHERE l.product_id = p.id AND o.state IN (${sql.join([...SOLD_STATES])})) AS sold
    FROM products AS p LEFT JOIN categories AS c ON c.id = p.category_id
    WHERE p.id IN (${sql.join(ids)})`.execute(db);
  return r.rows;
}

export interface IndexedDoc {
  productId: number;
  nameKey: string;
  modelKey: string;
  popularity: number;
  /** The product's colour ids and memory sizes (GB), ascending, comma-separated: the facets of a search. */
  colorIds: string;
  memorySizes: string;
  terms: Map<string, number>;
}

/** A product's terms as rows of search_terms. */
const termRows = (d: IndexedDoc) =>
  [...d.terms].map(([term, weight]) => ({ term, product_id: d.productId, weight }));

/** A product's document as its row of search_docs. */
const docRow = (d: IndexedDoc) => ({
  product_id: d.productId,
  name_key: d.nameKey,
  model_key: d.modelKey,
  popularity: d.popularity,
  color_ids: d.colorIds,
  memory_sizes: d.memorySizes,
});

/** Replaces the index entries of these products (terms and documents); new words join the vocabulary. */
export async function writeIndex(db: Db, docs: IndexedDoc[], vocabulary: { k: string; word: string }[]) {
  if (docs.length === 0) return;
  const ids = docs.map((d) => d.productId);
  await db.deleteFrom('search_terms').where('product_id', 'in', ids).execute();
  const terms = docs.flatMap(termRows);
  for (let i = 0; i < terms.length; i += 5000)
    await db
      .insertInto('search_terms')
      .values(terms.slice(i, i + 5000))
      .execute();
  await db
    .insertInto('search_docs')
    .values(docs.map(docRow))
    .onDuplicateKeyUpdate({
      name_key: sql`VALUES(name_key)`,
      model_key: sql`VALUES(model_key)`,
      popularity: sql`VALUES(popularity)`,
      color_ids: sql`VALUES(color_ids)`,
      memory_sizes: sql`VALUES(memory_sizes)`,
    })
    .execute();
  for (let i = 0; i < vocabulary.length; i += 5000)
    await db
      .insertInto('search_words')
      .ignore()
      .values(vocabulary.slice(i, i + 5000))
      .execute();
}

/** Rows per INSERT of the bulk load: a few MB of statement, far below the server's packet limit. */
const LOAD_ROWS = 50_000;

/** Adds the index entries of products that have none yet (the whole index's rebuild, reloadAll), in large INSERTs. */
export async function loadIndex(db: Db, docs: IndexedDoc[], vocabulary: { k: string; word: string }[]) {
  const terms = docs.flatMap(termRows);
  for (let i = 0; i < terms.length; i += LOAD_ROWS)
    await db
      .insertInto('search_terms')
      .values(terms.slice(i, i + LOAD_ROWS))
      .execute();
  for (let i = 0; i < docs.length; i += LOAD_ROWS)
    await db
      .insertInto('search_docs')
      .values(docs.slice(i, i + LOAD_ROWS).map(docRow))
      .execute();
  for (let i = 0; i < vocabulary.length; i += LOAD_ROWS)
    await db
      .insertInto('search_words')
      .values(vocabulary.slice(i, i + LOAD_ROWS))
      .execute();
}

/**
 * Loads the index of a new catalogue (the sample seed): the term and document rows of its products go to
 * `search_terms` and `search_docs` batch by batch, each table in one streamed statement of its own transaction
 * (db/bulk-load.ts `startLoad`), and the vocabulary, made as they come, to `search_words` at the end.
 */
export async function startIndexLoad(db: Db) {
  const [terms, docs] = await Promise.all([
    startLoad(db, 'search_terms', ['term', 'product_id', 'weight']),
    startLoad(db, 'search_docs', [
      'product_id',
      'name_key',
      'model_key',
      'popularity',
      'color_ids',
      'memory_sizes',
    ]),
  ]);
  const loads = [terms, docs];
  return {
    async add(batch: IndexedDoc[]) {
      const termRows: Cell[][] = [];
      for (const d of batch) for (const [term, weight] of d.terms) termRows.push([term, d.productId, weight]);
      await Promise.all([
        terms.add(termRows),
        docs.add(
          batch.map((d) => [d.productId, d.nameKey, d.modelKey, d.popularity, d.colorIds, d.memorySizes]),
        ),
      ]);
    },
    async end(vocabulary: { k: string; word: string }[]) {
      await Promise.all(loads.map((l) => l.end()));
      await loadRows(
        terms.trx,
        'search_words',
        ['k', 'word'],
        vocabulary.map((v) => [v.k, v.word]),
      );
    },
    commit: () => Promise.all(loads.map((l) => l.commit())).then(() => {}),
    rollback: () => Promise.allSettled(loads.map((l) => l.rollback())).then(() => {}),
  };
}

/** Moves each product's units sold by its delta (never below 0). */
export async function addSales(db: Db, deltas: Map<number, number>): Promise<void> {
  const moved = [...deltas].filter(([, delta]) => delta !== 0).sort(([a], [b]) => a - b);
  if (!moved.length) return;
  // One statement for the order's products (rows locked in id order, as every writer of these rows does).
  const delta = sql`CASE product_id ${sql.join(
    moved.map(([id, d]) => sql`WHEN ${id} THEN ${d}`),
    sql` `,
  )} END`;
  await sql`UPDATE search_docs SET popularity = IF(popularity + ${delta} < 0, 0, popularity + ${delta})
    WHERE product_id IN (${sql.join(moved.map(([id]) => id))})`.execute(db);
}

export async function productIdsOfCategory(db: Db, categoryId: number): Promise<number[]> {
  const rows = await db.selectFrom('products').select('id').where('category_id', '=', categoryId).execute();
  return rows.map((r) => Number(r.id));
}

export async function productIdsOfColor(db: Db, colorId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('product_colors')
    .select('product_id')
    .where('color_id', '=', colorId)
    .execute();
  return rows.map((r) => Number(r.product_id));
}

/** Product ids after `afterId`, in id order (re-indexing the whole catalogue in batches). */
export async function productIdsAfter(db: Db, afterId: number, count: number): Promise<number[]> {
  const rows = await db
    .selectFrom('products')
    .select('id')
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(count)
    .execute();
  return rows.map((r) => Number(r.id));
}

/** Colour ids by name (the bulk load of a new catalogue, whose products name their colours). */
export async function colorIdsByName(db: Db): Promise<Map<string, number>> {
  const rows = await db.selectFrom('colors').select(['id', 'name']).execute();
  const ids = new Map<string, number>();
  for (const r of rows) {
    if (ids.has(r.name))
      throw new Error(`The search index's bulk load needs distinct colour names: "${r.name}"`);
    ids.set(r.name, Number(r.id));
  }
  return ids;
}
