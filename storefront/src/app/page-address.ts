import { paths } from '../config/paths';
import { readStoreQuery, writeStoreQuery } from '../features/catalog/store-query';
import { readCompareIds } from '../lib/shopper-queries';
import { matchPattern, pageRoutes } from './route-table';

/** The query parameters a product page reads: the chosen variant (features/catalog/product-page.tsx). */
const PRODUCT_PARAMS = ['sku', 'color', 'memory'];

/**
 * The address a page is rendered and kept under by the storefront server's page cache:
 * - the path without trailing slashes (the routes match with or without them)
 * - only the query parameters the page reads, in their normal form: the store's filters, sort and page as the
 *   store writes them; a product's chosen variant (the first value of each); a comparison's products; nothing for
 *   any other page
 * Tracking tags and made-up parameters change nothing on the page, so they neither render it again nor take
 * room in the cache; the browser keeps its address as it was.
 */
export function pageAddress(pathname: string, search: string): { pathname: string; search: string } {
  const path = pathname.replace(/\/+$/, '') || '/';
  const params = new URLSearchParams(search);
  const pattern = pageRoutes.find((r) => matchPattern(r.pattern, path))?.pattern;
  let query = '';
  if (pattern === paths.store.pattern || pattern === paths.storeCategory.pattern)
    query = writeStoreQuery(readStoreQuery(params));
  else if (pattern === paths.product.pattern) {
    const kept = new URLSearchParams();
    for (const name of PRODUCT_PARAMS) {
      const value = params.get(name);
      if (value) kept.set(name, value);
    }
    query = kept.toString();
  } else if (pattern === paths.compare.pattern) {
    // The comparison's products, as its page reads them.
    const ids = readCompareIds(params.get('ids'));
    if (ids.length) query = `ids=${ids.join(',')}`;
  }
  return { pathname: path, search: query ? `?${query}` : '' };
}
