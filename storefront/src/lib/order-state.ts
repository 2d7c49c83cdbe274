import type { Order, OrderState } from '@voltcart/shared';

/** Shopper-facing wording and badge tone of each order state. */
export const ORDER_STATE_LABEL: Record<OrderState, { label: string; tone: 'info' | 'warn' | 'ok' | 'bad' }> =
  {
    placed: { label: 'Placed', tone: 'info' },
    pending_payment: { label: 'Awaiting payment', tone: 'warn' },
    paid: { label: 'Paid', tone: 'ok' },
    payment_failed: { label: 'Payment failed', tone: 'bad' },
    cancelled: { label: 'Cancelled', tone: 'bad' },
    shipped: { label: 'Shipped', tone: 'info' },
    delivered: { label: 'Delivered', tone: 'ok' },
  };

export function orderStateLabel(state: string) {
  return ORDER_STATE_LABEL[state as OrderState] ?? { label: state, tone: 'info' as const };
}

export const paymentModeLabel = (mode: Order['payment_mode']) =>
  mode === 1 ? 'Online payment' : 'Cash on Delivery';

const dateFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

export function formatOrderDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : dateFormat.format(d);
}
