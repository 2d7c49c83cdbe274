export type StockLabel = 'In stock' | 'Out of stock' | 'Contact' | (string & {});

/**
 * The shopper-facing stock label, one rule so that every page of the shop says the same.
 * - a number above 0 → 'In stock'; 0 or below → 'Out of stock'
 * - a numeric string counts as that number
 * - other non-empty text is shown as given
 * - `true` → 'In stock', `false` → 'Out of stock' (a stock given as yes or no rather than a count)
 * - anything else (empty, null, undefined) → 'Contact'
 * - the merchant switch wins: when `inStock` is false the label is 'Out of stock'
 */
export function stockLabel(stock: unknown, inStock = true): StockLabel {
  if (!inStock) return 'Out of stock';
  if (typeof stock === 'boolean') return stock ? 'In stock' : 'Out of stock';
  if (typeof stock === 'number') {
    if (Number.isNaN(stock)) return 'Contact';
    return stock > 0 ? 'In stock' : 'Out of stock';
  }
  if (typeof stock === 'string') {
    const text = stock.trim();
    if (text === '') return 'Contact';
    const n = Number(text);
    if (Number.isFinite(n)) return n > 0 ? 'In stock' : 'Out of stock';
    return text;
  }
  return 'Contact';
}

/** Only 'In stock' items show Add to Cart: nothing else can be sold. */
export function canAddToCart(stock: unknown, inStock = true): boolean {
  return stockLabel(stock, inStock) === 'In stock';
}
