import type { ProductSummary } from '@voltcart/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../lib/api', async () => (await import('../testing/api-mock')).apiMock({ cart: {} }));
vi.mock('../config/env', () => ({ env: () => ({ apiUrl: 'http://api.test' }) }));

import { useCart } from '../stores/cart-store';
import { button, cleanup, click, render } from '../testing/render';
import { ProductCard } from './product-card';

const product: ProductSummary = {
  _id: '12',
  name: 'OnePlus 12R',
  slug: 'oneplus-12r',
  sku: null,
  brand: 'OnePlus',
  originalPrice: 42999,
  discountPercentage: 7,
  finalPrice: 39989,
  thumbnail: 'p12.webp',
  stock: 4,
  inStock: true,
  status: true,
  topSelling: false,
  categoryId: '1',
  categoryName: 'Phones',
  categorySlug: 'phones',
};

beforeEach(() => {
  localStorage.clear();
  useCart.setState({ items: [], count: 0, finalTotal: 0, originalTotal: 0 });
});
afterEach(cleanup);

describe('ProductCard', () => {
  it('shows name, final price, struck original, stock, FREE SHIPPING and the small image, lazily, with its size', async () => {
    const { container } = await render(<ProductCard product={product} />);
    expect(container.textContent).toContain('OnePlus 12R');
    expect(container.querySelector('.price__final')?.textContent).toBe('₹39,989');
    expect(container.querySelector('s')?.textContent).toBe('₹42,999');
    expect(container.textContent).toContain('In stock');
    expect(container.textContent).toContain('FREE SHIPPING');
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('http://api.test/images/product/sm/p12.webp');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('width')).toBe('240');
    expect(img.getAttribute('height')).toBe('240');
    expect(container.querySelector('a[href="/product/12"]')).not.toBeNull();
  });

  it('Add to Cart puts one unit in the cart', async () => {
    const { container } = await render(<ProductCard product={product} />);
    await click(button(container, 'Add to Cart'));
    expect(useCart.getState().items).toMatchObject([
      { productId: '12', qty: 1, unitPrice: 39989, unitOriginalPrice: 42999 },
    ]);
  });

  it.each([
    [{ stock: 0 }, 'Out of stock'],
    [{ inStock: false }, 'Out of stock'],
  ])('has no Add to Cart when %j', async (change, label) => {
    const { container } = await render(<ProductCard product={{ ...product, ...change }} />);
    expect(container.textContent).toContain(label);
    expect(container.textContent).not.toContain('Add to Cart');
  });

  it('shows the SAVE badge only when asked and only when the original price is higher', async () => {
    const a = await render(<ProductCard product={product} showSave />);
    expect(a.container.querySelector('.badge--save')?.textContent).toBe('SAVE ₹3,010');
    cleanup();
    const b = await render(
      <ProductCard product={{ ...product, finalPrice: 42999, discountPercentage: 0 }} showSave />,
    );
    expect(b.container.textContent).not.toContain('SAVE');
  });

  it('falls back to a placeholder when the image fails', async () => {
    const { container } = await render(<ProductCard product={product} />);
    const img = container.querySelector('img')!;
    img.dispatchEvent(new Event('error'));
    expect(img.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  });
});
