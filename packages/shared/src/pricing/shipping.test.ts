import { describe, expect, it } from 'vitest';
import { priceOrder } from './price-order';
import { chargesRateBp, codFeePaise, shippingChargePaise } from './shipping';

const bands = [
  { fromGrams: 0, toGrams: 1000, feePaise: 7900 },
  { fromGrams: 1000, toGrams: 5000, feePaise: 12900 },
  { fromGrams: 5000, toGrams: null, feePaise: 24900 },
];

const zone = { bands, valueBands: [] };
const valueBands = [
  { fromPaise: 0, toPaise: 50_000, feePaise: 4000 },
  { fromPaise: 50_000, toPaise: 80_000, feePaise: 2000 },
  { fromPaise: 80_000, toPaise: null, feePaise: 0 },
];

describe('shipping charge', () => {
  it.each([
    ['₹394 of goods, 300 g', 39_400, 300, 7900],
    ['just below ₹999', 99_899, 300, 7900],
    ['₹999: free', 99_900, 300, 0],
    ['1 kg is the second band', 50_000, 1000, 12900],
    ['heavy', 50_000, 20_000, 24900],
  ])('%s', (_, goods, grams, fee) => {
    expect(shippingChargePaise(zone, 99_900, goods, grams)).toBe(fee);
  });
});

describe('shipping charge with order value bands (added to the weight band)', () => {
  it.each([
    ['₹394, 300 g: ₹79 + ₹40', 39_400, 300, 7900 + 4000],
    ['₹499.99 is still the first value band', 49_999, 300, 7900 + 4000],
    ['₹500 starts the second', 50_000, 300, 7900 + 2000],
    ['₹800, 2 kg: ₹129 + ₹0', 80_000, 2000, 12900],
    ['₹999: free whatever the bands say', 99_900, 20_000, 0],
  ])('%s', (_, goods, grams, fee) => {
    expect(shippingChargePaise({ bands, valueBands }, 99_900, goods, grams)).toBe(fee);
  });
  it('charges by value alone when the weight band is free', () => {
    const free = [{ fromGrams: 0, toGrams: null, feePaise: 0 }];
    expect(shippingChargePaise({ bands: free, valueBands }, 99_900, 30_000, 500)).toBe(4000);
  });
  it("is the order total's shipping in the pricing function", () => {
    const lines = [{ qty: 2, pricePaise: 30_000, originalPaise: 30_000 }];
    const shipping = shippingChargePaise({ bands, valueBands }, 99_900, 60_000, 1200);
    const p = priceOrder(lines, { shippingPaise: shipping });
    expect(p.shippingPaise).toBe(12900 + 2000);
    expect(p.totalPaise).toBe(60_000 + 14_900);
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
