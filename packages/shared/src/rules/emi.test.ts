import { describe, expect, it } from 'vitest';
import { type EmiPlan, lowestEmi, monthlyInstalment } from './emi';

const plan = (months: number, interestPct: number, minRupees = 3000, bank = 'HDFC'): EmiPlan => ({
  bank,
  months,
  interestPct,
  minPaise: minRupees * 100,
});

describe('monthlyInstalment', () => {
  it.each([
    // price (₹), months, yearly %, ₹ a month — checked against the reducing-balance formula by hand
    [12_000, 12, 0, 1000],
    [10_000, 3, 0, 3334],
    [100_000, 12, 12, 8885], // 100000 × 0.01 × 1.01^12 / (1.01^12 − 1) = 8884.88
    [50_000, 6, 15, 8702], // r = 0.0125: 8701.70…
    [3_000, 3, 14, 1024], // r = 0.011667: 1023.46…
  ])('₹%d over %d months at %d %% → ₹%d', (rupees, months, pct, monthly) => {
    expect(monthlyInstalment(rupees * 100, plan(months, pct))).toBe(monthly);
  });
});

describe('lowestEmi', () => {
  const plans = [plan(3, 14), plan(6, 15), plan(12, 16), plan(3, 0, 10_000, 'ICIC')];

  it('takes the plan with the lowest monthly figure that accepts the price', () => {
    expect(lowestEmi(60_000_00, plans)).toEqual({
      monthly: monthlyInstalment(60_000_00, plans[2]!),
      months: 12,
      noCost: false,
    });
  });

  it("offers nothing below every plan's minimum, for nothing to pay, or without plans", () => {
    expect(lowestEmi(2_999_00, plans)).toBeNull();
    expect(lowestEmi(0, plans)).toBeNull();
    expect(lowestEmi(50_000_00, [])).toBeNull();
  });

  it('says no-cost when the cheapest plan charges no interest', () => {
    expect(lowestEmi(12_000_00, [plan(3, 14), plan(3, 0, 10_000)])).toEqual({
      monthly: 4000,
      months: 3,
      noCost: true,
    });
  });
});
