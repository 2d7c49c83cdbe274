import { queryOptions } from '@tanstack/react-query';
import type { ShopPageSlug } from '@voltcart/shared';
import { type Api, api as browserApi } from './api';
import { type ProductListParams, queryKeys } from './query-keys';

/**
 * Every read of the storefront: its key and the call that answers it. Pages pass these to useQuery; what
 * starts a page's requests before it renders (features/catalog/requests.ts) prefetches the same ones, and so
 * can a server that renders the page (with its own client: createQueries). The query's signal cancels a
 * request nobody waits for any more.
 */
export const createQueries = (api: Api) => ({
  categories: () =>
    queryOptions({
      queryKey: queryKeys.categories.all,
      queryFn: async ({ signal }) => (await api.category.list({}, { signal })).categories,
    }),
  colors: () =>
    queryOptions({
      queryKey: queryKeys.colors.all,
      queryFn: async ({ signal }) => (await api.color.list({}, { signal })).colors,
    }),
  products: (params: ProductListParams) =>
    queryOptions({
      queryKey: queryKeys.products.list(params),
      queryFn: async ({ signal }) => {
        const { products, hasMore, total, facets, didYouMean, priceFromQuery, categoryHints } =
          await api.product.list({ query: params }, { signal });
        return {
          products,
          hasMore: Boolean(hasMore),
          total,
          facets,
          didYouMean,
          priceFromQuery,
          categoryHints,
        };
      },
    }),
  /** Suggestions while typing in the header (cached by the API like every catalogue read). */
  suggest: (q: string) =>
    queryOptions({
      queryKey: queryKeys.products.suggest(q),
      queryFn: async ({ signal }) => {
        const { products, categories, brands } = await api.product.suggest({ query: { q } }, { signal });
        return { products, categories, brands };
      },
      staleTime: 60_000,
    }),
  bestSellers: () =>
    queryOptions({
      queryKey: queryKeys.products.bestSellers(),
      queryFn: async ({ signal }) => {
        const { products, basis } = await api.product.bestSellers({}, { signal });
        return { products, basis };
      },
    }),
  /** By id or slug. */
  product: (id: string) =>
    queryOptions({
      queryKey: queryKeys.products.detail(id),
      queryFn: async ({ signal }) => (await api.product.get({ params: { id } }, { signal })).product,
    }),
  /** The shopper's order with its timeline, payment, refunds and documents (order page, thank-you page). */
  order: (orderId: string) =>
    queryOptions({
      queryKey: queryKeys.orders.detail(orderId),
      queryFn: async ({ signal }) => {
        const { order, timeline, payment, refunds, documents } = await api.order.get(
          { params: { orderId } },
          { signal },
        );
        return { order, timeline, payment, refunds, documents };
      },
    }),
  /** One of the shop's own pages (terms, privacy, shipping, returns, contact). */
  shopPage: (slug: ShopPageSlug) =>
    queryOptions({
      queryKey: queryKeys.shopPage(slug),
      queryFn: async ({ signal }) => (await api.settings.page({ params: { slug } }, { signal })).page,
    }),
  /** Deals running now with their true end (the home page's "Deals of the day"; empty when none runs). */
  deals: () =>
    queryOptions({
      queryKey: queryKeys.deals,
      queryFn: async ({ signal }) => (await api.promotion.deals({}, { signal })).deals,
      staleTime: 60_000,
    }),
  /** Public shop settings: read once per visit (they change only when staff save them). */
  settings: () =>
    queryOptions({
      queryKey: queryKeys.settings,
      queryFn: async ({ signal }) => (await api.settings.get({}, { signal })).settings,
      staleTime: Number.POSITIVE_INFINITY,
    }),
});

export const queries = createQueries(browserApi);
