import { describe, expect, it } from 'vitest';
import { priceOrder } from './price-order';
import { chargesRateBp, codFeePaise, shippingChargePaise } from './shipping';

const bands = [
  { fromGrams: 0, toGrams: 1000, feePaise: 7900 },
  { fromGrams: 1000, toGrams: 5000, feePaise: 12900 },
  { fromGrams: 5000, toGrams: null, feePaise: 24900 },
];

describe('shipping charge', () => {
  it.each([
    ['₹394 of goods, 300 g', 39_400, 300, 7900],
    ['just below ₹999', 99_899, 300, 7900],
    ['₹999: free', 99_900, 300, 0],
    ['1 kg is the second band', 50_000, 1000, 12900],
    ['heavy', 50_000, 20_000, 24900],
  ])('%s', (_, goods, grams, fee) => {
    expect(shippingChargePaise(bands, 99_900, goods, grams)).toBe(fee);
  });
});

describe('COD fee', () => {
  it.each([
    [{ feePaise: 0, feeBp: 0 }, 100_000, 0],
    [{ feePaise: 4900, feeBp: 0 }, 100_000, 4900],
    [{ feePaise: 0, feeBp: 200 }, 123_45, 247],
    [{ feePaise: 1000, feeBp: 100 }, 100_000, 2000],
  ])('%j on %i paise → %i', (rules, total, fee) => expect(codFeePaise(rules, total)).toBe(fee));
});

describe('charges taxed at the goods’ highest rate', () => {
  it('takes the highest rate, 18 % by default', () => {
    expect(chargesRateBp([{ gstRateBp: 500 }, { gstRateBp: 1200 }])).toBe(1200);
    expect(chargesRateBp([{ gstRateBp: 500 }, {}])).toBe(1800);
    expect(chargesRateBp([])).toBe(1800);
  });
  it('prices an order with shipping and a COD fee to the paisa', () => {
    const lines = [{ qty: 1, pricePaise: 39_400, originalPaise: 39_400, gstRateBp: 1200 }];
    const p = priceOrder(lines, {
      shippingPaise: 7900,
      codFeePaise: 4900,
      chargesRateBp: chargesRateBp(lines),
      intraState: false,
    });
    expect(p.totalPaise).toBe(39_400 + 7900 + 4900);
    expect(p.chargesTax.igstPaise).toBe(12_800 - Math.round((12_800 * 10_000) / 11_200));
    const t = p.tax;
    expect(t.taxablePaise + t.cgstPaise + t.sgstPaise + t.igstPaise).toBe(p.totalPaise);
  });
});
