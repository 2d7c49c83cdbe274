import { ORDER_STATES, type OrderState } from '@voltcart/shared';

export const STATE_LABELS: Record<OrderState, string> = {
  placed: 'Placed (COD)',
  pending_payment: 'Awaiting payment',
  paid: 'Paid',
  payment_failed: 'Payment failed',
  cancelled: 'Cancelled',
  shipped: 'Shipped',
  delivered: 'Delivered',
};

export { ORDER_STATES };

export function StateBadge(props: { state: OrderState }) {
  return <span className={`badge state-${props.state}`}>{STATE_LABELS[props.state] ?? props.state}</span>;
}
