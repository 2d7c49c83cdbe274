import { describe, expect, it } from 'vitest';
import {
  amountInWords,
  apportion,
  financialYear,
  GST_STATES,
  gstState,
  isoStateCode,
  isValidGstin,
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

  it('adds up to every amount exactly, whatever the rate, odd paise included', () => {
    for (const rateBp of [0, 500, 1200, 1800, 2800])
      for (const amountPaise of [1, 2, 99, 101, 12_345, 149_950, 9_999_999]) {
        for (const intra of [true, false]) {
          const [l] = splitGst([{ amountPaise, rateBp }], intra);
          expect(l!.taxablePaise + l!.cgstPaise + l!.sgstPaise + l!.igstPaise).toBe(amountPaise);
          expect(Math.abs(l!.cgstPaise - l!.sgstPaise)).toBeLessThanOrEqual(1);
        }
      }
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
