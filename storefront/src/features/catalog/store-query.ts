/** Page sizes of the store (seed §9): All (0), 2, 20, 24. */
export const PAGE_SIZES = [
  { value: 0, label: 'All' },
  { value: 2, label: '2' },
  { value: 20, label: '20' },
  { value: 24, label: '24' },
] as const;

export const DEFAULT_PAGE_SIZE = 24;

/** Product cards of the store whose pictures load first, at high priority (the first row on a desktop). */
export const STORE_EAGER_CARDS = 4;

export interface StoreQuery {
  limit: number;
  colorSlug: string;
  q: string;
  page: number;
}

/**
 * Reads the store's state from the query string, so a reload or a shared link restores it.
 * - limit: one of the page sizes, otherwise the default (24)
 * - colorSlug, q: trimmed text ('' when absent)
 * - page: a whole number ≥ 1 (ignored when limit is All)
 */
export function readStoreQuery(params: URLSearchParams): StoreQuery {
  const rawLimit = params.get('limit');
  const n = rawLimit === null || rawLimit.trim() === '' ? Number.NaN : Number(rawLimit);
  const limit = PAGE_SIZES.some((s) => s.value === n) ? n : DEFAULT_PAGE_SIZE;
  const page = Math.max(1, Math.floor(Number(params.get('page') ?? '1')) || 1);
  return {
    limit,
    colorSlug: (params.get('colorSlug') ?? '').trim().slice(0, 200),
    q: (params.get('q') ?? '').trim().slice(0, 200),
    page: limit === 0 ? 1 : page,
  };
}

/** Writes the store state back; empty values and page 1 are left out. */
export function writeStoreQuery(q: StoreQuery, opts: { keepDefaultLimit?: boolean } = {}): string {
  const p = new URLSearchParams();
  if (q.limit !== DEFAULT_PAGE_SIZE || opts.keepDefaultLimit) p.set('limit', String(q.limit));
  if (q.colorSlug) p.set('colorSlug', q.colorSlug);
  if (q.q) p.set('q', q.q);
  if (q.page > 1 && q.limit !== 0) p.set('page', String(q.page));
  return p.toString();
}

/**
 * The product list request of the store page (one shape, so a prefetch and the page share it). Filters not
 * chosen are left blank: the client leaves blank values out of the request (the contract's rule).
 */
export function storeProductParams(categorySlug: string, query: StoreQuery) {
  return {
    limit: query.limit,
    // Page 1 is the API's default: left out, so the first page's address is the one the API caches.
    page: query.page > 1 ? query.page : undefined,
    categorySlug,
    colorSlug: query.colorSlug,
    q: query.q,
  };
}
