import { type ProductSummary, stockLabel } from '@voltcart/shared';

/**
 * What shoppers see, by the shared stock rule (stock-label.ts): in stock only while the stock switch is on
 * AND units are above 0. The switch alone (the In Stock / Out of Stock toggle) said "In Stock" for
 * products with no units left.
 */
export function StockBadge(props: { product: Pick<ProductSummary, 'stock' | 'inStock'> }) {
  const { stock, inStock } = props.product;
  const label = stockLabel(stock, inStock);
  const sellable = label === 'In stock';
  const why = sellable
    ? `${stock} units to sell`
    : !inStock
      ? 'The stock switch is off'
      : 'No units left (the switch is on)';
  return (
    <span
      className={`badge stock-badge ${sellable ? 'stock-in' : 'stock-out'}`}
      title={why}
      data-testid="stock-badge"
    >
      {label}
    </span>
  );
}
