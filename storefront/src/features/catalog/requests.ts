import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@voltcart/api-client/errors';
import { productImage } from '../../lib/images';
import { queries } from '../../lib/queries';
import { ANSWER_FRESH_MS } from '../../lib/query-client';
import { readStoreQuery, STORE_EAGER_CARDS, storeProductParams } from './store-query';

/**
 * The catalogue requests of each page, started before the page renders: on every navigation while the
 * page's code loads, and for the page the shop opens on, before React starts (app/early-start.ts). The
 * pages read the same queries (features/catalog/api.ts), so nothing is asked twice. Each returns a promise
 * that settles (never rejects) once the page's main content has arrived or failed.
 */
export const catalogRequests = {
  home(client: QueryClient): Promise<unknown> {
    return Promise.allSettled([
      client.prefetchQuery(queries.categories()),
      client.prefetchQuery(queries.bestSellers()),
      client.prefetchQuery(queries.deals()),
    ]);
  },
  async store(client: QueryClient, categorySlug: string, search: URLSearchParams): Promise<void> {
    const params = storeProductParams(categorySlug, readStoreQuery(search));
    void client.prefetchQuery(queries.categories());
    void client.prefetchQuery(queries.colors());
    try {
      const list = await client.fetchQuery(queries.products(params));
      // The first cards' pictures are the page's largest paint: fetch them with the list, not after render.
      preloadImages(list.products.slice(0, STORE_EAGER_CARDS).map((p) => p.thumbnail));
    } catch {
      // the page shows the failure
    }
  },
  product(client: QueryClient, id: string): Promise<unknown> {
    // "No such product" is an answer like any other: not asked again while it is fresh (a page the server
    // rendered as not found stays so as it hydrates).
    const known = client.getQueryState(queries.product(id).queryKey);
    const missing = known?.error instanceof ApiError && known.error.status === 404;
    if (missing && Date.now() - known.errorUpdatedAt < ANSWER_FRESH_MS) return Promise.resolve();
    return client.prefetchQuery(queries.product(id));
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
