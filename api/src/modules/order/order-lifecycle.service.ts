import { formatINR, type Order, type OrderState, toRupees } from '@voltcart/shared';
import type { Config } from '../../config';
import { AppError, badRequest, notFound } from '../../errors';
import { transaction } from '../../lib/transaction';
import { type Actor as AuditActor, recordAudit } from '../audit/audit.service';
import * as repo from './order.repository';
import { loadOrder, type OrderDeps } from './order.service';
import { insertEvent } from './order-events.repository';
import { PUBLIC_ID_RE } from './order-id';
import { move } from './order-move.service';
import { refundableLeft, reserveRefund, sendRefund, tookPayment } from './order-refund.service';

/** What staff may add to a move, and whether they may refund (a paid order's cancel refunds it). */
export interface AdminMoveOptions {
  carrier?: string;
  trackingNumber?: string;
  /** `returned`: the units go back to sellable stock (true) or are counted damaged (false); required. */
  restock?: boolean;
  /** The staff member's role has `orders.refund`. */
  mayRefund?: boolean;
}

/**
 * A move made from the back office (the state table says which an admin may make).
 * - shipping may carry the carrier and tracking number, saved with the move and quoted in the shopper's mail
 * - cancelling an order paid online refunds what is left of it through the payment provider (order-refund), so
 *   it needs the `orders.refund` permission: without it, 403 and nothing changes
 * - `returned` (a parcel back at origin) says where its units go: sellable stock or counted damaged
 */
export async function adminMove(
  deps: OrderDeps,
  publicId: string,
  to: OrderState,
  opts: AdminMoveOptions,
  actor: AuditActor,
): Promise<Order> {
  const adminId = actor.id ?? undefined;
  if (!PUBLIC_ID_RE.test(publicId)) throw notFound('Order');
  if (to === 'returned' && opts.restock === undefined) {
    throw badRequest(
      'Say where the returned units go: back to sellable stock, or counted damaged.',
      'restock_required',
    );
  }
  const { id, refundId } = await transaction(deps.db, async (trx) => {
    let order = await repo.lockOrder(trx, { publicId });
    if (!order) throw notFound('Order');
    const refundLeft = to === 'cancelled' && tookPayment(order) ? refundableLeft(order) : 0;
    if (refundLeft > 0 && !opts.mayRefund) {
      throw new AppError(
        403,
        'missing_permission',
        `Cancelling this order refunds ${formatINR(toRupees(refundLeft))} to the customer, and your role does not allow refunds (it needs the orders.refund permission). Ask a Manager or the Owner to cancel it.`,
        { permission: 'orders.refund' },
      );
    }
    if (to === 'shipped' && (opts.carrier || opts.trackingNumber)) {
      const s = { carrier: opts.carrier || null, tracking_number: opts.trackingNumber || null };
      await repo.setShipping(trx, order.id, s);
      order = { ...order, ...s };
    }
    const from = order.state;
    const note =
      to === 'returned'
        ? opts.restock
          ? 'Returned to origin: the units are back in sellable stock.'
          : 'Returned to origin: the units are counted damaged (not back in stock).'
        : undefined;
    await move(trx, deps.search, order, to, 'admin', {
      config: deps.config,
      adminId,
      restock: opts.restock,
      note,
    });
    await recordAudit(trx, {
      actor,
      action: 'order.state',
      kind: 'order',
      objectId: publicId,
      summary: `Order ${from} → ${to}`,
      before: { state: from },
      after: {
        state: to,
        ...(order.carrier ? { carrier: order.carrier } : {}),
        ...(order.tracking_number ? { trackingNumber: order.tracking_number } : {}),
        ...(to === 'returned' ? { units: opts.restock ? 'sellable' : 'damaged' } : {}),
      },
    });
    const refund =
      refundLeft > 0
        ? await reserveRefund(trx, order, refundLeft, 'Order cancelled by the shop', 'admin', adminId)
        : null;
    return { id: order.id, refundId: refund };
  });
  if (refundId) await sendRefund(deps, refundId);
  return (await loadOrder(deps.db, { id }))!;
}

/**
 * Corrects the carrier and tracking number of an order that has shipped (a number typed wrong), in the timeline
 * and the change history: 409 before shipping (the ship move carries them) and after a cancel.
 */
export async function changeTracking(
  deps: OrderDeps,
  publicId: string,
  input: { carrier: string; trackingNumber: string },
  actor: AuditActor,
): Promise<number> {
  if (!PUBLIC_ID_RE.test(publicId)) throw notFound('Order');
  return transaction(deps.db, async (trx) => {
    const order = await repo.lockOrder(trx, { publicId });
    if (!order) throw notFound('Order');
    if (!['shipped', 'delivered', 'returned'].includes(order.state)) {
      throw new AppError(
        409,
        'not_shipped',
        `This order is ${order.state}: tracking details can be changed once it has shipped (set them when you mark it shipped).`,
      );
    }
    const before = { carrier: order.carrier ?? '', trackingNumber: order.tracking_number ?? '' };
    await repo.setShipping(trx, order.id, {
      carrier: input.carrier || null,
      tracking_number: input.trackingNumber || null,
    });
    await insertEvent(trx, {
      order_id: order.id,
      event: 'tracking_changed',
      actor: 'admin',
      note: `${input.carrier || 'No carrier'} ${input.trackingNumber || '(no tracking number)'} (was ${before.carrier || 'no carrier'} ${before.trackingNumber || 'no tracking number'})`,
      admin_id: actor.id,
    });
    await recordAudit(trx, {
      actor,
      action: 'order.tracking',
      kind: 'order',
      objectId: publicId,
      summary: `Tracking changed to ${input.carrier} ${input.trackingNumber}`.slice(0, 255),
      before,
      after: input,
    });
    return order.id;
  });
}

/**
 * Closes the payment window of unpaid online orders whose time is up: each becomes `payment_failed` (its stock
 * returned) and, given the configuration, the shopper gets the payment-failed mail with its "Pay now" link to the
 * order page, where the same order can be paid again. Safe with several API processes running it at once: each
 * order is re-checked under its row lock and moved with a conditional update, so exactly one process moves it,
 * the stock comes back once and one mail is written. Returns how many orders this call moved.
 */
export async function expireUnpaidOrders(
  { db, search }: Pick<OrderDeps, 'db' | 'search'>,
  opts: { now?: Date; batch?: number; config?: Config } = {},
): Promise<number> {
  const { now = new Date(), batch = 100, config } = opts;
  let expired = 0;
  for (;;) {
    const ids = await repo.expiredOrderIds(db, now, batch);
    let done = 0;
    for (const id of ids) {
      const moved = await transaction(db, async (trx) => {
        const order = await repo.lockOrder(trx, { id });
        if (order?.state !== 'pending_payment' || !order.expires_at || order.expires_at >= now) return false;
        await move(trx, search, order, 'payment_failed', 'system', {
          config,
          note: 'The payment window closed before a payment arrived.',
        });
        return true;
      });
      if (moved) done++;
    }
    expired += done;
    if (ids.length < batch || done === 0) return expired;
  }
}
