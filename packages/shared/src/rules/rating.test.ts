import { describe, expect, it } from 'vitest';
import { averageRating } from './rating';

describe('averageRating', () => {
  it.each([
    [0, 0, 0],
    [5, 1, 5],
    [17, 4, 4.3],
    [47, 12, 3.9],
    [9, 2, 4.5],
    [1, 3, 0.3],
  ])('sum %i of %i reviews → %d', (sum, count, avg) => {
    expect(averageRating(sum, count)).toBe(avg);
  });
});
