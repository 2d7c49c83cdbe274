import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/connection';
import type { ListSpec } from './search.repository';
import { FIELD_WEIGHT } from './search-text';

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
