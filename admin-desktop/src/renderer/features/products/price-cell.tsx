import { finalPrice, type ProductSummary } from '@voltcart/shared';
import { formatINR } from '../../lib/format';

/**
 * The product list's Price, coherent with its Original and Disc columns: the base price (Original less the
 * discount). When the variants sell at other prices (colour or memory adjustments, their own prices), their
 * range is shown under it: the lowest variant price alone looked like the product's price and could be above
 * its Original.
 */
export function PriceCell({
  product,
}: {
  product: Pick<ProductSummary, 'originalPrice' | 'discountPercentage' | 'priceRange'>;
}) {
  const base = finalPrice(product.originalPrice, product.discountPercentage);
  const range = product.priceRange;
  const other = range && (range.min !== base || range.max !== base);
  return (
    <>
      {formatINR(base)}
      {other && (
        <div className="muted small price-range">
          Variants{' '}
          {range.min === range.max
            ? formatINR(range.min)
            : `${formatINR(range.min)} – ${formatINR(range.max)}`}
        </div>
      )}
    </>
  );
}
