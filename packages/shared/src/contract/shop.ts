import type {
  cancelOrderBody,
  OrderDetails,
  PayNowReply,
  refundOrderBody,
  trackingBody,
} from '../schemas/after-order';
import type { newsletterBody } from '../schemas/auth';
import type { addToCartBody, moveToDbBody, updateCartLineBody } from '../schemas/cart';
import type { BookCourierReply, bookCourierBody, CourierPanel } from '../schemas/courier';
import type {
  adminOrdersQuery,
  myOrdersQuery,
  orderStatusBody,
  orderSuccessBody,
  paymentFailedBody,
  placeOrderBody,
  simulatorSignBody,
} from '../schemas/order';
import type { BulkShipRow, bulkShipBody } from '../schemas/order-bulk';
import type { settingsBody, shopPageBody } from '../schemas/settings';
import type { CartLine, Order, PaymentCheckout, RazorpayResponse, ShopPage, ShopSettings } from '../types';
import { route } from './define';
import { quote } from './promotion';

type CartReply = { cart: CartLine[] };

/** The logged-in shopper's server cart; every call answers with the whole cart. */
export const cart = {
  get: route('GET /cart', 'customer').reply<CartReply>(),
  /** Adds `qty` (1 by default, as the store's button does) of a product with its chosen options. */
  add: route('POST /cart/add-to-cart', 'customer').body<typeof addToCartBody>().reply<CartReply>(),
  /** Merges a guest cart into the server cart (on login or sign-up). */
  moveToDb: route('POST /cart/move-to-db', 'customer').body<typeof moveToDbBody>().reply<CartReply>(),
  setQty: route('PATCH /cart/line/:lineId', 'customer').body<typeof updateCartLineBody>().reply<CartReply>(),
  removeLine: route('DELETE /cart/line/:lineId', 'customer').reply<CartReply>(),
  clear: route('DELETE /cart', 'customer').reply<CartReply>(),
  /** Prices a cart with a discount code (promotions: contract/promotion.ts). */
  quote,
};

export interface PlacedOrder {
  order_id: string;
  order_total: number;
  /** Online payment (mode 1) only. */
  razorpay_order_id?: string;
  payment?: PaymentCheckout;
}

/**
 * The body of a 409 `prices_changed` answer to place-order (beside `flag`, `msg` and `code`): the order as it
 * costs now, in rupees, so the checkout can show it before the shopper places it again.
 */
export interface PricesChanged {
  order_total: number;
  original_total: number;
  you_save: number;
  /** The cart's lines at their prices now (`_id` is the cart line's). */
  lines: { _id: string; unitPrice: number; lineTotal: number }[];
}

/** Orders: the shopper's checkout and history, the back office's list and state moves, Razorpay's webhook. */
export const order = {
  place: route('POST /order/place-order', 'customer', { status: 201 })
    .body<typeof placeOrderBody>()
    .reply<PlacedOrder>(),
  /** Confirms an online payment after Razorpay Checkout's success callback (signature checked). */
  success: route('POST /order/success', 'customer')
    .body<typeof orderSuccessBody>()
    .reply<{ order_id: string }>(),
  paymentFailed: route('POST /order/payment-failed', 'customer').body<typeof paymentFailedBody>().reply<{
    order: Order;
  }>(),
  /** Development payment simulator only: signs a successful payment as Razorpay would. */
  simulatorSign: route('POST /order/simulator/sign', 'customer').body<typeof simulatorSignBody>().reply<{
    razorpay_response: RazorpayResponse;
  }>(),
  /** Razorpay's webhook: the body is read raw and its signature checked. */
  webhook: route('POST /order/webhook/razorpay', 'signed').reply<object>(),
  mine: route('GET /order/my-orders', 'customer').query<typeof myOrdersQuery>().reply<{
    orders: Order[];
    hasMore: boolean;
  }>(),
  /** The back office's list: filters, sorts and the total the filters match. */
  list: route('GET /order', 'orders.read').query<typeof adminOrdersQuery>().reply<{
    orders: Order[];
    hasMore: boolean;
    total: number;
  }>(),
  /**
   * Marks orders shipped with their tracking from a CSV: a preview of every row, or (`apply`) each order moved on
   * by itself, as the single move does.
   */
  bulkShip: route('POST /order/bulk-ship', 'orders.write').body<typeof bulkShipBody>().reply<{
    rows: BulkShipRow[];
    ready: number;
    shipped: number;
    errors: number;
  }>(),
  /** Illegal moves are refused (409) with a message naming both states. */
  setState: route('PATCH /order/status/:orderId', 'orders.write').body<typeof orderStatusBody>().reply<{
    order: Order;
  }>(),
  /** The shopper's own order, or any order for staff (someone else's: 404), with its timeline and documents. */
  get: route('GET /order/:orderId', 'account', { permission: 'orders.read' }).reply<OrderDetails>(),
  /** The shopper cancels until the order ships (409 after); stock returned, a paid order refunded. */
  cancel: route('POST /order/:orderId/cancel', 'customer')
    .body<typeof cancelOrderBody>()
    .reply<OrderDetails>(),
  /** Pays a pending_payment / payment_failed online order again: the same order, never a new one. */
  payNow: route('POST /order/:orderId/pay', 'customer').reply<PayNowReply>(),
  /** Staff refund, in full or in part (400 naming what is left when the amount is more). */
  refund: route('POST /order/:orderId/refund', 'orders.refund')
    .body<typeof refundOrderBody>()
    .reply<OrderDetails>(),
  /** Staff: corrects the carrier and tracking number of a shipped order (409 before it ships). */
  tracking: route('PATCH /order/:orderId/tracking', 'orders.write')
    .body<typeof trackingBody>()
    .reply<OrderDetails>(),
  /** Staff: sends one of the order's mails again (a new message, with its own Message-ID). */
  resendMail: route('POST /order/:orderId/mails/:mailId/resend', 'orders.write').reply<OrderDetails>(),
  /** Staff: the order's courier booking and the courier's scans (the label PDF is binary, outside the contract). */
  courier: route('GET /order/:orderId/courier', 'orders.read').reply<{ courier: CourierPanel }>(),
  /**
   * Staff: books a courier through the provider (AWB, label) and marks the order shipped as the ship move does
   * (the shopper's mail, the timeline, the change history); 409 when booked already or the order cannot ship.
   */
  bookCourier: route('POST /order/:orderId/courier', 'orders.write')
    .body<typeof bookCourierBody>()
    .reply<BookCourierReply>(),
  /** Staff: asks the courier where a booked parcel is and records its new scans on the order. */
  trackCourier: route('POST /order/:orderId/courier/track', 'orders.write').reply<{
    courier: CourierPanel;
  }>(),
};

/** Shop settings: read by every storefront page, saved from the back office. */
export const settings = {
  get: route('GET /settings', 'public').reply<{ settings: ShopSettings }>(),
  update: route('PUT /settings', 'settings.write')
    .body<typeof settingsBody>()
    .reply<{ settings: ShopSettings }>(),
  /** One of the shop's own pages (terms, privacy, shipping, returns, contact): the saved text, else the starting text. */
  page: route('GET /settings/pages/:slug', 'public').reply<{ page: ShopPage }>(),
  savePage: route('PUT /settings/pages/:slug', 'settings.write')
    .body<typeof shopPageBody>()
    .reply<{ page: ShopPage }>(),
};

/** The footer's sign-up box; an address already signed up is answered 200 with a message, a new one 201. */
export const newsletter = {
  subscribe: route('POST /newsletter/subscribe', 'public').body<typeof newsletterBody>().reply<object>(),
  /** The sign-up box may post to the bare resource path: it works too. */
  subscribeAtRoot: route('POST /newsletter', 'public').body<typeof newsletterBody>().reply<object>(),
};

/** For load balancers: liveness, and readiness (database reachable, migrations done). */
export const health = {
  live: route('GET /health', 'public').reply<{ status: 'ok' }>(),
  ready: route('GET /ready', 'public').reply<{ status: 'ready' }>(),
};
