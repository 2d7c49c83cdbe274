// The product list's Price: the base price (Original less the discount), coherent with the Original and Disc
// columns; the variants' range under it only when they sell at other prices.
import { formatINR } from '@voltcart/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '../../testing/render';
import { PriceCell } from './price-cell';

afterEach(cleanup);

const shown = async (product: Parameters<typeof PriceCell>[0]['product']) =>
  (await render(<PriceCell product={product} />)).container.textContent;

describe('PriceCell', () => {
  it('shows the base price alone when every variant sells at it', async () => {
    expect(
      await shown({ originalPrice: 2000, discountPercentage: 10, priceRange: { min: 1800, max: 1800 } }),
    ).toBe(formatINR(1800));
  });

  it('never shows a variant price above Original as the price: the base, then the variants', async () => {
    // Original ₹1,899 with no discount; the only variant sold costs ₹3,899 (a dear colour and memory size).
    expect(
      await shown({ originalPrice: 1899, discountPercentage: 0, priceRange: { min: 3899, max: 3899 } }),
    ).toBe(`${formatINR(1899)}Variants ${formatINR(3899)}`);
  });

  it('shows the range of variants that sell at several prices', async () => {
    expect(
      await shown({ originalPrice: 30000, discountPercentage: 10, priceRange: { min: 27000, max: 32000 } }),
    ).toBe(`${formatINR(27000)}Variants ${formatINR(27000)} – ${formatINR(32000)}`);
  });
});
