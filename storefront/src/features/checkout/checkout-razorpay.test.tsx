import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const m = vi.hoisted(() => ({
  user: { me: vi.fn() },
  cart: { get: vi.fn(), clear: vi.fn() },
  order: { place: vi.fn(), success: vi.fn(), paymentFailed: vi.fn(), simulatorSign: vi.fn() },
  settings: { get: vi.fn() },
}));
const pay = vi.hoisted(() => ({ loadRazorpay: vi.fn(), payWithRazorpay: vi.fn() }));
vi.mock('../../lib/api', async () => (await import('../../testing/api-mock')).apiMock(m));
vi.mock('./payment', () => pay);

import { useCart } from '../../stores/cart-store';
import { useSession } from '../../stores/session-store';
import { cleanup, click, flush, render, submit, type } from '../../testing/render';
import { useCheckoutDraft } from './checkout-draft';
import { CheckoutPage } from './checkout-page';

const user = {
  _id: '1',
  name: 'Meera Iyer',
  email: 'meera@example.in',
  shipping_address: [],
  emailVerified: true,
};
const address = {
  adressLine1: '12 MG Road',
  city: 'Pune',
  state: 'Maharashtra',
  postalCode: '411001',
  country: 'India',
  contact: '9876543210',
};

beforeEach(() => {
  localStorage.clear();
  useCheckoutDraft.getState().clear();
  useSession.setState({ data: user, userToken: 'tok' });
  useCart.setState({
    items: [
      {
        productId: '8',
        name: 'iPad',
        thumbnail: '',
        colorId: null,
        colorName: null,
        memorySize: null,
        qty: 1,
        unitPrice: 45999,
        unitOriginalPrice: 49999,
        lineId: '3',
      },
    ],
    count: 1,
    finalTotal: 45999,
    originalTotal: 49999,
  });
  const settings = {
    shopName: 'Voltcart Bengaluru',
    freeShippingThreshold: 999,
    razorpayKeyId: 'rzp_test_1',
    paymentSimulator: false,
  };
  m.settings.get.mockResolvedValue(settings);
  m.user.me.mockResolvedValue(user);
  m.cart.get.mockResolvedValue([
    {
      _id: '3',
      productId: '8',
      product_id: { _id: '8', name: 'iPad', thumbnail: '', finalPrice: 45999, originalPrice: 49999 },
      colorId: null,
      color: null,
      memorySize: null,
      qty: 1,
      unitPrice: 45999,
      unitOriginalPrice: 49999,
    },
  ]);
  m.cart.clear.mockResolvedValue([]);
  pay.loadRazorpay.mockResolvedValue(undefined);
  m.order.place.mockResolvedValue({
    flag: 1,
    msg: 'Order created',
    order_id: 'ord_live',
    order_total: 45999,
    razorpay_order_id: 'order_R1',
    payment: {
      razorpay_order_id: 'order_R1',
      key_id: 'rzp_test_1',
      amount: 4599900,
      currency: 'INR',
      simulator: false,
    },
  });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

async function placeOnline() {
  const r = await render(<CheckoutPage />, {
    path: '/checkout',
    pattern: '/checkout',
    routes: ['/thank-you/:orderId'],
  });
  for (const [k, v] of Object.entries(address))
    await type(r.container.querySelector(`input[name="${k}"], select[name="${k}"]`)!, v);
  await click(r.container.querySelector('input[value="1"]')!);
  await submit(r.container.querySelector('form')!);
  await flush();
  return r;
}

describe('CheckoutPage with Razorpay keys', () => {
  it('loads checkout.js on the checkout page and opens it with the order, key, paise, INR, shop name and prefill', async () => {
    pay.payWithRazorpay.mockResolvedValue({
      ok: true,
      response: { razorpay_order_id: 'order_R1', razorpay_payment_id: 'pay_9', razorpay_signature: 's' },
    });
    m.order.success.mockResolvedValue({ flag: 1, msg: 'Paid', order_id: 'ord_live' });
    const r = await placeOnline();
    expect(pay.loadRazorpay).toHaveBeenCalled();
    expect(pay.payWithRazorpay).toHaveBeenCalledWith(
      expect.objectContaining({
        key: 'rzp_test_1',
        order_id: 'order_R1',
        amount: 4599900,
        currency: 'INR',
        name: 'Voltcart Bengaluru',
        prefill: { name: 'Meera Iyer', email: 'meera@example.in', contact: '9876543210' },
      }),
    );
    expect(m.order.success).toHaveBeenCalledWith('ord_live', {
      razorpay_order_id: 'order_R1',
      razorpay_payment_id: 'pay_9',
      razorpay_signature: 's',
    });
    expect(r.location()).toBe('/thank-you/ord_live');
  });

  it('a closed or failed Razorpay window records the failure and explains it', async () => {
    pay.payWithRazorpay.mockResolvedValue({ ok: false, reason: 'Payment window closed' });
    m.order.paymentFailed.mockResolvedValue({ flag: 1, msg: 'Recorded' });
    const r = await placeOnline();
    expect(m.order.paymentFailed).toHaveBeenCalledWith('ord_live', 'Payment window closed');
    expect(r.container.querySelector('[role="alert"]')?.textContent).toContain('Payment failed.');
    expect(r.location()).toBe('/checkout');
  });
});
