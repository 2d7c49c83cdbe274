import type { ProductSort } from '@voltcart/shared';

/** Page sizes of the store's list: All (0), 2, 20, 24. */
export const PAGE_SIZES = [
  { value: 0, label: 'All' },
  { value: 2, label: '2' },
  { value: 20, label: '20' },
  { value: 24, label: '24' },
] as const;

const DEFAULT_PAGE_SIZE = 24;

/** Product cards of the store whose pictures load first, at high priority (the first row on a desktop). */
export const STORE_EAGER_CARDS = 4;

/** The sorts the store offers; relevance only for a search. */
export const SORTS: { value: ProductSort; label: string; search?: boolean }[] = [
  { value: 'relevance', label: 'Best match', search: true },
  { value: 'popularity', label: 'Popularity' },
  { value: 'price_asc', label: 'Price: low to high' },
  { value: 'price_desc', label: 'Price: high to low' },
  { value: 'newest', label: 'Newest' },
  { value: 'discount', label: 'Biggest discount' },
  { value: 'rating', label: 'Customer rating' },
];

const DISCOUNTS = [10, 20, 30] as const;

export interface StoreQuery {
  limit: number;
  colorSlug: string;
  q: string;
  page: number;
  /** '' = the default order (relevance for a search, newest otherwise). */
  sort: ProductSort | '';
  brand: string[];
  category: string[];
  color: string[];
  memory: number[];
  /** Rupees; null when not chosen. */
  minPrice: number | null;
  maxPrice: number | null;
  inStock: boolean;
  minDiscount: number | null;
  /** Average stars at least (4: "4★ & above"); null when not chosen. */
  minRating: number | null;
}

/** The list filters (what "Clear all" clears; the search and page size stay). */
export const NO_FILTERS = {
  colorSlug: '',
  brand: [] as string[],
  category: [] as string[],
  color: [] as string[],
  memory: [] as number[],
  minPrice: null,
  maxPrice: null,
  inStock: false,
  minDiscount: null,
  minRating: null,
} satisfies Partial<StoreQuery>;

const list = (v: string | null, max = 20) =>
  [
    ...new Set(
      (v ?? '')
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    ),
  ]
    .slice(0, max)
    .map((x) => x.slice(0, 200));

const price = (v: string | null) => {
  if (v === null || v.trim() === '') return null;
  const n = Number(v);
  return Number.isFinite(n) && n >= 0 ? Math.floor(n) : null;
};

/**
 * Reads the store's state from the query string, so a reload, back/forward or a shared link restores it.
 * Pure: a server rendering the page reads the same state from the same address.
 * - limit: one of the page sizes, otherwise the default (24)
 * - colorSlug, q: trimmed text ('' when absent)
 * - page: a whole number ≥ 1 (ignored when limit is All)
 * - sort: one of SORTS, otherwise the default
 * - brand, category, color, memory: comma-separated lists (several values of one filter combine with OR)
 * - minPrice, maxPrice: whole rupees ≥ 0; a min above the max is dropped
 * - inStock: '1'; minDiscount: 10, 20 or 30; minRating: 3 or 4
 */
export function readStoreQuery(params: URLSearchParams): StoreQuery {
  const rawLimit = params.get('limit');
  const n = rawLimit === null || rawLimit.trim() === '' ? Number.NaN : Number(rawLimit);
  const limit = PAGE_SIZES.some((s) => s.value === n) ? n : DEFAULT_PAGE_SIZE;
  const page = Math.max(1, Math.floor(Number(params.get('page') ?? '1')) || 1);
  const sort = SORTS.find((s) => s.value === params.get('sort'))?.value ?? '';
  let minPrice = price(params.get('minPrice'));
  const maxPrice = price(params.get('maxPrice'));
  if (minPrice !== null && maxPrice !== null && minPrice > maxPrice) minPrice = null;
  const discount = Number(params.get('minDiscount'));
  const rating = Number(params.get('minRating'));
  return {
    limit,
    colorSlug: (params.get('colorSlug') ?? '').trim().slice(0, 200),
    q: (params.get('q') ?? '').trim().slice(0, 200),
    page: limit === 0 ? 1 : Math.min(page, 100_000),
    sort,
    brand: list(params.get('brand')),
    category: list(params.get('category')),
    color: list(params.get('color')),
    memory: list(params.get('memory'))
      .map(Number)
      .filter((m) => Number.isInteger(m) && m > 0 && m < 100_000),
    minPrice,
    maxPrice,
    inStock: params.get('inStock') === '1',
    minDiscount: (DISCOUNTS as readonly number[]).includes(discount) ? discount : null,
    minRating: rating === 3 || rating === 4 ? rating : null,
  };
}

/** Writes the store state back; empty values, the default sort and page 1 are left out. */
export function writeStoreQuery(q: StoreQuery, opts: { keepDefaultLimit?: boolean } = {}): string {
  const p = new URLSearchParams();
  if (q.limit !== DEFAULT_PAGE_SIZE || opts.keepDefaultLimit) p.set('limit', String(q.limit));
  if (q.colorSlug) p.set('colorSlug', q.colorSlug);
  if (q.q) p.set('q', q.q);
  if (q.sort) p.set('sort', q.sort);
  if (q.brand?.length) p.set('brand', q.brand.join(','));
  if (q.category?.length) p.set('category', q.category.join(','));
  if (q.color?.length) p.set('color', q.color.join(','));
  if (q.memory?.length) p.set('memory', q.memory.join(','));
  if (q.minPrice !== null && q.minPrice !== undefined) p.set('minPrice', String(q.minPrice));
  if (q.maxPrice !== null && q.maxPrice !== undefined) p.set('maxPrice', String(q.maxPrice));
  if (q.inStock) p.set('inStock', '1');
  if (q.minDiscount) p.set('minDiscount', String(q.minDiscount));
  if (q.minRating) p.set('minRating', String(q.minRating));
  if (q.page > 1 && q.limit !== 0) p.set('page', String(q.page));
  return p.toString();
}

/**
 * The product list request of the store page (one shape, so a prefetch, a server and the page share it).
 * Filters not chosen are left blank: the client leaves blank values out of the request (the contract's rule).
 */
export function storeProductParams(categorySlug: string, query: StoreQuery) {
  const join = (v: (string | number)[]) => (v.length ? v.join(',') : undefined);
  return {
    limit: query.limit,
    // Page 1 is the API's default: left out, so the first page's address is the one the API caches.
    page: query.page > 1 ? query.page : undefined,
    categorySlug,
    colorSlug: query.colorSlug,
    q: query.q,
    sort: query.sort || undefined,
    brand: join(query.brand),
    category: join(query.category),
    color: join(query.color),
    memory: join(query.memory),
    minPrice: query.minPrice ?? undefined,
    maxPrice: query.maxPrice ?? undefined,
    inStock: query.inStock ? ('1' as const) : undefined,
    minDiscount: query.minDiscount ? (String(query.minDiscount) as '10' | '20' | '30') : undefined,
    minRating: query.minRating ? (String(query.minRating) as '3' | '4') : undefined,
    // The store shows filters with counts.
    facets: '1' as const,
  };
}

/**
 * Where the shopper is in the list: "Showing 25–48 of 191" and the page numbers to offer.
 * - All (limit 0): every product on one page
 * - a page beyond the last shows nothing: from = to = 0
 * - pages: the first, the last, and two either side of the current one; gaps as null (an ellipsis)
 */
export function listPosition(
  limit: number,
  page: number,
  total: number,
  shown: number,
): { from: number; to: number; total: number; pages: number; items: (number | null)[] } {
  const size = limit === 0 ? Math.max(total, 1) : limit;
  const pages = Math.max(1, Math.ceil(total / size));
  const from = shown === 0 ? 0 : (page - 1) * size + 1;
  const to = shown === 0 ? 0 : from + shown - 1;
  const items: (number | null)[] = [];
  for (let p = 1; p <= pages; p++) {
    // A gap of a single page shows that page rather than an ellipsis.
    const edge = (p === 2 && page <= 5) || (p === pages - 1 && page >= pages - 4);
    if (p === 1 || p === pages || Math.abs(p - page) <= 2 || edge) items.push(p);
    else if (items.at(-1) !== null) items.push(null);
  }
  return { from, to, total, pages, items };
}
