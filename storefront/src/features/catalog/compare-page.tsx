import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '@voltcart/api-client/errors';
import { formatINR, MAX_COMPARE, memoryLabel, type Product, stockLabel } from '@voltcart/shared';
import { type ReactNode, useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ProductImage } from '../../components/ui/product-image';
import { Loading } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { productImage } from '../../lib/images';
import { useTitle } from '../../lib/use-title';
import { toggleInList } from './local-lists';
import './catalog.css';
import { browserCompareIds, readCompareIds, shopperQueries } from '../../lib/shopper-queries';

const lines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((l) => l.replace(/^[-•*]\s*/, '').trim())
    .filter(Boolean);

/** The rows of the comparison: a label and what each product shows for it. */
const ROWS: { label: string; cell: (p: Product) => ReactNode }[] = [
  { label: 'Price', cell: (p) => <strong>{formatINR(p.finalPrice)}</strong> },
  { label: 'Brand', cell: (p) => p.brand || '—' },
  {
    label: 'Rating',
    cell: (p) =>
      p.rating?.count
        ? `${p.rating.average.toFixed(1)} ★ (${p.rating.count} ${p.rating.count === 1 ? 'review' : 'reviews'})`
        : 'No reviews yet',
  },
  { label: 'Colours', cell: (p) => p.colors.map((c) => c.name).join(', ') || '—' },
  { label: 'Memory', cell: (p) => p.memorySizes.map(memoryLabel).join(', ') || '—' },
  { label: 'Availability', cell: (p) => stockLabel(p.stock, p.inStock) },
  {
    label: 'Key specs',
    cell: (p) => (
      <ul className="compare__specs">
        {lines(p.shortDescription).map((l, i) => (
          <li key={i}>{l}</li>
        ))}
      </ul>
    ),
  },
];

/**
 * /compare?ids=1,2,3: up to 4 products of one category side by side; the address is the comparison, so it can be
 * shared. Without ids it opens the products chosen with "Compare" in this browser.
 */
export function ComparePage() {
  useTitle('Compare products');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const ids = readCompareIds(params.get('ids'));
  const q = useQuery({ ...shopperQueries.compare(ids), enabled: ids.length > 0, retry: false });

  useEffect(() => {
    if (ids.length > 0) return;
    const chosen = browserCompareIds();
    if (chosen.length) navigate(paths.compare.to(chosen), { replace: true });
  }, [ids.length, navigate]);

  const remove = (id: string) => {
    toggleInList('compare', id);
    const rest = ids.filter((x) => x !== id);
    navigate(paths.compare.to(rest), { replace: true });
  };

  return (
    <div className="container compare">
      <h1>Compare products</h1>
      {ids.length === 0 ? (
        <div className="page-message">
          <p>Choose “Compare” on up to {MAX_COMPARE} products of one category to see them side by side.</p>
          <Link to={paths.store.to()} className="btn btn--primary">
            Continue Shopping
          </Link>
        </div>
      ) : q.error ? (
        <div className="notice notice--error" role="alert" data-testid="compare-error">
          {errorMessage(q.error)}
        </div>
      ) : !q.data ? (
        <Loading />
      ) : (
        <div className="compare__scroll">
          <table className="compare__table" data-testid="compare-table">
            <caption className="visually-hidden">The products side by side</caption>
            <thead>
              <tr>
                <td />
                {q.data.map((p) => (
                  <th key={p._id} scope="col">
                    <Link to={paths.product.to(p._id)} className="compare__product">
                      <ProductImage src={productImage(p.thumbnail, 'sm')} alt="" width={120} height={120} />
                      <span>{p.name}</span>
                    </Link>
                    <button type="button" className="link-btn" onClick={() => remove(p._id)}>
                      Remove<span className="visually-hidden"> {p.name}</span>
                    </button>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {ROWS.map((row) => (
                <tr key={row.label}>
                  <th scope="row">{row.label}</th>
                  {q.data.map((p) => (
                    <td key={p._id}>{row.cell(p)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
