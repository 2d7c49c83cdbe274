import { SOLD_STATES } from '@voltcart/shared';
import { type RawBuilder, sql } from 'kysely';
import { type Cell, loadRows, startLoad } from '../../db/bulk-load';
import type { Db } from '../../db/connection';
import { FIELD_WEIGHT } from './search-text';

// ---------------------------------------------------------------- index writes

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

// ---------------------------------------------------------------- vocabulary and synonyms

/** Which of these words are indexed, whole or as the start of a longer word. */
export async function knownPrefixes(db: Db, words: string[]): Promise<Set<string>> {
  if (words.length === 0) return new Set();
  const parts = words.map(
    (w) =>
      sql`(SELECT ${w} AS w FROM search_terms WHERE term >= ${w} AND term < ${`${w}\u{10FFFF}`} LIMIT 1)`,
  );
  const r = await sql<{ w: string }>`${sql.join(parts, sql` UNION ALL `)}`.execute(db);
  return new Set(r.rows.map((x) => x.w));
}

/** Indexed words that share a deletion key with one of `keys`. */
export async function wordsByKeys(db: Db, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const r = await sql<{ word: string }>`SELECT DISTINCT word FROM search_words
    WHERE k IN (${sql.join(keys)}) LIMIT 200`.execute(db);
  return r.rows.map((x) => x.word);
}

export interface SynonymRow {
  term: string;
  alternatives: string;
}

export async function synonyms(db: Db): Promise<SynonymRow[]> {
  return db.selectFrom('search_synonyms').select(['term', 'alternatives']).orderBy('term').execute();
}

export async function synonymsFor(db: Db, terms: string[]): Promise<SynonymRow[]> {
  if (terms.length === 0) return [];
  return db
    .selectFrom('search_synonyms')
    .select(['term', 'alternatives'])
    .where('term', 'in', terms)
    .execute();
}

export async function replaceSynonyms(db: Db, rows: SynonymRow[]): Promise<void> {
  await db.deleteFrom('search_synonyms').execute();
  if (rows.length) await db.insertInto('search_synonyms').values(rows).execute();
}

// ---------------------------------------------------------------- finding

/**
 * One query word: the terms it finds exactly and, optionally, the start of longer terms; and its part in the
 * query (MariaDbSearch.explain):
 * - `type`: the word names the kind of product (a category's word, or its synonym): "laptop" in "gaming laptop"
 * - `optional`: a describing word that no product of that kind is named by ("bluetooth" in "bluetooth
 *   speaker"): products of the kind may lack it (they rank after those that have it)
 * - `hint`: never required, only ranks: the model number of a synonym ("5" of "ps5" → PlayStation 5)
 */
export interface WordMatch {
  exact: string[];
  prefix?: string;
  role?: 'type' | 'optional' | 'hint';
}

/** The weight (matchSet's w) from which a product is of the kind a type word names: named or in the category. */
const OF_TYPE = FIELD_WEIGHT.category * 2 + 1;

/**
 * The products matching the query's words, with the weakest and summed weight of their matches, the weight of
 * the type word's match (0 without one) and the number of words matched. Per word, a product scores its
 * strongest field (weight × 2, +1 when the term matched exactly rather than as a prefix).
 * - a product is in the set when every word but the hints matched
 * - or, with a type word, when it is of that kind (category or name) and every word but the optional ones and
 *   the hints matched
 */
export function matchSet(words: WordMatch[]): RawBuilder<unknown> {
  const parts = words.map((w, i) => {
    const exact = w.exact.length ? sql`term IN (${sql.join(w.exact)})` : sql`FALSE`;
    const cond = w.prefix
      ? sql`(${exact} OR (term >= ${w.prefix} AND term < ${`${w.prefix}\u{10FFFF}`}))`
      : exact;
    return sql`SELECT ${i} AS k, product_id, MAX(weight * 2 + (${exact})) AS w FROM search_terms
      WHERE ${cond} GROUP BY product_id`;
  });
  // One word (most searches): its matches as they are, without grouping them a second time.
  if (parts.length === 1)
    return sql`(SELECT product_id, w AS minw, w AS sumw, ${words[0]!.role === 'type' ? sql`w` : sql`0`} AS typew,
      1 AS n FROM (${parts[0]}) AS mw)`;
  const indexes = (keep: (w: WordMatch) => boolean) => words.flatMap((w, i) => (keep(w) ? [i] : []));
  const required = indexes((w) => w.role !== 'hint');
  const must = indexes((w) => w.role !== 'hint' && w.role !== 'optional');
  const type = words.findIndex((w) => w.role === 'type');
  const count = (list: number[]) => sql`SUM(k IN (${sql.join(list)}))`;
  const typew = type < 0 ? sql`0` : sql`MAX(IF(k = ${type}, w, 0))`;
  const ofType =
    type < 0 || must.length === required.length
      ? sql``
      : sql` OR (${typew} >= ${OF_TYPE} AND ${count(must)} = ${must.length})`;
  return sql`(SELECT product_id, COALESCE(MIN(IF(k IN (${sql.join(required)}), w, NULL)), 0) AS minw,
      SUM(w) AS sumw, ${typew} AS typew, COUNT(*) AS n
    FROM (${sql.join(parts, sql` UNION ALL `)}) AS mw
    GROUP BY product_id HAVING ${count(required)} = ${required.length}${ofType})`;
}

/**
 * Whether a product of the kind `typeTerms` name (category or name) is also named by `word` (name, brand or
 * category): then the word narrows the kind ("samsung" tablet, "gaming" laptop) and stays required.
 */
export async function namesAmongType(db: Db, typeTerms: string[], word: WordMatch): Promise<boolean> {
  const exact = word.exact.length ? sql`o.term IN (${sql.join(word.exact)})` : sql`FALSE`;
  const cond = word.prefix
    ? sql`(${exact} OR (o.term >= ${word.prefix} AND o.term < ${`${word.prefix}\u{10FFFF}`}))`
    : exact;
  const r = await sql<{ one: number }>`SELECT 1 AS one FROM search_terms AS t
      JOIN search_terms AS o ON o.product_id = t.product_id
    WHERE t.term IN (${sql.join(typeTerms)}) AND t.weight >= ${FIELD_WEIGHT.category}
      AND ${cond} AND o.weight >= ${FIELD_WEIGHT.category} LIMIT 1`.execute(db);
  return r.rows.length > 0;
}

/**
 * Runs `work` on one connection with the search's matches computed once into a temporary table, `search_match`,
 * which `work`'s queries read in place of the products (ListSpec.kept): the facet counts are seven queries over
 * the same matches, and a common word matches a tenth of a million products.
 * - each match's row holds what the filters, facets and sorts read of its product (from the narrow index
 *   `products_search_keys`, migration 20261125T0830, not the product's wide row), its units sold and whether
 *   its name or model is the query (or starts with it) or its SKU what was typed: the matches' products are
 *   read once, in one statement, and every count and sort after that reads the table alone
 * - each query may read the table once (MariaDB's rule for temporary tables)
 */
export async function withMatches<T>(
  db: Db,
  spec: ListSpec,
  q: { key: string; raw: string },
  work: (conn: Db, spec: ListSpec) => Promise<T>,
) {
  if (!spec.match) return work(db, spec);
  const match = spec.match;
  const prefix = `${q.key}%`;
  return db.connection().execute(async (conn) => {
    await sql`CREATE TEMPORARY TABLE search_match (PRIMARY KEY (id))
      SELECT m.product_id AS id, m.minw, m.sumw, m.typew, m.n, p.status, p.category_id, p.sellable, p.list_price,
        p.discount_percentage, p.stock, p.top_selling, p.brand, COALESCE(d.popularity, 0) AS popularity,
        COALESCE(d.color_ids, '') AS color_ids, COALESCE(d.memory_sizes, '') AS memory_sizes,
        COALESCE(d.name_key = ${q.key} OR d.model_key = ${q.key}
          OR m.product_id = (SELECT id FROM products WHERE sku = ${q.raw}), 0) AS exact_hit,
        COALESCE(d.name_key LIKE ${prefix} OR d.model_key LIKE ${prefix}, 0) AS prefix_hit
      FROM ${match} AS m
        STRAIGHT_JOIN products AS p FORCE INDEX (products_search_keys) ON p.id = m.product_id
        LEFT JOIN search_docs AS d ON d.product_id = m.product_id`.execute(conn);
    try {
      return await work(conn, { ...spec, match: undefined, kept: true });
    } finally {
      await sql`DROP TEMPORARY TABLE IF EXISTS search_match`.execute(conn);
    }
  });
}

/** A filter's SQL condition over `p` (products) and `c` (its category), tagged with the facet it belongs to. */
export interface Condition {
  facet: string;
  where: RawBuilder<unknown>;
  /** Reads the product's category row (`c`). */
  category?: true;
}

export interface ListSpec {
  /** The match set of a search (matchSet), joined as `s`. */
  match?: RawBuilder<unknown>;
  /**
   * The search's matches are in `search_match` with their products' keys (withMatches): read it as `p` in place
   * of the products.
   */
  kept?: boolean;
  conditions: Condition[];
}

// Stored generated columns (migration 20261125T0500): in_stock = 1 AND stock > 0, and the price shoppers
// compare, the cheapest switched-on variant's (price_min) else the product's.
const sellable = sql`p.sellable`;
const price = sql`p.list_price`;

function from(
  spec: ListSpec,
  except?: string,
  joins: RawBuilder<unknown> = sql``,
  hint: RawBuilder<unknown> = sql``,
): RawBuilder<unknown> {
  const conds = spec.conditions.filter((c) => c.facet !== except).map((c) => c.where);
  const where = conds.length ? sql`WHERE ${sql.join(conds, sql` AND `)}` : sql``;
  // The category row only when something reads it: MariaDB drops the unused join from the plan, but still reads
  // each product's row for its category_id, so a staff page sorted by price from an index looked up every product
  // it skipped (150 ms instead of 14 ms for page 421 of 100,000).
  const category =
    except === 'category' || spec.conditions.some((c) => c.category)
      ? sql`LEFT JOIN categories AS c ON c.id = p.category_id`
      : sql``;
  if (spec.kept) return sql`search_match AS p ${category} ${joins} ${where}`;
  const join = spec.match ? sql`JOIN ${spec.match} AS s ON s.product_id = p.id` : sql``;
  return sql`products AS p ${hint} ${join} ${category} ${joins} ${where}`;
}

/**
 * The index that holds shoppers' visible products (`status` = 1) of one category, or of all, in a sort's
 * order (migration 20261125T0500), for the sorts that have one.
 */
function sortIndex(sort: SortKey, inCategory: boolean): string | undefined {
  switch (sort) {
    case 'price_asc':
      return inCategory ? 'products_category_price_asc' : 'products_price_asc';
    case 'price_desc':
      return inCategory ? 'products_category_price' : 'products_price';
    case 'discount':
      return inCategory ? 'products_category_discount' : 'products_discount';
    case 'newest':
      return inCategory ? 'products_category' : 'products_list';
    default:
      return undefined;
  }
}

/**
 * How a shoppers' list (no search) reads its page, chosen by the caller from the number of matches: the
 * optimiser cannot tell how filters correlate, and on a large catalogue picked an index that read half the
 * catalogue for a category's page.
 * - `walk`: many matches: read the sort's index of the category (or of all products) in order and stop at the
 *   page; about (offset + limit) × (products in scope ÷ matches) rows when the matches spread evenly
 * - `filter`: few matches, or matches that gather in one part of the sort (a brand): find them by the most
 *   selective filter's index (a category's brand holds its price, stock and discount), then sort them
 */
export interface ListPlan {
  plan: 'walk' | 'filter';
  inCategory: boolean;
}

function planHint(sort: SortKey, plan?: ListPlan): RawBuilder<unknown> {
  if (!plan) return sql``;
  if (plan.plan === 'walk') {
    const index = sortIndex(sort, plan.inCategory);
    return index ? sql`FORCE INDEX (${sql.raw(index)})` : sql``;
  }
  const avoid = [sortIndex(sort, true), sortIndex(sort, false)].filter((x) => x !== undefined);
  return avoid.length ? sql`IGNORE INDEX FOR ORDER BY (${sql.raw(avoid.join(', '))})` : sql``;
}

/** The shop's sorts, and `stock` (fewest units first: the back office's low-stock list). */
export type SortKey =
  | 'relevance'
  | 'popularity'
  | 'price_asc'
  | 'price_desc'
  | 'newest'
  | 'discount'
  | 'rating'
  | 'stock';

/**
 * The page of product ids, in order.
 * The total is counted apart (countMatches): a list without a search then walks an index in the sort's order
 * and stops at the page, instead of sorting every match to count them.
 */
export async function pageIds(
  db: Db,
  spec: ListSpec,
  sort: SortKey,
  page: { limit: number; offset: number },
  plan?: ListPlan,
): Promise<number[]> {
  let order: RawBuilder<unknown>;
  let docs = sql``;
  switch (sort) {
    case 'relevance':
      if (spec.kept) {
        // The product named by the query, then products of the kind its type word names, then those matching
        // more of its words (optional and hint words), then by their weakest word's field.
        order = sql`p.exact_hit DESC, p.prefix_hit DESC, FLOOR(p.typew / 2) DESC, p.n DESC, FLOOR(p.minw / 2) DESC,
          p.sellable DESC, p.sumw DESC, p.popularity DESC, p.id DESC`;
      } else order = sql`p.id DESC`;
      break;
    case 'popularity':
      if (spec.kept) {
        order = sql`p.sellable DESC, p.popularity DESC, p.top_selling DESC, p.id DESC`;
        break;
      }
      docs = sql`LEFT JOIN search_docs AS d ON d.product_id = p.id`;
      order = sql`${sellable} DESC, d.popularity DESC, p.top_selling DESC, p.id DESC`;
      break;
    case 'price_asc':
      order = sql`${price} ASC, p.id DESC`;
      break;
    case 'price_desc':
      order = sql`${price} DESC, p.id DESC`;
      break;
    case 'stock':
      order = sql`p.stock ASC, p.id DESC`;
      break;
    case 'discount':
      order = sql`p.discount_percentage DESC, p.id DESC`;
      break;
    case 'rating': {
      // Best average first, then the most reviewed; products without reviews last. A search's matches table
      // holds no ratings: they are read from the products by id.
      const rated = spec.kept
        ? sql`(SELECT r.rating_sum / NULLIF(r.rating_count, 0) FROM products AS r WHERE r.id = p.id)`
        : sql`p.rating_sum / NULLIF(p.rating_count, 0)`;
      const many = spec.kept
        ? sql`(SELECT r.rating_count FROM products AS r WHERE r.id = p.id)`
        : sql`p.rating_count`;
      order = sql`${rated} DESC, ${many} DESC, p.id DESC`;
      break;
    }
    default:
      order = sql`p.id DESC`;
  }
  const r = await sql<{ id: number }>`SELECT p.id
    FROM ${from(spec, undefined, docs, planHint(sort, plan))} ORDER BY ${order} LIMIT ${page.limit} OFFSET ${page.offset}`.execute(
    db,
  );
  return r.rows.map((x) => Number(x.id));
}

/**
 * An index that holds every column a staff list's conditions read, named by the caller: products_category_brand
 * (category, status, brand, sellable, price, discount) or products_staff_top (the same after top_selling). The
 * count then reads that index alone: the optimiser otherwise walks a status or brand index and looks up every row
 * for the rest (0.2–0.5 s for the out-of-stock products of 100,000; 30–50 ms from the index).
 */
export type CoveringIndex = 'products_category_brand' | 'products_staff_top';

const coveringHint = (covered?: CoveringIndex) => (covered ? sql`FORCE INDEX (${sql.raw(covered)})` : sql``);

export async function countMatches(db: Db, spec: ListSpec, covered?: CoveringIndex): Promise<number> {
  const r = await sql<{ n: number | string }>`SELECT COUNT(*) AS n
    FROM ${from(spec, undefined, sql``, coveringHint(covered))}`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}

export interface CountRow {
  value: string | number;
  label: string;
  n: number | string;
}

/** `covered`: as countMatches. */
export async function brandCounts(db: Db, spec: ListSpec, covered?: CoveringIndex): Promise<CountRow[]> {
  const r = await sql<CountRow>`SELECT p.brand AS value, p.brand AS label, COUNT(*) AS n
    FROM ${from(spec, 'brand', sql``, coveringHint(covered))} GROUP BY p.brand`.execute(db);
  return r.rows.filter((x) => x.value !== '');
}

/** `covered`: as countMatches. */
export async function categoryCounts(db: Db, spec: ListSpec, covered?: CoveringIndex): Promise<CountRow[]> {
  const r = await sql<CountRow>`SELECT MIN(c.slug) AS value, MIN(c.name) AS label, COUNT(*) AS n
    FROM ${from(spec, 'category', sql``, coveringHint(covered))} GROUP BY p.category_id`.execute(db);
  return r.rows.filter((x) => x.value !== null);
}

export async function colorCounts(db: Db, spec: ListSpec, admin: boolean): Promise<CountRow[]> {
  const active = admin ? sql`` : sql`AND co.status = 1`;
  // From the matching products to their colours (a colour is listed once per product): a category's list
  // reads that category's products, not every product's colours.
  const joins = sql`JOIN product_colors AS pc ON pc.product_id = p.id JOIN colors AS co ON co.id = pc.color_id ${active}`;
  const r = await sql<CountRow>`SELECT MIN(co.slug) AS value, MIN(co.name) AS label, COUNT(*) AS n
    FROM ${from(spec, 'color', joins)} GROUP BY co.id`.execute(db);
  return r.rows;
}

export async function memoryCounts(db: Db, spec: ListSpec): Promise<CountRow[]> {
  const joins = sql`JOIN product_memory AS m ON m.product_id = p.id`;
  const r = await sql<CountRow>`SELECT m.size_gb AS value, '' AS label, COUNT(*) AS n
    FROM ${from(spec, 'memory', joins)} GROUP BY m.size_gb ORDER BY m.size_gb`.execute(db);
  return r.rows;
}

/** Every facet's counts and the total of a search's matches (matchFacets). */
export interface MatchFacets {
  total: number;
  brand: CountRow[];
  category: CountRow[];
  color: CountRow[];
  memory: CountRow[];
  inStock: number;
  discount: Record<10 | 20 | 30, number>;
  price: { min: number; max: number } | null;
}

const FACETS = ['brand', 'category', 'color', 'memory', 'price', 'inStock', 'minDiscount'] as const;

/**
 * The total and every facet's counts of a search's matches (`search_match`, ListSpec.kept) in one pass over
 * them, where one query per facet read them eight times (a common word: two hundred thousand rows each time).
 * - the matches are grouped by brand, category, colour set and memory set, and by whether each chosen filter
 *   holds, with each group's count, sellable count, discount counts and price range
 * - a facet's counts add up the groups that pass every filter but its own (the rule of conditions()); the total,
 *   the groups that pass them all
 */
export async function matchFacets(db: Db, spec: ListSpec, admin: boolean): Promise<MatchFacets> {
  const always = spec.conditions.filter((c) => c.facet === '').map((c) => c.where);
  const chosen = FACETS.filter((f) => spec.conditions.some((c) => c.facet === f));
  const flags = chosen.map(
    (f, i) =>
      sql`COALESCE(${sql.join(
        spec.conditions.filter((c) => c.facet === f).map((c) => c.where),
        sql` AND `,
      )}, 0) AS ${sql.id(`f${i}`)}`,
  );
  const where = always.length ? sql`WHERE ${sql.join(always, sql` AND `)}` : sql``;
  const [groups, categories, colors] = await Promise.all([
    sql<Record<string, unknown> & MatchGroup>`SELECT p.brand, p.category_id, p.color_ids, p.memory_sizes,
        ${sql.join([...flags, sql`COUNT(*) AS n`])}, SUM(p.sellable) AS sellable,
        SUM(p.discount_percentage >= 10) AS d10, SUM(p.discount_percentage >= 20) AS d20,
        SUM(p.discount_percentage >= 30) AS d30, MIN(p.list_price) AS lo, MAX(p.list_price) AS hi
      FROM search_match AS p LEFT JOIN categories AS c ON c.id = p.category_id ${where}
      GROUP BY p.brand, p.category_id, p.color_ids, p.memory_sizes${sql.join(
        chosen.map((_, i) => sql`, ${sql.id(`f${i}`)}`),
        sql``,
      )}`.execute(db),
    db.selectFrom('categories').select(['id', 'slug', 'name']).execute(),
    db.selectFrom('colors').select(['id', 'slug', 'name', 'status']).execute(),
  ]);
  const out: MatchFacets = {
    total: 0,
    brand: [],
    category: [],
    color: [],
    memory: [],
    inStock: 0,
    discount: { 10: 0, 20: 0, 30: 0 },
    price: null,
  };
  const brands = new Map<string, number>();
  const categoryCount = new Map<number, number>();
  const colorCount = new Map<number, number>();
  const memoryCount = new Map<number, number>();
  const add = (m: Map<number, number>, list: string, n: number) => {
    if (list !== '') for (const v of list.split(',')) m.set(Number(v), (m.get(Number(v)) ?? 0) + n);
  };
  for (const g of groups.rows) {
    const failed = chosen.filter((_, i) => Number(g[`f${i}`]) !== 1);
    // Counts for a facet: the groups that fail no filter but (at most) its own.
    const counts = (f: (typeof FACETS)[number]) =>
      failed.length === 0 || (failed.length === 1 && failed[0] === f);
    const n = Number(g.n);
    if (failed.length === 0) out.total += n;
    if (counts('brand') && g.brand !== '') brands.set(g.brand, (brands.get(g.brand) ?? 0) + n);
    if (counts('category') && g.category_id !== null)
      categoryCount.set(Number(g.category_id), (categoryCount.get(Number(g.category_id)) ?? 0) + n);
    if (counts('color')) add(colorCount, g.color_ids, n);
    if (counts('memory')) add(memoryCount, g.memory_sizes, n);
    if (counts('inStock')) out.inStock += Number(g.sellable);
    if (counts('minDiscount')) {
      out.discount[10] += Number(g.d10);
      out.discount[20] += Number(g.d20);
      out.discount[30] += Number(g.d30);
    }
    if (counts('price')) {
      const lo = Number(g.lo);
      const hi = Number(g.hi);
      out.price = out.price
        ? { min: Math.min(out.price.min, lo), max: Math.max(out.price.max, hi) }
        : { min: lo, max: hi };
    }
  }
  out.brand = [...brands].map(([b, n]) => ({ value: b, label: b, n }));
  out.category = categories
    .filter((c) => categoryCount.has(Number(c.id)))
    .map((c) => ({ value: c.slug, label: c.name, n: categoryCount.get(Number(c.id))! }));
  out.color = colors
    .filter((co) => (admin || co.status === 1) && colorCount.has(Number(co.id)))
    .map((co) => ({ value: co.slug, label: co.name, n: colorCount.get(Number(co.id))! }));
  out.memory = [...memoryCount].sort((a, b) => a[0] - b[0]).map(([gb, n]) => ({ value: gb, label: '', n }));
  return out;
}

interface MatchGroup {
  brand: string;
  category_id: number | null;
  color_ids: string;
  memory_sizes: string;
  n: number | string;
  sellable: number | string;
  d10: number | string;
  d20: number | string;
  d30: number | string;
  lo: number | string;
  hi: number | string;
}

export async function sellableCount(db: Db, spec: ListSpec): Promise<number> {
  const r = await sql<{ n: number | string | null }>`SELECT SUM(${sellable}) AS n
    FROM ${from(spec, 'inStock')}`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}

export async function discountCounts(db: Db, spec: ListSpec): Promise<Record<10 | 20 | 30, number>> {
  const r = await sql<{ d10: string | null; d20: string | null; d30: string | null }>`SELECT
      SUM(p.discount_percentage >= 10) AS d10, SUM(p.discount_percentage >= 20) AS d20,
      SUM(p.discount_percentage >= 30) AS d30
    FROM ${from(spec, 'minDiscount')}`.execute(db);
  const row = r.rows[0];
  return { 10: Number(row?.d10 ?? 0), 20: Number(row?.d20 ?? 0), 30: Number(row?.d30 ?? 0) };
}

/** The lowest and highest final price (paise) under the other filters. */
export async function priceRange(db: Db, spec: ListSpec): Promise<{ min: number; max: number } | null> {
  const r = await sql<{ lo: number | string | null; hi: number | string | null }>`SELECT
      MIN(${price}) AS lo, MAX(${price}) AS hi FROM ${from(spec, 'price')}`.execute(db);
  const row = r.rows[0];
  if (!row || row.lo === null || row.hi === null) return null;
  return { min: Number(row.lo), max: Number(row.hi) };
}

export interface FilterValues {
  admin: boolean;
  categorySlug?: string;
  colorSlug?: string;
  brand?: string[];
  category?: string[];
  color?: string[];
  memory?: number[];
  /** Paise, inclusive. */
  minPrice?: number;
  maxPrice?: number;
  inStock?: boolean;
  minDiscount?: number;
  /** Approved reviews' average of at least this many stars. */
  minRating?: number;
  /** Low stock (back office): at most this many units. */
  stockAtMost?: number;
  /** Back office: switched on (true) or off (false). */
  status?: boolean;
  /** Back office: marked top selling (true) or not (false). */
  top?: boolean;
  /** Back office: cannot be bought now (the opposite of `inStock`). */
  outOfStock?: boolean;
}

/**
 * The SQL of the filters, each tagged with its facet (a facet's counts apply every filter but its own).
 * - shoppers see only active products of active categories (or none), and only active colours
 * - several values of one filter combine with OR (IN), filters with AND
 */
export function conditions(f: FilterValues): Condition[] {
  const out: Condition[] = [];
  const colorIn = (slugs: string[]) =>
    sql`EXISTS (SELECT 1 FROM product_colors AS pc JOIN colors AS co ON co.id = pc.color_id
      WHERE pc.product_id = p.id AND co.slug IN (${sql.join(slugs)}) ${f.admin ? sql`` : sql`AND co.status = 1`})`;
  if (!f.admin)
    out.push({
      facet: '',
      where: sql`p.status = 1 AND (c.status = 1 OR p.category_id IS NULL)`,
      category: true,
    });
  // Categories by id (a semi-join on a handful of rows), so that the category's index range is read.
  const categoryIn = (slugs: string[]) =>
    sql`p.category_id IN (SELECT id FROM categories WHERE slug IN (${sql.join(slugs)}))`;
  if (f.categorySlug !== undefined) out.push({ facet: '', where: categoryIn([f.categorySlug]) });
  if (f.colorSlug !== undefined) out.push({ facet: '', where: colorIn([f.colorSlug]) });
  if (f.brand?.length) out.push({ facet: 'brand', where: sql`p.brand IN (${sql.join(f.brand)})` });
  if (f.category?.length) out.push({ facet: 'category', where: categoryIn(f.category) });
  if (f.color?.length) out.push({ facet: 'color', where: colorIn(f.color) });
  if (f.memory?.length)
    out.push({
      facet: 'memory',
      where: sql`EXISTS (SELECT 1 FROM product_memory AS m WHERE m.product_id = p.id
        AND m.size_gb IN (${sql.join(f.memory)}))`,
    });
  if (f.minPrice !== undefined) out.push({ facet: 'price', where: sql`${price} >= ${f.minPrice}` });
  if (f.maxPrice !== undefined) out.push({ facet: 'price', where: sql`${price} <= ${f.maxPrice}` });
  if (f.inStock) out.push({ facet: 'inStock', where: sql`${sellable} = 1` });
  if (f.minDiscount !== undefined)
    out.push({ facet: 'minDiscount', where: sql`p.discount_percentage >= ${f.minDiscount}` });
  // By id from the products (a search reads its matches' table, which holds no ratings): sum ≥ n × count is
  // "average ≥ n" without a division.
  if (f.minRating !== undefined)
    out.push({
      facet: '',
      where: sql`p.id IN (SELECT id FROM products WHERE rating_count > 0 AND rating_sum >= ${f.minRating} * rating_count)`,
    });
  if (f.stockAtMost !== undefined) out.push({ facet: '', where: sql`p.stock <= ${f.stockAtMost}` });
  if (f.status !== undefined) out.push({ facet: '', where: sql`p.status = ${f.status ? 1 : 0}` });
  if (f.top !== undefined) out.push({ facet: '', where: sql`p.top_selling = ${f.top ? 1 : 0}` });
  if (f.outOfStock) out.push({ facet: '', where: sql`${sellable} = 0` });
  return out;
}

/** Active brands starting with one of these texts (suggestions), at most `limit`. */
export async function brandsStartingWith(db: Db, prefixes: string[], limit: number): Promise<string[]> {
  if (prefixes.length === 0) return [];
  const likes = prefixes.map((p) => sql`p.brand LIKE ${`${p.replace(/[\\%_]/g, (m) => `\\${m}`)}%`}`);
  const r = await sql<{ brand: string }>`SELECT DISTINCT p.brand FROM products AS p
    WHERE p.status = 1 AND p.brand <> '' AND (${sql.join(likes, sql` OR `)}) ORDER BY p.brand LIMIT ${limit}`.execute(
    db,
  );
  return r.rows.map((x) => x.brand);
}

/** Every active category (a shop has a few dozen). */
export async function activeCategories(db: Db): Promise<{ name: string; slug: string }[]> {
  return db
    .selectFrom('categories')
    .select(['name', 'slug'])
    .where('status', '=', 1)
    .orderBy('name')
    .execute();
}
