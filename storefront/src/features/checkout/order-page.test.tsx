import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const m = vi.hoisted(() => ({
  order: { get: vi.fn(), cancel: vi.fn(), payNow: vi.fn() },
  cart: { get: vi.fn() },
  settings: { get: vi.fn() },
}));
vi.mock('../../lib/api', async () => (await import('../../testing/api-mock')).apiMock(m));
vi.mock('../../config/env', () => ({ env: () => ({ apiUrl: 'http://api.test' }) }));

import type { OrderDetails } from '@voltcart/shared';
import { useSession } from '../../stores/session-store';
import { button, cleanup, click, flush, render } from '../../testing/render';
import { OrderPage } from './order-page';

const details = (state: OrderDetails['order']['state']): OrderDetails => ({
  order: {
    _id: 'VC0123456789ABCDEFGH',
    order_id: 'VC0123456789ABCDEFGH',
    state,
    payment_mode: 1,
    order_total: 59999,
    original_total: 64999,
    razorpay_order_id: 'order_1',
    razorpay_payment_id: state === 'paid' ? 'pay_1' : null,
    shipping_details: {
      adressLine1: '12 MG Road',
      adressLine2: '',
      city: 'Pune',
      state: 'Maharashtra',
      postalCode: '411001',
      country: 'India',
      contact: '9876543210',
    },
    shipping: 0,
    cod_fee: 0,
    you_save: 5000,
    delivery_estimate: null,
    notes: '',
    lines: [
      {
        productId: '8',
        name: 'iPad Air M2',
        colorName: 'Blue',
        memorySize: 128,
        sku: 'IPAD-AIR-BLUE-128',
        unitPrice: 59999,
        unitOriginalPrice: 64999,
        qty: 1,
        lineTotal: 59999,
        thumbnail: 'ipad.webp',
      },
    ],
    discounts: [],
    user: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
  },
  timeline: [
    { event: 'pending_payment', actor: 'customer', note: '', at: '2026-11-20T10:00:00.000Z' },
    { event: 'paid', actor: 'payment', note: '', at: '2026-11-20T10:01:00.000Z' },
  ],
  payment: {
    mode: 'online',
    paidAt: '2026-11-20T10:01:00.000Z',
    refunded: 0,
    refundable: 59999,
    carrier: null,
    trackingNumber: null,
  },
  refunds: [],
  documents: [
    { kind: 'invoice', number: 'VC/2026-27/000001', total: 59999, issuedAt: '2026-11-20T10:01:00.000Z' },
  ],
});

const page = () =>
  render(<OrderPage />, {
    path: '/profile/orders/VC0123456789ABCDEFGH',
    pattern: '/profile/orders/:orderId',
  });

beforeEach(() => {
  localStorage.clear();
  useSession.setState({
    data: { _id: '1', name: 'Meera', email: 'm@example.in', shipping_address: [], emailVerified: true },
    userToken: 'tok',
  });
  for (const group of Object.values(m)) for (const fn of Object.values(group)) fn.mockReset();
  m.settings.get.mockResolvedValue({
    shopName: 'Voltcart',
    freeShippingThreshold: 999,
    paymentSimulator: true,
  });
  m.cart.get.mockResolvedValue([]);
});
afterEach(cleanup);

describe('OrderPage', () => {
  it('shows the lines with their variant and SKU, the timeline and the invoice as a button', async () => {
    m.order.get.mockResolvedValue(details('paid'));
    const { container } = await page();
    await flush();
    expect(container.textContent).toContain('Blue · 128 GB · SKU IPAD-AIR-BLUE-128');
    expect(container.querySelector('[data-testid="timeline"]')?.textContent).toContain('Payment received');
    expect(button(container, 'Tax invoice VC/2026-27/000001 (PDF)').type).toBe('button');
    // Paid: no Pay now, but it can still be cancelled.
    expect(container.textContent).not.toContain('Pay now');
    expect(button(container, 'Cancel order')).toBeTruthy();
  });

  it('cancels after the confirmation and moves the focus to what happened', async () => {
    m.order.get.mockResolvedValue(details('paid'));
    m.order.cancel.mockResolvedValue({
      flag: 1,
      msg: 'Order cancelled. Your payment is being refunded to your original payment method.',
      ...details('cancelled'),
    });
    const { container } = await page();
    await flush();
    await click(button(container, 'Cancel order'));
    expect(container.querySelector('[role="dialog"]')?.textContent).toContain('refunded to your original');
    expect(m.order.cancel).not.toHaveBeenCalled();
    await click(button(container, 'Yes, cancel it'));
    await flush();
    expect(m.order.cancel).toHaveBeenCalledWith('VC0123456789ABCDEFGH');
    const message = container.querySelector<HTMLElement>('[data-testid="order-message"]')!;
    expect(message.textContent).toContain('Your payment is being refunded');
    expect(document.activeElement).toBe(message);
  });

  it('offers Pay now for an online order whose payment failed, and no invoice yet', async () => {
    m.order.get.mockResolvedValue({ ...details('payment_failed'), documents: [] });
    const { container } = await page();
    await flush();
    expect(button(container, /^Pay now/).textContent).toContain('₹59,999');
    expect(container.querySelector('[data-testid="documents"]')).toBeNull();
  });
});
