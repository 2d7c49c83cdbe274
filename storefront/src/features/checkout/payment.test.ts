import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadRazorpay, payWithRazorpay, RAZORPAY_SCRIPT, type RazorpayOptions } from './payment';

type Handler = (resp: { error?: { description?: string } }) => void;

function fakeRazorpay() {
  const instances: { opts: RazorpayOptions; failed?: Handler; opened: boolean }[] = [];
  window.Razorpay = class {
    entry: (typeof instances)[number];
    constructor(opts: RazorpayOptions) {
      this.entry = { opts, opened: false };
      instances.push(this.entry);
    }
    on(_event: 'payment.failed', cb: Handler) {
      this.entry.failed = cb;
    }
    open() {
      this.entry.opened = true;
    }
  } as unknown as Window['Razorpay'];
  return instances;
}

const options = {
  key: 'rzp_test_123',
  order_id: 'order_Abc',
  amount: 4599900,
  currency: 'INR' as const,
  name: 'Voltcart',
  prefill: { name: 'Meera', email: 'meera@example.in', contact: '9876543210' },
};

afterEach(() => {
  delete window.Razorpay;
  document.head.innerHTML = '';
});

describe('Razorpay Checkout', () => {
  it('loads checkout.js once, on demand', async () => {
    // Keep the script out of the document (the test DOM would try to fetch it) and play its load event.
    const appended: HTMLScriptElement[] = [];
    const append = vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T) => {
      appended.push(node as unknown as HTMLScriptElement);
      return node;
    });
    const first = loadRazorpay();
    const again = loadRazorpay();
    expect(appended.map((s) => s.src)).toEqual([RAZORPAY_SCRIPT]);
    fakeRazorpay();
    appended[0]!.dispatchEvent(new Event('load'));
    await Promise.all([first, again]);
    append.mockRestore();
  });

  it('opens with key, order id, amount in paise, INR, shop name and prefill; resolves with the signed response', async () => {
    const instances = fakeRazorpay();
    const paying = payWithRazorpay(options);
    await vi.waitFor(() => expect(instances).toHaveLength(1));
    const { opts, opened } = instances[0]!;
    expect(opened).toBe(true);
    expect(opts).toMatchObject(options);
    const response = {
      razorpay_order_id: 'order_Abc',
      razorpay_payment_id: 'pay_1',
      razorpay_signature: 'sig',
    };
    opts.handler(response);
    expect(await paying).toEqual({ ok: true, response });
  });

  it('settles as failed with the last error when the shopper closes the window', async () => {
    const instances = fakeRazorpay();
    const paying = payWithRazorpay(options);
    await vi.waitFor(() => expect(instances).toHaveLength(1));
    instances[0]!.failed?.({ error: { description: 'Card declined by the bank' } });
    instances[0]!.opts.modal?.ondismiss?.();
    expect(await paying).toEqual({ ok: false, reason: 'Card declined by the bank' });
  });
});
