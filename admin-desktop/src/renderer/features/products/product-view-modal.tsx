import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { Modal } from '../../components/modal';
import { isFirstLoad, QueryError } from '../../components/query-states';
import { SafeImage } from '../../components/safe-image';
import { Spinner } from '../../components/states';
import { paths } from '../../config/paths';
import { imageSrc } from '../../lib/api';
import { formatINR, formatPercent } from '../../lib/format';
import { queries } from '../../lib/queries';
import { StockBadge } from './stock-badge';

/** The product's detail in a popup (the View button once did nothing; staff expect this). */
export function ProductViewModal(props: { productId: string; onClose: () => void }) {
  const p = useQuery(queries.product(props.productId));
  const d = p.data;
  return (
    <Modal title={d?.name ?? 'Product'} onClose={props.onClose} wide>
      {isFirstLoad(p) ? (
        <Spinner />
      ) : p.error && !p.isFetching ? (
        <QueryError query={p} />
      ) : d ? (
        <div className="view-grid">
          <div>
            <SafeImage className="view-image" src={imageSrc('product', d.thumbnail)} alt={d.name} />
            {d.images.length > 0 && (
              <div className="mini-gallery">
                {d.images.slice(0, 8).map((img) => (
                  <SafeImage
                    key={img}
                    className="thumb"
                    src={imageSrc('product', img, 'sm')}
                    alt=""
                    size={48}
                  />
                ))}
              </div>
            )}
          </div>
          <dl className="details">
            <dt>Name</dt>
            <dd>{d.name}</dd>
            <dt>Slug</dt>
            <dd className="mono">{d.slug || '-'}</dd>
            <dt>SKU</dt>
            <dd className="mono">{d.sku || '-'}</dd>
            <dt>Brand</dt>
            <dd>{d.brand || '-'}</dd>
            <dt>Category</dt>
            <dd>{d.category?.name ?? d.categoryName ?? '-'}</dd>
            <dt>Original</dt>
            <dd>{formatINR(d.originalPrice)}</dd>
            <dt>Price</dt>
            <dd className="strong">
              {formatINR(d.finalPrice)}{' '}
              <span className="muted">({formatPercent(d.discountPercentage)} off)</span>
            </dd>
            <dt>Stock</dt>
            <dd>
              <StockBadge product={d} /> {d.stock} units · switch {d.inStock ? 'on' : 'off'}
            </dd>
            <dt>Status</dt>
            <dd>{d.status ? 'Active' : 'Inactive'}</dd>
            <dt>Top</dt>
            <dd>{d.topSelling ? 'Yes' : 'No'}</dd>
            <dt>Colours</dt>
            <dd>
              {d.colors.length
                ? d.colors.map((c) => (
                    <span key={c._id} className="chip">
                      <span
                        className="swatch swatch-sm"
                        style={{ background: c.hexcode }}
                        aria-hidden="true"
                      />
                      {c.name}
                      {c.priceAdj ? ` (${c.priceAdj > 0 ? '+' : ''}${formatINR(c.priceAdj)})` : ''}
                    </span>
                  ))
                : '-'}
            </dd>
            <dt>Memory</dt>
            <dd>
              {d.memorySizes.length
                ? d.memorySizes.map((gb, i) => (
                    <span key={gb} className="chip">
                      {gb} GB
                      {d.memoryPriceAdj[i] ? ` (+${formatINR(d.memoryPriceAdj[i]!)})` : ''}
                    </span>
                  ))
                : '-'}
            </dd>
            <dt>Gallery</dt>
            <dd>
              {d.images.length} image{d.images.length === 1 ? '' : 's'} ·{' '}
              <Link to={paths.productImages(d._id)} onClick={props.onClose}>
                manage
              </Link>
            </dd>
            <dt>ID</dt>
            <dd className="mono">{d._id}</dd>
            {d.shortDescription && (
              <>
                <dt>Short description</dt>
                <dd>{d.shortDescription}</dd>
              </>
            )}
          </dl>
        </div>
      ) : null}
    </Modal>
  );
}
