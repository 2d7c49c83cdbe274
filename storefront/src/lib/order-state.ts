import type { Order, OrderState } from '@voltcart/shared';

/** Shopper-facing wording and badge tone of each order state. */
const ORDER_STATE_LABEL: Record<OrderState, { label: string; tone: 'info' | 'warn' | 'ok' | 'bad' }> = {
  placed: { label: 'Placed', tone: 'info' },
  pending_payment: { label: 'Awaiting payment', tone: 'warn' },
  paid: { label: 'Paid', tone: 'ok' },
  payment_failed: { label: 'Payment failed', tone: 'bad' },
  cancelled: { label: 'Cancelled', tone: 'bad' },
  shipped: { label: 'Shipped', tone: 'info' },
  delivered: { label: 'Delivered', tone: 'ok' },
  refunded: { label: 'Refunded', tone: 'info' },
  returned: { label: 'Returned', tone: 'bad' },
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

/** Shopper-facing wording of each event of an order's timeline (unknown events show as they are). */
const EVENT_LABEL: Record<string, string> = {
  placed: 'Order placed',
  pending_payment: 'Waiting for payment',
  paid: 'Payment received',
  payment_failed: 'Payment failed',
  cancelled: 'Cancelled',
  shipped: 'Shipped',
  delivered: 'Delivered',
  returned: 'Returned to us',
  tracking_changed: 'Tracking details updated',
  refund_requested: 'Refund started',
  refunded: 'Refunded',
  refund_failed: 'Refund delayed',
  invoice_issued: 'Tax invoice issued',
  credit_note_issued: 'Credit note issued',
  mail_resent: 'E-mail sent again',
  return_requested: 'Return requested',
};

export const orderEventLabel = (event: string) => EVENT_LABEL[event] ?? event.replace(/_/g, ' ');

/** A shopper may cancel until the order ships (the API refuses later with 409). */
export const canCancel = (state: OrderState) =>
  state === 'placed' || state === 'pending_payment' || state === 'payment_failed' || state === 'paid';

/** An online order that is not paid yet can be paid again ("Pay now": the same order). */
export const canPayNow = (order: Pick<Order, 'state' | 'payment_mode'>) =>
  order.payment_mode === 1 && (order.state === 'pending_payment' || order.state === 'payment_failed');
