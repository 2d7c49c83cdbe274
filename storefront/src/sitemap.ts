/**
 * The shop's sitemap for search engines (served by storefront/server/app.ts through entry-server.ts):
 * - /sitemap.xml is a sitemap index: one file of the shop's pages and categories, and product files
 * - product file k lists the public products with ids in ((k−1)·perFile, k·perFile], so that no file holds more
 *   than `perFile` addresses (search engines take at most 50,000 per file)
 * - every file is streamed, read from the API in keyset pages (GET /catalog/product-ids): a catalogue of a
 *   million products is never held in memory
 * - each product address has its `lastmod`
 */

import { escapeMarkup, SHOP_PAGES } from '@voltcart/shared';
import { paths } from './config/paths';
import type { Api } from './lib/api';

export interface SitemapOptions {
  api: Api;
  /** The shop's own origin, e.g. https://shop.example.com */
  origin: string;
  /** The most addresses in one file. */
  perFile: number;
}

/** Ids read from the API per request. */
const PAGE = 5000;
const XMLNS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

const url = (loc: string, lastmod?: string) =>
  `<url><loc>${escapeMarkup(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>\n`;

/** How many product files the index lists. */
async function productFiles(opts: SitemapOptions): Promise<number> {
  const { lastId } = await opts.api.catalog.productIds({ query: { limit: 1 } });
  return Math.ceil(lastId / opts.perFile);
}

export async function* sitemapIndex(opts: SitemapOptions): AsyncGenerator<string> {
  const files = await productFiles(opts);
  yield `${HEAD}<sitemapindex xmlns="${XMLNS}">\n`;
  yield `<sitemap><loc>${escapeMarkup(`${opts.origin}/sitemap-pages.xml`)}</loc></sitemap>\n`;
  for (let k = 1; k <= files; k++)
    yield `<sitemap><loc>${escapeMarkup(`${opts.origin}/sitemap-products-${k}.xml`)}</loc></sitemap>\n`;
  yield '</sitemapindex>\n';
}

/** The home page, the store, the shop's own pages (terms, privacy…) and every public category's page. */
export async function* pagesSitemap(opts: SitemapOptions): AsyncGenerator<string> {
  const { categories } = await opts.api.category.list({});
  yield `${HEAD}<urlset xmlns="${XMLNS}">\n`;
  yield url(`${opts.origin}/`);
  yield url(`${opts.origin}${paths.store.to()}`);
  for (const slug of SHOP_PAGES) yield url(`${opts.origin}${paths.shopPage.to(slug)}`);
  for (const c of categories)
    if (c.status !== false) yield url(`${opts.origin}${paths.storeCategory.to(c.slug)}`);
  yield '</urlset>\n';
}

/** Product file k (from 1), or null when the index has no such file. */
export async function productSitemap(
  k: number,
  opts: SitemapOptions,
): Promise<AsyncGenerator<string> | null> {
  if (!Number.isSafeInteger(k) || k < 1) return null;
  const upTo = k * opts.perFile;
  const limit = Math.min(PAGE, opts.perFile);
  const first = await opts.api.catalog.productIds({ query: { after: upTo - opts.perFile, upTo, limit } });
  if (upTo - opts.perFile >= first.lastId) return null;
  return (async function* () {
    yield `${HEAD}<urlset xmlns="${XMLNS}">\n`;
    let page = first.products;
    while (page.length > 0) {
      yield page.map((p) => url(`${opts.origin}${paths.product.to(p._id)}`, p.updatedAt)).join('');
      if (page.length < limit) break;
      const after = Number(page.at(-1)!._id);
      page = (await opts.api.catalog.productIds({ query: { after, upTo, limit } })).products;
    }
    yield '</urlset>\n';
  })();
}
