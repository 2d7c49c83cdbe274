import { describe, expect, it } from 'vitest';
import { canAddToCart, stockLabel } from './stock-label';

describe('stockLabel', () => {
  it.each<[unknown, boolean | undefined, string]>([
    [5, undefined, 'In stock'],
    [1, true, 'In stock'],
    [0, undefined, 'Out of stock'],
    [-3, undefined, 'Out of stock'],
    ['12', undefined, 'In stock'],
    ['0', undefined, 'Out of stock'],
    ['Ships in 2 weeks', undefined, 'Ships in 2 weeks'],
    ['  ', undefined, 'Contact'],
    ['', undefined, 'Contact'],
    [true, undefined, 'In stock'],
    [false, undefined, 'Out of stock'],
    [null, undefined, 'Contact'],
    [undefined, undefined, 'Contact'],
    [Number.NaN, undefined, 'Contact'],
    [10, false, 'Out of stock'],
  ])('stock %j (inStock %j) → %j', (stock, inStock, label) => {
    expect(stockLabel(stock, inStock)).toBe(label);
  });

  it('only In stock items can be added to the cart', () => {
    expect(canAddToCart(3)).toBe(true);
    expect(canAddToCart(3, false)).toBe(false);
    expect(canAddToCart('Pre-order')).toBe(false);
    expect(canAddToCart(0)).toBe(false);
  });
});
