import { describe, expect, it } from 'vitest';
import { msUntilMidnight, splitDuration } from './countdown';

describe('deals countdown', () => {
  it('counts down to the next local midnight', () => {
    expect(msUntilMidnight(new Date(2026, 0, 5, 23, 59, 30))).toBe(30_000);
    expect(msUntilMidnight(new Date(2026, 0, 5, 0, 0, 0))).toBe(24 * 3600_000);
  });

  it('splits milliseconds into hours, minutes and seconds', () => {
    expect(splitDuration((5 * 3600 + 7 * 60 + 9) * 1000 + 999)).toEqual({ hours: 5, minutes: 7, seconds: 9 });
    expect(splitDuration(-5)).toEqual({ hours: 0, minutes: 0, seconds: 0 });
  });
});
