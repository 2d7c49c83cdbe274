import type { FacetValue, ProductFacets } from '@voltcart/shared';
import { memoryLabel, toRupees } from '@voltcart/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/connection';
import * as repo from './search.repository';
import { NO_CACHE, SearchCache, type SearchCacheView } from './search-cache';
import * as facetsRepo from './search-facets.repository';
import * as indexRepo from './search-index.repository';
import * as matchRepo from './search-match.repository';
import {
  deletionKeys,
  editDistance,
  type IndexSource,
  nameKey,
  productTerms,
  queryWords,
  singular,
  TYPO_MIN_LENGTH,
  words as textWords,
} from './search-text';
import * as wordsRepo from './search-words.repository';

/** What a product list asks for: the search text, the filters (prices in paise), the order and the page. */
export interface CatalogQuery extends repo.FilterValues {
  q?: string;
  sort?: repo.SortKey;
  /** 0: no page at all (the caller reads the rows itself), only the total and facets. */
  limit: number;
  offset: number;
  /** Facets cost a query each: only lists that show them ask (default: none). */
  facets?: boolean;
}

export interface CatalogAnswer {
  /** The page's product ids, in order. */
  ids: number[];
  total: number;
  facets: ProductFacets;
  didYouMean?: string;
}

/**
 * Search behind one small interface. The MariaDB implementation below keeps its index in the shop's own
 * database; a dedicated engine (Meilisearch, Typesense, OpenSearch) would implement the same three calls
 * (docs/deploy.md): `indexProducts` would write to an outbox in the same transaction and a worker would push
 * the documents, `find` would ask the engine for ids, total and facets.
 */
export interface SearchEngine {
  /** Brings the index up to date for these products, in the caller's transaction (deleted ones drop out). */
  indexProducts(trx: Db, productIds: number[]): Promise<void>;
  /** Re-indexes the products of a category or colour (renamed), in the caller's transaction. */
  indexProductsOf(trx: Db, of: { categoryId: number } | { colorId: number }): Promise<void>;
  /**
   * Moves the units sold (popularity) of products by their delta, in the caller's transaction: an order
   * entering (+) or leaving (−) the sold states (SOLD_STATES).
   */
  indexSales(trx: Db, deltas: Map<number, number>): Promise<void>;
  /** A page of matching product ids, the total and the facet counts. */
  find(db: Db, query: CatalogQuery): Promise<CatalogAnswer>;
  /** The search words of a query after synonyms and typo correction (for tests and the admin's preview). */
  explain(db: Db, q: string): Promise<matchRepo.WordMatch[]>;
}

const EMPTY_FACETS: ProductFacets = {
  brand: [],
  category: [],
  color: [],
  memory: [],
  inStock: 0,
  minDiscount: [],
  price: null,
};

const byCount = (a: FacetValue, b: FacetValue) => b.count - a.count || a.label.localeCompare(b.label);
const countValues = (rows: facetsRepo.CountRow[], label?: (v: string) => string): FacetValue[] =>
  rows
    .map((r) => ({
      value: String(r.value),
      label: label ? label(String(r.value)) : r.label,
      count: Number(r.n),
    }))
    .sort(byCount);

/** Whether a list's matches move when checkouts take units (stock state, low stock), not only by staff. */
const movesWithStock = (q: CatalogQuery) =>
  q.inStock !== undefined || q.outOfStock !== undefined || q.stockAtMost !== undefined;

/**
 * The index that holds every column a staff list's filters read (no search, colour, memory or low stock): the
 * list is counted from it alone (repo.countMatches); undefined otherwise. Shoppers' lists keep the optimiser's
 * plans (their counts are kept).
 */
const coveredByIndex = (q: repo.FilterValues, spec: repo.ListSpec): repo.CoveringIndex | undefined =>
  q.admin &&
  !spec.match &&
  q.stockAtMost === undefined &&
  q.colorSlug === undefined &&
  !q.color?.length &&
  !q.memory?.length
    ? q.top === undefined
      ? 'products_category_brand'
      : 'products_staff_top'
    : undefined;

/**
 * How long a search's or list's total, facets and ranked first pages are kept before one request reloads them
 * (search-cache.ts); a back-office write drops them at once. A million-product catalogue spends seconds of
 * database time on a common word's matches: reloaded every few seconds for each busy query, they kept the
 * database busy with reloads alone.
 */
const SEARCH_CACHE_MS = 60_000;
/** A list's first pages kept in order: 20 pages of 24. */
const RANKED_KEPT = 480;
/**
 * From this many matches a shoppers' list walks its sort's index (repo.ListPlan): with evenly spread matches it
 * reads RANKED_KEPT × products in scope ÷ matches rows, at most 48,000 for a million products.
 */
const WALK_FROM = 10_000;

export class MariaDbSearch implements SearchEngine {
  private readonly cache: SearchCache;
  private readonly walkFrom: number;
  private readonly rankedKept: number;

  /**
   * `walkFrom`: tests set it to read every list both ways (repo.ListPlan); `rankedKept`, to read pages beyond
   * those kept on a small catalogue.
   */
  constructor(opts: { cacheMs?: number; walkFrom?: number; rankedKept?: number } = {}) {
    this.cache = new SearchCache(opts.cacheMs ?? SEARCH_CACHE_MS);
    this.walkFrom = opts.walkFrom ?? WALK_FROM;
    this.rankedKept = opts.rankedKept ?? RANKED_KEPT;
  }

  async indexProducts(trx: Db, productIds: number[]): Promise<void> {
    const ids = [...new Set(productIds)];
    if (ids.length === 0) return;
    const { docs, vocabulary } = indexDocs((await indexRepo.indexSources(trx, ids)).map(toSource));
    await indexRepo.writeIndex(trx, docs, [...vocabulary.values()]);
  }

  /**
   * A loader for the index of an empty catalogue being filled (the sample seed), on connections and in
   * transactions of its own (indexRepo.startIndexLoad): `add` writes the index rows of products just made from the
   * sources the caller holds (nothing is read back), `end` writes the vocabulary (each word once) and finishes,
   * `commit` or `rollback` ends the load. The rows are those `indexProducts` writes for the same products
   * (api/test/search-bulk-index.test.ts). The index tables must be empty: MariaDB then sorts the rows and builds
   * the tables' indexes once, instead of inserting tens of millions of rows one by one into them.
   */
  bulkLoader(db: Db): BulkIndexLoad {
    const written = new Set<string>();
    const vocabulary: { k: string; word: string }[] = [];
    let load: ReturnType<typeof indexRepo.startIndexLoad> | undefined;
    let colorIds: Promise<Map<string, number>> | undefined;
    const open = () => {
      load ??= indexRepo.startIndexLoad(db);
      return load;
    };
    return {
      async add(products) {
        const loading = await open();
        // The seed names its products' colours (made before the load): the documents hold their ids.
        colorIds ??= indexRepo.colorIdsByName(db);
        const ids = await colorIds;
        const made = indexDocs(
          products.map((p) => ({ ...p, colorIds: p.colors.map((c) => ids.get(c)!), sold: 0 })),
          written,
        );
        vocabulary.push(...made.vocabulary.values());
        await loading.add(made.docs);
      },
      end: async () => (await open()).end(vocabulary),
      commit: async () => (await open()).commit(),
      rollback: async () => {
        if (load) await (await load).rollback();
      },
    };
  }

  async indexSales(trx: Db, deltas: Map<number, number>): Promise<void> {
    // Product id order: the lock order of every transaction that writes these rows.
    await indexRepo.addSales(trx, new Map([...deltas].sort((a, b) => a[0] - b[0])));
  }

  async indexProductsOf(trx: Db, of: { categoryId: number } | { colorId: number }): Promise<void> {
    const ids =
      'categoryId' in of
        ? await indexRepo.productIdsOfCategory(trx, of.categoryId)
        : await indexRepo.productIdsOfColor(trx, of.colorId);
    for (let i = 0; i < ids.length; i += 500) await this.indexProducts(trx, ids.slice(i, i + 500));
  }

  /**
   * The query's words as the index finds them (matchRepo.WordMatch): each with its synonyms, typo fixes and start,
   * and its part in the query.
   * - the last word that names a category (its own word or a synonym's: "laptop", "speaker" → audio) is the
   *   type word; each other word that names no product of that kind is optional ("bluetooth" speaker)
   * - a word of letters and a number whose synonyms replace it ("ps5" → playstation) adds the number as a hint
   */
  async explain(db: Db, q: string): Promise<matchRepo.WordMatch[]> {
    const words = queryWords(q);
    if (words.length === 0) return [];
    const [known, synonyms, categories] = await Promise.all([
      wordsRepo.knownPrefixes(
        db,
        words.filter((w) => w.length >= TYPO_MIN_LENGTH),
      ),
      wordsRepo.synonymsFor(db, words),
      wordsRepo.activeCategories(db),
    ]);
    const alternatives = new Map<string, string[]>();
    for (const s of synonyms) alternatives.set(s.term, textWords(s.alternatives));
    const out: matchRepo.WordMatch[] = [];
    for (const w of words) {
      const exact = new Set([w, ...(alternatives.get(w) ?? [])]);
      if (w.length >= TYPO_MIN_LENGTH && !known.has(w)) {
        // One typo: indexed words sharing a deletion key, checked with the real edit distance.
        for (const c of await wordsRepo.wordsByKeys(db, deletionKeys(w)))
          if (editDistance(w, c, 1) <= 1) exact.add(c);
      }
      // Every word also finds longer words it starts ("lapt" → laptop), except single characters.
      out.push({ exact: [...exact], prefix: w.length >= 2 ? w : undefined });
    }
    const categoryWords = new Set(categories.flatMap((c) => textWords(c.name)));
    const type = out.findLastIndex((m) => m.exact.some((t) => categoryWords.has(t)));
    if (type >= 0 && out.length > 1) {
      const kind = out[type]!;
      kind.role = 'type';
      const narrows = await Promise.all(
        out.map((m) => (m === kind ? true : matchRepo.namesAmongType(db, kind.exact, m))),
      );
      out.forEach((m, i) => {
        if (!narrows[i]) m.role = 'optional';
      });
    }
    for (const w of words) {
      const number = /^\p{L}+(\d+)$/u.exec(w)?.[1];
      if (number && alternatives.get(w)?.length) out.push({ exact: [number], role: 'hint' });
    }
    return out;
  }

  async find(db: Db, query: CatalogQuery): Promise<CatalogAnswer> {
    // Staff lists read their pages from the database every time: the back office shows stock as it is
    // (low-stock list). Their total and facets are kept at the catalogue version, which every back-office write
    // moves on after its commit, so a kept count is exact; a filter that depends on units (stock state, low
    // stock) is kept at the products' stock version too, which a trigger moves with every change of units
    // (checkouts included), read with the catalogue version before the count. Staff pages read every time.
    const kept = await this.cache.open(db);
    const cache = query.admin ? NO_CACHE : kept;
    const counts = query.admin ? kept : cache;
    const stock = query.admin && movesWithStock(query) ? `\n${kept.stockVersion}` : '';
    const key = query.q ? queryWords(query.q).join(' ') : '';
    // A search with no word in it (only symbols, operators or emoji) matches nothing, not the whole catalogue.
    if (!key && query.q?.trim()) return { ids: [], total: 0, facets: EMPTY_FACETS };
    const words = key ? await cache.memo(`words\n${key}`, () => this.explain(db, key)) : [];
    const spec: repo.ListSpec = {
      match: words.length ? matchRepo.matchSet(words) : undefined,
      conditions: repo.conditions(query),
    };
    const sort = query.sort ?? (spec.match ? 'relevance' : 'newest');
    const raw = (query.q ?? '').trim().slice(0, 64);
    // What the matches are, whatever the sort and page: the total and the facets are kept under it.
    const matches = JSON.stringify([
      query.admin,
      key,
      query.categorySlug,
      query.colorSlug,
      query.brand,
      query.category,
      query.color,
      query.memory,
      query.minPrice,
      query.maxPrice,
      query.inStock,
      query.minDiscount,
      query.minRating,
      query.stockAtMost,
      query.status,
      query.top,
      query.outOfStock,
    ]);
    const page = async (): Promise<number[]> => {
      if (query.limit === 0) return [];
      // Shoppers' lists: the number of matches (kept) chooses how the page is read (repo.ListPlan).
      const plan = async (): Promise<repo.ListPlan | undefined> =>
        query.admin
          ? undefined
          : {
              // A brand's products gather at its prices (a brand of phones starts where cheap phones end):
              // walking the price order to them reads most of the category; the brand index finds them.
              plan: !query.brand?.length && (await total) >= this.walkFrom ? 'walk' : 'filter',
              inCategory: query.categorySlug !== undefined || query.category?.length === 1,
            };
      // A filtered list sorts or walks to its page: the first pages are kept in order, so that paging through
      // them (and the next shopper) reads no more than the page's products.
      if (query.offset + query.limit <= this.rankedKept) {
        const ranked = await cache.memo(`page\n${sort}\n${raw}\n${matches}`, async () =>
          repo.pageIds(db, spec, sort, { limit: this.rankedKept, offset: 0 }, await plan()),
        );
        return ranked.slice(query.offset, query.offset + query.limit);
      }
      return repo.pageIds(db, spec, sort, query, await plan());
    };
    if (spec.match) {
      // A search matches once for its total, its first ranked pages and its facets (one temporary table).
      // Shoppers' searches are kept with their facets, counted whether asked or not (one pass more over the
      // matches): the results page (facets=1) then reuses what the header's suggestions computed for the same
      // words, and the other way round. The total comes from the same pass.
      const withFacets = query.facets === true || !query.admin;
      const found = await cache.memo(`search\n${sort}\n${raw}\n${withFacets}\n${matches}`, () =>
        matchRepo.withMatches(db, spec, { key, raw }, async (conn, once) => {
          const counted = withFacets ? await facetsRepo.matchFacets(conn, once, query.admin) : undefined;
          return {
            total: counted ? counted.total : await repo.countMatches(conn, once),
            ranked: await repo.pageIds(conn, once, sort, { limit: this.rankedKept, offset: 0 }),
            facets: counted ? toFacets(counted) : EMPTY_FACETS,
          };
        }),
      );
      const end = query.offset + query.limit;
      return this.withDidYouMean(cache, db, key, query.admin, {
        ids:
          end <= this.rankedKept
            ? found.ranked.slice(query.offset, end)
            : // A page beyond those kept: its matches again, in one table as above, and the page kept too.
              await cache.memo(
                `searchPage\n${sort}\n${raw}\n${matches}\n${query.offset}\n${query.limit}`,
                () =>
                  matchRepo.withMatches(db, spec, { key, raw }, (conn, once) =>
                    repo.pageIds(conn, once, sort, query),
                  ),
              ),
        total: found.total,
        facets: found.facets,
      });
    }
    const total = counts.memo(`total${stock}\n${matches}`, () =>
      repo.countMatches(db, spec, coveredByIndex(query, spec)),
    );
    const [ids, , facets] = await Promise.all([
      page(),
      total,
      query.facets
        ? counts.memo(`facets${stock}\n${matches}`, () => this.facets(db, spec, query))
        : EMPTY_FACETS,
    ]);
    return { ids, total: await total, facets };
  }

  /** "Did you mean …" for a search that found nothing. */
  private async withDidYouMean(
    cache: SearchCacheView,
    db: Db,
    key: string,
    admin: boolean,
    answer: CatalogAnswer,
  ): Promise<CatalogAnswer> {
    if (answer.total === 0) {
      const better = await cache.memo(`didYouMean\n${admin}\n${key}`, () => this.didYouMean(db, key, admin));
      if (better) answer.didYouMean = better;
    }
    return answer;
  }

  /**
   * The facet counts of the matches. Staff lists get the brand and category counts only, the choices the back
   * office shows: the colour, memory, stock, discount and price counts cost seconds at 100,000 products.
   */
  private async facets(db: Db, spec: repo.ListSpec, query: repo.FilterValues): Promise<ProductFacets> {
    if (query.admin) {
      const covered = coveredByIndex(query, spec);
      const [brand, category] = await Promise.all([
        facetsRepo.brandCounts(db, spec, covered),
        facetsRepo.categoryCounts(db, spec, covered),
      ]);
      return { ...EMPTY_FACETS, brand: countValues(brand), category: countValues(category) };
    }
    const [brand, category, color, memory, inStock, discount, price] = await Promise.all([
      facetsRepo.brandCounts(db, spec),
      facetsRepo.categoryCounts(db, spec),
      facetsRepo.colorCounts(db, spec, query.admin),
      facetsRepo.memoryCounts(db, spec),
      facetsRepo.sellableCount(db, spec),
      facetsRepo.discountCounts(db, spec),
      facetsRepo.priceRange(db, spec),
    ]);
    return toFacets({ brand, category, color, memory, inStock, discount, price });
  }

  /**
   * A query that finds something when this one found nothing: each word of 3+ letters replaced by the closest
   * indexed word (at most 2 edits), kept only when the new query finds products.
   */
  private async didYouMean(db: Db, key: string, admin: boolean): Promise<string | undefined> {
    const words = key.split(' ');
    let changed = false;
    const fixed: string[] = [];
    for (const w of words) {
      if (w.length < 3 || !/^\p{L}+$/u.test(w)) {
        fixed.push(w);
        continue;
      }
      const keys = new Set(deletionKeys(w).flatMap((k) => (k.length > 3 ? deletionKeys(k) : [k])));
      const candidates = (await wordsRepo.wordsByKeys(db, [...keys]))
        .map((c) => ({ c, d: editDistance(w, c, 2) }))
        .filter((x) => x.d <= 2 && x.c !== w)
        .sort((a, b) => a.d - b.d || a.c.length - b.c.length || a.c.localeCompare(b.c));
      const best = candidates[0]?.c;
      if (best) changed = true;
      fixed.push(best ?? w);
    }
    if (!changed) return undefined;
    const q = fixed.join(' ');
    const again = await repo.countMatches(db, {
      match: matchRepo.matchSet(q.split(' ').map((w) => ({ exact: [w, singular(w)] }))),
      conditions: repo.conditions({ admin }),
    });
    return again > 0 ? q : undefined;
  }

  /**
   * Builds the whole index again in one transaction, the way the bulk loader fills a new catalogue's: the index
   * tables are emptied, then the rows of `batch` products at a time are made from their sources and written
   * in large INSERTs with key checks off, and MariaDB builds the tables' indexes once, at the commit. For a
   * large catalogue whose index format changed (search-text.ts `SEARCH_INDEX_VERSION`: the benchmark's
   * catalogues); nothing may write products meanwhile. Returns the products indexed.
   */
  async reloadAll(db: Db, batch = 5000): Promise<number> {
    for (const table of ['search_terms', 'search_docs', 'search_words'])
      await sql`TRUNCATE TABLE ${sql.table(table)}`.execute(db);
    const done = await db.transaction().execute(async (trx) => {
      await sql`SET SESSION foreign_key_checks = 0, unique_checks = 0`.execute(trx);
      try {
        const written = new Set<string>();
        let after = 0;
        let n = 0;
        for (;;) {
          const ids = await indexRepo.productIdsAfter(trx, after, batch);
          if (ids.length === 0) return n;
          await loadDocs(trx, (await indexRepo.indexSources(trx, ids)).map(toSource), written);
          n += ids.length;
          after = ids.at(-1)!;
        }
      } finally {
        await sql`SET SESSION foreign_key_checks = 1, unique_checks = 1`.execute(trx);
      }
    });
    await sql`ANALYZE TABLE search_terms, search_docs, search_words`.execute(db);
    return done;
  }

  /** Re-indexes the whole catalogue in batches of `batch` products, each in its own transaction. */
  async reindexAll(db: Db, batch = 500): Promise<number> {
    let after = 0;
    let done = 0;
    for (;;) {
      const ids = await indexRepo.productIdsAfter(db, after, batch);
      if (ids.length === 0) return done;
      await db.transaction().execute((trx) => this.indexProducts(trx, ids));
      done += ids.length;
      after = ids.at(-1)!;
    }
  }
}

/** The facets as the API answers them, from their counts. */
function toFacets(f: Omit<facetsRepo.MatchFacets, 'total'>): ProductFacets {
  const values = countValues;
  return {
    brand: values(f.brand),
    category: values(f.category),
    color: values(f.color),
    memory: values(f.memory, (v) => memoryLabel(Number(v))).sort((a, b) => Number(a.value) - Number(b.value)),
    inStock: f.inStock,
    minDiscount: ([10, 20, 30] as const).map((d) => ({
      value: String(d),
      label: `${d}% off or more`,
      count: f.discount[d],
    })),
    price: f.price ? { min: toRupees(f.price.min), max: toRupees(f.price.max) } : null,
  };
}

/** A new product as the bulk loader indexes it: its id and what the index reads of it. */
type NewProductSource = IndexSource & { id: number };

/** What the index rows of a product are made of: what its terms are made of, its id, colour ids and units sold. */
type DocSource = NewProductSource & { colorIds: number[]; sold: number };

/** A product as the index reads it (indexRepo.indexSources) as the source of its index rows. */
function toSource(r: indexRepo.IndexRow): DocSource {
  return {
    colorIds: r.color_ids ? r.color_ids.split(',').map(Number) : [],
    id: Number(r.id),
    name: r.name,
    brand: r.brand,
    sku: r.sku,
    variantSkus: r.variant_skus ? r.variant_skus.split('\n') : [],
    category: r.category,
    colors: r.colors ? r.colors.split('\n') : [],
    memoryGb: r.memory ? r.memory.split(',').map(Number) : [],
    shortDescription: r.short_description,
    longDescription: r.long_description,
    sold: Number(r.sold),
  };
}

/**
 * Adds the index rows of products that have none (indexRepo.loadIndex); `written` holds the words whose vocabulary
 * entries earlier calls of the same load wrote, each written once.
 */
async function loadDocs(trx: Db, sources: DocSource[], written: Set<string>) {
  const { docs, vocabulary } = indexDocs(sources, written);
  await indexRepo.loadIndex(trx, docs, [...vocabulary.values()]);
}

/** The bulk load of a new catalogue's index (MariaDbSearch.bulkLoader). */
export interface BulkIndexLoad {
  /** Adds the index rows of these new products; resolves when the next batch may come. */
  add(products: NewProductSource[]): Promise<void>;
  /** Writes the vocabulary and waits until every row is written (not yet committed). */
  end(): Promise<void>;
  commit(): Promise<void>;
  rollback(): Promise<void>;
}

/**
 * The index documents of these products and the vocabulary entries (deletion key, word) of their words; words in
 * `written` are left out of the vocabulary (their entries are written already), and new ones are added to it.
 */
function indexDocs(
  sources: DocSource[],
  written?: Set<string>,
): {
  docs: indexRepo.IndexedDoc[];
  vocabulary: Map<string, { k: string; word: string }>;
} {
  const vocabulary = new Map<string, { k: string; word: string }>();
  const docs = sources.map((r) => {
    const terms = productTerms(r);
    for (const word of terms.keys()) {
      if (word.length < TYPO_MIN_LENGTH - 1 || !/^\p{L}+$/u.test(word) || written?.has(word)) continue;
      written?.add(word);
      for (const k of deletionKeys(word)) vocabulary.set(`${k}\n${word}`, { k, word });
    }
    const name = nameKey(r.name);
    const brand = nameKey(r.brand);
    const model = brand && name.startsWith(`${brand} `) ? name.slice(brand.length + 1) : name;
    return {
      productId: r.id,
      nameKey: name,
      modelKey: model,
      popularity: r.sold,
      colorIds: idList(r.colorIds),
      memorySizes: idList(r.memoryGb),
      terms,
    };
  });
  return { docs, vocabulary };
}

/** A set of numbers as the documents hold it: ascending, each once, comma-separated ("" for none). */
function idList(values: number[]): string {
  return [...new Set(values)].sort((a, b) => a - b).join(',');
}

/** The texts a query's words find: each word's exact terms (synonyms, typo fixes) and the start it finds. */
export function startsOf(matches: matchRepo.WordMatch[]): string[] {
  return [
    ...new Set(
      matches.flatMap((m) => (m.role === 'hint' ? [] : [...m.exact, ...(m.prefix ? [m.prefix] : [])])),
    ),
  ];
}

/** The categories with a word that one of `starts` (startsOf) starts: what the words point to. */
export function namedCategories<C extends { name: string }>(categories: C[], starts: string[]): C[] {
  return categories.filter((c) => textWords(c.name).some((w) => starts.some((s) => w.startsWith(s))));
}

/** The active categories a search's words name ("tablet under 2000" → Tablets), for a search that found nothing. */
export async function categoriesNamed(
  { db, search }: { db: Db; search: SearchEngine },
  q: string,
): Promise<{ name: string; slug: string }[]> {
  const [matches, categories] = await Promise.all([search.explain(db, q), wordsRepo.activeCategories(db)]);
  return namedCategories(categories, startsOf(matches));
}
