import { describe, expect, it } from 'vitest';
import { lowestOptionPrice, unitPrice } from './unit-price';

describe('unitPrice', () => {
  it.each([
    [1000, 0, 0, 1000],
    [1000, 250, 0, 1250],
    [1000, 0, 5000, 6000],
    [1000, -100, 200, 1100],
    [0.1, 0.2, 0, 0.3],
    [19999.99, 0.01, 0, 20000],
  ])('%d + colour %d + memory %d = %d, to the paisa', (base, c, m, want) => {
    expect(unitPrice(base, c, m)).toBe(want);
  });

  it('is never clamped: the rule refuses such products when they are saved', () => {
    expect(unitPrice(100, -150)).toBe(-50);
  });
});

describe('lowestOptionPrice', () => {
  it.each([
    [1000, [], [], 1000],
    [1000, [0, 500], [0, 2000], 1000],
    [1000, [-200, 300], [100, 50], 850],
    [100, [-150], [], -50],
  ])('%d with colours %j and memory %j → %d', (price, colors, memory, want) => {
    expect(lowestOptionPrice(price, colors, memory)).toBe(want);
  });
});
