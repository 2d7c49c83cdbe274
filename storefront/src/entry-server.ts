/**
 * The storefront server's page work (built by `vite build --ssr` into dist-server/, called by
 * storefront/server/app.mjs): for a product or store page, its data fetched once through the contract client into a
 * per-request query cache, handed to the browser's cache (dehydrated; app/browser-visit.ts hydrates it, so
 * the page does not ask again), and the page's head for search engines and link previews: title,
 * description, canonical address, Open Graph and Twitter tags, JSON-LD Product and BreadcrumbList.
 * An unknown product or category answers 404; private pages get `noindex`.
 */
import { dehydrate } from '@tanstack/react-query';
import { createClient } from '@voltcart/api-client/client';
import { ApiError } from '@voltcart/api-client/errors';
import { createHttp } from '@voltcart/api-client/http';
import { canAddToCart, formatINR, type Product } from '@voltcart/shared';
import { matchPattern } from './app/route-table';
import { paths } from './config/paths';
import { readStoreQuery, storeProductParams, writeStoreQuery } from './features/catalog/store-query';
import { createQueries } from './lib/queries';
import { makeQueryClient } from './lib/query-client';

export interface RenderOptions {
  /** Where this server reaches the API. */
  apiUrl: string;
  /** The API's address as browsers see it (for picture addresses). */
  publicApiUrl: string;
  /** The shop's own origin as browsers see it, e.g. https://shop.example.com */
  origin: string;
}

export interface RenderedPage {
  status: number;
  /** Tags for the page's <head>, replacing the shell's title and description when given. */
  title?: string;
  description?: string;
  head: string;
  /** The dehydrated query cache as JSON, or null. */
  state: string | null;
}

const SHOP = 'Voltcart';
const PRIVATE = [/^\/cart\/?$/, /^\/checkout(\/|$)/, /^\/profile/, /^\/login\/?$/, /^\/thank-you\//];

/** Text for an HTML attribute or element. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** JSON inside a <script> element: `<` escaped so no `</script>` or `<!--` can end or change it. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function pictureUrl(publicApiUrl: string, file: string): string | null {
  if (!file) return null;
  if (/^https?:\/\//.test(file)) return file;
  return `${publicApiUrl}/images/product/${encodeURIComponent(file)}`;
}

/** The first lines of a description, as one plain sentence of at most 160 characters. */
function summary(text: string, fallback: string): string {
  const plain = text.replace(/\s+/g, ' ').trim() || fallback;
  return plain.length > 160 ? `${plain.slice(0, 157).trimEnd()}…` : plain;
}

function productHead(product: Product, opts: RenderOptions): Omit<RenderedPage, 'status' | 'state'> {
  const url = `${opts.origin}${paths.product.to(product._id)}`;
  const price = formatINR(product.finalPrice);
  const description = summary(
    product.shortDescription,
    `${product.name} by ${product.brand} at ${price}, delivered across India.`,
  );
  const picture = pictureUrl(opts.publicApiUrl, product.thumbnail || product.images[0] || '');
  const inStock = canAddToCart(product.stock, product.inStock);
  const category = product.category;
  const productLd = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description,
    sku: product.sku ?? product._id,
    ...(product.brand ? { brand: { '@type': 'Brand', name: product.brand } } : {}),
    ...(picture ? { image: [picture] } : {}),
    ...(category ? { category: category.name } : {}),
    offers: {
      '@type': 'Offer',
      url,
      price: product.finalPrice.toFixed(2),
      priceCurrency: 'INR',
      availability: inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
    },
  };
  const crumbs = [
    { name: 'Home', url: `${opts.origin}/` },
    { name: 'Store', url: `${opts.origin}${paths.store.to()}` },
    ...(category
      ? [{ name: category.name, url: `${opts.origin}${paths.storeCategory.to(category.slug)}` }]
      : []),
    { name: product.name, url },
  ];
  const breadcrumbLd = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: c.name,
      item: c.url,
    })),
  };
  const title = `${product.name} · ${SHOP}`;
  const meta = (attr: 'name' | 'property', key: string, content: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(content)}" />`;
  const head = [
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta('property', 'og:type', 'product'),
    meta('property', 'og:site_name', SHOP),
    meta('property', 'og:title', product.name),
    meta('property', 'og:description', `${price} · ${description}`),
    meta('property', 'og:url', url),
    ...(picture ? [meta('property', 'og:image', picture)] : []),
    meta('property', 'product:price:amount', product.finalPrice.toFixed(2)),
    meta('property', 'product:price:currency', 'INR'),
    meta('name', 'twitter:card', picture ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', product.name),
    meta('name', 'twitter:description', `${price} · ${description}`),
    ...(picture ? [meta('name', 'twitter:image', picture)] : []),
    `<script type="application/ld+json">${scriptJson(productLd)}</script>`,
    `<script type="application/ld+json">${scriptJson(breadcrumbLd)}</script>`,
  ].join('\n    ');
  return { title, description, head };
}

function storeHead(
  categorySlug: string,
  category: { name: string; slug: string } | undefined,
  search: URLSearchParams,
  opts: RenderOptions,
): Omit<RenderedPage, 'status' | 'state'> {
  const query = readStoreQuery(search);
  // Filters, sort and page in their normal form; anything else (tracking parameters) dropped.
  const normal = writeStoreQuery(query);
  const path = categorySlug ? paths.storeCategory.to(categorySlug, normal) : paths.store.to(normal);
  const url = `${opts.origin}${path}`;
  const name = query.q ? `Search: ${query.q}` : (category?.name ?? 'Store');
  const title = `${name} · ${SHOP}`;
  const description = category
    ? `${category.name} at ${SHOP}: prices in ₹ with GST, delivered across India.`
    : `Phones, laptops, audio, gaming and accessories at ${SHOP}: prices in ₹ with GST, delivered across India.`;
  const crumbs = [
    { name: 'Home', url: `${opts.origin}/` },
    { name: 'Store', url: `${opts.origin}${paths.store.to()}` },
    ...(category
      ? [{ name: category.name, url: `${opts.origin}${paths.storeCategory.to(category.slug)}` }]
      : []),
  ];
  const breadcrumbLd = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: c.name,
      item: c.url,
    })),
  };
  const meta = (attr: 'name' | 'property', key: string, content: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(content)}" />`;
  const head = [
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    ...(query.q ? ['<meta name="robots" content="noindex, follow" />'] : []),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', SHOP),
    meta('property', 'og:title', name),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('name', 'twitter:card', 'summary'),
    meta('name', 'twitter:title', name),
    meta('name', 'twitter:description', description),
    `<script type="application/ld+json">${scriptJson(breadcrumbLd)}</script>`,
  ].join('\n    ');
  return { title, description, head };
}

const NOT_FOUND = (what: string): RenderedPage => ({
  status: 404,
  title: `${what} not found · ${SHOP}`,
  head: '<meta name="robots" content="noindex" />',
  state: null,
});

const isMissing = (e: unknown) => e instanceof ApiError && (e.status === 404 || e.status === 400);

/** The server's part of a page: status, head tags and the data the browser starts with. */
export async function renderPage(
  pathname: string,
  search: string,
  opts: RenderOptions,
): Promise<RenderedPage> {
  if (PRIVATE.some((re) => re.test(pathname)))
    return { status: 200, head: '<meta name="robots" content="noindex" />', state: null };
  const product = matchPattern(paths.product.pattern, pathname);
  const store =
    matchPattern(paths.store.pattern, pathname) ?? matchPattern(paths.storeCategory.pattern, pathname);
  if (!product?.id && !store) return { status: 200, head: '', state: null };

  const http = createHttp({ baseURL: opts.apiUrl, timeoutMs: 3_000 });
  const queries = createQueries(createClient({ request: (config) => http.request(config) }));
  const client = makeQueryClient();
  try {
    if (product?.id) {
      // The same keys and values as the browser's queries, so the page finds them in its cache.
      const found = await client.fetchQuery({ ...queries.product(product.id), retry: false });
      return { status: 200, ...productHead(found, opts), state: scriptJson(dehydrate(client)) };
    }
    const slug = store?.categorySlug ?? '';
    const params = new URLSearchParams(search);
    const [categories] = await Promise.all([
      client.fetchQuery({ ...queries.categories(), retry: false }),
      client.fetchQuery({
        ...queries.products(storeProductParams(slug, readStoreQuery(params))),
        retry: false,
      }),
      client.prefetchQuery({ ...queries.colors(), retry: false }),
    ]);
    const category = slug ? categories.find((c) => c.slug.toLowerCase() === slug.toLowerCase()) : undefined;
    if (slug && !category) return NOT_FOUND('Category');
    return { status: 200, ...storeHead(slug, category, params, opts), state: scriptJson(dehydrate(client)) };
  } catch (e) {
    if (isMissing(e)) return NOT_FOUND(product ? 'Product' : 'Page');
    // The API is down or slow: the shell still works, the page fetches for itself.
    return { status: 200, head: '', state: null };
  } finally {
    client.clear();
  }
}
