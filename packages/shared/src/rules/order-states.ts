import type { OrderState } from '../schemas/order';

/**
 * Who asks for a move:
 * - `admin`: the back office (PATCH /order/status)
 * - `customer`: the shopper (POST /order/payment-failed when the payment dialog fails or is dismissed; cancel and
 *   pay now on the order page)
 * - `payment`: a verified payment result (checkout signature or signed webhook)
 * - `system`: the unpaid-order expiry sweep (its payment window closed: `payment_failed`, payable again with "pay
 *   now"), the API itself when Razorpay could not create its order (`cancelled`), or when the refunds of an order
 *   add up to all it cost (`refunded`)
 */
export type Actor = 'admin' | 'customer' | 'payment' | 'system';

/**
 * The one table of legal order moves: from → to → who may make it.
 * - `placed` is a cash-on-delivery order; `pending_payment` an online one waiting for Razorpay
 * - moving into `cancelled` or `payment_failed` returns the stock (once: `stock_returned` guards it)
 * - a paid order never goes back to `pending_payment` or `payment_failed`
 * - `payment_failed` / `cancelled` → `paid` only for a verified payment on an order that was never paid
 *   (the shopper retried in the Razorpay dialog, or the money arrived after the expiry sweep); a `cancelled` one
 *   only when the system cancelled it, never after the shopper's or the shop's cancel (the payment is refunded): the stock is
 *   taken again with the same guarded update as at checkout, and when it is gone the order stays as it is and
 *   the payment is refunded in full through the provider
 * - the shopper may cancel until the order ships; a paid order cancelled by anyone is refunded through the
 *   payment provider
 * - "pay now": the shopper takes a `payment_failed` order back to `pending_payment` (the same order, its stock
 *   taken again with the guarded update) instead of placing a new one
 * - refunds that add up to the whole order (confirmed by the payment provider, or recorded cash/UPI/bank refunds of
 *   a cash-on-delivery order) move a paid, shipped or delivered order into `refunded`: only the API does it
 *   (`system`), never staff by hand; an order not shipped yet gets its units back
 * - `returned` (return to origin): a shipped or delivered parcel that came back (the shopper refused it); staff
 *   choose whether its units go back to sellable stock or are counted damaged
 * - `refunded`, `returned` and `cancelled` (but for a late payment) are final
 */
export const ORDER_MOVES: Readonly<Record<OrderState, Partial<Record<OrderState, readonly Actor[]>>>> = {
  placed: { shipped: ['admin'], cancelled: ['admin', 'customer'] },
  pending_payment: {
    paid: ['payment'],
    payment_failed: ['payment', 'customer', 'system'],
    cancelled: ['admin', 'system', 'customer'],
  },
  paid: { shipped: ['admin'], cancelled: ['admin', 'customer'], refunded: ['system'] },
  payment_failed: { paid: ['payment'], pending_payment: ['customer'], cancelled: ['customer'] },
  cancelled: { paid: ['payment'] },
  shipped: { delivered: ['admin'], returned: ['admin'], refunded: ['system'] },
  delivered: { returned: ['admin'], refunded: ['system'] },
  refunded: {},
  returned: {},
};

/** True when `actor` may move an order from `from` to `to`. */
export function canMove(from: OrderState, to: OrderState, actor: Actor): boolean {
  return ORDER_MOVES[from]?.[to]?.includes(actor) ?? false;
}

/** States in which an order's units count as sold (a product's popularity, the "popularity" sort). */
export const SOLD_STATES: readonly OrderState[] = ['placed', 'paid', 'shipped', 'delivered'];

/** True when an order in `state` counts its units as sold. */
export const countsAsSold = (state: OrderState) => SOLD_STATES.includes(state);

/** States in which the order holds no stock (it was returned when the order got there). */
export const STOCK_RELEASED_STATES: readonly OrderState[] = ['payment_failed', 'cancelled'];

/** Orders the shop still has to dispatch (the dashboard's "orders to ship"). */
export const TO_SHIP_STATES: readonly OrderState[] = ['placed', 'paid'];

/**
 * True when the move from `from` into `to` gives the order's units back to the shelf:
 * - into `cancelled` / `payment_failed`, always (once: `stock_returned` guards it)
 * - into `refunded` only while the order was still to ship (a shipped parcel's units are with the shopper)
 * - into `returned` it is the staff's choice (sellable or damaged), so never by this rule
 */
export const returnsStock = (to: OrderState, from?: OrderState) =>
  STOCK_RELEASED_STATES.includes(to) || (to === 'refunded' && !!from && TO_SHIP_STATES.includes(from));

/**
 * States whose money the shop keeps, less what was refunded (the dashboard's revenue and a customer's "spent"
 * read the same rule): an online order in one of them was paid; a cash-on-delivery one counts once its cash was
 * collected (it was delivered).
 */
export const MONEY_TAKEN_STATES: readonly OrderState[] = [
  'paid',
  'shipped',
  'delivered',
  'refunded',
  'returned',
];

/** The moves `actor` may make from `from` (what the back office offers on an order). */
export function movesFrom(from: OrderState, actor: Actor): OrderState[] {
  const moves = ORDER_MOVES[from] ?? {};
  return (Object.keys(moves) as OrderState[]).filter((to) => moves[to]?.includes(actor));
}

export const illegalMoveMessage = (from: string, to: string) => `Cannot move an order from ${from} to ${to}.`;
