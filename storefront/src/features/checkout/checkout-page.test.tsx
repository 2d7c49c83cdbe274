import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const m = vi.hoisted(() => ({
  user: { me: vi.fn() },
  cart: { get: vi.fn(), clear: vi.fn() },
  order: {
    place: vi.fn(),
    success: vi.fn(),
    paymentFailed: vi.fn(),
    simulatorSign: vi.fn(),
    payNow: vi.fn(),
  },
  settings: { get: vi.fn() },
}));
vi.mock('../../lib/api', async () => (await import('../../testing/api-mock')).apiMock(m));
vi.mock('../../config/env', () => ({ env: () => ({ apiUrl: 'http://api.test' }) }));

import { ApiError } from '@voltcart/api-client/errors';
import type { User } from '@voltcart/shared';
import { queryKeys } from '../../lib/query-keys';
import { type CartItem, useCart } from '../../stores/cart-store';
import { useNotifications } from '../../stores/notifications-store';
import { useSession } from '../../stores/session-store';
import { button, cleanup, click, flush, render, submit, testQueryClient, type } from '../../testing/render';
import { useCheckoutDraft } from './checkout-draft';
import { CheckoutPage } from './checkout-page';

const address = {
  _id: '31',
  adressLine1: '12 MG Road',
  adressLine2: '',
  city: 'Pune',
  state: 'Maharashtra',
  postalCode: '411001',
  country: 'India',
  contact: '9876543210',
};
const user: User = {
  _id: '1',
  name: 'Meera',
  email: 'meera@example.in',
  shipping_address: [address],
  emailVerified: true,
};
const line: CartItem = {
  productId: '8',
  name: 'iPad Air M2',
  thumbnail: '',
  colorId: null,
  colorName: null,
  memorySize: 128,
  qty: 1,
  unitPrice: 59999,
  unitOriginalPrice: 64999,
  lineId: '70',
};
const serverLine = {
  _id: '70',
  productId: '8',
  product_id: { _id: '8', name: 'iPad Air M2', thumbnail: '', finalPrice: 59999, originalPrice: 64999 },
  colorId: null,
  color: null,
  memorySize: 128,
  qty: 1,
  unitPrice: 59999,
  unitOriginalPrice: 64999,
};

const messages = () => useNotifications.getState().notes.map((n) => n.msg);
const field = (c: HTMLElement, name: string) =>
  c.querySelector<HTMLInputElement>(
    `input[name="${name}"], textarea[name="${name}"], select[name="${name}"]`,
  )!;
const placeOrder = (c: HTMLElement) => button(c, 'PLACE ORDER');

/** Renders the checkout; by default also lets its cart reload from the server finish. */
async function page({ settle = true } = {}) {
  const r = await render(<CheckoutPage />, {
    path: '/checkout',
    pattern: '/checkout',
    routes: ['/login', '/thank-you/:orderId'],
  });
  if (settle) {
    await vi.waitFor(() => expect(useCart.getState().syncing).toBe(0));
    await flush();
  }
  return r;
}

async function fillAddress(c: HTMLElement, values: Partial<typeof address> = address) {
  for (const [k, v] of Object.entries(values)) if (k !== '_id' && v) await type(field(c, k), v);
}

beforeEach(() => {
  localStorage.clear();
  useNotifications.setState({ notes: [] });
  useCheckoutDraft.getState().clear();
  useSession.setState({ data: user, userToken: 'tok' });
  useCart.setState({ items: [line], count: 1, finalTotal: 59999, originalTotal: 64999 });
  for (const group of Object.values(m)) for (const fn of Object.values(group)) fn.mockReset();
  m.settings.get.mockResolvedValue({
    shopName: 'Voltcart',
    freeShippingThreshold: 999,
    razorpayKeyId: null,
    paymentSimulator: true,
    lowStockThreshold: 5,
  });
  m.user.me.mockResolvedValue(user);
  m.cart.get.mockResolvedValue([serverLine]);
  m.cart.clear.mockResolvedValue([]);
});
afterEach(cleanup);

describe('CheckoutPage', () => {
  it('sends a logged-out visitor to /login?ref=checkout', async () => {
    useSession.setState({ data: null, userToken: null });
    const r = await page();
    expect(r.location()).toBe('/login?ref=checkout');
  });

  it("blocks an empty cart with 'Your cart is empty.'", async () => {
    m.cart.get.mockResolvedValue([]);
    useCart.setState({ items: [], count: 0, finalTotal: 0, originalTotal: 0 });
    const { container } = await page();
    expect(container.textContent).toContain('Your cart is empty.');
    expect(container.textContent).not.toContain('PLACE ORDER');
  });

  it('names each wrong field by its label under the field, focuses the first, and calls nothing', async () => {
    const { container } = await page();
    const form = container.querySelector('form')!;
    const steps: [Partial<typeof address>, keyof typeof address, string][] = [
      [{}, 'adressLine1', 'Please enter Address line 1'],
      [{ adressLine1: '12 MG Road' }, 'city', 'Please enter City'],
      [{ city: 'Pune' }, 'state', 'Please enter State'],
      [{ state: 'Maharashtra' }, 'postalCode', 'Please enter Postal code'],
      [{ postalCode: '411001' }, 'country', 'Please enter Country'],
      [{ country: 'India' }, 'contact', 'Please enter a valid contact number'],
      [{ contact: 'abcdefghij' }, 'contact', 'Please enter a valid contact number'],
      [{ contact: ' 98765 43 ' }, 'contact', 'Please enter a valid contact number'],
    ];
    for (const [values, name, message] of steps) {
      await fillAddress(container, values);
      await submit(form);
      const input = field(container, name);
      expect(document.activeElement).toBe(input);
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(document.getElementById(input.getAttribute('aria-describedby')!)?.textContent).toBe(message);
    }
    // Every field the checkout checks is wrong at first: each says so at once.
    expect(container.querySelectorAll('[aria-invalid="true"]')).toHaveLength(1);
    await fillAddress(container, { contact: '+91 98765-43210' });
    await submit(form);
    expect(container.querySelectorAll('[aria-invalid="true"]')).toHaveLength(0);
    expect(messages()).toEqual(['Please select a payment mode']);
    expect(m.order.place).not.toHaveBeenCalled();
  });

  it('shows every wrong field at once, and a field stops saying so once it is changed', async () => {
    const { container } = await page();
    await fillAddress(container, { city: 'Pune', contact: 'abcdefghij' });
    await submit(container.querySelector('form')!);
    const invalid = () =>
      [...container.querySelectorAll('[aria-invalid="true"]')].map((e) => e.getAttribute('name'));
    expect(invalid()).toEqual(['adressLine1', 'state', 'postalCode', 'country', 'contact']);
    expect(container.textContent).toContain('Please enter Postal code');
    await type(field(container, 'state'), 'Maharashtra');
    expect(invalid()).toEqual(['adressLine1', 'postalCode', 'country', 'contact']);
  });

  it('keeps what was typed when the shopper leaves for "+ Add New Address" and comes back', async () => {
    const first = await page();
    await fillAddress(first.container, { adressLine1: '12 MG Road', city: 'Pune', contact: '9876543210' });
    await type(field(first.container, 'notes'), 'Ring twice');
    first.unmount();
    const again = await page();
    expect(field(again.container, 'adressLine1').value).toBe('12 MG Road');
    expect(field(again.container, 'city').value).toBe('Pune');
    expect(field(again.container, 'contact').value).toBe('9876543210');
    expect(field(again.container, 'notes').value).toBe('Ring twice');
  });

  it('PLACE ORDER waits until the server cart has the local changes (e.g. the login merge)', async () => {
    let release!: (v: unknown) => void;
    m.cart.get.mockReturnValue(new Promise((r) => (release = r)));
    m.order.place.mockResolvedValue({ flag: 1, msg: 'Order placed', order_id: 'ord_w1', order_total: 59999 });
    const r = await page({ settle: false });
    // A click while the cart reload is on its way is not lost: the order waits for the reload.
    expect(placeOrder(r.container).disabled).toBe(false);
    await fillAddress(r.container);
    await click(r.container.querySelector('input[value="0"]')!);
    await submit(r.container.querySelector('form')!);
    await flush();
    expect(m.order.place).not.toHaveBeenCalled();
    expect(r.container.querySelector('button[type="submit"]')!.textContent).toBe('Placing order…');
    release([serverLine]);
    await vi.waitFor(() => expect(m.order.place).toHaveBeenCalledTimes(1));
    await flush();
    expect(r.location()).toBe('/thank-you/ord_w1');
  });

  it('checks the form at once, even while the cart reload is on its way', async () => {
    let release!: (v: unknown) => void;
    m.cart.get.mockReturnValue(new Promise((r) => (release = r)));
    const { container } = await page({ settle: false });
    await submit(container.querySelector('form')!);
    expect(container.textContent).toContain('Please enter Address line 1');
    release([serverLine]);
    await vi.waitFor(() => expect(useCart.getState().syncing).toBe(0));
  });

  it('saved addresses: the form is disabled and PLACE ORDER waits until one is chosen', async () => {
    const { container } = await page();
    await click(container.querySelector('input[type="checkbox"]')!);
    expect(placeOrder(container).disabled).toBe(true);
    expect(field(container, 'city').disabled).toBe(true);
    expect(button(container, '+ Add New Address').getAttribute('href')).toBe('/profile/myaddress');
    await click(button(container, 'Use this address'));
    expect(placeOrder(container).disabled).toBe(false);
    expect(field(container, 'city').value).toBe('Pune');
  });

  it('starts with the default saved address chosen; another may be picked', async () => {
    const home = { ...address, _id: '32', adressLine1: '5 FC Road', isDefault: true };
    const withDefault = { ...user, shipping_address: [address, home] };
    useSession.setState({ data: withDefault, userToken: 'tok' });
    m.user.me.mockResolvedValue(withDefault);
    const { container } = await page();
    expect(placeOrder(container).disabled).toBe(false);
    expect(field(container, 'adressLine1').value).toBe('5 FC Road');
    await click(button(container, 'Use this address'));
    expect(field(container, 'adressLine1').value).toBe('12 MG Road');
  });

  it('cash on delivery: places the order, empties the cart and opens the thank-you page', async () => {
    m.order.place.mockResolvedValue({
      flag: 1,
      msg: 'Order placed',
      order_id: 'ord_abc123',
      order_total: 59999,
    });
    const r = await page();
    await fillAddress(r.container);
    await type(field(r.container, 'notes'), 'Ring twice');
    await click(r.container.querySelector('input[value="0"]')!);
    await submit(r.container.querySelector('form')!);
    await flush();
    expect(m.order.place).toHaveBeenCalledWith({
      payment_mode: 0,
      shipping_details: {
        adressLine1: '12 MG Road',
        adressLine2: '',
        city: 'Pune',
        state: 'Maharashtra',
        postalCode: '411001',
        country: 'India',
        contact: '9876543210',
      },
      notes: 'Ring twice',
      expected_total: 59999,
    });
    expect(r.location()).toBe('/thank-you/ord_abc123');
    expect(useCart.getState().items).toEqual([]);
    expect(m.cart.clear).toHaveBeenCalled();
  });

  it('prices changed: says so with the new total, shows the new prices and places the order again', async () => {
    m.order.place.mockRejectedValueOnce(
      new ApiError('Prices changed — please review.', 409, 'prices_changed', {
        flag: 0,
        code: 'prices_changed',
        order_total: 62999,
        original_total: 64999,
        you_save: 2000,
        lines: [{ _id: '70', unitPrice: 62999, lineTotal: 62999 }],
      }),
    );
    const r = await page();
    m.cart.get.mockResolvedValue([{ ...serverLine, unitPrice: 62999 }]);
    await fillAddress(r.container);
    await click(r.container.querySelector('input[value="0"]')!);
    await submit(r.container.querySelector('form')!);
    await flush();
    const notice = r.container.querySelector('[data-testid="prices-changed"]')!;
    expect(notice.getAttribute('role')).toBe('alert');
    expect(notice.textContent).toContain('Prices changed — please review.');
    expect(notice.textContent).toContain('₹62,999');
    expect(document.activeElement).toBe(notice);
    await vi.waitFor(() =>
      expect(r.container.querySelector('.summary__total dd')!.textContent).toBe('₹62,999'),
    );
    expect(messages()).toEqual([]);

    m.order.place.mockResolvedValue({ flag: 1, msg: 'Order placed', order_id: 'ord_p2', order_total: 62999 });
    await submit(r.container.querySelector('form')!);
    await flush();
    expect(m.order.place).toHaveBeenLastCalledWith(expect.objectContaining({ expected_total: 62999 }));
    expect(r.location()).toBe('/thank-you/ord_p2');
  });

  it('a placed order makes the cached products and orders stale (stock was taken), not the rest', async () => {
    m.order.place.mockResolvedValue({ flag: 1, msg: 'Order placed', order_id: 'ord_s1', order_total: 59999 });
    const queryClient = testQueryClient();
    queryClient.setQueryData(queryKeys.products.detail('8'), { _id: '8', stock: 3 });
    queryClient.setQueryData(queryKeys.orders.mine(10), { pages: [], pageParams: [] });
    queryClient.setQueryData(queryKeys.categories.all, []);
    const r = await render(<CheckoutPage />, {
      path: '/checkout',
      pattern: '/checkout',
      routes: ['/thank-you/:orderId'],
      queryClient,
    });
    await vi.waitFor(() => expect(useCart.getState().syncing).toBe(0));
    await fillAddress(r.container);
    await click(r.container.querySelector('input[value="0"]')!);
    await submit(r.container.querySelector('form')!);
    await flush();
    expect(r.location()).toBe('/thank-you/ord_s1');
    expect(queryClient.getQueryState(queryKeys.products.detail('8'))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(queryKeys.orders.mine(10))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(queryKeys.categories.all)?.isInvalidated).toBe(false);
  });

  const online = {
    flag: 1,
    msg: 'Order created',
    order_id: 'ord_xyz',
    order_total: 59999,
    razorpay_order_id: 'order_sim_1',
    payment: {
      razorpay_order_id: 'order_sim_1',
      key_id: 'sim',
      amount: 5999900,
      currency: 'INR',
      simulator: true,
    },
  };

  it('online with the simulator: Pay signs, confirms with /order/success and opens the thank-you page', async () => {
    m.order.place.mockResolvedValue(online);
    const signed = {
      razorpay_order_id: 'order_sim_1',
      razorpay_payment_id: 'pay_1',
      razorpay_signature: 'sig',
    };
    m.order.simulatorSign.mockResolvedValue(signed);
    m.order.success.mockResolvedValue({ flag: 1, msg: 'Paid', order_id: 'ord_xyz' });
    const r = await page();
    await fillAddress(r.container);
    await click(r.container.querySelector('input[value="1"]')!);
    await submit(r.container.querySelector('form')!);
    await flush();
    const dialog = r.container.querySelector('[role="dialog"]')!;
    expect(dialog.textContent).toContain('Payment simulator — no real money');
    expect(dialog.textContent).toContain('₹59,999');
    await click(button(dialog, /^Pay$/));
    await flush();
    expect(m.order.simulatorSign).toHaveBeenCalledWith('ord_xyz');
    expect(m.order.success).toHaveBeenCalledWith('ord_xyz', signed);
    expect(r.location()).toBe('/thank-you/ord_xyz');
  });

  it('online with the simulator: Fail records the failure, explains it and keeps the shopper on checkout', async () => {
    m.order.place.mockResolvedValue(online);
    m.order.paymentFailed.mockResolvedValue({ flag: 1, msg: 'Recorded' });
    const r = await page();
    await fillAddress(r.container);
    await click(r.container.querySelector('input[value="1"]')!);
    await submit(r.container.querySelector('form')!);
    await flush();
    await click(button(r.container.querySelector('[role="dialog"]')!, 'Fail'));
    await flush();
    expect(m.order.paymentFailed).toHaveBeenCalledWith('ord_xyz', 'Simulated failure');
    expect(m.order.success).not.toHaveBeenCalled();
    expect(r.container.querySelector('[role="dialog"]')).toBeNull();
    expect(r.container.querySelector('[role="alert"]')?.textContent).toContain('Payment failed.');
    expect(r.location()).toBe('/checkout');
  });

  it('closing the simulator counts as a failed payment', async () => {
    m.order.place.mockResolvedValue(online);
    m.order.paymentFailed.mockResolvedValue({ flag: 1, msg: 'Recorded' });
    const r = await page();
    await fillAddress(r.container);
    await click(r.container.querySelector('input[value="1"]')!);
    await submit(r.container.querySelector('form')!);
    await flush();
    await click(r.container.querySelector('[aria-label="Close"]')!);
    await flush();
    expect(m.order.paymentFailed).toHaveBeenCalledWith('ord_xyz', 'Payment window closed');
  });

  it('a failed payment says so beside PLACE ORDER with the focus, and PLACE ORDER then pays the same order', async () => {
    m.order.place.mockResolvedValue(online);
    m.order.paymentFailed.mockResolvedValue({ flag: 1, msg: 'Recorded' });
    m.order.payNow.mockResolvedValue({ ...online, msg: 'Complete the payment' });
    m.order.simulatorSign.mockResolvedValue({ razorpay_order_id: 'order_sim_1' });
    m.order.success.mockResolvedValue({ flag: 1, order_id: 'ord_xyz' });
    const r = await page();
    await fillAddress(r.container);
    await click(r.container.querySelector('input[value="1"]')!);
    await submit(r.container.querySelector('form')!);
    await flush();
    await click(button(r.container, 'Fail'));
    await flush();
    const notice = r.container.querySelector<HTMLElement>('[data-testid="payment-failure"]')!;
    expect(notice.textContent).toContain('Payment failed. Simulated failure.');
    expect(document.activeElement).toBe(notice);
    // Beside the button, in the order summary the shopper is looking at.
    expect(placeOrder(r.container).nextElementSibling).toBe(notice);

    await submit(r.container.querySelector('form')!);
    await flush();
    expect(m.order.payNow).toHaveBeenCalledWith('ord_xyz');
    expect(m.order.place).toHaveBeenCalledTimes(1);
    await click(button(r.container, 'Pay'));
    await flush();
    expect(m.order.success).toHaveBeenCalledWith('ord_xyz', { razorpay_order_id: 'order_sim_1' });
    expect(r.location()).toBe('/thank-you/ord_xyz');
  });
});
