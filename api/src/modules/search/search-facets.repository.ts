import { sql } from 'kysely';
import type { Db } from '../../db/connection';
import { type CoveringIndex, coveringHint, from, type ListSpec, price, sellable } from './search.repository';

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
