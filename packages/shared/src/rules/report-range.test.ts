import { describe, expect, it } from 'vitest';
import { bucketOf, bucketsOf, changePercent, reportRange } from './report-range';

// 29 Nov 2026, 10:00 in India (04:30 UTC).
const NOW = new Date('2026-11-29T04:30:00Z');
const ok = (q: Parameters<typeof reportRange>[0], now = NOW) => {
  const r = reportRange(q, now);
  if ('error' in r) throw new Error(r.error);
  return r;
};
const error = (q: Parameters<typeof reportRange>[0]) => {
  const r = reportRange(q, NOW);
  return 'error' in r ? r.error : null;
};

describe('reportRange (calendar days in Asia/Kolkata)', () => {
  it.each([
    ['today', '2026-11-29', '2026-11-29', 1, '2026-11-28', '2026-11-28'],
    ['7d', '2026-11-23', '2026-11-29', 7, '2026-11-16', '2026-11-22'],
    ['30d', '2026-10-31', '2026-11-29', 30, '2026-10-01', '2026-10-30'],
    ['90d', '2026-09-01', '2026-11-29', 90, '2026-06-03', '2026-08-31'],
    ['this_month', '2026-11-01', '2026-11-29', 29, '2026-10-03', '2026-10-31'],
    ['last_month', '2026-10-01', '2026-10-31', 31, '2026-08-31', '2026-09-30'],
  ] as const)(
    '%s: %s to %s (%i days), compared with %s to %s',
    (period, first, last, days, pFirst, pLast) => {
      const r = ok({ period });
      expect([r.firstDay, r.lastDay, r.days, r.previous.firstDay, r.previous.lastDay]).toEqual([
        first,
        last,
        days,
        pFirst,
        pLast,
      ]);
    },
  );

  it('starts and ends days at midnight in India (18:30 UTC the day before)', () => {
    const r = ok({ period: 'today' });
    expect(r.from.toISOString()).toBe('2026-11-28T18:30:00.000Z');
    expect(r.to.toISOString()).toBe('2026-11-29T18:30:00.000Z');
    // 23:59 on 28 Nov UTC is already 29 Nov in India.
    expect(ok({ period: 'today' }, new Date('2026-11-28T19:00:00Z')).firstDay).toBe('2026-11-29');
  });

  it('takes last month across a year and a leap February', () => {
    expect(ok({ period: 'last_month' }, new Date('2027-01-10T06:00:00Z'))).toMatchObject({
      firstDay: '2026-12-01',
      lastDay: '2026-12-31',
    });
    expect(ok({ period: 'last_month' }, new Date('2028-03-05T06:00:00Z'))).toMatchObject({
      firstDay: '2028-02-01',
      lastDay: '2028-02-29',
      days: 29,
    });
  });

  it('accepts a custom period of days up to today and at most 5 years', () => {
    expect(ok({ period: 'custom', from: '2026-11-01', to: '2026-11-29' }).days).toBe(29);
    expect(ok({ period: 'custom', from: '2021-11-30', to: '2026-11-29' }).days).toBe(1826);
  });

  it('refuses a custom period ending before it starts, in the future, or over 5 years, in words', () => {
    expect(error({ period: 'custom', from: '2026-11-10', to: '2026-11-01' })).toBe(
      'The period ends (1 Nov 2026) before it starts (10 Nov 2026): choose an end on or after the start.',
    );
    expect(error({ period: 'custom', from: '2026-11-01', to: '2026-11-30' })).toBe(
      'The period ends in the future (30 Nov 2026): choose days up to today (29 Nov 2026).',
    );
    expect(error({ period: 'custom', from: '2021-11-29', to: '2026-11-29' })).toBe(
      'The period is longer than 5 years: choose a start on or after 30 Nov 2021.',
    );
    expect(error({ period: 'custom', from: '2026-11-01' })).toMatch(/both the first and the last day/);
  });

  it('groups by day up to 31 days, by week up to 26 weeks, then by month, unless told', () => {
    expect(ok({ period: '30d' }).groupBy).toBe('day');
    expect(ok({ period: '90d' }).groupBy).toBe('week');
    expect(ok({ period: 'custom', from: '2025-11-30', to: '2026-11-29' }).groupBy).toBe('month');
    expect(ok({ period: '7d', groupBy: 'month' }).groupBy).toBe('month');
  });
});

describe('buckets', () => {
  it('puts a day in its Monday-to-Sunday week and its month', () => {
    expect(bucketOf('2026-11-29', 'week')).toBe('2026-11-23'); // a Sunday
    expect(bucketOf('2026-11-23', 'week')).toBe('2026-11-23'); // a Monday
    expect(bucketOf('2026-11-29', 'month')).toBe('2026-11-01');
  });

  it('lists every bucket of a period, empty ones too', () => {
    expect(bucketsOf('2026-11-27', '2026-11-29', 'day')).toEqual(['2026-11-27', '2026-11-28', '2026-11-29']);
    expect(bucketsOf('2026-11-20', '2026-11-29', 'week')).toEqual(['2026-11-16', '2026-11-23']);
    expect(bucketsOf('2026-11-15', '2027-01-02', 'month')).toEqual([
      '2026-11-01',
      '2026-12-01',
      '2027-01-01',
    ]);
  });

  it('gives the change in per cent, or null without a base', () => {
    expect(changePercent(150, 100)).toBe(50);
    expect(changePercent(1, 3)).toBe(-66.7);
    expect(changePercent(5, 0)).toBeNull();
  });
});
