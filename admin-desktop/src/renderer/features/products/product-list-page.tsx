import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ProductSort, ProductSummary } from '@voltcart/shared';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ChooseBox } from '../../components/bulk-bar';
import { ListSearch } from '../../components/list-search';
import { Pager } from '../../components/pager';
import { ProductCell } from '../../components/product-cell';
import { isFirstLoad, QueryError, Reloading, rowsOf } from '../../components/query-states';
import { SafeImage } from '../../components/safe-image';
import { SortableHeader, type SortDir } from '../../components/sort-header';
import { PageHeader, Spinner } from '../../components/states';
import { StatusToggle } from '../../components/status-toggle';
import { paths } from '../../config/paths';
import { deleteWithConfirm, toggleWith } from '../../lib/actions';
import { api, imageSrc } from '../../lib/api';
import { formatINR, formatPercent } from '../../lib/format';
import { useDraft, useMediaQuery } from '../../lib/hooks';
import { useListParams } from '../../lib/list-params';
import { useApiMutation } from '../../lib/mutations';
import { queries } from '../../lib/queries';
import { type ProductQuery, staleAfter } from '../../lib/query-keys';
import { DELETE_TEXTS } from '../../stores/dialog';
import { BulkBar } from './bulk-bar';
import { PriceCell } from './price-cell';
import { ColumnChooser, type ColumnKey, useProductColumns } from './product-columns';
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
 * A column header that sorts the list by one of the API's sorts, which name their direction (`price_asc`): a
 * click sorts by `asc` first where there is one, then the other way.
 */
function SortHeader(props: {
  label: string;
  asc?: ProductSort;
  desc: ProductSort;
  sort: ProductSort | undefined;
  onSort: (sort: ProductSort) => void;
  className?: string;
}) {
  const dir: SortDir | undefined =
    props.sort === props.desc
      ? 'desc'
      : props.sort !== undefined && props.sort === props.asc
        ? 'asc'
        : undefined;
  const next =
    dir === undefined && props.asc ? props.asc : dir === 'asc' ? props.desc : (props.asc ?? props.desc);
  return (
    <SortableHeader
      label={props.label}
      dir={dir}
      className={props.className}
      onClick={() => props.onSort(next)}
    />
  );
}

/** A rupee bound of the price range: typed freely, applied on Enter or when the field is left. */
function PriceBound(props: { label: string; value: string; onApply: (value: string | null) => void }) {
  const [text, setText] = useDraft(props.value);
  const apply = () => {
    const v = text.trim();
    if (v !== props.value) props.onApply(v === '' ? null : v);
  };
  return (
    <label className="inline-label">
      {props.label}
      <input
        type="number"
        min={0}
        step={1}
        inputMode="numeric"
        className="price-bound"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onBlur={apply}
        onKeyDown={(e) => {
          if (e.key === 'Enter') apply();
        }}
      />
    </label>
  );
}

const STOCK_STATES = ['in', 'out'] as const;

/**
 * /admin/product: a table from 1024 px, cards below. The list is paged on the server (limit/page)
 * and searchable (q), so it stays fast with a large catalogue; the page and search live in the address, and so
 * do the filters (category, brand, status, stock state, low stock, top selling, price range) and the sort (by the
 * Price and Disc headers, or the sort menu). Low stock (`lowStock=1`) lists products at or under the threshold
 * set in Settings, fewest first. The columns shown are each staff member's choice (product-columns.tsx).
 * Units are adjusted in place (StockAdjust).
 */
export function ProductListPage() {
  const { params, page, limit, search, q, setSearch, setPage, setLimit, setFilter, setFilters } =
    useListParams({
      limit: DEFAULT_LIMIT,
      limits: [25, 50, 100],
    });
  const lowStock = params.get('lowStock') === '1';
  const sort = SORTS.find((o) => o.value === params.get('sort'))?.value;
  const newestByDefault = !q && !lowStock;
  const brand = params.get('brand') ?? '';
  const category = params.get('category') ?? '';
  const stockState = params.get('inStock') === '1' ? 'in' : params.get('outOfStock') === '1' ? 'out' : '';
  const status = params.get('status');
  const top = params.get('top');
  const minPrice = params.get('minPrice') ?? '';
  const maxPrice = params.get('maxPrice') ?? '';
  const { shown, toggle: toggleColumn } = useProductColumns();
  const show = (key: ColumnKey) => shown.has(key);
  const wide = useMediaQuery('(min-width: 1024px)');
  const [viewing, setViewing] = useState<string | null>(null);

  const query: ProductQuery = {
    limit,
    page,
    q: q || undefined,
    lowStock: lowStock ? '1' : undefined,
    sort,
    brand: brand || undefined,
    category: category || undefined,
    inStock: stockState === 'in' ? '1' : undefined,
    outOfStock: stockState === 'out' ? '1' : undefined,
    status: status === '1' || status === '0' ? status : undefined,
    top: top === '1' || top === '0' ? top : undefined,
    minPrice: /^\d+$/.test(minPrice) ? minPrice : undefined,
    maxPrice: /^\d+$/.test(maxPrice) ? maxPrice : undefined,
    facets: '1',
  };
  // The previous page stays on screen while the next one (or a newer search) loads.
  const list = useQuery({ ...queries.products(query), placeholderData: keepPreviousData });
  // Rows chosen for a bulk action; another page, search or filter starts a new choice.
  const [chosen, setChosen] = useState<{ of: string; ids: Set<string>; all: boolean }>({
    of: '',
    ids: new Set(),
    all: false,
  });
  const listed = JSON.stringify(query);
  const choice = chosen.of === listed ? chosen : { of: listed, ids: new Set<string>(), all: false };
  const choose = (ids: Set<string>, all = false) => setChosen({ of: listed, ids, all });
  const rows = rowsOf(list, (d) => d.products);
  const allOnPage = rows.length > 0 && rows.every((p) => choice.ids.has(p._id));
  const chooseRow = (id: string, on: boolean) => {
    const ids = new Set(choice.ids);
    if (on) ids.add(id);
    else ids.delete(id);
    choose(ids);
  };
  const chooseAll = (on: boolean) => choose(on ? new Set(rows.map((p) => p._id)) : new Set());
  const chooseBox = (p: ProductSummary) => (
    <ChooseBox
      label={`Choose ${p.name}`}
      checked={choice.ids.has(p._id)}
      onChoose={(on) => chooseRow(p._id, on)}
    />
  );
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
    // The Stock toggle (flag 2) is the switch; whether it can be sold is the badge beside it.
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
        <ListSearch
          label="Search products"
          placeholder="Search by name, brand, SKU or description…"
          value={search}
          onSearch={setSearch}
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
          value={sort === undefined || (sort === 'newest' && newestByDefault) ? '' : sort}
          onChange={(e) => setFilter('sort', e.target.value || null)}
        >
          <option value="">{q ? 'Best match' : lowStock ? 'Fewest units' : 'Newest'}</option>
          {/* "Newest" once: when it is the default, the default option stands for it. */}
          {SORTS.filter((o) => !(o.value === 'newest' && newestByDefault)).map((o) => (
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
        <select
          aria-label="Status"
          value={status ?? ''}
          onChange={(e) => setFilter('status', e.target.value || null)}
        >
          <option value="">On and off</option>
          <option value="1">On (shown in the shop)</option>
          <option value="0">Off</option>
        </select>
        <select
          aria-label="Stock state"
          value={stockState}
          onChange={(e) => {
            const v = (STOCK_STATES as readonly string[]).includes(e.target.value) ? e.target.value : null;
            setFilters({ inStock: v === 'in' ? '1' : null, outOfStock: v === 'out' ? '1' : null });
          }}
        >
          <option value="">Any stock</option>
          <option value="in">In stock (sellable)</option>
          <option value="out">Out of stock</option>
        </select>
        <select
          aria-label="Top selling"
          value={top ?? ''}
          onChange={(e) => setFilter('top', e.target.value || null)}
        >
          <option value="">Top and others</option>
          <option value="1">Top selling</option>
          <option value="0">Not top selling</option>
        </select>
        <PriceBound label="Price from ₹" value={minPrice} onApply={(v) => setFilter('minPrice', v)} />
        <PriceBound label="to ₹" value={maxPrice} onApply={(v) => setFilter('maxPrice', v)} />
        {wide && <ColumnChooser shown={shown} onToggle={toggleColumn} />}
        <Reloading query={list} />
      </div>
      <QueryError query={list} />
      {choice.ids.size > 0 && (
        <BulkBar
          selected={[...choice.ids]}
          allMatching={choice.all}
          total={list.data?.total}
          canChooseAll={allOnPage && (list.data?.total ?? 0) > rows.length}
          query={query}
          onChooseAll={() => choose(choice.ids, true)}
          onDone={() => choose(new Set())}
        />
      )}
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
                <th className="check-col">
                  <ChooseBox
                    label="Choose every product on this page"
                    checked={allOnPage}
                    onChoose={chooseAll}
                  />
                </th>
                <th>Name</th>
                {show('slug') && <th className="slug-col">SLUG</th>}
                {show('original') && <th className="num">Original</th>}
                {show('price') && (
                  <SortHeader
                    label="Price"
                    asc="price_asc"
                    desc="price_desc"
                    sort={sort}
                    onSort={(v) => setFilter('sort', v)}
                    className="num"
                  />
                )}
                {show('disc') && (
                  <SortHeader
                    label="Disc"
                    desc="discount"
                    sort={sort}
                    onSort={(v) => setFilter('sort', v)}
                    className="num"
                  />
                )}
                {show('hsn') && <th className="hsn-col">HSN</th>}
                {show('status') && <th>Status</th>}
                {show('units') && <th className="num">Units</th>}
                {show('stock') && <th>Stock</th>}
                {show('top') && <th>Top</th>}
              </tr>
            </thead>
            <tbody>
              {rows.map((p) => {
                const t = toggles(p);
                return (
                  <tr key={p._id}>
                    <td className="check-col">{chooseBox(p)}</td>
                    <td>
                      <ProductCell thumbnail={p.thumbnail}>
                        <div className="cell-text">
                          <div
                            className="strong ellipsis"
                            title={[p.name, p.brand, p.sku].filter(Boolean).join(' · ')}
                          >
                            {p.name}
                          </div>
                          {actions(p, true)}
                        </div>
                      </ProductCell>
                    </td>
                    {show('slug') && (
                      <td className="mono slug-col">
                        <div className="ellipsis slug-cell" title={p.slug}>
                          {p.slug || '-'}
                        </div>
                      </td>
                    )}
                    {show('original') && <td className="num">{formatINR(p.originalPrice)}</td>}
                    {show('price') && (
                      <td className="num strong">
                        <PriceCell product={p} />
                      </td>
                    )}
                    {show('disc') && <td className="num">{formatPercent(p.discountPercentage)}</td>}
                    {show('hsn') && (
                      <td className="mono hsn-col" data-testid="hsn-cell">
                        {p.hsn?.code && !p.hsn.own ? (
                          // The category's code, told apart by its look; spelt out for screen readers.
                          <span className="muted hsn-inherited" title="The category's HSN code">
                            {p.hsn.code}
                            <span className="visually-hidden"> (category)</span>
                          </span>
                        ) : (
                          p.hsn?.code || '-'
                        )}
                      </td>
                    )}
                    {show('status') && <td>{t.status}</td>}
                    {show('units') && (
                      <td className="num">
                        <StockAdjust product={p} low={isLow(p)} />
                      </td>
                    )}
                    {show('stock') && (
                      <td>
                        <div className="stock-cell">
                          <StockBadge product={p} />
                          {t.stock}
                        </div>
                      </td>
                    )}
                    {show('top') && <td>{t.top}</td>}
                  </tr>
                );
              })}
            </tbody>
          </table>
        ) : (
          <>
            <label className="check-filter choose-page">
              <input type="checkbox" checked={allOnPage} onChange={(e) => chooseAll(e.target.checked)} />
              Choose every product on this page
            </label>
            <div className="product-cards">
              {rows.map((p) => {
                const t = toggles(p);
                return (
                  <article key={p._id} className="card product-card" data-testid="product-card">
                    <div className="product-card-head">
                      {chooseBox(p)}
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
          </>
        )}
      </section>
      <Pager
        page={page}
        limit={limit}
        count={rows.length}
        reply={list.data}
        onPage={setPage}
        onLimit={setLimit}
      />
      {viewing && <ProductViewModal productId={viewing} onClose={() => setViewing(null)} />}
    </>
  );
}
