import { errorMessage } from '@voltcart/api-client/errors';
import { formatINR } from '@voltcart/shared';
import { useId, useRef } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { ProductCard } from '../../components/product-card';
import { Loading } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { freeShippingText, useShopClaims } from '../../lib/shop-info';
import { useTitle } from '../../lib/use-title';
import { useCategories, useColors, useProducts } from './api';
import { CategoryList } from './components/category-list';
import { ColorSwatches } from './components/color-swatches';
import { EmptyResults, priceWordsLabel } from './components/empty-results';
import { chosenFilters, FilterChips, ListFilters } from './components/list-filters';
import { StoreBreadcrumb } from './components/store-breadcrumb';
import {
  listPosition,
  NO_FILTERS,
  PAGE_SIZES,
  readStoreQuery,
  SORTS,
  STORE_EAGER_CARDS,
  type StoreQuery,
  storeProductParams,
  writeStoreQuery,
} from './store-query';
import './catalog.css';

/** Where the filters are a sheet over the list (catalog.css). */
const PHONE = '(max-width: 899px)';

export function StorePage() {
  const { categorySlug = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const query = readStoreQuery(params);
  const sizeId = useId();
  const sortId = useId();
  const filters = useRef<HTMLDetailsElement>(null);
  const closeFilters = useRef<HTMLButtonElement>(null);

  const { data: categories } = useCategories();
  const { data: colors } = useColors();
  const claims = useShopClaims();
  const promises = [freeShippingText(claims.freeShippingThreshold, formatINR), ...claims.promises].filter(
    Boolean,
  );
  const products = useProducts(storeProductParams(categorySlug, query));

  const category = categories.find((c) => c.slug === categorySlug);
  // The query as typed: never re-cased ("iphone 15 pro" stays so).
  const title = query.q
    ? `Results for “${query.q}”`
    : category
      ? category.name
      : categorySlug
        ? categorySlug.replace(/-/g, ' ')
        : 'All Products';
  const titleFromSlug = !query.q && !category && categorySlug !== '';
  const unknownCategory = categorySlug !== '' && categories.length > 0 && !category;
  useTitle(
    query.q ? `Search: ${query.q}` : (category?.name ?? (unknownCategory ? 'Category not found' : 'Store')),
  );

  if (unknownCategory) {
    return (
      <div className="container page-message">
        <h1 className="page-message__title">Category not found.</h1>
        <p className="muted">It may have been removed, or the link is mistyped.</p>
        <Link to={paths.store.to()} className="btn btn--primary">
          Continue Shopping
        </Link>
      </div>
    );
  }

  const update = (change: Partial<StoreQuery>) => {
    const next = { ...query, page: 1, ...change };
    setParams(writeStoreQuery(next, { keepDefaultLimit: params.has('limit') || 'limit' in change }), {
      preventScrollReset: true,
    });
  };

  // Switching category keeps page size, colour and search.
  const keep = writeStoreQuery({ ...query, page: 1 }, { keepDefaultLimit: params.has('limit') });
  const list = products.data?.products ?? [];
  const colorName = colors.find((c) => c.slug === query.colorSlug)?.name;
  const colorNameOf = (slug: string) => colors.find((c) => c.slug === slug)?.name ?? slug;
  const data = products.data;
  // A price said in the search words ("tablet under 20000") is a chip too: removing it searches the other words.
  const fromWords = data?.priceFromQuery;
  const chosen = [
    ...(fromWords
      ? [{ key: 'priceFromQuery', text: priceWordsLabel(fromWords), remove: { q: fromWords.words } }]
      : []),
    ...chosenFilters(query, data?.facets, colorNameOf),
  ];
  // Choosing or clearing the price (its chip, the price filter, "Clear all") replaces the price said in the words.
  const changeFilters = (change: Partial<StoreQuery>) =>
    update(fromWords && 'maxPrice' in change ? { ...change, q: fromWords.words } : change);
  const filtered = chosen.length > 0 || categorySlug !== '';
  const hinted = data?.categoryHints;
  const cardFilters = {
    colorSlugs: [query.colorSlug, ...query.color].filter(Boolean),
    memory: query.memory,
  };
  const where = data ? listPosition(query.limit, query.page, data.total ?? list.length, list.length) : null;
  const sorts = SORTS.filter((s) => !s.search || query.q);
  // Pages are links (they work without JavaScript too); filters, sort and page size keep the address.
  const pageAddress = (page: number) =>
    `?${writeStoreQuery({ ...query, page }, { keepDefaultLimit: params.has('limit') })}`;
  // Without JavaScript the sort and page size menus do nothing: the same choices as links to normal
  // addresses (the default sort and page size left out, back to page 1).
  const defaultSort = query.q ? 'relevance' : 'newest';
  // On a phone the filters open as a sheet over the list: "Show N results" closes it onto the list.
  const showResults = () => {
    if (filters.current) filters.current.open = false;
    const heading = document.getElementById('store-title');
    heading?.scrollIntoView({ block: 'start' });
    heading?.focus({ preventScroll: true });
  };
  const resultCount = where ? where.total : null;
  const listAddress = (change: Partial<StoreQuery>) => {
    const qs = writeStoreQuery({ ...query, page: 1, ...change });
    return categorySlug ? paths.storeCategory.to(categorySlug, qs) : paths.store.to(qs);
  };

  return (
    <div className="container store">
      <section className="store-banner" aria-label="Shop promises">
        <div>
          <p className="store-banner__eyebrow">Voltcart store</p>
          <p className="store-banner__title">Electronics from brands you trust</p>
        </div>
        <p className="store-banner__note">{promises.join(' · ')}</p>
      </section>

      <StoreBreadcrumb>{category && <li aria-current="page">{category.name}</li>}</StoreBreadcrumb>

      <div className="store__layout">
        <aside className="store__sidebar">
          {/* Closed on a phone, so that the products come first; always shown beside them on a wide screen
              (catalog.css). */}
          <a className="skip-link filters__skip" href="#store-title">
            Skip to the results
          </a>
          <details
            className="filters"
            ref={filters}
            onToggle={(e) => {
              // The sheet covers the page on a phone: the focus goes into it.
              if (e.currentTarget.open && window.matchMedia(PHONE).matches) closeFilters.current?.focus();
            }}
            onKeyDown={(e) => {
              if (e.key === 'Escape' && filters.current?.open && window.matchMedia(PHONE).matches)
                showResults();
            }}
          >
            <summary className="filters__summary">
              Filters{chosen.length > 0 && <span className="filters__chosen"> · {chosen.length} chosen</span>}
            </summary>
            <div className="filters__body">
              <div className="filters__sheet-head">
                <h2 className="filters__sheet-title">Filters</h2>
                <button
                  type="button"
                  className="btn btn--ghost btn--sm"
                  onClick={showResults}
                  ref={closeFilters}
                >
                  Close
                </button>
              </div>
              <section className="card filter-block" aria-labelledby="filter-cats">
                <h2 id="filter-cats" className="filter-block__title">
                  Categories
                </h2>
                <CategoryList categories={categories} active={categorySlug} query={keep} />
              </section>
              {colors.length > 0 && (
                <section className="card filter-block" aria-labelledby="filter-colors">
                  <h2 id="filter-colors" className="filter-block__title">
                    Colour
                  </h2>
                  <ColorSwatches
                    colors={colors}
                    active={query.colorSlug}
                    onSelect={(slug) => update({ colorSlug: slug })}
                  />
                  {query.colorSlug && (
                    <button type="button" className="link-btn" onClick={() => update({ colorSlug: '' })}>
                      Clear colour filter
                    </button>
                  )}
                </section>
              )}
              <ListFilters
                facets={data?.facets}
                query={query}
                inCategory={Boolean(categorySlug)}
                onChange={changeFilters}
              />
              <div className="filters__sheet-foot">
                <button
                  type="button"
                  className="btn btn--ghost"
                  onClick={() => changeFilters({ ...NO_FILTERS })}
                  disabled={chosen.length === 0}
                >
                  Clear
                </button>
                <button type="button" className="btn btn--primary" onClick={showResults} aria-live="polite">
                  {resultCount === null
                    ? 'Show the results'
                    : `Show ${resultCount} result${resultCount === 1 ? '' : 's'}`}
                </button>
              </div>
            </div>
          </details>
        </aside>

        <section className="store__main" aria-labelledby="store-title">
          <div className="store__toolbar">
            <div>
              <h1
                id="store-title"
                className={`store__title${titleFromSlug ? ' store__title--slug' : ''}`}
                tabIndex={-1}
              >
                {title}
              </h1>
              <p className="muted store__count" aria-live="polite">
                {where
                  ? where.total === 0
                    ? 'No products'
                    : where.from === 0
                      ? `Page ${query.page} is past the last page (${where.pages})`
                      : `Showing ${where.from}–${where.to} of ${where.total}${colorName ? ` in ${colorName}` : ''}`
                  : '\u00a0'}
              </p>
            </div>
            <div className="store__size">
              <label htmlFor={sortId}>Sort by</label>
              <select
                id={sortId}
                name="sort"
                value={query.sort || (query.q ? 'relevance' : 'newest')}
                onChange={(e) => update({ sort: e.target.value as StoreQuery['sort'] })}
              >
                {sorts.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </div>
            <div className="store__size">
              <label htmlFor={sizeId}>Show</label>
              <select
                id={sizeId}
                name="limit"
                value={String(query.limit)}
                onChange={(e) => update({ limit: Number(e.target.value) })}
              >
                {PAGE_SIZES.map((s) => (
                  <option key={s.value} value={s.value}>
                    {s.label}
                  </option>
                ))}
              </select>
            </div>
            <noscript>
              <div className="store__choices">
                <nav aria-label="Sort by">
                  Sort by:{' '}
                  {sorts.map((o) => (
                    <a
                      key={o.value}
                      href={listAddress({ sort: o.value === defaultSort ? '' : o.value })}
                      aria-current={o.value === (query.sort || defaultSort) ? 'true' : undefined}
                      rel="nofollow"
                    >
                      {o.label}
                    </a>
                  ))}
                </nav>
                <nav aria-label="Products per page">
                  Show:{' '}
                  {PAGE_SIZES.map((o) => (
                    <a
                      key={o.value}
                      href={listAddress({ limit: o.value })}
                      aria-current={o.value === query.limit ? 'true' : undefined}
                      rel="nofollow"
                    >
                      {o.label}
                    </a>
                  ))}
                </nav>
              </div>
            </noscript>
          </div>

          <FilterChips chips={chosen} onChange={changeFilters} />

          {products.error ? (
            <div className="notice notice--error" role="alert">
              <p>{errorMessage(products.error, 'The products could not be loaded.')}</p>
              <button type="button" className="btn btn--ghost" onClick={products.reload}>
                Try again
              </button>
            </div>
          ) : products.loading ? (
            <Loading label="Loading products" />
          ) : list.length === 0 ? (
            <EmptyResults
              didYouMean={
                data?.didYouMean
                  ? {
                      text: data.didYouMean,
                      to: paths.store.to(writeStoreQuery({ ...query, q: data.didYouMean, page: 1 })),
                    }
                  : undefined
              }
              categories={hinted && hinted.length > 0 ? hinted : categories.slice(0, 6)}
              hinted={Boolean(hinted && hinted.length > 0)}
              clearTo={
                filtered
                  ? paths.store.to(
                      writeStoreQuery({
                        ...query,
                        ...NO_FILTERS,
                        page: 1,
                        q: fromWords ? fromWords.words : query.q,
                      }),
                    )
                  : undefined
              }
            />
          ) : (
            <>
              <div className="product-grid">
                {list.map((p, i) => (
                  <ProductCard
                    key={p._id}
                    product={p}
                    priority={i < STORE_EAGER_CARDS}
                    headingLevel={2}
                    filters={cardFilters}
                  />
                ))}
              </div>
              {where && where.pages > 1 && (
                <nav className="pager" aria-label="Pages">
                  <StepLink to={query.page > 1 ? pageAddress(query.page - 1) : null} rel="prev">
                    Previous
                  </StepLink>
                  <ol className="pager__pages">
                    {where.items.map((p, i) =>
                      p === null ? (
                        <li key={`gap-${i}`} aria-hidden="true">
                          …
                        </li>
                      ) : (
                        <li key={p}>
                          <Link
                            to={pageAddress(p)}
                            className={`pager__page${p === query.page ? ' is-current' : ''}`}
                            aria-current={p === query.page ? 'page' : undefined}
                            aria-label={`Page ${p}`}
                            preventScrollReset={false}
                          >
                            {p}
                          </Link>
                        </li>
                      ),
                    )}
                  </ol>
                  <StepLink to={query.page < where.pages ? pageAddress(query.page + 1) : null} rel="next">
                    Next
                  </StepLink>
                </nav>
              )}
            </>
          )}
        </section>
      </div>
    </div>
  );
}

/** Previous or Next: a link to that page, or a switched-off button on the first or last page. */
function StepLink({ to, rel, children }: { to: string | null; rel: 'prev' | 'next'; children: string }) {
  if (to === null)
    return (
      <button type="button" className="btn btn--ghost" disabled>
        {children}
      </button>
    );
  return (
    <Link to={to} rel={rel} className="btn btn--ghost" onClick={() => window.scrollTo({ top: 0 })}>
      {children}
    </Link>
  );
}
