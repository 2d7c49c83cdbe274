import { movesFrom, ORDER_STATES, type OrderState } from '@voltcart/shared';

export const STATE_LABELS: Record<OrderState, string> = {
  placed: 'Placed (COD)',
  pending_payment: 'Awaiting payment',
  paid: 'Paid',
  payment_failed: 'Payment failed',
  cancelled: 'Cancelled',
  shipped: 'Shipped',
  delivered: 'Delivered',
  refunded: 'Refunded',
  returned: 'Returned (RTO)',
};

export { ORDER_STATES };

/** "1 order", "1,250 orders". */
export const ordersText = (n: number) => `${n.toLocaleString('en-IN')} ${n === 1 ? 'order' : 'orders'}`;

export function StateBadge(props: { state: OrderState }) {
  return <span className={`badge state-${props.state}`}>{STATE_LABELS[props.state] ?? props.state}</span>;
}

export interface OrderMove {
  to: OrderState;
  label: string;
  tone: string;
}

/** The buttons of the moves staff make, in the order they are shown. */
const MOVES: OrderMove[] = [
  { to: 'shipped', label: 'Mark as shipped', tone: 'btn-primary' },
  { to: 'delivered', label: 'Mark as delivered', tone: 'btn-primary' },
  { to: 'returned', label: 'Returned to origin', tone: 'btn-ghost' },
  { to: 'cancelled', label: 'Cancel order', tone: 'btn-danger-ghost' },
];

/**
 * The moves the order screen offers on an order in `state`: exactly those the shared table allows staff
 * (movesFrom(state, 'admin')), so a move the API would refuse is never offered. A move the table allows that
 * has no button of its own gets a plain one named after the state.
 */
export function adminMoves(state: OrderState): OrderMove[] {
  const allowed = movesFrom(state, 'admin');
  const known = MOVES.filter((m) => allowed.includes(m.to));
  const other = allowed
    .filter((to) => !MOVES.some((m) => m.to === to))
    .map((to) => ({ to, label: `Mark as ${STATE_LABELS[to].toLowerCase()}`, tone: 'btn-ghost' }));
  return [...known, ...other];
}
