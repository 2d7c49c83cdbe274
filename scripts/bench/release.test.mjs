// Covers the "vs release" column of `npm run bench`: each figure ÷ its release value, marked only when it moved more
// than 10 % in its own bad direction (times and latency ratios up, rates, scores and rate ratios down).
import { describe, expect, it } from 'vitest';
import { vsRelease } from './release.mjs';

const release = {
  'api.list.ratio': 0.8,
  'api.list.p99_ms': 10,
  'orders.per_s': 200,
  'reports.30d.p99_ratio': 2,
  'catalog.import.apply_s': 70,
  'lighthouse.home.performance': 100,
  'orders.oversold': 0,
};

describe('vsRelease', () => {
  it.each([
    // name, unit, value now, text, worse
    ['api.list.ratio', 'ratio', 0.8, '1.00', false],
    ['api.list.ratio', 'ratio', 0.73, '0.91', false],
    ['api.list.ratio', 'ratio', 0.68, '0.85 ▼', true],
    ['api.list.ratio', 'ratio', 1.2, '1.50', false],
    ['api.list.p99_ms', 'ms', 11.5, '1.15 ▲', true],
    ['api.list.p99_ms', 'ms', 5, '0.50', false],
    ['orders.per_s', 'orders/s', 150, '0.75 ▼', true],
    ['reports.30d.p99_ratio', 'ratio', 2.4, '1.20 ▲', true],
    ['reports.30d.p99_ratio', 'ratio', 1.5, '0.75', false],
    ['catalog.import.apply_s', 's', 90, '1.29 ▲', true],
    ['lighthouse.home.performance', 'score', 88, '0.88 ▼', true],
    ['orders.oversold', 'units', 0, '=', false],
    ['orders.oversold', 'units', 3, 'was 0', true],
    ['api.detail.ratio', 'ratio', 0.7, '—', false],
  ])('%s %s: %s against the release reads %s', (name, unit, value, text, worse) => {
    expect(vsRelease({ name, unit, value }, release)).toEqual({ text, worse });
  });
});
