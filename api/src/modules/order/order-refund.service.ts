import { type Actor, canMove, formatINR, type OrderState, toRupees } from '@voltcart/shared';
import { AppError, badRequest, conflict } from '../../errors';
import { PaymentError } from '../../lib/payments/payment-provider';
import { type Trx, transaction } from '../../lib/transaction';
import { type Actor as AuditActor, recordAudit } from '../audit/audit.service';
import { issueCreditNote } from '../invoice/invoice.service';
import * as repo from './order.repository';
import type { OrderDeps } from './order.service';
import { insertEvent } from './order-events.repository';
import { recordOrderEvent } from './order-events.service';
import { newPublicId } from './order-id';
import { move } from './order-move.service';
import {
  addRefunded,
  insertRefund,
  lockRefund,
  processedRefundPaise,
  updateRefund,
} from './order-refund.repository';

/**
 * Refunds through the payment provider (Razorpay's refunds API, or the simulator):
 * - a refund is first reserved in a transaction under the order's row lock: its amount counts against what is
 *   left at once, so two refunds at the same time cannot both take the same money (the second waits for the
 *   lock and sees the first)
 * - the provider is called after that commit, holding no lock; its answer is recorded in a second transaction
 * - refused by the provider: the refund fails, its amount is given back, the order stays as it was
 * - no answer (network, timeout): the refund stays pending and the refund webhook settles it
 * - `refund.processed` / `refund.failed` webhooks find the refund by Razorpay's id or, when they come before
 *   our own record of that id, by the refund id we sent in its notes; `processed` is final
 * - when the processed refunds add up to the whole order, a paid, shipped or delivered order becomes `refunded`
 *   (its units back in stock when it had not shipped): it leaves the lists of orders to ship
 * - a cash-on-delivery order whose cash was collected is refunded by staff outside the gateway (cash, UPI, bank
 *   transfer): the refund is recorded as processed with its reference
 */

export const refundableLeft = (o: Pick<repo.OrderRow, 'total_paise' | 'refunded_paise'>) =>
  Math.max(0, o.total_paise - o.refunded_paise);

/** True when the order took money online that can still (partly) be refunded. */
export const tookPayment = (o: repo.OrderRow) =>
  o.payment_mode === 1 && !!o.paid_at && !!o.razorpay_payment_id;

const MANUAL_LABELS = { cash: 'cash', upi: 'UPI', bank: 'bank transfer' } as const;

/** True when the shop holds the order's money: paid online, or cash collected on delivery. */
export const moneyTaken = (o: repo.OrderRow) =>
  tookPayment(o) || (o.payment_mode === 0 && (!!o.paid_at || o.state === 'delivered'));

/** Reserves a refund of a locked order in the caller's transaction; returns the refund's row id. */
export async function reserveRefund(
  trx: Trx,
  order: repo.OrderRow,
  amountPaise: number,
  reason: string,
  actor: Actor,
  adminId?: number,
  manual?: ManualRefund,
): Promise<number> {
  const id = await insertRefund(trx, {
    public_id: newPublicId(),
    order_id: order.id,
    provider_refund_id: null,
    amount_paise: amountPaise,
    reason,
    state: 'pending',
    error: null,
    actor,
    ...(manual ? { method: manual.method, reference: manual.reference || null } : {}),
  });
  await addRefunded(trx, order.id, amountPaise);
  const how = manual
    ? ` (${MANUAL_LABELS[manual.method]}${manual.reference ? `, ref. ${manual.reference}` : ''})`
    : '';
  await insertEvent(trx, {
    order_id: order.id,
    event: 'refund_requested',
    actor,
    note: `${formatINR(toRupees(amountPaise))}${how}: ${reason}`,
    admin_id: adminId ?? null,
  });
  return id;
}

/** A reserved refund that the provider confirmed: final, in the timeline, mailed to the shopper. */
async function markProcessed(trx: Trx, deps: OrderDeps, refund: repo.RefundRow): Promise<void> {
  if (refund.state === 'processed') return;
  // A refund we had marked failed (no answer, then a late "processed"): its amount counts again.
  if (refund.state === 'failed') await addRefunded(trx, refund.order_id, refund.amount_paise);
  await updateRefund(trx, refund.id, { state: 'processed', error: null });
  const order = await repo.lockOrder(trx, { id: refund.order_id });
  if (order) await settleRefund(trx, deps, order, refund, 'payment');
}

/**
 * A refund that is final (processed), on its locked order: the timeline and the shopper's mail, the order moved
 * into `refunded` when the processed refunds now cover it all (state table: the API's own move), and a credit
 * note against the tax invoice.
 */
async function settleRefund(
  trx: Trx,
  deps: OrderDeps,
  order: repo.OrderRow,
  refund: repo.RefundRow,
  actor: Actor,
  adminId?: number,
): Promise<void> {
  const event = {
    config: deps.config,
    note: `${formatINR(toRupees(refund.amount_paise))}: ${refund.reason}`,
    refundPaise: refund.amount_paise,
    reason: refund.reason,
    adminId,
  };
  const whole =
    (await processedRefundPaise(trx, order.id)) >= order.total_paise &&
    canMove(order.state as OrderState, 'refunded', 'system');
  if (whole) await move(trx, deps.search, order, 'refunded', 'system', event);
  else await recordOrderEvent(trx, order, 'refunded', actor, event);
  const note = await issueCreditNote(trx, order, {
    refund,
    amountPaise: refund.amount_paise,
    reason: refund.reason,
  });
  if (note) {
    await insertEvent(trx, {
      order_id: order.id,
      event: 'credit_note_issued',
      actor: 'system',
      note: `${note.number} against ${note.against?.number}`,
    });
  }
}

async function markFailed(trx: Trx, refund: repo.RefundRow, error: string): Promise<void> {
  if (refund.state !== 'pending') return;
  await updateRefund(trx, refund.id, { state: 'failed', error: error.slice(0, 300) });
  await addRefunded(trx, refund.order_id, -refund.amount_paise);
  await insertEvent(trx, {
    order_id: refund.order_id,
    event: 'refund_failed',
    actor: 'payment',
    note: `${formatINR(toRupees(refund.amount_paise))}: ${error}`,
  });
}

/** Asks the provider for a reserved refund and records the answer. Returns the refund as it ends up. */
export async function sendRefund(deps: OrderDeps, refundId: number): Promise<repo.RefundRow> {
  const { refund, paymentId, orderPublicId } = await transaction(deps.db, async (trx) => {
    const r = await lockRefund(trx, { id: refundId });
    const o = r && (await repo.findById(trx, r.order_id));
    return { refund: r!, paymentId: o?.razorpay_payment_id ?? '', orderPublicId: o?.public_id ?? '' };
  });
  try {
    const created = await deps.payments.refund({
      paymentId,
      amountPaise: refund.amount_paise,
      notes: { refund_id: refund.public_id, order_id: orderPublicId },
    });
    return await transaction(deps.db, async (trx) => {
      const r = (await lockRefund(trx, { id: refundId }))!;
      if (!r.provider_refund_id) await updateRefund(trx, r.id, { provider_refund_id: created.id });
      if (created.status === 'processed') await markProcessed(trx, deps, r);
      return (await lockRefund(trx, { id: refundId }))!;
    });
  } catch (e) {
    const err = e instanceof PaymentError ? e : new PaymentError('unavailable', String(e));
    deps.logger.error('refund not made by the payment provider', {
      orderId: orderPublicId,
      refundId: refund.public_id,
      reason: err.reason,
      error: err.message,
    });
    return transaction(deps.db, async (trx) => {
      const r = (await lockRefund(trx, { id: refundId }))!;
      if (err.reason === 'rejected') await markFailed(trx, r, err.message);
      else await updateRefund(trx, r.id, { error: `No answer yet: ${err.message}`.slice(0, 300) });
      return (await lockRefund(trx, { id: refundId }))!;
    });
  }
}

/** How staff gave a cash-on-delivery refund back, with its reference. */
export interface ManualRefund {
  method: 'cash' | 'upi' | 'bank';
  reference?: string;
}

/**
 * Staff refund of a paid order, in full (no amount) or in part.
 * - an order paid online is refunded through the payment provider
 * - a cash-on-delivery order whose cash was collected (it was delivered) is refunded by staff in cash, by UPI or
 *   by bank transfer: the refund is recorded as processed with that method and its reference (400 without one)
 * - any other order: 409, nothing to refund
 * - more than what is left (across earlier refunds, pending ones included) → 400 naming the amount left
 * - refused by the provider → 502 with the provider's reason; the order stays as it was
 */
export async function staffRefund(
  deps: OrderDeps,
  publicId: string,
  input: {
    amountPaise?: number;
    reason: string;
    manual?: ManualRefund;
    actor: AuditActor;
    /**
     * Runs in the refund's transaction right after it is reserved (a return marks itself refunded and issues its
     * own credit note there): what it throws undoes the refund.
     */
    within?: (trx: Trx, order: repo.OrderRow, refundId: number) => Promise<void>;
  },
): Promise<{ refund: repo.RefundRow; orderId: number }> {
  const adminId = input.actor.id ?? undefined;
  const { refundId, orderId, manual } = await transaction(deps.db, async (trx) => {
    const order = await repo.lockOrder(trx, { publicId });
    if (!order) throw new AppError(404, 'not_found', 'Order not found.');
    const cashCollected = moneyTaken(order) && !tookPayment(order);
    if (!moneyTaken(order)) {
      throw conflict(
        order.payment_mode === 1
          ? `Only an order paid online can be refunded (this one is ${order.state}).`
          : 'No cash was collected for this cash-on-delivery order (it was never delivered): there is nothing to refund.',
        'not_payable',
      );
    }
    if (cashCollected && !input.manual) {
      throw badRequest(
        'This order was paid in cash on delivery: say how the money was given back (cash, UPI or bank transfer) and its reference.',
        'refund_method',
      );
    }
    const left = refundableLeft(order);
    const amount = input.amountPaise ?? left;
    if (left === 0 || amount > left) {
      throw new AppError(
        400,
        'refund_too_large',
        left === 0
          ? 'This order has been refunded in full: nothing is left to refund.'
          : `At most ${formatINR(toRupees(left))} is left to refund on this order (${formatINR(toRupees(order.refunded_paise))} of ${formatINR(toRupees(order.total_paise))} already refunded or pending).`,
        { left: toRupees(left) },
      );
    }
    if (amount <= 0) throw badRequest('The refund amount must be more than ₹0.');
    const manual = cashCollected ? input.manual : undefined;
    const refundId = await reserveRefund(trx, order, amount, input.reason, 'admin', adminId, manual);
    if (input.within) await input.within(trx, order, refundId);
    await recordAudit(trx, {
      actor: input.actor,
      action: 'order.refund',
      kind: 'order',
      objectId: publicId,
      summary: `Refund of ${formatINR(toRupees(amount))}: ${input.reason}`.slice(0, 255),
      before: { refunded: toRupees(order.refunded_paise) },
      after: {
        refunded: toRupees(order.refunded_paise + amount),
        refundId,
        reason: input.reason,
        ...(manual ? { method: manual.method, reference: manual.reference ?? '' } : {}),
      },
    });
    if (manual) {
      // Money already given back by staff: final at once, with no gateway to ask.
      await updateRefund(trx, refundId, { state: 'processed', error: null });
      const refund = (await lockRefund(trx, { id: refundId }))!;
      await settleRefund(trx, deps, (await repo.lockOrder(trx, { id: order.id }))!, refund, 'admin', adminId);
    }
    return { refundId, orderId: order.id, manual: !!manual };
  });
  if (manual) {
    const refund = await transaction(deps.db, async (trx) => (await lockRefund(trx, { id: refundId }))!);
    return { refund, orderId };
  }
  const refund = await sendRefund(deps, refundId);
  if (refund.state === 'failed') {
    throw new AppError(
      502,
      'refund_refused',
      `The payment provider refused the refund: ${refund.error ?? 'no reason given'}. Nothing was refunded; the order is unchanged.`,
    );
  }
  return { refund, orderId };
}

/** The parts of a refund webhook we read. */
export interface RefundEntity {
  id?: unknown;
  amount?: unknown;
  notes?: { refund_id?: unknown } | unknown[];
  error_description?: unknown;
}

/** Applies `refund.processed` / `refund.failed` inside the webhook's transaction. Returns the answer's message. */
export async function applyRefundEvent(
  trx: Trx,
  deps: OrderDeps,
  event: 'refund.processed' | 'refund.failed',
  entity: RefundEntity | undefined,
): Promise<string> {
  const providerId = typeof entity?.id === 'string' ? entity.id.slice(0, 64) : null;
  const notes =
    entity?.notes && !Array.isArray(entity.notes) ? (entity.notes as { refund_id?: unknown }) : {};
  const ours = typeof notes.refund_id === 'string' ? notes.refund_id.slice(0, 20) : null;
  let refund = providerId ? await lockRefund(trx, { providerId }) : undefined;
  if (!refund && ours) refund = await lockRefund(trx, { publicId: ours });
  if (!refund) return 'Event ignored: no matching refund.';
  if (providerId && !refund.provider_refund_id) {
    await updateRefund(trx, refund.id, { provider_refund_id: providerId });
  }
  if (event === 'refund.processed') {
    if (refund.state === 'processed') return 'Refund already processed.';
    await markProcessed(trx, deps, refund);
    return 'Refund marked as processed.';
  }
  if (refund.state !== 'pending') return `Event ignored: the refund is ${refund.state}.`;
  const why = typeof entity?.error_description === 'string' ? entity.error_description : 'refund failed';
  await markFailed(trx, refund, why);
  return 'Refund marked as failed.';
}

/**
 * A payment that arrived for an order that can no longer be fulfilled (its units sold meanwhile): the order was
 * never paid, the payment is recorded as its payment id, and it is refunded in full through the provider. Once:
 * the reservation under the order's row lock sees an earlier one (a webhook and the shopper's return at once).
 * A provider failure is logged and leaves the refund for staff to see; it never fails the caller.
 */
export async function refundUnusablePayment(deps: OrderDeps, orderId: number): Promise<void> {
  try {
    const refundId = await transaction(deps.db, async (trx) => {
      const o = await repo.lockOrder(trx, { id: orderId });
      if (!o || o.paid_at || !o.razorpay_payment_id) return null;
      if (o.state !== 'cancelled' && o.state !== 'payment_failed') return null;
      const left = refundableLeft(o);
      if (left === 0) return null;
      return reserveRefund(
        trx,
        o,
        left,
        'Payment received after the order could no longer be fulfilled',
        'system',
      );
    });
    if (refundId) await sendRefund(deps, refundId);
  } catch (e) {
    deps.logger.error('refund of an unusable payment failed; refund it by hand', {
      orderId,
      error: (e as Error).message,
    });
  }
}
