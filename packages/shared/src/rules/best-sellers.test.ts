import { describe, expect, it } from 'vitest';
import { bestSellers, saveAmount } from './best-sellers';

const p = (id: string, originalPrice: number, finalPrice: number) => ({ id, originalPrice, finalPrice });

describe('bestSellers', () => {
  it('takes the top 5 by discount amount, largest first, ties in input order', () => {
    const items = [
      p('a', 100, 90),
      p('b', 1000, 500),
      p('c', 50, 50),
      p('d', 300, 100),
      p('e', 80, 70),
      p('f', 900, 880),
      p('g', 10, 0),
    ];
    expect(bestSellers(items).map((i) => i.id)).toEqual(['b', 'd', 'f', 'a', 'e']);
  });

  it('returns fewer when there are fewer items and leaves the input alone', () => {
    const items = [p('x', 10, 5), p('y', 20, 5)];
    expect(bestSellers(items).map((i) => i.id)).toEqual(['y', 'x']);
    expect(items.map((i) => i.id)).toEqual(['x', 'y']);
    expect(bestSellers([])).toEqual([]);
  });

  it.each([
    [p('a', 100, 80), 20],
    [p('a', 100, 100), null],
    [p('a', 90, 100), null],
    [p('a', 10.5, 10.25), 0.25],
  ])('SAVE badge for %j → %j', (item, amount) => {
    expect(saveAmount(item)).toBe(amount);
  });
});
