import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../lib/api', async () => (await import('../../testing/api-mock')).apiMock({ cart: {} }));
vi.mock('../../config/env', () => ({ env: () => ({ apiUrl: 'http://api.test' }) }));

import { useCart } from '../../stores/cart-store';
import { button, cleanup, click, render } from '../../testing/render';
import { CartPage } from './cart-page';

const item = {
  productId: '4',
  name: 'Sony WH-1000XM5',
  thumbnail: '',
  colorId: '1',
  colorName: 'Black',
  memorySize: null,
  unitPrice: 26990,
  unitOriginalPrice: 34990,
};

const text = (c: HTMLElement, testId: string) => c.querySelector(`[data-testid="${testId}"]`)?.textContent;

beforeEach(() => {
  localStorage.clear();
  useCart.setState({ items: [], count: 0, finalTotal: 0, originalTotal: 0 });
});
afterEach(cleanup);

describe('CartPage', () => {
  it("says 'Your cart is empty.' with Continue Shopping to the store", async () => {
    const { container } = await render(<CartPage />, { path: '/cart' });
    expect(container.textContent).toContain('Your cart is empty.');
    expect(button(container, 'Continue Shopping').getAttribute('href')).toBe('/store');
  });

  it('shows the lines with options and the summary: Sub Total, You save, ORDER TOTAL, GST-inclusive', async () => {
    await useCart.getState().addItem(item);
    const { container } = await render(<CartPage />, { path: '/cart' });
    expect(container.textContent).toContain('Sony WH-1000XM5');
    expect(container.textContent).toContain('Black');
    expect(text(container, 'subtotal')).toBe('₹26,990');
    expect(text(container, 'you-save')).toBe('₹8,000');
    expect(text(container, 'order-total')).toBe('₹26,990');
    expect(container.textContent).toContain('inclusive of GST');
    expect(container.textContent).toContain('CHECKOUT');
  });

  it('+ and − change the quantity (not below 1) and the totals', async () => {
    await useCart.getState().addItem(item);
    const { container } = await render(<CartPage />, { path: '/cart' });
    const inc = container.querySelector<HTMLButtonElement>('[aria-label="Increase quantity"]')!;
    const dec = container.querySelector<HTMLButtonElement>('[aria-label="Decrease quantity"]')!;
    await click(inc);
    expect(text(container, 'order-total')).toBe('₹53,980');
    await click(dec);
    await click(dec);
    expect(useCart.getState().items[0]!.qty).toBe(1);
  });

  it('says a line whose product is no longer offered cannot be ordered', async () => {
    useCart.setState({ items: [{ ...item, qty: 1, lineId: '7', unavailable: true }] });
    const { container } = await render(<CartPage />, { path: '/cart' });
    expect(container.querySelector('.cart-line')!.textContent).toContain(
      'No longer available. Please remove it from your cart.',
    );
  });

  it('Remove from Cart removes the line', async () => {
    await useCart.getState().addItem(item);
    const { container } = await render(<CartPage />, { path: '/cart' });
    await click(button(container, 'Remove from Cart'));
    expect(useCart.getState().items).toEqual([]);
    expect(container.textContent).toContain('Your cart is empty.');
  });

  it('CHECKOUT goes to /checkout', async () => {
    await useCart.getState().addItem(item);
    const r = await render(<CartPage />, { path: '/cart', pattern: '/cart', routes: ['/checkout'] });
    await click(button(r.container, 'CHECKOUT'));
    expect(r.location()).toBe('/checkout');
  });
});
