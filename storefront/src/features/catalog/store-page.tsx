import { errorMessage } from '@voltcart/api-client/errors';
import { useId } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { ProductCard } from '../../components/product-card';
import { Loading } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { useTitle } from '../../lib/use-title';
import { useCategories, useColors, useProducts } from './api';
import { CategoryList } from './components/category-list';
import { ColorSwatches } from './components/color-swatches';
import {
  PAGE_SIZES,
  readStoreQuery,
  STORE_EAGER_CARDS,
  type StoreQuery,
  storeProductParams,
  writeStoreQuery,
} from './store-query';
import './catalog.css';

export function StorePage() {
  const { categorySlug = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const query = readStoreQuery(params);
  const sizeId = useId();

  const { data: categories } = useCategories();
  const { data: colors } = useColors();
  const products = useProducts(storeProductParams(categorySlug, query));

  const category = categories.find((c) => c.slug === categorySlug);
  const title = query.q
    ? `Results for “${query.q}”`
    : category
      ? category.name
      : categorySlug
        ? categorySlug.replace(/-/g, ' ')
        : 'All Products';
  useTitle(query.q ? `Search: ${query.q}` : (category?.name ?? 'Store'));

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

  return (
    <div className="container store">
      <section className="store-banner" aria-label="Promotion">
        <div>
          <p className="store-banner__eyebrow">Mega electronics sale</p>
          <p className="store-banner__title">Up to 40% off top brands</p>
        </div>
        <p className="store-banner__note">Free shipping · 30 days money back · Cash on delivery</p>
      </section>

      <nav aria-label="Breadcrumb" className="breadcrumb">
        <ol>
          <li>
            <Link to={paths.home.to()}>Voltcart</Link>
          </li>
          <li>
            <Link to={paths.store.to()}>All products</Link>
          </li>
          {category && <li aria-current="page">{category.name}</li>}
        </ol>
      </nav>

      <div className="store__layout">
        <aside className="store__sidebar">
          <details className="filters" open>
            <summary className="filters__summary">Filters</summary>
            <div className="filters__body">
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
            </div>
          </details>
        </aside>

        <section className="store__main" aria-labelledby="store-title">
          <div className="store__toolbar">
            <div>
              <h1 id="store-title" className="store__title">
                {title}
              </h1>
              {products.data && (
                <p className="muted store__count" aria-live="polite">
                  Showing {list.length} {list.length === 1 ? 'product' : 'products'}
                  {colorName ? ` in ${colorName}` : ''}
                </p>
              )}
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
          </div>

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
            <div className="empty">
              <p className="empty__title">No products found.</p>
              <p className="muted">Try another category, colour or search term.</p>
              <Link to={paths.store.to()} className="btn btn--ghost">
                Clear filters
              </Link>
            </div>
          ) : (
            <>
              <div className="product-grid">
                {list.map((p, i) => (
                  <ProductCard key={p._id} product={p} priority={i < STORE_EAGER_CARDS} headingLevel={2} />
                ))}
              </div>
              {(query.page > 1 || products.data?.hasMore) && (
                <nav className="pager" aria-label="Pages">
                  <button
                    type="button"
                    className="btn btn--ghost"
                    disabled={query.page <= 1}
                    onClick={() => update({ page: query.page - 1 })}
                  >
                    Previous
                  </button>
                  <span>Page {query.page}</span>
                  <button
                    type="button"
                    className="btn btn--ghost"
                    disabled={!products.data?.hasMore}
                    onClick={() => update({ page: query.page + 1 })}
                  >
                    Next
                  </button>
                </nav>
              )}
            </>
          )}
        </section>
      </div>
    </div>
  );
}
