import { describe, expect, it } from 'vitest';
import {
  amountInWords,
  apportion,
  b2clThresholdOn,
  financialYear,
  GST_STATES,
  gstinProblem,
  gstPeriod,
  gstSlabsOn,
  gstState,
  HSN_PATTERN,
  isGstSlab,
  isoStateCode,
  isValidGstin,
  needsEwayBill,
  splitGst,
} from './gst';

describe('GSTIN', () => {
  it.each([
    ['29AAGCB7383J1Z4', true],
    ['27AAPFU0939F1ZV', true],
    ['29aagcb7383j1z4', true],
    ['29AAGCB7383J1Z5', false], // wrong check character
    ['99AAGCB7383J1Z4', false], // no such state
    ['29AAGCB7383J1Y4', false], // 14th character must be Z
    ['29AAGCB7383J1Z', false],
    ['', false],
  ])('%s is valid: %s', (gstin, valid) => {
    expect(isValidGstin(gstin)).toBe(valid);
  });
});

describe('what is wrong with a GSTIN', () => {
  it.each([
    ['29AAGCB7383J1Z4', undefined, null],
    ['29aagcb7383j1z4', '29', null], // typed in lower case: read as capitals
    [' 27AAPFU0939F1ZV ', '27', null],
    ['29AAGCB7383J1Z5', undefined, /check character/],
    ['29AAGCB7383J1Z', undefined, /15 characters/],
    ['29AAGCB7383J1Z44', undefined, /15 characters/],
    ['29AAGC17383J1Z4', undefined, /PAN/],
    ['29AAGCB7383J0Z4', undefined, /PAN/], // entity number 0
    ['29AAGCB7383J1Y4', undefined, /PAN/], // 14th character must be Z
    ['99AAGCB7383J1Z4', undefined, /99, which is no Indian state/],
    ['25AAGCB7383J1Z4', undefined, /25, which is no Indian state/], // Daman and Diu's old code, merged into 26
    ['29AAGCB7383J1Z4', '27', /belongs to Karnataka \(29\), not Maharashtra \(27\)/],
  ])('%s for state %s → %s', (gstin, stateCode, problem) => {
    const got = gstinProblem(gstin, stateCode);
    if (problem === null) expect(got).toBeNull();
    else expect(got).toMatch(problem);
  });

  it('knows every state of the table, and accepts a checked GSTIN of each', () => {
    for (const [name, code] of Object.entries(GST_STATES)) {
      const first14 = `${code}AAGCB7383J1Z`;
      const valid = ['0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ']
        .flatMap((chars) => [...chars])
        .map((c) => first14 + c)
        .filter((g) => gstinProblem(g) === null);
      expect(valid, name).toHaveLength(1);
      expect(gstinProblem(valid[0]!, code)).toBeNull();
    }
  });
});

describe('GST slabs (dated)', () => {
  it.each([
    ['2025-09-21T12:00:00+05:30', 1200, true],
    ['2025-09-21T12:00:00+05:30', 4000, false],
    ['2025-09-22T00:00:00+05:30', 1200, false], // slabs of 22 Sep 2025: 0, 0.25, 3, 5, 18, 40 %
    ['2025-09-21T19:00:00Z', 4000, true], // already 22 Sep in India
    ['2026-11-29T10:00:00Z', 1800, true],
    ['2026-11-29T10:00:00Z', 500, true],
    ['2026-11-29T10:00:00Z', 2800, false],
    ['2026-11-29T10:00:00Z', 1900, false],
    ['2026-11-29T10:00:00Z', 0, true],
  ])('on %s, %i bp is a slab: %s', (at, rateBp, slab) => {
    expect(isGstSlab(rateBp, new Date(at))).toBe(slab);
  });
  it('has a slab list for every day since GST began', () => {
    expect(gstSlabsOn(new Date('2017-07-01T00:00:00+05:30'))).toContain(2800);
  });
});

describe('HSN code', () => {
  it.each([
    ['8517', true],
    ['851713', true],
    ['85171300', true],
    ['851', false],
    ['851713001', false],
    ['85171', false],
    ['8517130A', false],
    ['', false],
  ])('%s is an HSN code: %s', (hsn, ok) => {
    expect(HSN_PATTERN.test(hsn)).toBe(ok);
  });
});

describe('GST state of an address', () => {
  it.each([
    ['Karnataka', '29'],
    ['  tamil nadu ', '33'],
    ['Jammu & Kashmir', '01'],
    ['New Delhi', '07'],
    ['Orissa', '21'],
  ])('%s → %s', (state, code) => {
    expect(gstState(state)?.code).toBe(code);
  });
  it.each([
    ['KA', '29'],
    ['wb', '19'],
    ['IN-KA', '29'],
    ['OD', '21'],
    ['OR', '21'],
    ['CG', '22'],
    ['CT', '22'],
    ['UK', '05'],
    ['UT', '05'],
    ['TS', '36'],
    ['TG', '36'],
    ['DH', '26'],
    ['29', '29'],
    ['7', '07'],
  ])('ISO or GST code %s → %s', (state, code) => {
    expect(gstState(state)?.code).toBe(code);
  });
  it('is null for a place that is not an Indian state', () => {
    expect(gstState('Bavaria')).toBeNull();
    expect(gstState('Raj')).toBeNull();
    expect(gstState('Karnatka')).toBeNull();
    expect(gstState('XX')).toBeNull();
    expect(gstState('25')).toBeNull();
    expect(gstState('99')).toBeNull();
  });
  it('gives every state and union territory a current ISO code', () => {
    for (const code of Object.values(GST_STATES)) expect(isoStateCode(code)).toMatch(/^[A-Z]{2}$/);
  });
});

describe('financial year', () => {
  it.each([
    ['2026-04-01T00:00:00+05:30', '2026-27'],
    ['2026-03-31T23:59:59+05:30', '2025-26'],
    ['2026-03-31T19:00:00Z', '2026-27'], // already 1 April in India
    ['2027-12-31T12:00:00Z', '2027-28'],
    ['2099-06-01T00:00:00Z', '2099-00'],
  ])('%s is in %s', (at, fy) => {
    expect(financialYear(new Date(at))).toBe(fy);
  });
});

describe('splitGst', () => {
  it('splits an 18 % inclusive price within the state into CGST + SGST that add up exactly', () => {
    const [l] = splitGst([{ amountPaise: 118_000, rateBp: 1800 }], true);
    expect(l).toEqual({ taxablePaise: 100_000, cgstPaise: 9000, sgstPaise: 9000, igstPaise: 0 });
  });

  it('puts the whole tax in IGST for another state', () => {
    const [l] = splitGst([{ amountPaise: 99_999, rateBp: 1800 }], false);
    expect(l!.taxablePaise + l!.igstPaise).toBe(99_999);
    expect(l).toMatchObject({ taxablePaise: 84_745, igstPaise: 15_254, cgstPaise: 0, sgstPaise: 0 });
  });

  it('adds up to every amount exactly, whatever the rate, odd paise included, CGST always equal to SGST', () => {
    for (const rateBp of [0, 25, 300, 500, 1200, 1800, 2800, 4000])
      for (const amountPaise of [1, 2, 3, 99, 101, 12_345, 149_950, 9_999_999]) {
        for (const intra of [true, false]) {
          const [l] = splitGst([{ amountPaise, rateBp }], intra);
          expect(l!.taxablePaise + l!.cgstPaise + l!.sgstPaise + l!.igstPaise).toBe(amountPaise);
          expect(l!.cgstPaise).toBe(l!.sgstPaise);
          // the tax is within a paisa (and a hair: rate / 10000) of its rate on the taxable value as printed
          const exact = (l!.taxablePaise * rateBp) / 10_000;
          if (intra)
            expect(Math.abs(2 * l!.cgstPaise - exact)).toBeLessThanOrEqual(1 + rateBp / 10_000 + 1e-9);
          else expect(Math.abs(l!.igstPaise - exact)).toBeLessThanOrEqual(1);
        }
      }
  });

  // The odd-paisa rule: CGST = SGST = round(amount × rate / (2 × (10000 + rate))); the taxable value is the rest.
  it.each([
    // amount, rate bp, taxable, CGST = SGST
    [118_000, 1800, 100_000, 9_000],
    [100, 1800, 84, 8], // tax 15.25 p: 7.63 → 8 each, taxable takes the rest
    [101, 1800, 85, 8], // half the tax 7.70 p → 8; the taxable value takes the rest
    [1, 1800, 1, 0],
    [3, 1800, 3, 0], // half the tax is 0.23 p: no tax on 3 paise
    [59, 1800, 49, 5], // half the tax is 4.5 p exactly: rounds up
    [149_950, 500, 142_810, 3_570],
    [9_999_999, 2800, 7_812_499, 1_093_750],
  ])(
    '%i paise at %i bp within the state → taxable %i, CGST = SGST = %i',
    (amountPaise, rateBp, taxable, half) => {
      const [l] = splitGst([{ amountPaise, rateBp }], true);
      expect(l).toEqual({ taxablePaise: taxable, cgstPaise: half, sgstPaise: half, igstPaise: 0 });
    },
  );

  it('gives equal CGST and SGST totals over many lines (no paisa drifting to one side)', () => {
    const amounts = Array.from({ length: 500 }, (_, i) => 99_901 + i * 37);
    const split = splitGst(
      amounts.map((amountPaise) => ({ amountPaise, rateBp: 1800 })),
      true,
    );
    const cgst = split.reduce((a, l) => a + l.cgstPaise, 0);
    const sgst = split.reduce((a, l) => a + l.sgstPaise, 0);
    expect(cgst).toBe(sgst);
  });
});

describe('apportion', () => {
  it.each([
    [100, [1, 1, 1], [34, 33, 33]],
    [50_000, [299_900, 100_000], [37_497, 12_503]],
    [7, [0, 0], [7, 0]],
  ])('%i over %j → %j', (amount, weights, parts) => {
    const got = apportion(amount, weights);
    expect(got).toEqual(parts);
    expect(got.reduce((a, b) => a + b, 0)).toBe(amount);
  });
});

describe('amount in words (Indian numbering)', () => {
  it.each([
    [0, 'Rupees Zero Only'],
    [100, 'Rupees One Only'],
    [1_18_000_00, 'Rupees One Lakh Eighteen Thousand Only'],
    [12_345_678, 'Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Seventy-Eight Paise Only'],
    [
      12_34_56_789_05,
      'Rupees Twelve Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred Eighty-Nine and Five Paise Only',
    ],
    [1_000_05, 'Rupees One Thousand and Five Paise Only'],
  ])('%i paise', (paise, words) => {
    expect(amountInWords(paise)).toBe(words);
  });
});

describe('GST return period', () => {
  it.each([
    ['2026-11', '2026-10-31T18:30:00.000Z', '2026-11-30T18:30:00.000Z', '112026', 'November 2026'],
    ['2026-12', '2026-11-30T18:30:00.000Z', '2026-12-31T18:30:00.000Z', '122026', 'December 2026'],
    [
      '2026-Q1',
      '2026-03-31T18:30:00.000Z',
      '2026-06-30T18:30:00.000Z',
      '062026',
      'Q1 2026-27 (April–June 2026)',
    ],
    [
      '2026-Q4',
      '2026-12-31T18:30:00.000Z',
      '2027-03-31T18:30:00.000Z',
      '032027',
      'Q4 2026-27 (January–March 2027)',
    ],
  ])('%s → %s … %s, fp %s', (name, from, to, fp, label) => {
    expect(gstPeriod(name)).toEqual({ from: new Date(from), to: new Date(to), fp, label });
  });
  it.each(['2026-13', '2026-00', '2026-Q5', '26-11', '2016-05', 'November'])('%s is no period', (name) => {
    expect(gstPeriod(name)).toBeNull();
  });
});

describe('B2C large threshold (dated)', () => {
  it.each([
    ['2024-07-31T12:00:00+05:30', 2_50_000_00],
    ['2024-08-01T00:00:00+05:30', 1_00_000_00],
    ['2026-11-29T00:00:00Z', 1_00_000_00],
  ])('on %s: %i paise', (at, paise) => {
    expect(b2clThresholdOn(new Date(at))).toBe(paise);
  });
});

describe('e-way bill threshold', () => {
  it.each([
    [50_000_00, false],
    [50_000_01, true],
    [49_999_99, false],
    [1_50_000_00, true],
  ])('a consignment of %i paise needs one: %s', (paise, needed) => {
    expect(needsEwayBill(paise)).toBe(needed);
  });
});
