/**
 * The price of one unit with the options chosen (product.md: a cart line's unit price includes them).
 * - the product's price plus the chosen colour's and memory size's adjustments, summed in paise
 * - never clamped: a product whose options could bring a price below zero is refused when it is saved
 *   (lowestOptionPrice), so the product page, the cart and the order always agree
 */
export function unitPrice(base: number, colorAdj = 0, memoryAdj = 0): number {
  return (Math.round(base * 100) + Math.round(colorAdj * 100) + Math.round(memoryAdj * 100)) / 100;
}

/**
 * The lowest unit price any choice of options gives: the price with the lowest colour adjustment and the lowest
 * memory adjustment (0 when there are none to choose from). A product is refused when this is below zero.
 */
export function lowestOptionPrice(
  price: number,
  colorAdjs: readonly number[] = [],
  memoryAdjs: readonly number[] = [],
): number {
  const lowest = (adjs: readonly number[]) => (adjs.length ? Math.min(...adjs) : 0);
  return unitPrice(price, lowest(colorAdjs), lowest(memoryAdjs));
}
