import type { RazorpayResponse } from '@voltcart/shared';

/** Razorpay Checkout's options (the subset we use). */
export interface RazorpayOptions {
  key: string;
  order_id: string;
  /** Paise. */
  amount: number;
  currency: 'INR';
  name: string;
  description?: string;
  prefill?: { name?: string; email?: string; contact?: string };
  notes?: Record<string, string>;
  theme?: { color?: string };
  handler: (response: RazorpayResponse) => void;
  modal?: { ondismiss?: () => void; confirm_close?: boolean };
}

interface RazorpayInstance {
  open: () => void;
  on: (
    event: 'payment.failed',
    cb: (resp: { error?: { description?: string; reason?: string } }) => void,
  ) => void;
}

declare global {
  interface Window {
    Razorpay?: new (opts: RazorpayOptions) => RazorpayInstance;
  }
}

export const RAZORPAY_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';

let loading: Promise<void> | null = null;

/** Loads Razorpay Checkout once, and only when the checkout page asks for it. */
export function loadRazorpay(): Promise<void> {
  if (window.Razorpay) return Promise.resolve();
  loading ??= new Promise<void>((resolve, reject) => {
    const s = document.createElement('script');
    s.src = RAZORPAY_SCRIPT;
    s.async = true;
    s.onload = () => resolve();
    s.onerror = () => {
      loading = null;
      s.remove();
      reject(new Error('The payment window could not be loaded. Check your connection and try again.'));
    };
    document.head.appendChild(s);
  });
  return loading;
}

export type PaymentOutcome = { ok: true; response: RazorpayResponse } | { ok: false; reason: string };

/**
 * Opens Razorpay Checkout and settles once: with the signed response on success, or with a reason
 * when the shopper closes the window (after a failed attempt, Razorpay lets them retry first).
 */
export async function payWithRazorpay(
  opts: Omit<RazorpayOptions, 'handler' | 'modal'>,
): Promise<PaymentOutcome> {
  await loadRazorpay();
  const Razorpay = window.Razorpay;
  if (!Razorpay) throw new Error('The payment window could not be loaded. Please try again.');
  return new Promise<PaymentOutcome>((resolve) => {
    let lastError = '';
    const rzp = new Razorpay({
      ...opts,
      handler: (response) => resolve({ ok: true, response }),
      modal: { ondismiss: () => resolve({ ok: false, reason: lastError || 'Payment window closed' }) },
    });
    rzp.on('payment.failed', (resp) => {
      lastError = resp.error?.description || resp.error?.reason || 'Payment failed';
    });
    rzp.open();
  });
}
