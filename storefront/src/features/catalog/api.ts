import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queries } from '../../lib/queries';
import type { ProductListParams } from '../../lib/query-keys';

/**
 * The catalogue reads of the pages, as `{data, error, loading, reload}`. A failed list fetch leaves the list
 * empty without a message, so the rest of the page stays usable.
 */
function view<T>(q: { data: T | undefined; error: unknown; isLoading: boolean; refetch: () => unknown }) {
  return { data: q.data, error: q.error, loading: q.isLoading, reload: () => void q.refetch() };
}

export function useCategories() {
  const r = view(useQuery(queries.categories()));
  return { ...r, data: r.data ?? [] };
}

export function useColors() {
  const r = view(useQuery(queries.colors()));
  return { ...r, data: (r.data ?? []).filter((c) => c.status !== false) };
}

/**
 * `null`: not yet (e.g. a section below the fold). While the next page or filter loads, the list shown stays
 * (no layout jump); `fetching` says a newer one is on its way.
 */
export function useProducts(params: ProductListParams | null) {
  const q = useQuery({
    ...queries.products(params ?? {}),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
  return { ...view(q), fetching: q.isFetching };
}

export function useBestSellers() {
  return view(useQuery(queries.bestSellers()));
}

export function useProduct(id: string | undefined) {
  // A failure the server rendered (a missing product) stays as it is when the page hydrates; the page's own
  // 'Try again' asks again.
  return view(useQuery({ ...queries.product(id ?? ''), enabled: Boolean(id), retryOnMount: false }));
}
