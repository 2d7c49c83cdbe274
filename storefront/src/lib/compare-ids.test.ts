import { describe, expect, it } from 'vitest';
import { readCompareIds } from './shopper-queries';

describe('readCompareIds', () => {
  it.each([
    [null, []],
    ['', []],
    ['3, 1,3,,2', ['3', '1', '2']],
    ['1,2,3,4,5', ['1', '2', '3', '4']],
    ['pixel-9,<b>', ['pixel-9']],
  ])('%j → %j', (v, ids) => {
    expect(readCompareIds(v)).toEqual(ids);
  });
});
