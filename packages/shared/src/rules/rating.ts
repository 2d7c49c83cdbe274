/**
 * A product's average rating as shops show it:
 * - the mean of the approved reviews' stars, rounded to one decimal (4.25 → 4.3)
 * - 0 when there are no reviews (shown as "No reviews yet", never as 0 stars)
 */
export function averageRating(starsSum: number, count: number): number {
  if (count <= 0) return 0;
  return Math.round((starsSum / count) * 10) / 10;
}

/** The store's "4★ & above" filter and its kin: products whose average is at least this many stars. */
export const MIN_RATINGS = [4, 3] as const;
