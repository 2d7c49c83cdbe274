import { describe, expect, it } from 'vitest';
import { csvDate, returnDate } from './gstr1';

describe('dates as the GST files write them (India time)', () => {
  it.each([
    ['2026-09-01T00:00:00+05:30', '01-Sep-2026', '01-09-2026'],
    ['2026-09-30T18:30:00Z', '01-Oct-2026', '01-10-2026'],
    ['2026-09-30T18:29:59Z', '30-Sep-2026', '30-09-2026'],
    ['2027-03-31T12:00:00Z', '31-Mar-2027', '31-03-2027'],
  ])('%s: %s in the CSV files, %s in the JSON', (at, csv, json) => {
    expect(csvDate(at)).toBe(csv);
    expect(returnDate(at)).toBe(json);
  });
});
