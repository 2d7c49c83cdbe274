import { queryOptions } from '@tanstack/react-query';
import { MAX_COMPARE } from '@voltcart/shared';
import { type Api, api as browserApi } from './api';

/**
 * The reads of the shopper's own lists and a product's reviews (product page, wishlist, compare), apart from
 * lib/queries.ts so that pages which never show them (the store) do not load them.
 */
export const shopperKeys = {
  reviews: {
    all: ['reviews'] as const,
    page: (productId: string, page: number, sort: 'newest' | 'helpful') =>
      ['reviews', productId, sort, page] as const,
    mine: (productId: string) => ['reviews', productId, 'mine'] as const,
  },
  wishlist: {
    ids: ['wishlist', 'ids'] as const,
    pages: ['wishlist', 'page'] as const,
    page: (page: number) => ['wishlist', 'page', page] as const,
  },
  related: (productId: string) => ['products', 'related', productId] as const,
  compare: (ids: string[]) => ['products', 'compare', ids.join(',')] as const,
};

export const createShopperQueries = (api: Api) => ({
  /** "You may also like" under a product (cached by the API like the catalogue). */
  related: (productId: string) =>
    queryOptions({
      queryKey: shopperKeys.related(productId),
      queryFn: async ({ signal }) =>
        (await api.review.related({ params: { id: productId } }, { signal })).products,
    }),
  /** A page of a product's approved reviews with its rating (kept by the API like the product: CATALOG_CACHE_SECONDS). */
  reviews: (productId: string, page = 1, sort: 'newest' | 'helpful' = 'newest') =>
    queryOptions({
      queryKey: shopperKeys.reviews.page(productId, page, sort),
      queryFn: async ({ signal }) => {
        const { reviews, hasMore, total, rating } = await api.review.list(
          { params: { id: productId }, query: { page, sort } },
          { signal },
        );
        return { reviews, hasMore, total, rating };
      },
    }),
  /** The shopper's own review of a product and whether they may write one (logged-in shoppers only). */
  myReview: (productId: string) =>
    queryOptions({
      queryKey: shopperKeys.reviews.mine(productId),
      queryFn: async ({ signal }) => {
        const { review, canReview } = await api.review.mine({ params: { productId } }, { signal });
        return { review, canReview };
      },
    }),
  /** The ids on the logged-in shopper's wishlist (the hearts). */
  wishlistIds: () =>
    queryOptions({
      queryKey: shopperKeys.wishlist.ids,
      queryFn: async ({ signal }) => (await api.wishlist.ids({}, { signal })).ids,
    }),
  /** A page of the logged-in shopper's wishlist. */
  wishlist: (page: number) =>
    queryOptions({
      queryKey: shopperKeys.wishlist.page(page),
      queryFn: async ({ signal }) => {
        const { items, hasMore, total } = await api.wishlist.list({ query: { page } }, { signal });
        return { items, hasMore, total };
      },
    }),
  /** Products side by side (/compare). */
  compare: (ids: string[]) =>
    queryOptions({
      queryKey: shopperKeys.compare(ids),
      queryFn: async ({ signal }) =>
        (await api.compare.get({ query: { ids: ids.join(',') } }, { signal })).products,
    }),
});

export const shopperQueries = createShopperQueries(browserApi);

/**
 * The products of a comparison from its address (`ids=1,2,3`) or the browser's list:
 * - ids are trimmed, blanks and repeats dropped, in the order given
 * - at most MAX_COMPARE are kept (the API refuses more)
 */
export function readCompareIds(value: string | null | undefined): string[] {
  const ids = [
    ...new Set(
      (value ?? '')
        .split(',')
        .map((x) => x.trim())
        .filter((x) => /^[\w-]{1,250}$/.test(x)),
    ),
  ];
  return ids.slice(0, MAX_COMPARE);
}

/** The products chosen with "Compare" in this browser (the `compare` list), as readCompareIds keeps them. */
export function browserCompareIds(): string[] {
  try {
    const list = JSON.parse(window.localStorage.getItem('compare') ?? '[]') as unknown;
    return Array.isArray(list) ? readCompareIds(list.filter((x) => typeof x === 'string').join(',')) : [];
  } catch {
    return [];
  }
}
