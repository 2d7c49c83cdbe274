import { describe, expect, it } from 'vitest';
import { priceSnapshot } from '../pricing/price-order';
import {
  formatReturnDay,
  isBankAccount,
  isIfsc,
  isUpiId,
  maskAccount,
  policyAllows,
  refundsShipping,
  returnWindowCloses,
  unitsSharePaise,
} from './returns';

describe('unitsSharePaise', () => {
  it.each([
    ['one unit of one', 100_000, 1, 0, 1, 100_000],
    ['one of three, first', 100_000, 3, 0, 1, 33_333],
    ['one of three, second', 100_000, 3, 1, 1, 33_333],
    ['one of three, last takes the odd paisa', 100_000, 3, 2, 1, 33_334],
    ['two of three at once', 100_000, 3, 0, 2, 66_666],
    ['no units', 100_000, 3, 1, 0, 0],
  ])('%s', (_, net, qty, before, units, want) => {
    expect(unitsSharePaise(net, qty, before, units)).toBe(want);
  });

  it('adds up to the line’s net over any split of its units', () => {
    const net = 99_999;
    for (const split of [[1, 1, 1, 1, 1, 1, 1], [3, 4], [2, 2, 3], [7]]) {
      let before = 0;
      let sum = 0;
      for (const k of split) {
        sum += unitsSharePaise(net, 7, before, k);
        before += k;
      }
      expect(sum).toBe(net);
    }
  });

  it('takes its net from the pricing function, discount share included', () => {
    const priced = priceSnapshot(
      [
        { unitPaise: 50_000, qty: 2 },
        { unitPaise: 25_000, qty: 1 },
      ],
      {
        discounts: [{ kind: 'amount', label: 'WELCOME', amountPaise: 12_500 }],
      },
    );
    expect(unitsSharePaise(priced.lines[0]!.netPaise, 2, 0, 1)).toBe(45_000);
  });

  it('refuses more units than the line has', () => {
    expect(() => unitsSharePaise(1000, 2, 1, 2)).toThrow(RangeError);
    expect(() => unitsSharePaise(10.5, 2, 0, 1)).toThrow(RangeError);
  });
});

describe('the policy', () => {
  it.each([
    ['fault', 'defective', true],
    ['fault', 'changed_mind', false],
    ['always', 'changed_mind', true],
    ['never', 'wrong_item', false],
  ] as const)('shipping with rule %s and reason %s: %s', (rule, reason, want) => {
    expect(refundsShipping(rule, reason)).toBe(want);
  });

  it.each([
    ['returnable', 'refund', true],
    ['returnable', 'replacement', true],
    ['replacement_only', 'refund', false],
    ['replacement_only', 'replacement', true],
    ['none', 'replacement', false],
  ] as const)('a %s category allows a %s: %s', (policy, kind, want) => {
    expect(policyAllows(policy, kind)).toBe(want);
  });

  it('closes the window whole days after delivery', () => {
    const at = new Date('2026-11-01T10:00:00Z');
    expect(returnWindowCloses(at, 30).toISOString()).toBe('2026-12-01T10:00:00.000Z');
    expect(formatReturnDay(new Date('2026-12-01T20:00:00Z'))).toBe('2 December 2026');
  });
});

describe('refund accounts', () => {
  it.each([
    ['HDFC0001234', true],
    ['sbin0000300', true],
    ['HDFC1234567', false],
    ['HDF0001234', false],
    ['HDFC00012345', false],
  ])('IFSC %s: %s', (v, want) => expect(isIfsc(v)).toBe(want));

  it.each([
    ['asha.k@okicici', true],
    ['9876543210@ybl', true],
    ['asha k@okicici', false],
    ['@okicici', false],
    ['asha@', false],
  ])('UPI ID %s: %s', (v, want) => expect(isUpiId(v)).toBe(want));

  it('checks and masks account numbers', () => {
    expect(isBankAccount('1234 5678 9012')).toBe(true);
    expect(isBankAccount('12345678')).toBe(false);
    expect(maskAccount('123456789012')).toBe('••••••••9012');
  });
});
