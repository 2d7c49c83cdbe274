import type { ProductListParams } from '@voltcart/api-client/catalog';
import { productImage } from '../../lib/images';
import { publicApi } from '../../lib/public-api';
import { prefetch } from '../../lib/request-cache';
import { readStoreQuery, STORE_EAGER_CARDS, storeProductParams } from './store-query';

/** Cache keys of the catalogue reads (one per request and parameters). */
export const catalogKeys = {
  categories: 'categories',
  colors: 'colors',
  bestSellers: 'best-sellers',
  products: (params: ProductListParams) => `products:${JSON.stringify(params)}`,
  product: (id: string) => `product:${id}`,
};

/**
 * The catalogue requests of each page, started before the page renders: by the route loaders on every
 * navigation, and for the page the shop opens on, before React starts (app/early-start.ts). The pages
 * read the same requests through useFetch. Each returns a promise that settles (never rejects) once the
 * page's main content has arrived or failed; nothing else waits for them.
 */
export const catalogRequests = {
  home(): Promise<unknown> {
    const categories = prefetch(catalogKeys.categories, () => publicApi.catalog.categories());
    const bestSellers = prefetch(catalogKeys.bestSellers, () => publicApi.catalog.bestSellers());
    return Promise.allSettled([categories, bestSellers]);
  },
  store(categorySlug: string, search: URLSearchParams): Promise<unknown> {
    const params = storeProductParams(categorySlug, readStoreQuery(search));
    void prefetch(catalogKeys.categories, () => publicApi.catalog.categories());
    void prefetch(catalogKeys.colors, () => publicApi.catalog.colors());
    return prefetch(catalogKeys.products(params), () => publicApi.catalog.products(params)).then(
      // The first cards' pictures are the page's largest paint: fetch them with the list, not after render.
      (list) => preloadImages(list.products.slice(0, STORE_EAGER_CARDS).map((p) => p.thumbnail)),
      () => undefined,
    );
  },
  product(id: string): Promise<unknown> {
    return prefetch(catalogKeys.product(id), () => publicApi.catalog.product(id)).catch(() => undefined);
  },
};

/** Loads grid-size product pictures into the page's image cache, so the grid's <img>s find them there. */
function preloadImages(thumbnails: (string | null | undefined)[]): void {
  for (const file of thumbnails) {
    if (!file) continue;
    const img = new Image();
    img.fetchPriority = 'high';
    img.src = productImage(file, 'sm');
  }
}
