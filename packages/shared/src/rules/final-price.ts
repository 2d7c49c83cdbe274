/**
 * Final (selling) price from the original price and a discount percentage (docs/api.md, Conventions).
 * - finalPrice = floor(originalPrice × (1 − discountPercentage / 100)), in whole rupees
 * - computed in integer arithmetic on paise so that binary fractions never round the wrong way
 * - discount is clamped to 0…100; a negative or non-finite price gives 0
 */
export function finalPrice(originalPrice: number, discountPercentage: number): number {
  return finalPricePaise(Math.round(originalPrice * 100), discountPercentage) / 100;
}

/** The same rule on paise: returns paise (always a whole number of rupees × 100). */
export function finalPricePaise(originalPaise: number, discountPercentage: number): number {
  if (!Number.isFinite(originalPaise) || originalPaise <= 0) return 0;
  const d = Number.isFinite(discountPercentage) ? Math.min(100, Math.max(0, discountPercentage)) : 0;
  const hundredths = Math.round(d * 100); // discount in 1/100 of a percent
  // rupees = floor(paise × (10000 − hundredths) / 10000 / 100)
  const rupees = Math.floor((originalPaise * (10000 - hundredths)) / 1_000_000);
  return rupees * 100;
}
