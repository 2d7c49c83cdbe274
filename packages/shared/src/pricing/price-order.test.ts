import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lowestOptionPricePaise, type PricingLine, unitOriginalPaise, unitPricePaise } from './price-goods';
import { type Discount, type PricingContext, priceOrder, priceSnapshot } from './price-order';

describe('unitPricePaise', () => {
  it.each([
    [{ pricePaise: 100_000 }, 100_000],
    [{ pricePaise: 100_000, colorAdjPaise: 25_000 }, 125_000],
    [{ pricePaise: 100_000, memoryAdjPaise: 500_000 }, 600_000],
    [{ pricePaise: 100_000, colorAdjPaise: -10_000, memoryAdjPaise: 20_000 }, 110_000],
    [{ pricePaise: 100_000, colorAdjPaise: 5_000, overridePaise: 90_000 }, 90_000],
    [{ pricePaise: 100_000, overridePaise: 0 }, 0],
    [{ pricePaise: 100_000, overridePaise: null, colorAdjPaise: 1 }, 100_001],
    [{ pricePaise: 10_000, colorAdjPaise: -15_000 }, -5_000],
  ])('%j → %d (the override wins; the sum is never clamped)', (figures, want) => {
    expect(unitPricePaise(figures)).toBe(want);
  });

  it.each([
    [{ pricePaise: 85_000, originalPaise: 100_000, colorAdjPaise: 5_000 }, 105_000],
    [{ pricePaise: 85_000, originalPaise: 100_000, overridePaise: 120_000 }, 120_000],
    [{ pricePaise: 85_000, originalPaise: 100_000, overridePaise: 90_000 }, 100_000],
  ])('MSRP of %j → %d (never below the price)', (figures, want) => {
    expect(unitOriginalPaise(figures)).toBe(want);
  });

  it.each([
    [100_000, [], [], 100_000],
    [100_000, [0, 50_000], [0, 200_000], 100_000],
    [100_000, [-20_000, 30_000], [10_000, 5_000], 85_000],
    [10_000, [-15_000], [], -5_000],
  ])('lowest option price of %d with colours %j and memory %j → %d', (price, colors, memory, want) => {
    expect(lowestOptionPricePaise(price, colors, memory)).toBe(want);
  });
});

const phone: PricingLine = { pricePaise: 1_734_990, originalPaise: 1_999_900, qty: 1 };
const cable: PricingLine = { pricePaise: 49_900, originalPaise: 49_900, qty: 3, gstRateBp: 1800 };
const book: PricingLine = { pricePaise: 10_001, originalPaise: 10_001, qty: 1, gstRateBp: 500 };

describe('priceOrder', () => {
  it.each<[string, PricingLine[], PricingContext, Partial<ReturnType<typeof priceOrder>>]>([
    [
      'an empty cart costs nothing',
      [],
      {},
      { count: 0, subtotalPaise: 0, totalPaise: 0, savingsPaise: 0, discountPaise: 0 },
    ],
    [
      'one line: the total is unit × qty, the saving the MSRP difference',
      [{ ...phone, qty: 2 }],
      {},
      {
        count: 2,
        subtotalPaise: 3_469_980,
        originalPaise: 3_999_800,
        savingsPaise: 529_820,
        totalPaise: 3_469_980,
      },
    ],
    [
      'the variant override prices the unit',
      [{ ...phone, colorAdjPaise: 100_000, overridePaise: 1_500_000 }],
      {},
      { subtotalPaise: 1_500_000, originalPaise: 2_099_900, totalPaise: 1_500_000 },
    ],
    [
      'shipping and the COD fee are added to the total',
      [cable],
      { shippingPaise: 4_900, codFeePaise: 2_500 },
      { subtotalPaise: 149_700, shippingPaise: 4_900, codFeePaise: 2_500, totalPaise: 157_100 },
    ],
    [
      'free shipping takes the shipping charge off, not the COD fee',
      [cable],
      { shippingPaise: 4_900, codFeePaise: 2_500, discounts: [{ kind: 'free_shipping', label: 'FREESHIP' }] },
      {
        shippingPaise: 0,
        totalPaise: 152_200,
        discounts: [{ kind: 'free_shipping', label: 'FREESHIP', amountPaise: 4_900 }],
      },
    ],
    [
      'an amount discount is taken off the goods',
      [phone, cable],
      { discounts: [{ kind: 'amount', label: 'WELCOME500', amountPaise: 50_000 }] },
      { subtotalPaise: 1_884_690, discountPaise: 50_000, totalPaise: 1_834_690 },
    ],
    [
      'an amount discount never takes the goods below ₹0, nor the next one',
      [cable],
      {
        discounts: [
          { kind: 'amount', label: 'BIG', amountPaise: 1_000_000 },
          { kind: 'amount', label: 'MORE', amountPaise: 100 },
        ],
        shippingPaise: 4_900,
      },
      {
        discountPaise: 149_700,
        totalPaise: 4_900,
        discounts: [
          { kind: 'amount', label: 'BIG', amountPaise: 149_700 },
          { kind: 'amount', label: 'MORE', amountPaise: 0 },
        ],
      },
    ],
    [
      'a percentage is taken of what the goods cost, rounded down to the paisa',
      [phone, cable],
      { discounts: [{ kind: 'percent', label: 'DIWALI10', percentBp: 1000 }] },
      { subtotalPaise: 1_884_690, discountPaise: 188_469, totalPaise: 1_696_221 },
    ],
    [
      'a percentage stops at its cap',
      [phone, cable],
      { discounts: [{ kind: 'percent', label: 'TEN', percentBp: 1000, capPaise: 150_000 }] },
      { discountPaise: 150_000, discounts: [{ kind: 'amount', label: 'TEN', amountPaise: 150_000 }] },
    ],
    [
      'a percentage of some lines only (a category code): the other lines keep their price',
      [phone, cable],
      { discounts: [{ kind: 'percent', label: 'CABLES', percentBp: 2000, lines: [1] }] },
      {
        discountPaise: 29_940,
        lines: [
          expect.objectContaining({ discountPaise: 0, netPaise: 1_734_990 }),
          expect.objectContaining({ discountPaise: 29_940, netPaise: 119_760 }),
        ],
        discounts: [{ kind: 'amount', label: 'CABLES', amountPaise: 29_940, lines: [1] }],
      },
    ],
    [
      'an amount on some lines is at most what those lines cost',
      [phone, cable],
      { discounts: [{ kind: 'amount', label: 'CABLE500', amountPaise: 500_000, lines: [1] }] },
      { discountPaise: 149_700, totalPaise: 1_734_990 },
    ],
    [
      'a second percentage is taken of what is left after the first discount',
      [cable],
      {
        discounts: [
          { kind: 'amount', label: 'FLAT', amountPaise: 49_700 },
          { kind: 'percent', label: 'HALF', percentBp: 5000 },
        ],
      },
      { discountPaise: 99_700, totalPaise: 50_000 },
    ],
    [
      'buy 2 get 1: the cheapest unit of the lines it applies to is free',
      [
        { pricePaise: 59_900, originalPaise: 59_900, qty: 2 },
        { pricePaise: 39_900, originalPaise: 39_900, qty: 1 },
        phone,
      ],
      { discounts: [{ kind: 'free_units', label: 'Buy 2 cases, get 1 free', units: 1, lines: [0, 1] }] },
      {
        discountPaise: 39_900,
        discounts: [{ kind: 'amount', label: 'Buy 2 cases, get 1 free', amountPaise: 39_900, lines: [0, 1] }],
      },
    ],
    [
      '100 % off and free shipping: the goods cost ₹0, the COD fee is still charged',
      [cable],
      {
        shippingPaise: 4_900,
        codFeePaise: 2_500,
        discounts: [
          { kind: 'percent', label: 'ALL', percentBp: 10_000 },
          { kind: 'free_shipping', label: 'SHIP' },
        ],
      },
      { discountPaise: 149_700, shippingPaise: 0, totalPaise: 2_500 },
    ],
  ])('%s', (_name, lines, context, want) => {
    expect(priceOrder(lines, context)).toMatchObject(want);
  });

  it('shares an amount discount over the lines in proportion, in whole paise that add up', () => {
    const priced = priceOrder(
      [
        { ...cable, qty: 1 },
        { ...cable, qty: 1 },
        { ...cable, qty: 1 },
      ],
      {
        discounts: [{ kind: 'amount', label: 'TEN', amountPaise: 1_000 }],
      },
    );
    // 1000 / 3 = 333.33…: the first line (ties go to the earlier one) takes the odd paisa.
    expect(priced.lines.map((l) => l.discountPaise)).toEqual([334, 333, 333]);
    expect(priced.lines.map((l) => l.netPaise)).toEqual([49_566, 49_567, 49_567]);
  });

  it.each([
    [
      'intra-state: CGST and SGST equal, the odd paisa in the taxable value',
      true,
      { taxablePaise: 8_474, cgstPaise: 763, sgstPaise: 763, igstPaise: 0 },
    ],
    ['inter-state: all IGST', false, { taxablePaise: 8_475, cgstPaise: 0, sgstPaise: 0, igstPaise: 1_525 }],
  ])('%s', (_name, intraState, tax) => {
    const priced = priceOrder([{ pricePaise: 10_000, originalPaise: 10_000, qty: 1 }], { intraState });
    expect(priced.lines[0]!.tax).toEqual(tax);
    expect(priced.tax).toEqual(tax);
  });

  it('splits each line at its own rate and the charges at 18 %', () => {
    const priced = priceOrder([book, { ...cable, qty: 1 }], { shippingPaise: 5_900, intraState: false });
    expect(priced.lines.map((l) => l.tax.igstPaise)).toEqual([476, 7_612]);
    expect(priced.chargesTax).toEqual({ taxablePaise: 5_000, cgstPaise: 0, sgstPaise: 0, igstPaise: 900 });
  });

  it.each([
    [[{ ...cable, qty: 0 }], {}],
    [[{ ...cable, qty: 1.5 }], {}],
    [[{ ...cable, pricePaise: 49_900.5 }], {}],
    [[cable], { shippingPaise: -1 }],
    [[cable], { codFeePaise: 0.5 }],
  ])(
    'refuses amounts that are not whole paise or quantities that are not whole units: %j %j',
    (lines, context) => {
      expect(() => priceOrder(lines, context)).toThrow(RangeError);
    },
  );

  it('prices a placed order from its snapshots: the unit price sold at is the price', () => {
    const priced = priceSnapshot(
      [
        { unitPaise: 2_250_050, unitOriginalPaise: 2_750_050, qty: 2 },
        { unitPaise: 29_999, qty: 3, gstRateBp: 1200 },
      ],
      { intraState: false },
    );
    expect(priced).toMatchObject({
      subtotalPaise: 4_590_097,
      savingsPaise: 1_000_000,
      totalPaise: 4_590_097,
    });
    expect(priced.lines.map((l) => l.netPaise)).toEqual([4_500_100, 89_997]);
    expect(priced.lines[1]!.tax).toEqual({
      taxablePaise: 80_354,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 9_643,
    });
  });

  const line = fc.record({
    pricePaise: fc.integer({ min: 0, max: 50_000_000 }),
    originalPaise: fc.integer({ min: 0, max: 50_000_000 }),
    colorAdjPaise: fc.integer({ min: 0, max: 1_000_000 }),
    memoryAdjPaise: fc.integer({ min: 0, max: 1_000_000 }),
    overridePaise: fc.option(fc.integer({ min: 0, max: 50_000_000 })),
    qty: fc.integer({ min: 1, max: 99 }),
    gstRateBp: fc.constantFrom(0, 500, 1200, 1800, 2800),
  });
  const discount: fc.Arbitrary<Discount> = fc.oneof(
    fc.record({
      kind: fc.constant('amount' as const),
      label: fc.constant('A'),
      amountPaise: fc.nat(10_000_000),
    }),
    fc.constant({ kind: 'free_shipping' as const, label: 'F' }),
    fc.record({
      kind: fc.constant('percent' as const),
      label: fc.constant('P'),
      percentBp: fc.integer({ min: 0, max: 10_000 }),
      capPaise: fc.option(fc.nat(1_000_000)),
      lines: fc.option(fc.uniqueArray(fc.nat(7), { maxLength: 4 }), { nil: undefined }),
    }),
    fc.record({
      kind: fc.constant('free_units' as const),
      label: fc.constant('U'),
      units: fc.nat(5),
      lines: fc.option(fc.uniqueArray(fc.nat(7), { maxLength: 4 }), { nil: undefined }),
    }),
  );
  const context = fc.record({
    intraState: fc.boolean(),
    shippingPaise: fc.nat(100_000),
    codFeePaise: fc.nat(10_000),
    discounts: fc.array(discount, { maxLength: 3 }),
  });

  it('always adds up: lines to the subtotal, discounts to the lines, tax parts to the total', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 8 }), context, (lines, ctx) => {
        const p = priceOrder(lines, ctx);
        const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
        expect(sum(p.lines.map((l) => l.amountPaise))).toBe(p.subtotalPaise);
        expect(sum(p.lines.map((l) => l.discountPaise))).toBe(p.discountPaise);
        expect(sum(p.discounts.filter((d) => d.kind === 'amount').map((d) => d.amountPaise))).toBe(
          p.discountPaise,
        );
        expect(p.totalPaise).toBe(p.subtotalPaise - p.discountPaise + p.shippingPaise + p.codFeePaise);
        expect(p.tax.taxablePaise + p.tax.cgstPaise + p.tax.sgstPaise + p.tax.igstPaise).toBe(p.totalPaise);
        for (const l of p.lines) {
          expect(l.netPaise).toBeGreaterThanOrEqual(0);
          expect(l.tax.taxablePaise + l.tax.cgstPaise + l.tax.sgstPaise + l.tax.igstPaise).toBe(l.netPaise);
          expect(Math.abs(l.tax.cgstPaise - l.tax.sgstPaise)).toBeLessThanOrEqual(1);
          if (!ctx.intraState) expect(l.tax.cgstPaise + l.tax.sgstPaise).toBe(0);
        }
        expect(p.totalPaise).toBeGreaterThanOrEqual(0);
        expect(p.savingsPaise).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('prices a placed order the same again from its lines and the discounts as applied', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 8 }), context, (lines, ctx) => {
        const p = priceOrder(lines, ctx);
        const again = priceSnapshot(
          p.lines.map((l) => ({ unitPaise: l.unitPaise, qty: l.qty, gstRateBp: l.gstRateBp })),
          { ...ctx, discounts: p.discounts },
        );
        expect(again.lines.map((l) => l.netPaise)).toEqual(p.lines.map((l) => l.netPaise));
        expect(again.totalPaise).toBe(p.totalPaise);
      }),
    );
  });
});
