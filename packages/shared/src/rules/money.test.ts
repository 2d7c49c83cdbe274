import { describe, expect, it } from 'vitest';
import { formatINR, toPaise, toRupees } from './money';

describe('money', () => {
  it.each([
    [0, '₹0'],
    [99, '₹99'],
    [1234.5, '₹1,234.5'],
    [123456.78, '₹1,23,456.78'],
    [10000000, '₹1,00,00,000'],
    [0.999, '₹1'],
    [Number.POSITIVE_INFINITY, '₹0'],
  ])('formatINR(%d) → %s', (value, text) => {
    expect(formatINR(value)).toBe(text);
  });

  it.each([
    [19.99, 1999],
    [0.1 + 0.2, 30],
    [1, 100],
  ])('toPaise(%d) → %d', (rupees, paise) => {
    expect(toPaise(rupees)).toBe(paise);
    expect(toRupees(paise)).toBeCloseTo(rupees, 2);
  });
});
