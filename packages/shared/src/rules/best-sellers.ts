export interface PricedItem {
  originalPrice: number;
  finalPrice: number;
}

/**
 * Best sellers (the storefront's home page list).
 * - the top 5 items by discount amount (originalPrice − finalPrice), largest first
 * - ties keep their input order (stable sort)
 * - the input is not modified
 */
export function bestSellers<T extends PricedItem>(items: readonly T[], count = 5): T[] {
  return [...items]
    .sort((a, b) => b.originalPrice - b.finalPrice - (a.originalPrice - a.finalPrice))
    .slice(0, count);
}

/**
 * The SAVE badge amount: the saving when originalPrice exceeds finalPrice, else null (no badge).
 */
export function saveAmount(item: PricedItem): number | null {
  const saving = Math.round((item.originalPrice - item.finalPrice) * 100) / 100;
  return saving > 0 ? saving : null;
}
