import { describe, expect, it } from 'vitest';
import { periodRange } from './report-period';

const range = (period: 'today' | '7d' | '30d', now: string, tz?: string) => {
  const r = periodRange(period, new Date(now), tz);
  return [r.from.toISOString(), r.to.toISOString()];
};

describe('periodRange (days in the shop time zone, Asia/Kolkata = UTC+05:30)', () => {
  it.each([
    // the last millisecond of 24 Nov in India, and the first of 25 Nov
    ['today', '2026-11-24T18:29:59.999Z', '2026-11-23T18:30:00.000Z', '2026-11-24T18:30:00.000Z'],
    ['today', '2026-11-24T18:30:00.000Z', '2026-11-24T18:30:00.000Z', '2026-11-25T18:30:00.000Z'],
    // 10:00 UTC is 15:30 the same day in India
    ['today', '2026-11-24T10:00:00.000Z', '2026-11-23T18:30:00.000Z', '2026-11-24T18:30:00.000Z'],
    // 7 days: today and the 6 before (19–25 Nov in India)
    ['7d', '2026-11-24T18:30:00.000Z', '2026-11-18T18:30:00.000Z', '2026-11-25T18:30:00.000Z'],
    // 30 days across a month with a leap day: 1 Mar 2028 in India and the 29 days before (1 Feb – 1 Mar)
    ['30d', '2028-03-01T06:00:00.000Z', '2028-01-31T18:30:00.000Z', '2028-03-01T18:30:00.000Z'],
    // across a year
    ['7d', '2027-01-02T00:00:00.000Z', '2026-12-26T18:30:00.000Z', '2027-01-02T18:30:00.000Z'],
  ] as const)('%s at %s → [%s, %s)', (period, now, from, to) => {
    expect(range(period, now)).toEqual([from, to]);
  });

  it('works in a zone with daylight saving time (a day of 23 hours)', () => {
    // London moved its clocks forward at 01:00 UTC on 29 Mar 2026
    expect(range('today', '2026-03-29T12:00:00.000Z', 'Europe/London')).toEqual([
      '2026-03-29T00:00:00.000Z',
      '2026-03-29T23:00:00.000Z',
    ]);
  });
});
