import { describe, expect, it } from 'vitest';
import { finalPrice, finalPricePaise } from './final-price';

describe('finalPrice', () => {
  it.each([
    [1000, 15, 850],
    [999, 10, 899],
    [79999, 12.5, 69999],
    [100, 0, 100],
    [100, 100, 0],
    [49.99, 0, 49],
    [1, 33, 0],
    [0, 20, 0],
    [-5, 10, 0],
    [200, 150, 0],
    [200, -10, 200],
    [Number.NaN, 10, 0],
    [5_000_000, 7, 4_650_000],
  ])('original %d at %d%% → %d', (original, discount, expected) => {
    expect(finalPrice(original, discount)).toBe(expected);
  });

  it('works on paise without float drift', () => {
    // 0.1 + 0.2 style drift would floor 69999.99 down to 69998.
    expect(finalPricePaise(7_999_900, 12.5)).toBe(6_999_900);
    expect(finalPricePaise(11_000, 10)).toBe(9_900);
  });
});
