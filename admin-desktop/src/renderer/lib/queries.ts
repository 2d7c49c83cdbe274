import { queryOptions } from '@tanstack/react-query';
import {
  MAX_MATCH_NAME_LENGTH,
  MAX_MATCH_NAMES,
  type MatchedProduct,
  type ReportPeriod,
  type StockMovementsQuery,
} from '@voltcart/shared';
import { ambiguousNamesOf, colorMatchesOf, type MatchColor } from '../../shared/match';
import { api } from './api';
import {
  type AuditFilter,
  type CustomerQuery,
  type OrderQuery,
  type ProductQuery,
  queryKeys,
} from './query-keys';

type StockTrailQuery = Partial<Pick<StockMovementsQuery, 'variantId' | 'reason' | 'from' | 'to'>> & {
  page: number;
  limit: number;
};

/**
 * Every read of the back office: the key, and the call that answers it. Screens pass these to useQuery (a
 * screen may add its own options, e.g. keeping the previous page on screen while the next one loads).
 * The query's signal cancels a request nobody waits for any more.
 */
export const queries = {
  categories: () =>
    queryOptions({
      queryKey: queryKeys.categories.list(),
      queryFn: async ({ signal }) => (await api.category.list({}, { signal })).categories,
    }),
  category: (id: string) =>
    queryOptions({
      queryKey: queryKeys.categories.detail(id),
      queryFn: async ({ signal }) => (await api.category.get({ params: { id } }, { signal })).category,
    }),
  colors: () =>
    queryOptions({
      queryKey: queryKeys.colors.list(),
      queryFn: async ({ signal }) => (await api.color.list({}, { signal })).colors,
    }),
  color: (id: string) =>
    queryOptions({
      queryKey: queryKeys.colors.detail(id),
      queryFn: async ({ signal }) => (await api.color.get({ params: { id } }, { signal })).color,
    }),
  products: (query: ProductQuery) =>
    queryOptions({
      queryKey: queryKeys.products.list(query),
      queryFn: async ({ signal }) => {
        const { products, hasMore, lowStockThreshold, total, facets } = await api.product.list(
          { query },
          { signal },
        );
        return { products, hasMore, lowStockThreshold, total, facets };
      },
    }),
  /**
   * Every product the file names of a scanned folder may mean (by slug or SKU), the names the API matched to a
   * colour gallery and those it found ambiguous, asked from the API in pages of MAX_MATCH_NAMES names; the page
   * then matches with matchFiles on these (shared/match.ts).
   */
  imageMatches: (scanId: string, names: string[]) =>
    queryOptions({
      queryKey: queryKeys.products.imageMatches(scanId),
      queryFn: async ({ signal }) => {
        // Longer names cannot name a product (slugs and SKUs are shorter): they stay unmatched.
        const list = [...new Set(names.map((n) => n.trim()))].filter(
          (n) => n && n.length <= MAX_MATCH_NAME_LENGTH,
        );
        const found = new Map<string, MatchedProduct>();
        const colors: Record<string, { productId: string; color: MatchColor }> = {};
        const ambiguous: Record<string, string[]> = {};
        for (let i = 0; i < list.length; i += MAX_MATCH_NAMES) {
          const { matches } = await api.product.matchImages(
            { body: { names: list.slice(i, i + MAX_MATCH_NAMES) } },
            { signal },
          );
          for (const m of matches) for (const c of m.candidates) found.set(c._id, c);
          Object.assign(colors, colorMatchesOf(matches));
          Object.assign(ambiguous, ambiguousNamesOf(matches));
        }
        return { products: [...found.values()], colors, ambiguous };
      },
    }),
  /** A product's stock trail (under the product's key: anything that changes the product refreshes it). */
  stockTrail: (id: string, query: StockTrailQuery) =>
    queryOptions({
      queryKey: [...queryKeys.products.detail(id), 'stock', query] as const,
      queryFn: async ({ signal }) => api.stock.movements({ params: { id }, query }, { signal }),
    }),
  product: (id: string) =>
    queryOptions({
      queryKey: queryKeys.products.detail(id),
      queryFn: async ({ signal }) => (await api.product.get({ params: { id } }, { signal })).product,
    }),
  orders: (query: OrderQuery) =>
    queryOptions({
      queryKey: queryKeys.orders.list(query),
      queryFn: async ({ signal }) => {
        const { orders, hasMore, total } = await api.order.list({ query }, { signal });
        return { orders, hasMore, total };
      },
    }),
  order: (id: string) =>
    queryOptions({
      queryKey: queryKeys.orders.detail(id),
      queryFn: async ({ signal }) => {
        const { order, timeline, payment, refunds, documents, mails } = await api.order.get(
          { params: { orderId: id } },
          { signal },
        );
        return { order, timeline, payment, refunds, documents, mails: mails ?? [] };
      },
    }),
  orderCourier: (id: string) =>
    queryOptions({
      queryKey: queryKeys.orders.courier(id),
      queryFn: async ({ signal }) =>
        (await api.order.courier({ params: { orderId: id } }, { signal })).courier,
    }),
  customers: (query: CustomerQuery) =>
    queryOptions({
      queryKey: queryKeys.customers.list(query),
      queryFn: async ({ signal }) => {
        const { users, hasMore, total } = await api.admin.customers({ query }, { signal });
        return { users, hasMore, total };
      },
    }),
  customer: (id: string) =>
    queryOptions({
      queryKey: queryKeys.customers.detail(id),
      queryFn: async ({ signal }) => {
        const { customer, addresses, orders, totals } = await api.customer.get(
          { params: { userId: id } },
          { signal },
        );
        return { customer, addresses, orders, totals };
      },
    }),
  addressesToCheck: () =>
    queryOptions({
      queryKey: queryKeys.customers.toCheck,
      queryFn: async ({ signal }) => {
        const { addresses, orders, total } = await api.customer.addressesToCheck({}, { signal });
        return { addresses, orders, total };
      },
    }),
  metrics: (period: ReportPeriod) =>
    queryOptions({
      queryKey: queryKeys.metrics.period(period),
      queryFn: async ({ signal }) => (await api.admin.metrics({ query: { period } }, { signal })).metrics,
    }),
  settings: () =>
    queryOptions({
      queryKey: queryKeys.settings,
      queryFn: async ({ signal }) => (await api.settings.get({}, { signal })).settings,
    }),
  tax: () =>
    queryOptions({
      queryKey: queryKeys.tax,
      queryFn: async ({ signal }) => {
        const { settings, categories, slabs } = await api.tax.get({}, { signal });
        return { settings, categories, slabs };
      },
    }),
  /** Shipping zones and rates, COD rules and the dispatch calendar (the Shipping screen). */
  shipping: () =>
    queryOptions({
      queryKey: queryKeys.shipping,
      queryFn: async ({ signal }) => (await api.delivery.settings({}, { signal })).shipping,
    }),
  me: () =>
    queryOptions({
      queryKey: queryKeys.me,
      queryFn: async ({ signal }) => (await api.admin.me({}, { signal })).admin,
    }),
  audit: (query: AuditFilter) =>
    queryOptions({
      queryKey: queryKeys.audit.list(query),
      queryFn: async ({ signal }) => {
        const { records, hasMore, people } = await api.audit.list({ query }, { signal });
        return { records, hasMore, people };
      },
    }),
  staff: () =>
    queryOptions({
      queryKey: queryKeys.staff,
      queryFn: async ({ signal }) => (await api.staff.list({}, { signal })).staff,
    }),
};
