import type { Product, ProductSummary } from '@voltcart/shared';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const m = vi.hoisted(() => ({ cart: {}, catalog: { product: vi.fn() }, settings: { get: vi.fn() } }));
vi.mock('../lib/api', async () => (await import('../testing/api-mock')).apiMock(m));
vi.mock('../config/env', () => ({ env: () => ({ apiUrl: 'http://api.test' }) }));

import { useCart } from '../stores/cart-store';
import { usePincode } from '../stores/pincode-store';
import { button, cleanup, click, flush, render } from '../testing/render';
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

/** The product's page data: two colours × two memory sizes, Red 512 GB sold out; Red has its own picture. */
const detail = (over: Partial<Product> = {}): Product => ({
  ...product,
  images: [],
  colors: [
    { _id: 'b', name: 'Iron Grey', slug: 'iron-grey', hexcode: '#555', status: true, priceAdj: 0 },
    { _id: 'r', name: 'Cool Blue', slug: 'cool-blue', hexcode: '#00f', status: true, priceAdj: 0 },
  ],
  colorImages: { r: ['blue.webp'] },
  memorySizes: [256, 512],
  memoryPriceAdj: [0, 4000],
  variants: [
    ['b', 256, 2, 39989],
    ['b', 512, 1, 43989],
    ['r', 256, 1, 39989],
    ['r', 512, 0, 43989],
  ].map(([colorId, memorySize, stock, price], position) => ({
    position,
    _id: `${colorId}${memorySize}`,
    sku: `SKU-${colorId}-${memorySize}`,
    colorId: colorId as string,
    memorySize: memorySize as number,
    stock: stock as number,
    price: price as number,
    originalPrice: (price as number) + 3010,
    priceOverride: null,
    enabled: true,
  })),
  videoUrl: '',
  shortDescription: '',
  longDescription: '',
  category: null,
  ...over,
});

beforeEach(() => {
  localStorage.clear();
  usePincode.setState({ pincode: '', zone: '' });
  useCart.setState({ items: [], count: 0, finalTotal: 0, originalTotal: 0 });
  m.catalog.product.mockReset().mockResolvedValue(detail({ variants: [detail().variants![0]!] }));
  m.settings.get
    .mockReset()
    .mockResolvedValue({ freeShippingThreshold: 999, promises: [], supportHours: 'x' });
});
afterEach(cleanup);

describe('ProductCard', () => {
  it('shows the stars and the count of approved reviews, and no stars before any', async () => {
    const rated = await render(<ProductCard product={{ ...product, rating: { average: 4.3, count: 12 } }} />);
    await vi.waitFor(() =>
      expect(rated.container.querySelector('[data-testid="card-rating"]')).not.toBeNull(),
    );
    const stars = rated.container.querySelector('[data-testid="card-rating"]');
    expect(stars?.querySelector('[role="img"]')?.getAttribute('aria-label')).toBe('Rated 4.3 out of 5');
    expect(stars?.textContent).toContain('4.3(12 reviews)');
    cleanup();
    const plain = await render(<ProductCard product={product} />);
    await vi.waitFor(() => expect(plain.container.querySelector('button[aria-pressed]')).not.toBeNull());
    expect(plain.container.querySelector('[data-testid="card-rating"]')).toBeNull();
  });

  it('a guest’s heart shows this browser’s wishlist and toggles it', async () => {
    localStorage.setItem('wishlist', JSON.stringify(['12']));
    const { container } = await render(<ProductCard product={product} />);
    const find = () =>
      container.querySelector<HTMLButtonElement>('button[aria-label="Wishlist: OnePlus 12R"]');
    await vi.waitFor(() => expect(find()).not.toBeNull());
    const heart = find()!;
    await vi.waitFor(() => expect(heart.getAttribute('aria-pressed')).toBe('true'));
    await click(heart);
    await vi.waitFor(() => expect(heart.getAttribute('aria-pressed')).toBe('false'));
    expect(JSON.parse(localStorage.getItem('wishlist')!)).toEqual([]);
    await click(heart);
    await vi.waitFor(() => expect(JSON.parse(localStorage.getItem('wishlist')!)).toEqual(['12']));
  });

  it('shows name, final price, struck original, stock, FREE SHIPPING and the small image, lazily, with its size', async () => {
    const { container } = await render(<ProductCard product={product} />);
    expect(container.textContent).toContain('OnePlus 12R');
    expect(container.querySelector('.price__final')?.textContent).toBe('₹39,989');
    expect(container.querySelector('s')?.textContent).toBe('₹42,999');
    expect(container.textContent).toContain('In stock');
    await vi.waitFor(() => expect(container.textContent).toContain('FREE SHIPPING'));
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('http://api.test/images/product/sm/p12.webp');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('width')).toBe('240');
    expect(img.getAttribute('height')).toBe('240');
    expect(container.querySelector('a[href="/product/12"]')).not.toBeNull();
  });

  it('names the running offers the API sends for the product, and none without', async () => {
    const offered = { ...product, offers: ['Buy 2, get 1 free', '10% off with anything from Phones'] };
    const { container } = await render(<ProductCard product={offered} />);
    expect([...container.querySelectorAll('.product-card__offer')].map((o) => o.textContent)).toEqual([
      'Buy 2, get 1 free',
      '10% off with anything from Phones',
    ]);
    cleanup();
    const plain = await render(<ProductCard product={product} />);
    expect(plain.container.querySelector('.product-card__offer')).toBeNull();
  });

  it("says FREE SHIPPING only from the shop's threshold", async () => {
    m.settings.get.mockResolvedValue({ freeShippingThreshold: 50000, promises: [], supportHours: 'x' });
    const { container } = await render(<ProductCard product={product} />);
    await flush();
    expect(container.textContent).not.toContain('FREE SHIPPING');
  });

  it("claims FREE SHIPPING from the threshold of every zone, or of the remembered pincode's zone", async () => {
    // ₹39,989: free in the shop's zone 1 (₹999), not in zone 2 (₹50,000).
    const zones = {
      freeShippingThreshold: 999,
      freeShippingFrom: 50000,
      freeShippingZones: { '1': 999, '2': 50000 },
    };
    m.settings.get.mockResolvedValue({ ...zones, promises: [], supportHours: 'x' });
    const { container } = await render(<ProductCard product={product} />);
    await flush();
    expect(container.textContent).not.toContain('FREE SHIPPING');
    await act(async () => usePincode.getState().remember('560001', '1'));
    await vi.waitFor(() => expect(container.textContent).toContain('FREE SHIPPING'));
    await act(async () => usePincode.getState().remember('795001', '2'));
    await vi.waitFor(() => expect(container.textContent).not.toContain('FREE SHIPPING'));
  });

  it('Add to Cart puts one unit of the only variant in the cart, named', async () => {
    const { container } = await render(<ProductCard product={product} />);
    await click(button(container, 'Add to Cart'));
    await vi.waitFor(() => expect(useCart.getState().items).toHaveLength(1));
    expect(useCart.getState().items).toMatchObject([
      {
        productId: '12',
        colorId: 'b',
        colorName: 'Iron Grey',
        memorySize: 256,
        sku: 'SKU-b-256',
        qty: 1,
        unitPrice: 39989,
        unitOriginalPrice: 42999,
      },
    ]);
  });

  it('never picks between variants: the chooser opens, and adds the one chosen', async () => {
    m.catalog.product.mockResolvedValue(detail());
    const { container } = await render(<ProductCard product={product} />);
    await click(button(container, 'Add to Cart'));
    const dialog = await vi.waitFor(() => {
      const d = document.querySelector<HTMLElement>('[role="dialog"]');
      if (!d) throw new Error('no chooser yet');
      return d;
    });
    expect(useCart.getState().items).toEqual([]);
    const radios = [...dialog.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
    expect(radios.map((r) => [r.closest('label')?.textContent, r.checked, r.disabled])).toEqual([
      ['Iron Grey · 256 GB₹39,989Only 2 left', true, false],
      ['Iron Grey · 512 GB₹43,989Only 1 left', false, false],
      ['Cool Blue · 256 GB₹39,989Only 1 left', false, false],
      ['Cool Blue · 512 GB₹43,989Out of stock', false, true],
    ]);
    await click(radios[2]!);
    await click([...dialog.querySelectorAll('button')].find((b) => b.textContent === 'Add to Cart')!);
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(useCart.getState().items).toMatchObject([
      { colorId: 'r', colorName: 'Cool Blue', memorySize: 256, thumbnail: 'blue.webp', unitPrice: 39989 },
    ]);
  });

  it('adds the one sellable variant the list filters leave, without asking', async () => {
    m.catalog.product.mockResolvedValue(detail());
    const filters = { colorSlugs: ['cool-blue'], memory: [] };
    const { container } = await render(<ProductCard product={product} filters={filters} />);
    await click(button(container, 'Add to Cart'));
    await vi.waitFor(() => expect(useCart.getState().items).toHaveLength(1));
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(useCart.getState().items).toMatchObject([{ colorName: 'Cool Blue', memorySize: 256 }]);
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
