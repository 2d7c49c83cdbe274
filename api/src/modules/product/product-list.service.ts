import type { BestSellers, ProductList, ProductListQuery, ProductSummary } from '@voltcart/shared';
import { readPricePhrase, toPaise } from '@voltcart/shared';
import type { Db } from '../../db/connection';
import { forbidden } from '../../errors';
import { categoriesNamed } from '../search/search-engine';
import { lowStockThreshold } from '../settings/settings.service';
import * as repo from './product.repository';
import { PRODUCT_MESSAGES as M, type ProductDeps } from './product.service';
import { toSummary, withOffers } from './product-summary.service';
import * as vrepo from './product-variant.repository';

/** "All" (limit 0) is capped so that one request can never serialise a million rows. */
const ALL_LIMIT = 10_000;

/** The list's search filters, beyond the plain list's own (`limit`, `page`, `categorySlug`, `colorSlug`). */
const SEARCH_PARAMS = [
  'q',
  'sort',
  'brand',
  'category',
  'color',
  'memory',
  'minPrice',
  'maxPrice',
  'inStock',
  'minDiscount',
  'minRating',
  'status',
  'top',
  'outOfStock',
] as const;

/** More of the list's filters for the back office only (besides `lowStock`). */
const STAFF_FILTERS = ['status', 'top', 'outOfStock'] as const;

/**
 * A page of the list; the query's blank values were already dropped (see resource() in lib/routes.ts).
 * - search, filters, sort, total and facet counts come from the search engine (modules/search)
 * - a list with only the plain list's parameters reads its rows with the tuned list query (product.repository)
 * - `lowStock` (admins only, else 403): products with at most the shop's low-stock threshold of units
 *   (Settings), fewest first, whatever their stock switch; the reply names the threshold
 * - `status`, `top`, `outOfStock` (admins only, else 403): switched on/off, top selling or not, not sellable now
 * - a page beyond the last is empty, with the total and facets
 */
export async function listProducts(
  { db, search }: Pick<ProductDeps, 'db' | 'search'>,
  query: ProductListQuery,
  opts: { admin: boolean },
): Promise<ProductList> {
  if (!opts.admin) {
    const used = STAFF_FILTERS.find((k) => query[k] !== undefined);
    if (used) throw forbidden(M.staffFilter(used));
  }
  let stockAtMost: number | undefined;
  if (query.lowStock) {
    if (!opts.admin) throw forbidden(M.lowStockForStaff);
    stockAtMost = await lowStockThreshold(db);
  }
  const limit = query.limit && query.limit > 0 ? query.limit : ALL_LIMIT;
  const page = query.limit && query.limit > 0 ? (query.page ?? 1) : 1;
  const offset = (page - 1) * limit;
  const categorySlug = query.categorySlug?.trim();
  const colorSlug = query.colorSlug?.trim();
  const searched = SEARCH_PARAMS.some((k) => query[k] !== undefined);
  if (!searched && !query.facets) {
    // The plain list: no COUNT (one row more than asked tells whether another page exists).
    const rows = await repo.listProducts(db, {
      admin: opts.admin,
      limit: limit + 1,
      offset,
      categorySlug,
      colorSlug,
      stockAtMost,
    });
    const plain: ProductList = {
      products: await withOffers(
        db,
        await inChosenColor(
          db,
          await forStaff(db, rows.slice(0, limit).map(toSummary), opts),
          colorSlug ? [colorSlug] : [],
        ),
        opts,
      ),
      hasMore: rows.length > limit,
    };
    if (stockAtMost !== undefined) plain.lowStockThreshold = stockAtMost;
    return plain;
  }
  // "tablet under 20000": the price phrase filters, the words left are searched.
  const phrase = query.q === undefined ? undefined : readPricePhrase(query.q);
  const price = phrase?.price;
  const minPrice = query.minPrice ?? price?.min;
  const maxPrice = query.maxPrice ?? price?.max;
  const found = await search.find(db, {
    admin: opts.admin,
    q: price ? phrase.rest || undefined : query.q,
    sort: query.sort ?? (stockAtMost === undefined ? undefined : 'stock'),
    categorySlug,
    colorSlug,
    brand: query.brand,
    category: query.category,
    color: query.color,
    memory: query.memory,
    minPrice: minPrice === undefined ? undefined : toPaise(minPrice),
    maxPrice: maxPrice === undefined ? undefined : toPaise(maxPrice),
    inStock: query.inStock,
    minDiscount: query.minDiscount,
    minRating: query.minRating,
    stockAtMost,
    status: query.status,
    top: query.top,
    outOfStock: query.outOfStock,
    facets: query.facets === true,
    // The engine reads the page only when it orders or filters beyond the plain list.
    limit: searched ? limit : 0,
    offset,
  });
  const rows = searched
    ? await repo.summariesByIds(db, found.ids)
    : await repo.listProducts(db, { admin: opts.admin, limit, offset, categorySlug, colorSlug, stockAtMost });
  const products = await withOffers(
    db,
    await inChosenColor(db, await forStaff(db, rows.map(toSummary), opts), [
      ...(colorSlug ? [colorSlug] : []),
      ...(query.color ?? []),
    ]),
    opts,
  );
  const list: ProductList = {
    products,
    hasMore: offset + products.length < found.total,
    total: found.total,
  };
  if (query.facets) list.facets = found.facets;
  if (found.didYouMean) list.didYouMean = found.didYouMean;
  if (price) list.priceFromQuery = { ...price, words: phrase.rest };
  if (!opts.admin && found.total === 0 && phrase?.rest)
    list.categoryHints = await categoriesNamed({ db, search }, phrase.rest);
  if (stockAtMost !== undefined) list.lowStockThreshold = stockAtMost;
  return list;
}

/** Staff lists also say how many variants each product has (units are changed in the list only with one). */
async function forStaff(db: Db, products: ProductSummary[], opts: { admin: boolean }) {
  if (!opts.admin || products.length === 0) return products;
  const ids = products.map((p) => Number(p._id));
  const [counts, hsn] = await Promise.all([vrepo.variantCounts(db, ids), repo.hsnCodes(db, ids)]);
  return products.map((p) => {
    const h = hsn.get(Number(p._id));
    return {
      ...p,
      variantCount: counts.get(Number(p._id)) ?? 0,
      hsn: { code: h?.own ?? h?.category ?? '', own: !!h?.own },
    };
  });
}

/**
 * Under a colour filter a card shows that colour's picture: each product's thumbnail becomes the first picture
 * of its gallery in the chosen colour (the first chosen colour that has pictures); products without such a
 * picture keep their own.
 */
async function inChosenColor(
  db: Db,
  list: ProductSummary[],
  colorSlugs: string[],
): Promise<ProductSummary[]> {
  if (colorSlugs.length === 0 || list.length === 0) return list;
  const pictures = await repo.colorThumbnails(
    db,
    list.map((p) => Number(p._id)),
    colorSlugs,
  );
  return list.map((p) => {
    const file = pictures.get(Number(p._id));
    return file ? { ...p, thumbnail: file } : p;
  });
}

/** How many days of orders the BEST SELLER strip counts. */
const BEST_SELLER_DAYS = 30;

/**
 * The home page's strip.
 * - what sold most: units in orders of the last 30 days (sold states only), at most 5, most first (`sales`)
 * - nothing sold in that time: the 5 largest savings (`discount`); the storefront does not call those best
 *   sellers
 */
export async function bestSellers(db: Db): Promise<BestSellers> {
  const sold = await repo.topSold(db, 5, BEST_SELLER_DAYS);
  const shopper = { admin: false };
  if (sold.length > 0)
    return { products: await withOffers(db, sold.map(toSummary), shopper), basis: 'sales' };
  const biggest = (await repo.bestSellers(db, 5)).map(toSummary);
  return { products: await withOffers(db, biggest, shopper), basis: 'discount' };
}
