import { createHash, randomBytes } from 'node:crypto';
import {
  type Actor,
  canMove,
  illegalMoveMessage,
  type Order,
  type OrderState,
  returnsStock,
  toRupees,
} from '@voltcart/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/connection';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import type { Principal } from '../../lib/auth';
import type { Logger } from '../../lib/logger';
import { PaymentError, type PaymentProvider } from '../../lib/payments/payment-provider';
import type { SimulatorProvider } from '../../lib/payments/simulator';
import { type Trx, transaction } from '../../lib/transaction';
import * as repo from './order.repository';

export interface OrderDeps {
  db: Db;
  config: Config;
  logger: Logger;
  payments: PaymentProvider;
}

// ---------------------------------------------------------------------------------------------------------------
// Ids, retries, transactions

/** Crockford base32: no I, L, O, U, so an id read aloud or typed is not misread. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const PUBLIC_ID_RE = /^VC[0-9A-HJKMNP-TV-Z]{18}$/;

/** 'VC' + 18 random base32 characters (90 bits): not sequential, not guessable. */
export function newPublicId(): string {
  let id = 'VC';
  // 256 is a multiple of 32, so masking keeps every character equally likely.
  for (const b of randomBytes(18)) id += ALPHABET[b & 31];
  return id;
}

// ---------------------------------------------------------------------------------------------------------------
// Placing an order

export interface PlaceOrderInput {
  payment_mode: 0 | 1;
  shipping_details: {
    adressLine1: string;
    adressLine2: string;
    city: string;
    state: string;
    postalCode: string;
    country: string;
    contact: string;
  };
  notes?: string | undefined;
}

export interface PlacedOrder {
  publicId: string;
  totalPaise: number;
  payment: {
    razorpay_order_id: string;
    key_id: string;
    amount: number;
    currency: 'INR';
    simulator: boolean;
  } | null;
}

export const PAYMENT_UNAVAILABLE =
  'The payment service is not available. Please try again or choose cash on delivery.';

function unavailable(name = 'A product in your cart'): AppError {
  return conflict(`${name} is no longer available. Please remove it from your cart.`, 'unavailable');
}

function stockConflict(p: repo.OrderProduct): AppError {
  if (!p.in_stock || p.stock <= 0) {
    return new AppError(409, 'out_of_stock', `Sorry, ${p.name} is out of stock.`, { available: 0 });
  }
  return new AppError(409, 'insufficient_stock', `Only ${p.stock} left in stock for ${p.name}.`, {
    available: p.stock,
  });
}

/**
 * Turns the shopper's cart into an order.
 * - one transaction: account row and cart lines locked, prices and option adjustments re-read, order and line
 *   snapshots written, cart emptied, and last of all stock taken with a guarded update per product (in id order);
 *   any error undoes all of it
 * - the product rows are locked only by that last update, so a popular product is held for the update and the
 *   commit alone, not for the whole checkout; the update's guard (active, for sale, enough units) is the final word
 *   on stock
 * - the client's order_total is never used
 * - online orders: the order is committed in `pending_payment` first and Razorpay is called afterwards, outside
 *   the transaction (no row locks held during a network call). If Razorpay refuses, fails or times out, a second
 *   transaction cancels the order, returns its stock and puts the lines back in the cart, and the shopper gets a
 *   502. Should the process die between the two, the order still expires and the sweep returns its stock.
 */
export async function placeOrder(
  deps: OrderDeps,
  userId: number,
  input: PlaceOrderInput,
): Promise<PlacedOrder> {
  const online = input.payment_mode === 1;
  const placed = await transaction(deps.db, async (trx) => {
    // Same lock order as the cart service (account row, then its cart lines, then products): no deadlocks between
    // a shopper's cart changes and the same shopper's checkout.
    const cart = await repo.lockAccountAndCart(trx, userId);
    if (!cart.length) throw badRequest('Your cart is empty.', 'cart_empty');

    const ids = [...new Set(cart.map((l) => l.product_id))].sort((a, b) => a - b);
    const products = new Map((await repo.readProducts(trx, ids)).map((p) => [p.id, p]));
    const colors = new Map(
      cart.some((l) => l.color_id)
        ? (await repo.colorOptions(trx, ids)).map((c) => [`${c.product_id}:${c.color_id}`, c])
        : [],
    );
    const memory = new Map(
      cart.some((l) => l.memory_size)
        ? (await repo.memoryOptions(trx, ids)).map((m) => [`${m.product_id}:${m.size_gb}`, m])
        : [],
    );

    const units = new Map<number, number>();
    const lines = cart.map((line) => {
      const p = products.get(line.product_id);
      if (!p?.status) throw unavailable(p?.name);
      let adj = 0;
      let colorName: string | null = null;
      if (line.color_id) {
        const c = colors.get(`${p.id}:${line.color_id}`);
        if (!c) {
          throw conflict(
            `${p.name} is no longer sold in the colour you chose. Please choose again.`,
            'option_unavailable',
          );
        }
        adj += c.price_adj;
        colorName = c.name;
      }
      if (line.memory_size) {
        const m = memory.get(`${p.id}:${line.memory_size}`);
        if (!m) {
          throw conflict(
            `${p.name} is no longer sold with ${line.memory_size} GB. Please choose again.`,
            'option_unavailable',
          );
        }
        adj += m.price_adj;
      }
      units.set(p.id, (units.get(p.id) ?? 0) + line.qty);
      const unit = Math.max(0, p.final_price + adj);
      return {
        product_id: p.id,
        name: p.name,
        color_id: line.color_id,
        color_name: colorName,
        memory_size: line.memory_size,
        unit_price_paise: unit,
        unit_original_paise: Math.max(unit, p.original_price + adj),
        qty: line.qty,
        thumbnail: p.thumbnail,
      };
    });

    // What was just read already refuses most sold-out carts, before anything is written.
    for (const id of ids) {
      const p = products.get(id)!;
      if (!p.in_stock || p.stock < units.get(id)!) throw stockConflict(p);
    }

    const total = lines.reduce((s, l) => s + l.unit_price_paise * l.qty, 0);
    const originalTotal = lines.reduce((s, l) => s + l.unit_original_paise * l.qty, 0);
    // Razorpay's smallest order is ₹1.
    if (online && total < 100) {
      throw badRequest('Online payment needs an order total of at least ₹1. Please choose cash on delivery.');
    }

    const publicId = newPublicId();
    const a = input.shipping_details;
    const orderId = await repo.insertOrder(trx, {
      public_id: publicId,
      user_id: userId,
      state: online ? 'pending_payment' : 'placed',
      payment_mode: input.payment_mode,
      total_paise: total,
      original_total_paise: originalTotal,
      razorpay_order_id: null,
      razorpay_payment_id: null,
      ship_adress_line1: a.adressLine1,
      ship_adress_line2: a.adressLine2,
      ship_city: a.city,
      ship_state: a.state,
      ship_postal_code: a.postalCode,
      ship_country: a.country,
      ship_contact: a.contact,
      notes: input.notes ?? '',
      expires_at: online ? new Date(Date.now() + deps.config.PAYMENT_EXPIRY_MINUTES * 60_000) : null,
      paid_at: null,
    });
    await repo.insertLines(
      trx,
      lines.map((l) => ({ ...l, order_id: orderId })),
    );
    await repo.deleteCartLines(
      trx,
      userId,
      cart.map((l) => l.id),
    );
    for (const id of ids) {
      if (!(await repo.takeStock(trx, id, units.get(id)!))) {
        // Someone bought the last units (or the product was withdrawn) since it was read: say how it is now.
        const [now] = await repo.readProducts(trx, [id]);
        throw now?.status ? stockConflict(now) : unavailable(products.get(id)!.name);
      }
    }
    return { orderId, publicId, total };
  });

  if (!online) return { publicId: placed.publicId, totalPaise: placed.total, payment: null };

  let created: Awaited<ReturnType<PaymentProvider['createOrder']>>;
  try {
    created = await deps.payments.createOrder({
      amountPaise: placed.total,
      receipt: placed.publicId,
      notes: { order_id: placed.publicId },
    });
  } catch (e) {
    const err = e instanceof PaymentError ? e : new PaymentError('unavailable', String(e));
    deps.logger.error('payment order could not be created', {
      orderId: placed.publicId,
      reason: err.reason,
      error: err.message,
    });
    await releaseUnpayableOrder(deps.db, placed.orderId).catch((releaseError) =>
      deps.logger.error('could not cancel the unpayable order; the expiry sweep will', {
        orderId: placed.publicId,
        error: (releaseError as Error).message,
      }),
    );
    throw new AppError(502, 'payment_unavailable', PAYMENT_UNAVAILABLE);
  }

  await repo.setRazorpayOrderId(deps.db, placed.orderId, created.id);
  return {
    publicId: placed.publicId,
    totalPaise: placed.total,
    payment: {
      razorpay_order_id: created.id,
      key_id: deps.payments.keyId,
      amount: placed.total,
      currency: 'INR',
      simulator: deps.payments.kind === 'simulator',
    },
  };
}

/** The compensation of a failed Razorpay call: cancelled, stock back, lines back in the cart. */
async function releaseUnpayableOrder(db: Db, orderId: number): Promise<void> {
  await transaction(db, async (trx) => {
    const order = await repo.lockOrder(trx, { id: orderId });
    if (order?.state !== 'pending_payment') return;
    await move(trx, order, 'cancelled', 'system');
    await repo.restoreCart(trx, order.user_id, order.id);
  });
}

// ---------------------------------------------------------------------------------------------------------------
// State moves

/**
 * Applies one move to an order row locked by the caller, after checking it against the state table.
 * - into `cancelled` / `payment_failed`: the stock goes back, guarded by `stock_returned` so it happens once
 * - into `paid` from a state whose stock was returned: the units are taken again; when they are gone the order
 *   is left as it is, the payment id is kept for the refund, and 'refund_needed' is returned
 */
async function move(
  trx: Trx,
  order: repo.OrderRow,
  to: OrderState,
  actor: Actor,
  paymentId?: string,
): Promise<'moved' | 'refund_needed'> {
  const from = order.state as OrderState;
  if (!canMove(from, to, actor)) throw conflict(illegalMoveMessage(from, to), 'illegal_move');

  if (returnsStock(to)) {
    const first = await repo.updateState(
      trx,
      order.id,
      from,
      { state: to, stock_returned: 1 },
      { stockReturned: 0 },
    );
    if (first) {
      for (const u of await repo.orderUnits(trx, order.id)) await repo.giveStock(trx, u.product_id, u.qty);
    } else {
      await repo.updateState(trx, order.id, from, { state: to });
    }
    return 'moved';
  }

  if (to === 'paid') {
    const paid = { razorpay_payment_id: paymentId ?? null, paid_at: new Date() };
    if (order.stock_returned) {
      const units = await repo.orderUnits(trx, order.id);
      const stock = new Map(
        (
          await repo.lockProducts(
            trx,
            units.map((u) => u.product_id),
          )
        ).map((p) => [p.id, p.stock]),
      );
      if (!units.every((u) => (stock.get(u.product_id) ?? -1) >= u.qty)) {
        await repo.keepPaymentId(trx, order.id, paymentId ?? null);
        return 'refund_needed';
      }
      for (const u of units) {
        // Under the row locks taken above this cannot fail; if it ever does, the whole transaction is undone.
        if (!(await repo.takeStock(trx, u.product_id, u.qty, false)))
          throw new Error('stock changed under a lock');
      }
      await repo.updateState(trx, order.id, from, { state: 'paid', stock_returned: 0, ...paid });
      return 'moved';
    }
    await repo.updateState(trx, order.id, from, { state: 'paid', ...paid });
    return 'moved';
  }

  await repo.updateState(trx, order.id, from, { state: to });
  return 'moved';
}

type Settlement = 'paid' | 'already_paid' | 'refund_needed' | 'ignored';

/** A verified successful payment for a locked order, whatever state it reached meanwhile. */
async function settlePayment(
  trx: Trx,
  order: repo.OrderRow,
  paymentId: string,
  logger: Logger,
): Promise<Settlement> {
  switch (order.state as OrderState) {
    case 'paid':
    case 'shipped':
    case 'delivered':
      return 'already_paid';
    case 'pending_payment':
      await move(trx, order, 'paid', 'payment', paymentId);
      return 'paid';
    case 'payment_failed':
    case 'cancelled': {
      // Paid earlier and cancelled by the shop afterwards: the refund is already the shop's business.
      if (order.paid_at) return 'refund_needed';
      // A payment id on a never-paid order: an earlier late payment, already queued for refund.
      const outcome = order.razorpay_payment_id
        ? 'refund_needed'
        : await move(trx, order, 'paid', 'payment', paymentId);
      if (outcome === 'moved') return 'paid';
      logger.error('payment received for an order that can no longer be fulfilled: refund it', {
        orderId: order.public_id,
        paymentId,
        state: order.state,
      });
      return 'refund_needed';
    }
    default:
      return 'ignored';
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Payment results

export async function confirmPayment(
  deps: OrderDeps,
  userId: number,
  input: {
    order_id: string;
    razorpay_response: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
  },
): Promise<{ publicId: string; msg: string }> {
  const order = PUBLIC_ID_RE.test(input.order_id)
    ? await repo.findByPublicId(deps.db, input.order_id)
    : undefined;
  if (!order || order.user_id !== userId) throw notFound('Order');
  const r = input.razorpay_response;
  const verified =
    !!order.razorpay_order_id &&
    r.razorpay_order_id === order.razorpay_order_id &&
    deps.payments.verifyPayment(order.razorpay_order_id, r.razorpay_payment_id, r.razorpay_signature);
  if (!verified) throw badRequest('Payment could not be verified.', 'payment_not_verified');

  const outcome = await transaction(deps.db, async (trx) => {
    const locked = await repo.lockOrder(trx, { id: order.id });
    return settlePayment(trx, locked!, r.razorpay_payment_id, deps.logger);
  });
  if (outcome === 'paid')
    return { publicId: order.public_id, msg: 'Payment successful! Your order is confirmed.' };
  if (outcome === 'already_paid') return { publicId: order.public_id, msg: 'Payment already confirmed.' };
  throw conflict(
    'This order was cancelled and can no longer be paid. Your payment will be refunded.',
    'payment_after_cancel',
  );
}

/** The simulator's "Pay" button: signs a successful payment for the shopper's order that waits for payment. */
export async function simulatePayment(
  db: Db,
  simulator: SimulatorProvider,
  userId: number,
  publicId: string,
) {
  const order = PUBLIC_ID_RE.test(publicId) ? await repo.findByPublicId(db, publicId) : undefined;
  if (!order || order.user_id !== userId) throw notFound('Order');
  if (order.state !== 'pending_payment' || !order.razorpay_order_id) {
    throw conflict(`This order is not waiting for payment (it is ${order.state}).`, 'not_payable');
  }
  return simulator.signPayment(order.razorpay_order_id);
}

/** The shopper's payment failed or was dismissed: stock back on the shelf, lines back in the cart. */
export async function customerPaymentFailed(
  deps: OrderDeps,
  userId: number,
  publicId: string,
): Promise<{ order: Order; msg: string }> {
  if (!PUBLIC_ID_RE.test(publicId)) throw notFound('Order');
  const { id, msg } = await transaction(deps.db, async (trx) => {
    const order = await repo.lockOrder(trx, { publicId });
    if (!order || order.user_id !== userId) throw notFound('Order');
    if (order.state === 'payment_failed' || order.state === 'cancelled') {
      return { id: order.id, msg: 'This order is no longer waiting for payment.' };
    }
    await move(trx, order, 'payment_failed', 'customer');
    await repo.restoreCart(trx, userId, order.id);
    return {
      id: order.id,
      msg: 'Payment failed. Your items are back in your cart: you can try again or choose cash on delivery.',
    };
  });
  return { order: (await loadOrder(deps.db, { id }))!, msg };
}

/** The parts of a Razorpay webhook we read (anything may be missing: every field is checked). */
interface WebhookBody {
  event?: unknown;
  payload?: {
    payment?: { entity?: { id?: unknown; order_id?: unknown; amount?: unknown } };
    order?: { entity?: { id?: unknown; amount_paid?: unknown } };
  };
}

/** A signed, deduplicated Razorpay webhook. Returns the message for the 200 answer. */
export async function handleWebhook(
  deps: OrderDeps,
  raw: Buffer,
  signature: string | undefined,
  eventIdHeader: string | undefined,
): Promise<string> {
  if (!deps.payments.verifyWebhook(raw, signature)) {
    throw badRequest('Webhook signature could not be verified.', 'bad_signature');
  }
  let body: WebhookBody | null;
  try {
    body = JSON.parse(raw.toString('utf8')) as WebhookBody | null;
  } catch {
    throw badRequest('The webhook body is not valid JSON.');
  }
  const event = typeof body?.event === 'string' ? body.event.slice(0, 60) : '';
  const payment = body?.payload?.payment?.entity;
  const rzpOrder = body?.payload?.order?.entity;
  const str = (v: unknown) => (typeof v === 'string' && v ? v.slice(0, 64) : null);
  const razorpayOrderId = str(payment?.order_id) ?? str(rzpOrder?.id);
  const paymentId = str(payment?.id);
  const eventId = eventIdHeader
    ? eventIdHeader.length <= 100
      ? eventIdHeader
      : createHash('sha256').update(eventIdHeader).digest('hex')
    : null;

  return transaction(deps.db, async (trx) => {
    // The event is recorded in the same transaction as its effect: a failure undoes both and Razorpay's retry
    // is processed afresh; a replay of a processed event stops here.
    if (eventId) {
      const fresh = await repo.recordEvent(trx, {
        event_id: eventId,
        event: event || 'unknown',
        razorpay_order_id: razorpayOrderId,
      });
      if (!fresh) return 'Event already processed.';
    }
    if (!['order.paid', 'payment.captured', 'payment.failed'].includes(event)) return 'Event ignored.';
    if (!razorpayOrderId) return 'Event ignored: it names no order.';
    const order = await repo.lockOrder(trx, { razorpayOrderId });
    if (!order) return 'Event ignored: no matching order.';

    if (event === 'payment.failed') {
      // Never moves a paid order back; a late failure of an earlier attempt changes nothing.
      if (order.state !== 'pending_payment') return `Event ignored: the order is ${order.state}.`;
      await move(trx, order, 'payment_failed', 'payment');
      return 'Order marked as payment failed.';
    }

    if (!paymentId) return 'Event ignored: it names no payment.';
    const amount = Number(payment?.amount ?? rzpOrder?.amount_paid);
    if (Number.isFinite(amount) && amount !== order.total_paise) {
      deps.logger.error('webhook payment amount differs from the order total', {
        orderId: order.public_id,
        amount,
        total: order.total_paise,
      });
      return 'Event ignored: the amount does not match the order.';
    }
    const outcome = await settlePayment(trx, order, paymentId, deps.logger);
    if (outcome === 'paid') return 'Order marked as paid.';
    if (outcome === 'already_paid') return 'Order already paid.';
    if (outcome === 'refund_needed')
      return 'Payment recorded for a refund: the order could not be fulfilled.';
    return 'Event ignored.';
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Admin moves and the expiry sweep

export async function adminMove(db: Db, publicId: string, to: OrderState): Promise<Order> {
  if (!PUBLIC_ID_RE.test(publicId)) throw notFound('Order');
  const id = await transaction(db, async (trx) => {
    const order = await repo.lockOrder(trx, { publicId });
    if (!order) throw notFound('Order');
    await move(trx, order, to, 'admin');
    return order.id;
  });
  return (await loadOrder(db, { id }))!;
}

/**
 * Cancels unpaid online orders whose time is up and returns their stock. Safe with several API processes running
 * it at once: each order is re-checked under its row lock and moved with a conditional update, so exactly one
 * process cancels it and the stock comes back once. Returns how many orders this call cancelled.
 */
export async function expireUnpaidOrders(db: Db, now: Date = new Date(), batch = 100): Promise<number> {
  let cancelled = 0;
  for (;;) {
    const ids = await repo.expiredOrderIds(db, now, batch);
    let done = 0;
    for (const id of ids) {
      const moved = await transaction(db, async (trx) => {
        const order = await repo.lockOrder(trx, { id });
        if (order?.state !== 'pending_payment' || !order.expires_at || order.expires_at >= now) return false;
        await move(trx, order, 'cancelled', 'system');
        return true;
      });
      if (moved) done++;
    }
    cancelled += done;
    if (ids.length < batch || done === 0) return cancelled;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Reading orders

export function toOrderJson(o: repo.OrderWithUser, lines: repo.OrderLineRow[]): Order & { _id: string } {
  return {
    _id: o.public_id,
    order_id: o.public_id,
    state: o.state as OrderState,
    payment_mode: o.payment_mode === 1 ? 1 : 0,
    order_total: toRupees(o.total_paise),
    original_total: toRupees(o.original_total_paise),
    razorpay_order_id: o.razorpay_order_id,
    razorpay_payment_id: o.razorpay_payment_id,
    shipping_details: {
      adressLine1: o.ship_adress_line1,
      adressLine2: o.ship_adress_line2,
      city: o.ship_city,
      state: o.ship_state,
      postalCode: o.ship_postal_code,
      country: o.ship_country,
      contact: o.ship_contact,
    },
    notes: o.notes,
    lines: lines.map((l) => ({
      productId: String(l.product_id),
      name: l.name,
      colorName: l.color_name,
      memorySize: l.memory_size || null,
      unitPrice: toRupees(l.unit_price_paise),
      unitOriginalPrice: toRupees(l.unit_original_paise),
      qty: l.qty,
      lineTotal: toRupees(l.unit_price_paise * l.qty),
      thumbnail: l.thumbnail,
    })),
    user: o.user_email ? { _id: String(o.user_id), name: o.user_name ?? '', email: o.user_email } : null,
    createdAt: o.created_at.toISOString(),
    updatedAt: o.updated_at.toISOString(),
  };
}

async function loadOrder(db: Db, by: { id: number } | { publicId: string }) {
  const o = 'id' in by ? await repo.findById(db, by.id) : await repo.findByPublicId(db, by.publicId);
  if (!o) return undefined;
  return toOrderJson(o, await repo.linesOf(db, [o.id]));
}

/** The owner or an admin sees the order; anyone else gets the same 404 as for an id that does not exist. */
export async function getOrder(db: Db, publicId: string, principal: Principal): Promise<Order> {
  if (!PUBLIC_ID_RE.test(publicId)) throw notFound('Order');
  const o = await repo.findByPublicId(db, publicId);
  if (!o || (principal.kind !== 'admin' && o.user_id !== principal.id)) throw notFound('Order');
  return toOrderJson(o, await repo.linesOf(db, [o.id]));
}

export async function listOrders(
  db: Db,
  f: { userId?: number; state?: string; q?: string; page: number; limit: number },
): Promise<{ orders: Order[]; hasMore: boolean }> {
  const rows = await repo.listOrders(db, {
    userId: f.userId,
    state: f.state,
    q: f.q,
    offset: (f.page - 1) * f.limit,
    limit: f.limit + 1,
  });
  const hasMore = rows.length > f.limit;
  const page = rows.slice(0, f.limit);
  const lines = await repo.linesOf(
    db,
    page.map((o) => o.id),
  );
  const byOrder = new Map<number, repo.OrderLineRow[]>();
  for (const l of lines) byOrder.set(l.order_id, [...(byOrder.get(l.order_id) ?? []), l]);
  return { orders: page.map((o) => toOrderJson(o, byOrder.get(o.id) ?? [])), hasMore };
}

/**
 * Dashboard figures.
 * - customers: registered customer accounts
 * - revenue (rupees): money taken or about to be: online orders once paid (paid, shipped, delivered) plus cash
 *   on delivery orders once delivered (the cash is collected at the door)
 * - ordersToShip: orders waiting for dispatch (`placed` cash-on-delivery and `paid` online orders)
 * - orders: every order ever created, whatever its state
 */
export async function dashboardMetrics(db: Db) {
  const f = await repo.dashboardFigures(db);
  return {
    customers: f.customers,
    revenue: toRupees(f.revenuePaise),
    ordersToShip: f.toShip,
    orders: f.orders,
  };
}

export async function listCustomers(db: Db, f: { q?: string; page: number; limit: number }) {
  const rows = await repo.listUsers(db, { q: f.q, offset: (f.page - 1) * f.limit, limit: f.limit + 1 });
  return {
    users: rows.slice(0, f.limit).map((u) => ({
      _id: String(u.id),
      name: u.name,
      email: u.email,
      orderCount: Number(u.order_count ?? 0),
      createdAt: u.created_at.toISOString(),
    })),
    hasMore: rows.length > f.limit,
  };
}
