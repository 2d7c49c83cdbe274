import type { ProductListParams } from '@voltcart/api-client/catalog';
import type { Category, Color } from '@voltcart/shared';
import { publicApi as api } from '../../lib/public-api';
import { useFetch } from '../../lib/use-fetch';
import { catalogKeys } from './requests';

/** Catalogue reads. A failed list fetch leaves the list empty without a message (seed §8). */
export function useCategories() {
  const r = useFetch<Category[]>(catalogKeys.categories, () => api.catalog.categories());
  return { ...r, data: r.data ?? [] };
}

export function useColors() {
  const r = useFetch<Color[]>(catalogKeys.colors, () => api.catalog.colors());
  return { ...r, data: (r.data ?? []).filter((c) => c.status !== false) };
}

export function useProducts(params: ProductListParams | null) {
  const key = params ? catalogKeys.products(params) : null;
  return useFetch(key, (signal) => api.catalog.products(params ?? {}, signal));
}

export function useBestSellers() {
  return useFetch(catalogKeys.bestSellers, () => api.catalog.bestSellers());
}

export function useProduct(id: string | undefined) {
  return useFetch(id ? catalogKeys.product(id) : null, (signal) => api.catalog.product(id!, signal));
}
