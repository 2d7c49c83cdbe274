import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ProductSort, ProductSummary } from '@voltcart/shared';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Pager } from '../../components/pager';
import { isFirstLoad, QueryError, Reloading, rowsOf } from '../../components/query-states';
import { SafeImage } from '../../components/safe-image';
import { PageHeader, Spinner } from '../../components/states';
import { StatusToggle } from '../../components/status-toggle';
import { paths } from '../../config/paths';
import { deleteWithConfirm, toggleWith } from '../../lib/actions';
import { api, imageSrc } from '../../lib/api';
import { formatINR, formatPercent } from '../../lib/format';
import { useMediaQuery } from '../../lib/hooks';
import { useListParams } from '../../lib/list-params';
import { useApiMutation } from '../../lib/mutations';
import { queries } from '../../lib/queries';
import { staleAfter } from '../../lib/query-keys';
import { DELETE_TEXTS } from '../../stores/dialog';
import { PriceCell } from './price-cell';
import { ProductViewModal } from './product-view-modal';
import { StockAdjust } from './stock-adjust';
import { StockBadge } from './stock-badge';

const unitsText = (n: number) => `${n} ${n === 1 ? 'unit' : 'units'}`;

const DEFAULT_LIMIT = 50;

/** The orders staff can choose (the default: best match for a search, newest otherwise). */
const SORTS: { value: ProductSort; label: string }[] = [
  { value: 'popularity', label: 'Popularity' },
  { value: 'price_asc', label: 'Price: low to high' },
  { value: 'price_desc', label: 'Price: high to low' },
  { value: 'newest', label: 'Newest' },
  { value: 'discount', label: 'Biggest discount' },
];

/**
 * /admin/product (seed §2): a table from 1024 px, cards below. The list is paged on the server (limit/page)
 * and searchable (q), so it stays fast with a large catalogue; the page and search live in the address, and so
 * does the low-stock filter (`lowStock=1`: products at or under the threshold set in Settings, fewest first).
 * Units are adjusted in place (StockAdjust).
 */
export function ProductListPage() {
  const { params, page, limit, search, q, setSearch, setPage, setLimit, setFilter } = useListParams({
    limit: DEFAULT_LIMIT,
    limits: [25, 50, 100],
  });
  const lowStock = params.get('lowStock') === '1';
  const sort = SORTS.find((o) => o.value === params.get('sort'))?.value;
  const brand = params.get('brand') ?? '';
  const category = params.get('category') ?? '';
  const inStock = params.get('inStock') === '1';
  const wide = useMediaQuery('(min-width: 1024px)');
  const [viewing, setViewing] = useState<string | null>(null);

  // The previous page stays on screen while the next one (or a newer search) loads.
  const list = useQuery({
    ...queries.products({
      limit,
      page,
      q: q || undefined,
      lowStock: lowStock ? '1' : undefined,
      sort,
      brand: brand || undefined,
      category: category || undefined,
      inStock: inStock ? '1' : undefined,
      facets: '1',
    }),
    placeholderData: keepPreviousData,
  });
  const rows = rowsOf(list, (d) => d.products);
  // The threshold the list was filtered by, else the shop's setting (for the filter's label and the rows).
  const settings = useQuery(queries.settings());
  const threshold = list.data?.lowStockThreshold ?? settings.data?.lowStockThreshold;
  const isLow = (p: ProductSummary) => threshold !== undefined && p.stock <= threshold;
  const setFlag = useApiMutation(
    ({ id, flag }: { id: string; flag: 1 | 2 | 3 }) => api.product.toggle({ params: { id }, body: { flag } }),
    staleAfter.product,
  );
  const removeProduct = useApiMutation(
    (id: string) => api.product.remove({ params: { id } }),
    staleAfter.product,
  );

  const toggle = (p: ProductSummary, flag: 1 | 2 | 3) =>
    toggleWith(() => setFlag.mutateAsync({ id: p._id, flag }));
  const remove = (p: ProductSummary) =>
    deleteWithConfirm({ remove: () => removeProduct.mutateAsync(p._id), doneText: DELETE_TEXTS.product });

  const toggles = (p: ProductSummary) => ({
    status: (
      <StatusToggle
        on={p.status}
        onLabel="Active"
        offLabel="Inactive"
        title="Shown in the shop"
        onToggle={() => toggle(p, 1)}
      />
    ),
    // The seed's Stock toggle (flag 2) is the switch; whether it can be sold is the badge beside it.
    stock: (
      <StatusToggle
        on={p.inStock}
        onLabel="In Stock"
        offLabel="Out of Stock"
        caption="Switch"
        title="The stock switch: the product sells only while it is on and units are above 0"
        onToggle={() => toggle(p, 2)}
      />
    ),
    top: (
      <StatusToggle
        on={p.topSelling}
        onLabel="Yes"
        offLabel="No"
        title="Top selling"
        onToggle={() => toggle(p, 3)}
      />
    ),
  });

  /** Row actions: buttons on cards, compact links under the name in the table (keeps rows one line high). */
  const actions = (p: ProductSummary, compact = false) => {
    const cls = compact ? 'row-link' : 'btn btn-ghost btn-sm';
    return (
      <div className={compact ? 'row-links' : 'row-actions'}>
        <Link to={paths.productEdit(p._id)} className={cls}>
          Edit
        </Link>
        <button
          className={compact ? 'row-link row-link-danger' : 'btn btn-danger-ghost btn-sm'}
          onClick={() => remove(p)}
        >
          Delete
        </button>
        <button className={cls} onClick={() => setViewing(p._id)}>
          View
        </button>
        <Link to={paths.productImages(p._id)} className={cls}>
          Multiple
        </Link>
      </div>
    );
  };

  return (
    <>
      <PageHeader
        title="Products"
        actions={
          <>
            <Link to={paths.bulkUpload} className="btn btn-ghost">
              Bulk upload
            </Link>
            <Link to={paths.productAdd} className="btn btn-primary">
              Add Product
            </Link>
          </>
        }
      />
      <div className="toolbar">
        <input
          type="search"
          className="search"
          aria-label="Search products"
          placeholder="Search by name, brand, SKU or description…"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <select
          aria-label="Category"
          value={category}
          onChange={(e) => setFilter('category', e.target.value || null)}
        >
          <option value="">All categories</option>
          {(list.data?.facets?.category ?? []).map((c) => (
            <option key={c.value} value={c.value}>
              {c.label} ({c.count})
            </option>
          ))}
        </select>
        <select aria-label="Brand" value={brand} onChange={(e) => setFilter('brand', e.target.value || null)}>
          <option value="">All brands</option>
          {(list.data?.facets?.brand ?? []).map((b) => (
            <option key={b.value} value={b.value}>
              {b.label} ({b.count})
            </option>
          ))}
        </select>
        <select
          aria-label="Sort by"
          value={sort ?? ''}
          onChange={(e) => setFilter('sort', e.target.value || null)}
        >
          <option value="">{q ? 'Best match' : lowStock ? 'Fewest units' : 'Newest'}</option>
          {SORTS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        <label className="check-filter">
          <input
            type="checkbox"
            checked={lowStock}
            onChange={(e) => setFilter('lowStock', e.target.checked ? '1' : null)}
          />
          Low stock only
          {threshold !== undefined && <span className="muted"> ({unitsText(threshold)} or fewer)</span>}
        </label>
        <label className="check-filter">
          <input
            type="checkbox"
            checked={inStock}
            onChange={(e) => setFilter('inStock', e.target.checked ? '1' : null)}
          />
          Sellable only
        </label>
        <Reloading query={list} />
      </div>
      <QueryError query={list} />
      <section className={wide ? 'panel' : 'panel panel-plain'}>
        {isFirstLoad(list) ? (
          <Spinner />
        ) : rows.length === 0 ? (
          <p className="empty">
            {lowStock
              ? `No products with ${threshold === undefined ? 'low stock' : `${unitsText(threshold)} or fewer`}${q ? ` match “${q}”` : ''}.`
              : q
                ? `No products match “${q}”.`
                : 'No products available'}
          </p>
        ) : wide ? (
          <table className="table table-products">
            <thead>
              <tr>
                <th>Name</th>
                <th>SLUG</th>
                <th className="num">Original</th>
                <th className="num">Price</th>
                <th className="num">Disc</th>
                <th>Status</th>
                <th className="num">Units</th>
                <th>Stock</th>
                <th>Top</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((p) => {
                const t = toggles(p);
                return (
                  <tr key={p._id}>
                    <td>
                      <div className="product-cell">
                        <SafeImage
                          className="thumb"
                          src={imageSrc('product', p.thumbnail, 'sm')}
                          alt=""
                          size={36}
                        />
                        <div className="cell-text">
                          <div
                            className="strong ellipsis"
                            title={[p.name, p.brand, p.sku].filter(Boolean).join(' · ')}
                          >
                            {p.name}
                          </div>
                          {actions(p, true)}
                        </div>
                      </div>
                    </td>
                    <td className="mono">
                      <div className="ellipsis slug-cell" title={p.slug}>
                        {p.slug || '-'}
                      </div>
                    </td>
                    <td className="num">{formatINR(p.originalPrice)}</td>
                    <td className="num strong">
                      <PriceCell product={p} />
                    </td>
                    <td className="num">{formatPercent(p.discountPercentage)}</td>
                    <td>{t.status}</td>
                    <td className="num">
                      <StockAdjust product={p} low={isLow(p)} />
                    </td>
                    <td>
                      <div className="stock-cell">
                        <StockBadge product={p} />
                        {t.stock}
                      </div>
                    </td>
                    <td>{t.top}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        ) : (
          <div className="product-cards">
            {rows.map((p) => {
              const t = toggles(p);
              return (
                <article key={p._id} className="card product-card" data-testid="product-card">
                  <div className="product-card-head">
                    <SafeImage
                      className="thumb-lg"
                      src={imageSrc('product', p.thumbnail, 'sm')}
                      alt=""
                      size={64}
                    />
                    <div>
                      <h3>{p.name}</h3>
                      <div className="muted small">Category: {p.categoryName || '-'}</div>
                      <div className="muted small mono">SLUG: {p.slug || '-'}</div>
                    </div>
                  </div>
                  <dl className="card-prices">
                    <div>
                      <dt>Original</dt>
                      <dd>{formatINR(p.originalPrice)}</dd>
                    </div>
                    <div>
                      <dt>Price</dt>
                      <dd className="strong">
                        <PriceCell product={p} />
                      </dd>
                    </div>
                    <div>
                      <dt>Disc</dt>
                      <dd>{formatPercent(p.discountPercentage)}</dd>
                    </div>
                    <div>
                      <dt>Units</dt>
                      <dd>
                        <StockAdjust product={p} low={isLow(p)} />
                      </dd>
                    </div>
                  </dl>
                  <div className="card-toggles">
                    <span>Status {t.status}</span>
                    <span>
                      Stock <StockBadge product={p} /> {t.stock}
                    </span>
                    <span>Top {t.top}</span>
                  </div>
                  {actions(p)}
                </article>
              );
            })}
          </div>
        )}
      </section>
      <Pager
        page={page}
        limit={limit}
        count={rows.length}
        total={list.data?.total}
        hasMore={Boolean(list.data?.hasMore)}
        onPage={setPage}
        onLimit={setLimit}
      />
      {viewing && <ProductViewModal productId={viewing} onClose={() => setViewing(null)} />}
    </>
  );
}
