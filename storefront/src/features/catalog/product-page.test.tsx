import type { Product } from '@voltcart/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const m = vi.hoisted(() => ({
  catalog: { product: vi.fn() },
  settings: { get: vi.fn() },
  review: { list: vi.fn(), mine: vi.fn(), helpful: vi.fn(), related: vi.fn() },
  stockAlert: { create: vi.fn() },
}));
vi.mock('../../lib/api', async () => (await import('../../testing/api-mock')).apiMock(m));
vi.mock('../../config/env', () => ({ env: () => ({ apiUrl: 'http://api.test' }) }));

import { ApiError } from '@voltcart/api-client/errors';
import { useCart } from '../../stores/cart-store';
import { button, cleanup, click, flush, render, submit, type } from '../../testing/render';
import { ProductPage } from './product-page';

const product: Product = {
  _id: '21',
  name: 'Pixel 9',
  slug: 'pixel-9',
  sku: 'VC-PHN-21',
  brand: 'Google',
  originalPrice: 79999,
  discountPercentage: 10,
  finalPrice: 71999,
  thumbnail: 'pixel.webp',
  images: ['pixel-2.webp'],
  stock: 8,
  inStock: true,
  status: true,
  topSelling: false,
  categoryId: '1',
  categoryName: 'Phones',
  categorySlug: 'phones',
  category: { _id: '1', name: 'Phones', slug: 'phones' },
  colors: [
    { _id: '5', name: 'Obsidian', slug: 'obsidian', hexcode: '#222222', status: true, priceAdj: 0 },
    { _id: '6', name: 'Peony', slug: 'peony', hexcode: '#f4b6c2', status: true, priceAdj: 1000 },
  ],
  memorySizes: [128, 256],
  memoryPriceAdj: [0, 10000],
  videoUrl: '',
  shortDescription: 'Tensor G4\n- 50 MP camera',
  longDescription: 'A great phone.',
};

const price = (c: HTMLElement) => c.querySelector('[data-testid="product-price"]')?.textContent;

async function page(id = '21') {
  const r = await render(<ProductPage />, { path: `/product/${id}`, pattern: '/product/:id' });
  await flush();
  return r;
}

beforeEach(() => {
  localStorage.clear();
  useCart.setState({ items: [], count: 0, finalTotal: 0, originalTotal: 0 });
  m.catalog.product.mockReset().mockResolvedValue(product);
  m.settings.get.mockReset().mockResolvedValue(settings());
  m.review.list.mockReset().mockResolvedValue({ reviews: [], hasMore: false, total: 0, rating: noRating });
  m.review.related.mockReset().mockResolvedValue([]);
});

/** The gateway's plans when EMI is on: 12 months at no cost from ₹50,000, 6 months at 12 % from ₹3,000. */
const plans = [
  { bank: 'HDFC', months: 6, interestPct: 12, minPaise: 3000_00 },
  { bank: 'ICIC', months: 12, interestPct: 0, minPaise: 50_000_00 },
];
const withEmi = { emiEnabled: true, emiPlans: plans };

const noRating = { average: 0, count: 0, distribution: [0, 0, 0, 0, 0] };
const rated = { average: 4.5, count: 2, distribution: [0, 0, 0, 1, 1] };
const aReview = {
  _id: '7',
  productId: '21',
  rating: 5,
  title: 'Superb <b>camera</b>',
  text: '<script>alert(1)</script> Night shots are sharp.',
  photos: [],
  author: 'Asha',
  verifiedPurchase: true,
  helpful: 3,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  reply: { text: 'Thank you, Asha!', at: '2026-11-21T10:00:00.000Z' },
};

/** The shop's settings; EMI off unless a test turns it on. */
const settings = (over: Record<string, unknown> = {}) => ({
  shopName: 'Voltcart',
  freeShippingThreshold: 999,
  razorpayKeyId: null,
  paymentSimulator: true,
  emiEnabled: false,
  emiPlans: [],
  supportHours: 'Mon–Sat, 10 am – 7 pm',
  promises: ['Cash on delivery'],
  ...over,
});
afterEach(cleanup);

describe('ProductPage', () => {
  it('shows name, price range, MSRP with % off, description lines, stock; no EMI or PayPal, a Buy now', async () => {
    const { container } = await page();
    expect(container.querySelector('h1')?.textContent).toBe('Pixel 9');
    expect(container.textContent).toContain('₹71,999 – ₹82,999');
    expect(price(container)).toBe('₹71,999');
    expect(container.textContent).toContain('MSRP ₹79,999');
    expect(container.textContent).toContain('10% off');
    expect([...container.querySelectorAll('.pdp__bullets li')].map((l) => l.textContent)).toEqual([
      'Tensor G4',
      '50 MP camera',
    ]);
    expect(container.textContent).toContain('In stock');
    expect(container.textContent).not.toContain('/month');
    await vi.waitFor(() => expect(container.textContent).toContain('FREE SHIPPING · Ships from'));
    expect(container.textContent).toContain('(Mon–Sat, 10 am – 7 pm)');
    expect(container.textContent).not.toContain('PayPal');
    expect(button(container, 'Buy now').disabled).toBe(false);
  });

  it('defaults to the first colour and memory size; choosing others changes the price and the EMI figure', async () => {
    m.settings.get.mockResolvedValue(settings(withEmi));
    const { container } = await page();
    expect(button(container, 'Obsidian').getAttribute('aria-pressed')).toBe('true');
    expect(button(container, '128 GB').getAttribute('aria-pressed')).toBe('true');
    await click(button(container, 'Peony'));
    expect(price(container)).toBe('₹72,999');
    await click(button(container, '256 GB'));
    expect(price(container)).toBe('₹82,999');
    // The gateway's cheapest plan for the price: ₹82,999 ÷ 12 = ₹6,916.58, whole rupees rounded up.
    expect(container.textContent).toContain('or ₹6,917/month for 12 months with no-cost EMI');
  });

  it('shows no EMI figure when staff turned EMI on but the gateway offers no plan for the price', async () => {
    m.settings.get.mockResolvedValue(settings({ emiEnabled: true, emiPlans: [] }));
    const { container } = await page();
    await vi.waitFor(() => expect(container.textContent).toContain('(Mon–Sat, 10 am – 7 pm)'));
    expect(container.textContent).not.toContain('/month');
    m.settings.get.mockResolvedValue(settings({ emiEnabled: false, emiPlans: plans }));
    const again = await page();
    await vi.waitFor(() => expect(again.container.textContent).toContain('(Mon–Sat, 10 am – 7 pm)'));
    expect(again.container.textContent).not.toContain('/month');
  });

  it('adds the chosen options, quantity and adjusted prices to the cart', async () => {
    const { container } = await page();
    await click(button(container, 'Peony'));
    await click(button(container, '256 GB'));
    await click(container.querySelector('[aria-label="Increase quantity"]')!);
    await click(button(container, 'Add to Cart'));
    expect(useCart.getState().items).toMatchObject([
      {
        productId: '21',
        colorId: '6',
        colorName: 'Peony',
        memorySize: 256,
        qty: 2,
        unitPrice: 82999,
        unitOriginalPrice: 90999,
      },
    ]);
  });

  it('names the running offers the API sends for the product, and none when it sends none', async () => {
    m.catalog.product.mockResolvedValue({
      ...product,
      offers: ['10% off with anything from Phones', '₹250 off on orders over ₹5,000 with online payment'],
    });
    const { container } = await page();
    expect([...container.querySelectorAll('.pdp__offers li')].map((l) => l.textContent)).toEqual([
      '10% off with anything from Phones',
      '₹250 off on orders over ₹5,000 with online payment',
    ]);
    cleanup();
    m.catalog.product.mockResolvedValue(product);
    const plain = await page();
    expect(plain.container.querySelector('.pdp__offers')).toBeNull();
  });

  it('disables Add to Cart when out of stock', async () => {
    m.catalog.product.mockResolvedValue({ ...product, stock: 0 });
    m.settings.get.mockResolvedValue(settings(withEmi));
    const { container } = await page();
    expect(container.textContent).toContain('Out of stock');
    await vi.waitFor(() => expect(container.textContent).toContain('(Mon–Sat, 10 am – 7 pm)'));
    expect(button(container, 'Add to Cart').disabled).toBe(true);
    expect(button(container, 'Buy now').disabled).toBe(true);
    // No instalment offered for what cannot be bought.
    expect(container.textContent).not.toContain('/month');
  });

  it("says 'Product not found.' for an unknown product", async () => {
    m.catalog.product.mockRejectedValue(new ApiError('No such product.', 404, 'not_found'));
    const { container } = await page('999');
    expect(container.textContent).toContain('Product not found.');
  });

  it("shows 'Loading' while the product loads", async () => {
    m.catalog.product.mockReturnValue(new Promise(() => {}));
    const { container } = await page();
    expect(container.textContent).toContain('Loading');
  });

  it('shows the rating, its distribution and approved reviews as text with “Verified purchase”', async () => {
    m.catalog.product.mockResolvedValue({ ...product, rating: rated });
    m.review.list.mockResolvedValue({ reviews: [aReview], hasMore: false, total: 2, rating: rated });
    const { container } = await page();
    await flush();
    expect(container.querySelector('[data-testid="rating-badge"]')?.textContent).toContain('4.5(2 reviews)');
    const summary = container.querySelector('[data-testid="rating-summary"]')!;
    expect(summary.textContent).toContain('2 verified reviews');
    expect([...summary.querySelectorAll('tr')].map((r) => r.textContent)).toEqual([
      '5★1',
      '4★1',
      '3★0',
      '2★0',
      '1★0',
    ]);
    const review = container.querySelector('[data-testid="review"]')!;
    expect(review.textContent).toContain('Verified purchase');
    expect(review.querySelector('.review__title')?.textContent).toBe('Superb <b>camera</b>');
    expect(review.querySelector('script, b')).toBeNull();
    expect(review.textContent).toContain('Reply from the shop');
    expect(review.textContent).toContain('3 people found this helpful');
    expect(m.review.list).toHaveBeenCalledWith('21', { page: 1, sort: 'newest' });
  });

  it('offers “Notify me when available” for a sold-out variant and sends the guest’s address', async () => {
    const variant = (colorId: string, memorySize: number, stock: number) => ({
      _id: `${colorId}-${memorySize}`,
      sku: `SKU-${colorId}-${memorySize}`,
      colorId,
      memorySize,
      stock,
      price: 71999,
      originalPrice: 79999,
      priceOverride: null,
      enabled: true,
      position: 0,
    });
    m.catalog.product.mockResolvedValue({
      ...product,
      variants: [variant('5', 128, 0), variant('5', 256, 3), variant('6', 128, 2), variant('6', 256, 1)],
    });
    m.stockAlert.create.mockResolvedValue({ msg: 'We will e-mail you once when it is back in stock.' });
    const { container } = await page();
    await flush();
    const form = container.querySelector<HTMLFormElement>('[data-testid="notify-me"]')!;
    expect(button(container, 'Add to Cart').disabled).toBe(true);
    await type(form.querySelector('input')!, 'asha@example.com');
    await submit(form);
    await flush();
    expect(m.stockAlert.create).toHaveBeenCalledWith({ variantId: '5-128', email: 'asha@example.com' });
    expect(form.textContent).toContain('We will e-mail you once when it is back in stock.');
    await click(button(container, '256 GB'));
    expect(container.querySelector('[data-testid="notify-me"]')).toBeNull();
  });

  it('shows “You may also like” and, on the next product, “Recently viewed” with the one before', async () => {
    m.review.related.mockResolvedValue([{ ...product, _id: '22', name: 'Pixel 9 Pro' }]);
    const first = await page();
    await flush();
    const related = first.container.querySelector('[data-testid="related"]')!;
    expect(related.textContent).toContain('Pixel 9 Pro');
    expect(first.container.querySelector('[data-testid="recently-viewed"]')).toBeNull();
    cleanup();
    m.catalog.product.mockResolvedValue({ ...product, _id: '22', name: 'Pixel 9 Pro' });
    const second = await page('22');
    await flush();
    const recent = second.container.querySelector('[data-testid="recently-viewed"]')!;
    expect(recent.textContent).toContain('Pixel 9');
    expect(recent.textContent).not.toContain('Pixel 9 Pro');
  });

  it('says “No reviews yet.” and asks a guest to log in to review', async () => {
    const { container } = await page();
    await flush();
    expect(container.querySelector('[data-testid="rating-badge"]')).toBeNull();
    expect(container.textContent).toContain('No reviews yet.');
    expect(container.textContent).toContain('Bought this? Log in to review it.');
  });

  it('keeps wishlist and compare toggles in local storage', async () => {
    const { container } = await page();
    await click(button(container, 'Add to wishlist'));
    await click(button(container, 'Compare'));
    expect(JSON.parse(localStorage.getItem('wishlist')!)).toEqual(['21']);
    expect(JSON.parse(localStorage.getItem('compare')!)).toEqual(['21']);
    expect(button(container, 'In wishlist').getAttribute('aria-pressed')).toBe('true');
    await click(button(container, 'In wishlist'));
    expect(JSON.parse(localStorage.getItem('wishlist')!)).toEqual([]);
  });
});
