import { createHash } from 'node:crypto';
import type { Order, OrderState } from '@voltcart/shared';
import type { Db } from '../../db/connection';
import { badRequest, conflict, notFound } from '../../errors';
import type { SimulatorProvider } from '../../lib/payments/simulator';
import { type Trx, transaction } from '../../lib/transaction';
import * as repo from './order.repository';
import { loadOrder, type OrderDeps } from './order.service';
import { restoreCart } from './order-checkout.repository';
import { cancelledBy } from './order-events.repository';
import { PUBLIC_ID_RE } from './order-id';
import { move } from './order-move.service';
import { applyRefundEvent, type RefundEntity, refundUnusablePayment } from './order-refund.service';

/**
 * Payment results: the shopper's return from Razorpay Checkout (signature checked), a failed or dismissed
 * payment, the simulator's signature, and Razorpay's signed webhook. Confirmation is idempotent.
 */

type Settlement = 'paid' | 'already_paid' | 'refund_needed' | 'ignored';

/** A verified successful payment for a locked order, whatever state it reached meanwhile. */
async function settlePayment(
  trx: Trx,
  { logger, config, search }: Pick<OrderDeps, 'logger' | 'config' | 'search'>,
  order: repo.OrderRow,
  paymentId: string,
): Promise<Settlement> {
  switch (order.state as OrderState) {
    case 'paid':
    case 'shipped':
    case 'delivered':
      return 'already_paid';
    case 'pending_payment':
      await move(trx, search, order, 'paid', 'payment', { paymentId, config });
      return 'paid';
    case 'payment_failed':
    case 'cancelled': {
      // Paid earlier and cancelled by the shop afterwards: the refund is already the shop's business.
      if (order.paid_at) return 'refund_needed';
      // A payment id on a never-paid order: an earlier late payment, already queued for refund.
      if (order.razorpay_payment_id) return 'refund_needed';
      // Only an order the payment window closed on (the expiry sweep's cancel) may come back to life; one the
      // shopper or the shop cancelled stays cancelled, and the late payment is refunded automatically.
      if (order.state === 'cancelled' && (await cancelledBy(trx, order.id)) !== 'system') {
        await repo.keepPaymentId(trx, order.id, paymentId);
        logger.error('payment received for an order cancelled before it was paid: refund it', {
          orderId: order.public_id,
          paymentId,
        });
        return 'refund_needed';
      }
      const outcome = await move(trx, search, order, 'paid', 'payment', { paymentId, config });
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
    return settlePayment(trx, deps, locked!, r.razorpay_payment_id);
  });
  if (outcome === 'refund_needed') await refundUnusablePayment(deps, order.id);
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
    await move(trx, deps.search, order, 'payment_failed', 'customer', { config: deps.config });
    await restoreCart(trx, userId, order.id);
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
    refund?: { entity?: RefundEntity };
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

  // A payment that can no longer be used is refunded after the event's transaction (no network call under locks).
  let unusable: number | null = null;
  const msg = await transaction(deps.db, async (trx) => {
    unusable = null;
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
    if (event === 'refund.processed' || event === 'refund.failed') {
      return applyRefundEvent(trx, deps, event, body?.payload?.refund?.entity);
    }
    if (!['order.paid', 'payment.captured', 'payment.failed'].includes(event)) return 'Event ignored.';
    if (!razorpayOrderId) return 'Event ignored: it names no order.';
    const order = await repo.lockOrder(trx, { razorpayOrderId });
    if (!order) return 'Event ignored: no matching order.';

    if (event === 'payment.failed') {
      // Never moves a paid order back; a late failure of an earlier attempt changes nothing.
      if (order.state !== 'pending_payment') return `Event ignored: the order is ${order.state}.`;
      await move(trx, deps.search, order, 'payment_failed', 'payment', { config: deps.config });
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
    const outcome = await settlePayment(trx, deps, order, paymentId);
    if (outcome === 'paid') return 'Order marked as paid.';
    if (outcome === 'already_paid') return 'Order already paid.';
    if (outcome === 'refund_needed') {
      unusable = order.id;
      return 'Payment recorded for a refund: the order could not be fulfilled.';
    }
    return 'Event ignored.';
  });
  if (unusable !== null) await refundUnusablePayment(deps, unusable);
  return msg;
}
