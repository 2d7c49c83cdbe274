import { describe, expect, it } from 'vitest';
import { cartTotals } from './cart-totals';

describe('cartTotals', () => {
  it.each([
    [[], { count: 0, finalTotal: 0, originalTotal: 0, youSave: 0, lineTotals: [] }],
    [
      [{ qty: 2, unitPrice: 850, unitOriginalPrice: 1000 }],
      { count: 2, finalTotal: 1700, originalTotal: 2000, youSave: 300, lineTotals: [1700] },
    ],
    [
      [
        { qty: 3, unitPrice: 0.1, unitOriginalPrice: 0.2 },
        { qty: 1, unitPrice: 19.99, unitOriginalPrice: 19.99 },
      ],
      { count: 4, finalTotal: 20.29, originalTotal: 20.59, youSave: 0.3, lineTotals: [0.3, 19.99] },
    ],
    [
      [{ qty: 1, unitPrice: 120, unitOriginalPrice: 100 }],
      { count: 1, finalTotal: 120, originalTotal: 120, youSave: 0, lineTotals: [120] },
    ],
  ])('%j', (lines, totals) => {
    expect(cartTotals(lines)).toEqual({ ...totals, shipping: 0, codFee: 0, orderTotal: totals.finalTotal });
  });

  it('adds the shipping charge and COD fee to the order total, not to the goods', () => {
    expect(
      cartTotals([{ qty: 1, unitPrice: 394, unitOriginalPrice: 394 }], { shipping: 79, codFee: 49 }),
    ).toMatchObject({ finalTotal: 394, shipping: 79, codFee: 49, orderTotal: 522 });
  });
});
