import type { OrderDetails, PayNowReply } from '@voltcart/shared';
import { toRupees } from '@voltcart/shared';
import type { Db } from '../../db/connection';
import { AppError, conflict, notFound } from '../../errors';
import type { Principal } from '../../lib/auth';
import { PaymentError } from '../../lib/payments/payment-provider';
import { transaction } from '../../lib/transaction';
import { type Actor as AuditActor, recordAudit } from '../audit/audit.service';
import { documentName } from '../invoice/invoice.service';
import * as mailRepo from '../mail/mail.repository';
import { resendMail } from '../mail/mail.service';
import { discountsOfOrders } from '../promotion/promotion-pricing.service';
import { toOrderJson } from './order.mapping';
import * as repo from './order.repository';
import type { OrderDeps } from './order.service';
import { removeOrderLinesFromCart } from './order-checkout.repository';
import { PAYMENT_UNAVAILABLE } from './order-checkout.service';
import { eventsOf, insertEvent } from './order-events.repository';
import { PUBLIC_ID_RE } from './order-id';
import { move } from './order-move.service';
import { refundsOf } from './order-refund.repository';
import { moneyTaken, refundableLeft, reserveRefund, sendRefund, tookPayment } from './order-refund.service';

/**
 * The shopper's order page: one order with its timeline, payment, refunds and documents; cancel; pay now.
 * Someone else's order answers 404, exactly like an order that does not exist.
 */

/**
 * Everything about one order, for its shopper or for staff. Staff also see who on the staff made each change
 * and the order's mails with their delivery state.
 */
/** Timeline events whose note quotes the payment gateway (staff only). */
const GATEWAY_NOTES = new Set(['refund_failed']);

export async function orderDetails(
  db: Db,
  orderId: number,
  opts: { staff?: boolean } = {},
): Promise<OrderDetails> {
  const o = await repo.findById(db, orderId);
  if (!o) throw notFound('Order');
  const [lines, events, refunds, documents, mails, discounts] = await Promise.all([
    repo.linesOf(db, [o.id]),
    eventsOf(db, o.id),
    refundsOf(db, o.id),
    repo.documentsOf(db, o.id),
    opts.staff ? mailRepo.mailsOfOrder(db, o.id) : Promise.resolve([]),
    discountsOfOrders(db, [o.id]),
  ]);
  const staffOnly = opts.staff
    ? {
        mails: mails.map((m) => ({
          _id: String(m.id),
          kind: m.kind,
          to: m.recipient,
          subject: m.subject,
          createdAt: m.created_at.toISOString(),
          sentAt: m.sent_at?.toISOString() ?? null,
          failedAt: m.failed_at?.toISOString() ?? null,
          attempts: m.attempts,
          lastError: m.last_error,
        })),
      }
    : {};
  return {
    ...staffOnly,
    order: toOrderJson(o, lines, discounts.get(o.id)),
    timeline: events.map((e) => ({
      event: e.event,
      actor: e.actor,
      // The gateway's words on a refused refund are for staff; the shopper sees that the refund is delayed.
      note: !opts.staff && GATEWAY_NOTES.has(e.event) ? '' : e.note,
      at: e.created_at.toISOString(),
      ...(opts.staff && e.admin_name ? { by: `${e.admin_name} <${e.admin_email}>` } : {}),
    })),
    payment: {
      mode: o.payment_mode === 1 ? 'online' : 'cod',
      paidAt: o.paid_at?.toISOString() ?? null,
      refunded: toRupees(o.refunded_paise),
      refundable: moneyTaken(o) ? toRupees(refundableLeft(o)) : 0,
      carrier: o.carrier,
      trackingNumber: o.tracking_number,
    },
    refunds: refunds.map((r) => ({
      _id: r.public_id,
      amount: toRupees(r.amount_paise),
      reason: r.reason,
      state: r.state as 'pending' | 'processed' | 'failed',
      error: opts.staff ? r.error : null,
      method: r.method,
      reference: opts.staff ? r.reference : null,
      createdAt: r.created_at.toISOString(),
    })),
    documents: documents.map((d) => ({
      kind: d.kind as 'invoice' | 'credit_note',
      title: documentName(d.kind, d.number),
      number: d.number,
      total: toRupees(d.total_paise),
      issuedAt: d.issued_at.toISOString(),
    })),
  };
}

/** The row id of an order its caller may see: the shopper's own, any for staff; 404 otherwise. */
export async function visibleOrderId(db: Db, publicId: string, principal: Principal): Promise<number> {
  if (!PUBLIC_ID_RE.test(publicId)) throw notFound('Order');
  const o = await repo.findByPublicId(db, publicId);
  if (!o || (principal.kind !== 'admin' && o.user_id !== principal.id)) throw notFound('Order');
  return o.id;
}

/**
 * The shopper cancels an order that has not shipped.
 * - shipped or delivered: 409 `not_cancellable`; already cancelled: 409 as well
 * - stock goes back in the same transaction (the state table's cancel); a paid online order is refunded in
 *   full through the payment provider after the commit (a provider failure leaves the refund for staff to see:
 *   the cancellation stands)
 */
export async function customerCancel(
  deps: OrderDeps,
  userId: number,
  publicId: string,
  reason?: string,
): Promise<{ details: OrderDetails; refunded: boolean }> {
  if (!PUBLIC_ID_RE.test(publicId)) throw notFound('Order');
  const { id, refundId } = await transaction(deps.db, async (trx) => {
    const order = await repo.lockOrder(trx, { publicId });
    if (!order || order.user_id !== userId) throw notFound('Order');
    if (order.state === 'shipped' || order.state === 'delivered') {
      throw conflict(
        `This order has already ${order.state === 'shipped' ? 'shipped' : 'been delivered'} and can no longer be cancelled.`,
        'not_cancellable',
      );
    }
    if (order.state === 'cancelled') throw conflict('This order is already cancelled.', 'not_cancellable');
    const refund = tookPayment(order) && refundableLeft(order) > 0;
    await move(trx, deps.search, order, 'cancelled', 'customer', {
      config: deps.config,
      note: reason ?? '',
      reason: refund ? 'Your payment is being refunded to your original payment method.' : undefined,
    });
    return {
      id: order.id,
      refundId: refund
        ? await reserveRefund(
            trx,
            order,
            refundableLeft(order),
            reason || 'Cancelled by the shopper',
            'customer',
          )
        : null,
    };
  });
  const refund = refundId ? await sendRefund(deps, refundId) : null;
  return { details: await orderDetails(deps.db, id), refunded: !!refund && refund.state !== 'failed' };
}

/**
 * "Pay now" for an online order waiting for payment or whose payment failed: the same order, never a new one.
 * - payment_failed → pending_payment (its units taken again with the guarded update; 409 when they are gone),
 *   and its lines leave the cart they were put back into
 * - the Razorpay order is reused (Razorpay accepts further attempts on an order until one succeeds); one is
 *   created only when the order has none
 * - any other state, or a cash-on-delivery order: 409 `not_payable`
 */
export async function payNow(deps: OrderDeps, userId: number, publicId: string): Promise<PayNowReply> {
  if (!PUBLIC_ID_RE.test(publicId)) throw notFound('Order');
  const order = await transaction(deps.db, async (trx) => {
    const o = await repo.lockOrder(trx, { publicId });
    if (!o || o.user_id !== userId) throw notFound('Order');
    if (o.payment_mode !== 1) throw conflict('This order is paid in cash on delivery.', 'not_payable');
    // A payment already arrived for this order (and was refunded, as it came too late): its Razorpay order
    // is spent, and a second payment could not be told apart from the first.
    if (o.razorpay_payment_id || o.refunded_paise > 0)
      throw conflict('This order was paid once already; please place a new order.', 'not_payable');
    const expiresAt = new Date(Date.now() + deps.config.PAYMENT_EXPIRY_MINUTES * 60_000);
    if (o.state === 'payment_failed') {
      await move(trx, deps.search, o, 'pending_payment', 'customer', { config: deps.config, expiresAt });
      await removeOrderLinesFromCart(trx, userId, o.id);
    } else if (o.state === 'pending_payment') {
      // Asking again does not hold the units longer than the first payment window.
    } else {
      throw conflict(`This order is not waiting for payment (it is ${o.state}).`, 'not_payable');
    }
    return o;
  });

  let razorpayOrderId = order.razorpay_order_id;
  if (!razorpayOrderId) {
    try {
      const created = await deps.payments.createOrder({
        amountPaise: order.total_paise,
        receipt: order.public_id,
        notes: { order_id: order.public_id },
      });
      razorpayOrderId = created.id;
    } catch (e) {
      deps.logger.error('payment order could not be created', {
        orderId: order.public_id,
        error: e instanceof PaymentError ? e.message : String(e),
      });
      throw new AppError(502, 'payment_unavailable', PAYMENT_UNAVAILABLE);
    }
    await repo.setRazorpayOrderId(deps.db, order.id, razorpayOrderId);
  }
  return {
    order_id: order.public_id,
    order_total: toRupees(order.total_paise),
    razorpay_order_id: razorpayOrderId,
    payment: {
      razorpay_order_id: razorpayOrderId,
      key_id: deps.payments.keyId,
      amount: order.total_paise,
      currency: 'INR',
      simulator: deps.payments.kind === 'simulator',
    },
  };
}

/** Staff: writes one of the order's mails to the outbox again, and says so in the timeline. */
export async function staffResendMail(
  deps: OrderDeps,
  publicId: string,
  mailId: string,
  actor: AuditActor,
): Promise<number> {
  if (!PUBLIC_ID_RE.test(publicId) || !/^\d{1,15}$/.test(mailId)) throw notFound('Mail');
  return transaction(deps.db, async (trx) => {
    const order = await repo.lockOrder(trx, { publicId });
    const mail = order && (await mailRepo.findMail(trx, Number(mailId)));
    if (!order || !mail || mail.order_id !== order.id) throw notFound('Mail');
    await resendMail(trx, deps.config, mail);
    await insertEvent(trx, {
      order_id: order.id,
      event: 'mail_resent',
      actor: 'admin',
      note: `${mail.kind} to ${mail.recipient}`,
      admin_id: actor.id,
    });
    await recordAudit(trx, {
      actor,
      action: 'order.mail_resend',
      kind: 'order',
      objectId: order.public_id,
      summary: `Resent mail ${mail.kind} to ${mail.recipient}`,
      before: null,
      after: { mail: mail.kind, recipient: mail.recipient, subject: mail.subject },
    });
    return order.id;
  });
}
