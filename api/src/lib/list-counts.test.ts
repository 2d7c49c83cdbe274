import { describe, expect, it } from 'vitest';
import { nearerEnd } from './list-counts';

describe('nearerEnd', () => {
  it.each([
    // offset, limit, total → read
    [0, 50, 100_000, { offset: 0, limit: 50, reversed: false }],
    [49_950, 50, 100_000, { offset: 49_950, limit: 50, reversed: false }],
    [50_000, 50, 100_000, { offset: 49_950, limit: 50, reversed: true }],
    [99_950, 50, 100_000, { offset: 0, limit: 50, reversed: true }],
    // the last page, short: its 20 rows are the first 20 from the end
    [99_980, 50, 100_000, { offset: 0, limit: 20, reversed: true }],
    [100_000, 50, 100_000, { offset: 100_000, limit: 0, reversed: false }],
    [0, 50, 0, { offset: 0, limit: 0, reversed: false }],
    [2, 2, 5, { offset: 1, limit: 2, reversed: true }],
  ])('offset %i, limit %i of %i', (offset, limit, total, read) => {
    expect(nearerEnd(offset, limit, total)).toEqual(read);
  });

  it('reads exactly the rows of the page asked, for every page of small lists', () => {
    for (let total = 0; total <= 12; total++)
      for (const limit of [1, 2, 3, 5])
        for (let offset = 0; offset <= total + limit; offset += limit) {
          const all = Array.from({ length: total }, (_, i) => i);
          const want = all.slice(offset, offset + limit);
          const r = nearerEnd(offset, limit, total);
          const got = r.reversed
            ? [...all]
                .reverse()
                .slice(r.offset, r.offset + r.limit)
                .reverse()
            : all.slice(r.offset, r.offset + r.limit);
          expect(got, `${offset}/${limit}/${total}`).toEqual(want);
        }
  });
});
