import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/connection';

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
export const sellable = sql`p.sellable`;
export const price = sql`p.list_price`;

export function from(
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

export const coveringHint = (covered?: CoveringIndex) =>
  covered ? sql`FORCE INDEX (${sql.raw(covered)})` : sql``;

export async function countMatches(db: Db, spec: ListSpec, covered?: CoveringIndex): Promise<number> {
  const r = await sql<{ n: number | string }>`SELECT COUNT(*) AS n
    FROM ${from(spec, undefined, sql``, coveringHint(covered))}`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
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
