/**
 * The storefront server's page work (built by `vite build --ssr` into dist-server/, called by
 * storefront/server/app.ts): for a public page, its data fetched once through the contract client into a
 * per-request query cache, the page rendered by React from that cache (app/server-app.tsx), the cache handed
 * to the browser's (dehydrated; app/browser-visit.ts hydrates it and main.tsx hydrates the HTML, so the page
 * does not ask again), and the page's head for search engines and link previews: title,
 * description, canonical address, Open Graph and Twitter tags, JSON-LD Product and BreadcrumbList.
 * An unknown product or category answers 404; private pages get `noindex`.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { createClient } from '@voltcart/api-client/client';
import { ApiError } from '@voltcart/api-client/errors';
import { createHttp } from '@voltcart/api-client/http';
import {
  canAddToCart,
  escapeMarkup,
  formatINR,
  memoryLabel,
  type Product,
  type Review,
  SHOP_PAGES,
} from '@voltcart/shared';
import { createElement } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import type { Render, RenderedPage, RenderOptions, SitemapRequestOptions } from '../server/render';
import { pageAddress } from './app/page-address';
import { loadPage, matchPattern, pageRoutes } from './app/route-table';
import { ServerApp } from './app/server-app';
import { type Env, setServerEnv } from './config/env';
import { paths } from './config/paths';
import { SHOWCASES, showcaseParts } from './features/catalog/components/showcase-section';
import { readStoreQuery, storeProductParams, writeStoreQuery } from './features/catalog/store-query';
import { createQueries } from './lib/queries';
import { makeQueryClient } from './lib/query-client';
import { createShopperQueries, readCompareIds } from './lib/shopper-queries';
import { pagesSitemap, productSitemap, sitemapIndex } from './sitemap';

type Queries = ReturnType<typeof createQueries> & ReturnType<typeof createShopperQueries>;

const SHOP = 'Voltcart';
const PRIVATE = [
  // The shopper's wishlist lives in their browser or behind their login: the shell, rendered there.
  /^\/wishlist\/?$/,
  /^\/checkout(\/|$)/,
  /^\/profile/,
  /^\/thank-you\//,
  // The account forms: a mailed link's token and where to go after login are read in the browser only.
  /^\/login(\/|$)/,
  /^\/(forgot-password|reset-password)\/?$/,
  /^\/account\//,
];

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

/** The rating and reviews shoppers gave (approved ones: the API gives no other), for search engines' stars. */
function ratingLd(product: Product, reviews: Review[]) {
  const rating = product.rating;
  if (!rating || rating.count === 0) return {};
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: rating.average,
      reviewCount: rating.count,
      bestRating: 5,
      worstRating: 1,
    },
    review: reviews.map((r) => ({
      '@type': 'Review',
      name: r.title,
      reviewBody: r.text,
      datePublished: r.createdAt.slice(0, 10),
      author: { '@type': 'Person', name: r.author },
      reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5, worstRating: 1 },
    })),
  };
}

/** Home, the store and the category (if any): the start of a store or product page's trail, as full URLs. */
function storeCrumbs(origin: string, category: { name: string; slug: string } | null | undefined) {
  return [
    { name: 'Home', url: `${origin}/` },
    { name: 'Store', url: `${origin}${paths.store.to()}` },
    ...(category ? [{ name: category.name, url: `${origin}${paths.storeCategory.to(category.slug)}` }] : []),
  ];
}

/** The page's trail as schema.org structured data. */
function breadcrumbLd(crumbs: { name: string; url: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: c.name,
      item: c.url,
    })),
  };
}

const meta = (attr: 'name' | 'property', key: string, content: string) =>
  `<meta ${attr}="${key}" content="${escapeMarkup(content)}" />`;

function productHead(product: Product, opts: RenderOptions, reviews: Review[] = []): Omit<Head, 'status'> {
  const url = `${opts.origin}${paths.product.to(product._id)}`;
  const price = formatINR(product.finalPrice);
  const description = summary(
    product.shortDescription,
    `${product.name} by ${product.brand} at ${price}, delivered across India.`,
  );
  const picture = pictureUrl(opts.publicApiUrl, product.thumbnail || product.images[0] || '');
  const inStock = canAddToCart(product.stock, product.inStock);
  const category = product.category;
  const offer = (price: number, available: boolean, offerUrl: string) => ({
    '@type': 'Offer',
    url: offerUrl,
    price: price.toFixed(2),
    priceCurrency: 'INR',
    availability: available ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    itemCondition: 'https://schema.org/NewCondition',
  });
  const common = {
    name: product.name,
    description,
    ...(product.brand ? { brand: { '@type': 'Brand', name: product.brand } } : {}),
    ...(picture ? { image: [picture] } : {}),
    ...(category ? { category: category.name } : {}),
    ...ratingLd(product, reviews),
  };
  // Shoppers are sent switched-on variants only; each is one Product of the group, with its own price.
  const variants = product.variants ?? [];
  const colorName = (id: string | null) => product.colors.find((c) => c._id === id)?.name;
  const productLd = variants.length
    ? {
        '@context': 'https://schema.org',
        '@type': 'ProductGroup',
        ...common,
        productGroupID: product.sku ?? product._id,
        variesBy: [
          ...(product.colors.length ? ['https://schema.org/color'] : []),
          ...(product.memorySizes.length ? ['https://schema.org/size'] : []),
        ],
        hasVariant: variants.map((v) => {
          const color = colorName(v.colorId);
          const size = v.memorySize ? memoryLabel(v.memorySize) : undefined;
          return {
            '@type': 'Product',
            name: [product.name, color, size].filter(Boolean).join(' '),
            sku: v.sku,
            ...(color ? { color } : {}),
            ...(size ? { size } : {}),
            offers: offer(
              v.price,
              v.enabled && v.stock > 0 && product.inStock,
              `${url}?sku=${encodeURIComponent(v.sku)}`,
            ),
          };
        }),
      }
    : {
        '@context': 'https://schema.org',
        '@type': 'Product',
        ...common,
        sku: product.sku ?? product._id,
        offers: offer(product.finalPrice, inStock, url),
      };
  const crumbs = [...storeCrumbs(opts.origin, category), { name: product.name, url }];
  const title = `${product.name} · ${SHOP}`;
  const head = [
    `<link rel="canonical" href="${escapeMarkup(url)}" />`,
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
    `<script type="application/ld+json">${scriptJson(breadcrumbLd(crumbs))}</script>`,
  ].join('\n    ');
  return { title, description, head };
}

function storeHead(
  categorySlug: string,
  category: { name: string; slug: string } | undefined,
  search: URLSearchParams,
  opts: RenderOptions,
): Omit<Head, 'status'> {
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
  const crumbs = storeCrumbs(opts.origin, category);
  const head = [
    `<link rel="canonical" href="${escapeMarkup(url)}" />`,
    ...(query.q ? ['<meta name="robots" content="noindex, follow" />'] : []),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', SHOP),
    meta('property', 'og:title', name),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('name', 'twitter:card', 'summary'),
    meta('name', 'twitter:title', name),
    meta('name', 'twitter:description', description),
    `<script type="application/ld+json">${scriptJson(breadcrumbLd(crumbs))}</script>`,
  ].join('\n    ');
  return { title, description, head };
}

/** The home page's canonical address, and the shop itself for search engines: Organization and WebSite with its search. */
function homeHead(opts: RenderOptions): string {
  const home = `${opts.origin}/`;
  const organization = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: SHOP,
    url: home,
    logo: `${opts.origin}/favicon.svg`,
  };
  const website = {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: SHOP,
    url: home,
    potentialAction: {
      '@type': 'SearchAction',
      target: {
        '@type': 'EntryPoint',
        urlTemplate: `${opts.origin}${paths.store.to()}?q={search_term_string}`,
      },
      'query-input': 'required name=search_term_string',
    },
  };
  return [
    `<link rel="canonical" href="${escapeMarkup(home)}" />`,
    `<script type="application/ld+json">${scriptJson(organization)}</script>`,
    `<script type="application/ld+json">${scriptJson(website)}</script>`,
  ].join('\n    ');
}

const NOINDEX = '<meta name="robots" content="noindex" />';

const NOT_FOUND = (what: string) => ({
  status: 404,
  title: `${what} not found · ${SHOP}`,
  head: NOINDEX,
});

const isMissing = (e: unknown) => e instanceof ApiError && (e.status === 404 || e.status === 400);

/** Where the page's components read the configuration (config/env.ts) while the server renders them. */
const pageEnv = new AsyncLocalStorage<Env>();
setServerEnv(() => {
  const current = pageEnv.getStore();
  if (!current) throw new Error('A page read the configuration outside of its rendering');
  return current;
});

/** The longest a page may take to render (its data is fetched before, so this is a safety net). */
const RENDER_TIMEOUT_MS = 5_000;

/**
 * The page's HTML, rendered with React's streaming server rendering and collected whole once every part of it
 * is ready (crawlers and the page cache want the finished page, not a shell to be filled in).
 */
function renderHtml(client: QueryClient, location: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        chunks.push(Buffer.from(chunk));
        done();
      },
    });
    sink.on('finish', () => resolve(Buffer.concat(chunks).toString('utf8')));
    const stream = renderToPipeableStream(createElement(ServerApp, { queryClient: client, location }), {
      // Every part in place, in order: React would otherwise move large parts of the page behind inline
      // scripts that reveal them, which the CSP (no inline scripts) blocks.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      // A part that fails would be left to the browser by an inline script the CSP blocks: the shell instead.
      onError: reject,
    });
    setTimeout(() => stream.abort(), RENDER_TIMEOUT_MS).unref();
  });
}

/**
 * The query cache for the browser: answers, and failures (a missing product) as plain objects the browser
 * turns back into ApiErrors (app/browser-visit.ts), so that it renders what the server rendered.
 */
function dehydrateForBrowser(client: QueryClient): string {
  const state = dehydrate(client, {
    shouldDehydrateQuery: (q) => q.state.status === 'success' || q.state.status === 'error',
  });
  for (const q of state.queries) {
    const error = q.state.error;
    if (error instanceof ApiError)
      (q.state as { error: unknown }).error = {
        message: error.message,
        status: error.status,
        code: error.code,
      };
  }
  return scriptJson(state);
}

/** The server's part of a page: status, head tags, the page's HTML and the data the browser starts with. */
async function renderPage(pathname: string, search: string, opts: RenderOptions): Promise<RenderedPage> {
  // Private pages depend on the shopper's browser (cart, session): the shell only, rendered there.
  if (PRIVATE.some((re) => re.test(pathname))) return { status: 200, head: NOINDEX, state: null, html: '' };
  // '*' is last and matches every path.
  const route = pageRoutes.find((r) => matchPattern(r.pattern, pathname))!;
  const params = matchPattern(route.pattern, pathname) ?? {};

  const http = createHttp({ baseURL: opts.apiUrl, timeoutMs: 3_000 });
  const apiClient = createClient({ request: (config) => http.request(config) });
  const queries = { ...createQueries(apiClient), ...createShopperQueries(apiClient) };
  const client = makeQueryClient();
  try {
    // The same keys and values as the browser's queries, so the page finds them in its cache.
    const [, , head] = await Promise.all([
      loadPage(route),
      client.prefetchQuery({ ...queries.settings(), retry: false }),
      pageHead(route.pattern, params, new URLSearchParams(search), client, queries, opts),
    ]);
    if (head.location) return { ...head, html: '', state: null };
    const html = await pageEnv.run({ apiUrl: opts.publicApiUrl }, () =>
      renderHtml(client, `${pathname}${search}`),
    );
    // The pictures come from the API's host: connect to it while the HTML is still arriving.
    const api = new URL(opts.publicApiUrl).origin;
    const preconnect =
      api === new URL(opts.origin).origin ? '' : `<link rel="preconnect" href="${escapeMarkup(api)}" />`;
    return {
      ...head,
      head: `${preconnect}${head.head}`,
      html,
      state: dehydrateForBrowser(client),
      pageModule: PAGE_MODULES[route.pattern],
    };
  } catch {
    // The API is down or slow: the shell still works, the page fetches for itself.
    return { status: 200, head: '', state: null, html: '' };
  } finally {
    client.clear();
  }
}

type Head = Omit<RenderedPage, 'state' | 'html' | 'pageModule'>;

/**
 * The source module of each page the server renders (their code is split from the entry: the HTML links their
 * styles, or the page would show unstyled until its code arrives, and without JavaScript for good).
 */
const PAGE_MODULES: Record<string, string> = {
  [paths.home.pattern]: 'src/app/routes/home.tsx',
  [paths.about.pattern]: 'src/app/routes/ghar.tsx',
  [paths.store.pattern]: 'src/app/routes/store.tsx',
  [paths.storeCategory.pattern]: 'src/app/routes/store.tsx',
  [paths.product.pattern]: 'src/app/routes/product.tsx',
  [paths.compare.pattern]: 'src/app/routes/compare.tsx',
  [paths.cart.pattern]: 'src/app/routes/cart.tsx',
  ...Object.fromEntries(SHOP_PAGES.map((slug) => [paths.shopPage.to(slug), 'src/app/routes/shop-page.tsx'])),
  '*': 'src/app/routes/not-found.tsx',
};

/** Fetches what the page shows into the cache, and says its status and head tags. */
async function pageHead(
  pattern: string,
  params: Record<string, string>,
  search: URLSearchParams,
  client: QueryClient,
  queries: Queries,
  opts: RenderOptions,
): Promise<Head> {
  if (pattern === paths.product.pattern) {
    try {
      const key = params.id ?? '';
      const found = await client.fetchQuery({ ...queries.product(key), retry: false });
      // The first page of reviews: in the HTML, and their JSON-LD (approved reviews only, as the API gives);
      // and "You may also like", rendered in the HTML too.
      const [reviews] = await Promise.all([
        client
          .fetchQuery({ ...queries.reviews(found._id), retry: false })
          .then((r) => r.reviews)
          .catch(() => []),
        client.prefetchQuery({ ...queries.related(found._id), retry: false }),
      ]);
      // The API answered a slug the product had before a rename (it redirected to the current one): the page
      // moves there for good, so shared links and search engines follow.
      if (key !== found._id && key !== found.slug)
        return { status: 301, location: paths.product.to(found.slug), head: '' };
      return { status: 200, ...productHead(found, opts, reviews) };
    } catch (e) {
      if (isMissing(e)) return NOT_FOUND('Product');
      throw e;
    }
  }
  if (pattern === paths.store.pattern || pattern === paths.storeCategory.pattern) {
    const slug = params.categorySlug ?? '';
    const [categories] = await Promise.all([
      client.fetchQuery({ ...queries.categories(), retry: false }),
      client.prefetchQuery({
        ...queries.products(storeProductParams(slug, readStoreQuery(search))),
        retry: false,
      }),
      client.prefetchQuery({ ...queries.colors(), retry: false }),
    ]);
    const category = slug ? categories.find((c) => c.slug === slug) : undefined;
    if (slug && !category) return NOT_FOUND('Category');
    return { status: 200, ...storeHead(slug, category, search, opts) };
  }
  if (pattern === paths.home.pattern) {
    const [categories] = await Promise.all([
      client.fetchQuery({ ...queries.categories(), retry: false }),
      client.prefetchQuery({ ...queries.bestSellers(), retry: false }),
    ]);
    // The themed sections too: in the HTML, and nothing for the browser to fetch and render after hydrating.
    await Promise.all(
      SHOWCASES.flatMap((s) =>
        showcaseParts(s, categories).map((part) =>
          client.prefetchQuery({ ...queries.products(part.params), retry: false }),
        ),
      ),
    );
    return { status: 200, head: homeHead(opts) };
  }
  const shopPage = SHOP_PAGES.find((slug) => paths.shopPage.to(slug) === pattern);
  if (shopPage) {
    const page = await client.fetchQuery({ ...queries.shopPage(shopPage), retry: false });
    const url = `${opts.origin}${pattern}`;
    return {
      status: 200,
      title: `${page.title} · ${SHOP}`,
      description: `${page.title} of ${SHOP}.`,
      head: `<link rel="canonical" href="${escapeMarkup(url)}" />`,
    };
  }
  if (pattern === paths.compare.pattern) {
    // Rendered with its products (a refusal, e.g. two categories, is rendered as the page's message); an address
    // per combination of products is no page for search engines.
    const ids = readCompareIds(search.get('ids'));
    if (ids.length) await client.prefetchQuery({ ...queries.compare(ids), retry: false });
    return { status: 200, title: `Compare products · ${SHOP}`, head: NOINDEX };
  }
  // The cart's frame and heading (its lines are the browser's: the cart lives there or behind the login); a
  // shopper's own page is no page for search engines.
  if (pattern === paths.cart.pattern) return { status: 200, title: `Your cart · ${SHOP}`, head: NOINDEX };
  if (pattern === '*') return NOT_FOUND('Page');
  return { status: 200, head: '' };
}

/**
 * The sitemap file at `pathname` (/sitemap.xml, /sitemap-pages.xml, /sitemap-products-<k>.xml) as parts of
 * text to stream, or null when there is no such file (sitemap.ts).
 */
async function sitemap(
  pathname: string,
  { apiUrl, origin, perFile }: SitemapRequestOptions,
): Promise<AsyncIterable<string> | null> {
  const http = createHttp({ baseURL: apiUrl, timeoutMs: 10_000 });
  const opts = { api: createClient({ request: (config) => http.request(config) }), origin, perFile };
  if (pathname === '/sitemap.xml') return sitemapIndex(opts);
  if (pathname === '/sitemap-pages.xml') return pagesSitemap(opts);
  const file = /^\/sitemap-products-(\d{1,9})\.xml$/.exec(pathname);
  return file ? productSitemap(Number(file[1]), opts) : null;
}

/** What the storefront server loads from this module's build (server/render.ts). */
export const pageRenderer: Render = { renderPage, pageAddress, sitemap };
