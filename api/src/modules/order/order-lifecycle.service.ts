import {
  type Actor,
  canMove,
  countsAsSold,
  illegalMoveMessage,
  type Order,
  type OrderState,
  returnsStock,
} from '@voltcart/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/connection';
import { AppError, conflict, notFound } from '../../errors';
import { type Trx, transaction } from '../../lib/transaction';
import { type Actor as AuditActor, recordAudit } from '../audit/audit.service';
import { issueInvoice } from '../invoice/invoice.service';
import { searchEngine } from '../search/search-engine';
import * as repo from './order.repository';
import { loadOrder, type OrderDeps } from './order.service';
import { type EventOptions, recordOrderEvent } from './order-events.service';
import { PUBLIC_ID_RE } from './order-id';
import { refundableLeft, reserveRefund, sendRefund, tookPayment } from './order-refund.service';

/**
 * Applies one move to an order row locked by the caller, after checking it against the state table, and records
 * it in the order's timeline with the shopper's mail (order-events.service.ts), in the same transaction.
 * - into `cancelled` / `payment_failed`: the stock goes back, guarded by `stock_returned` so it happens once
 * - into `paid` from a state whose stock was returned: the units are taken again; when they are gone, or their
 *   product or variant was switched off meanwhile, the order is left as it is, the payment id is kept for the
 *   refund, and 'refund_needed' is returned
 */
export async function move(
  trx: Trx,
  order: repo.OrderRow,
  to: OrderState,
  actor: Actor,
  opts: MoveOptions = {},
): Promise<'moved' | 'refund_needed'> {
  const outcome = await changeState(trx, order, to, actor, opts.paymentId, opts.expiresAt);
  if (outcome !== 'moved') return outcome;
  const sold = countsAsSold(to);
  if (sold !== countsAsSold(order.state as OrderState)) {
    // Units sold (the products' popularity) follow the order into or out of the sold states, in this move.
    const deltas = new Map<number, number>();
    for (const u of await repo.orderUnits(trx, order.id))
      deltas.set(u.product_id, (deltas.get(u.product_id) ?? 0) + (sold ? u.qty : -u.qty));
    await searchEngine.indexSales(trx, deltas);
  }
  await recordOrderEvent(trx, order, to, actor, opts);
  // The tax invoice: when an online order is paid, when a cash-on-delivery order ships.
  if (opts.config && (to === 'paid' || (to === 'shipped' && order.payment_mode === 0))) {
    const shopper = await repo.shopperOf(trx, order.user_id);
    const doc = await issueInvoice(trx, opts.config, order, shopper?.name ?? '');
    if (doc)
      await repo.insertEvent(trx, { order_id: order.id, event: 'invoice_issued', actor, note: doc.number });
  }
  return outcome;
}

export interface MoveOptions extends EventOptions {
  /** The payment that moves an order into `paid`. */
  paymentId?: string;
  /** When an order moved back into `pending_payment` expires. */
  expiresAt?: Date;
}

async function changeState(
  trx: Trx,
  order: repo.OrderRow,
  to: OrderState,
  actor: Actor,
  paymentId?: string,
  expiresAt: Date | null = null,
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
      for (const u of await repo.orderUnits(trx, order.id))
        await repo.giveStock(trx, u.product_id, u.qty, u.variant_id);
    } else {
      await repo.updateState(trx, order.id, from, { state: to });
    }
    return 'moved';
  }

  if (to === 'pending_payment') {
    // "Pay now" on a failed payment: the same order waits for payment again, holding its units again.
    if (order.stock_returned) {
      for (const u of await repo.orderUnits(trx, order.id)) {
        if (!(await repo.takeStock(trx, u.product_id, u.qty, true, u.variant_id))) {
          const [p] = await repo.readProducts(trx, [u.product_id]);
          const name = p?.name ?? 'A product of this order';
          throw new AppError(
            409,
            'insufficient_stock',
            p?.status && p.in_stock && p.stock > 0
              ? `Only ${p.stock} left in stock for ${name}: this order can no longer be paid. Please order again.`
              : `Sorry, ${name} is out of stock: this order can no longer be paid.`,
            { available: p?.status && p.in_stock ? p.stock : 0 },
          );
        }
      }
    }
    await repo.updateState(trx, order.id, from, { state: to, stock_returned: 0, expires_at: expiresAt });
    return 'moved';
  }

  if (to === 'paid') {
    const paid = { razorpay_payment_id: paymentId ?? null, paid_at: new Date() };
    if (order.stock_returned) {
      const units = await repo.orderUnits(trx, order.id);
      // A product or variant switched off meanwhile has no units to give: its units are not for sale, and
      // the payment is refunded instead.
      const stock = new Map(
        (
          await repo.lockProducts(
            trx,
            units.map((u) => u.product_id),
          )
        ).map((p) => [p.id, p.status && p.in_stock ? p.stock : 0]),
      );
      const variantStock = await repo.lockVariantStock(
        trx,
        units.flatMap((u) => (u.variant_id === null ? [] : [u.variant_id])),
      );
      const perProduct = new Map<number, number>();
      for (const u of units) perProduct.set(u.product_id, (perProduct.get(u.product_id) ?? 0) + u.qty);
      if (
        ![...perProduct].every(([id, qty]) => (stock.get(id) ?? -1) >= qty) ||
        !units.every((u) => u.variant_id === null || (variantStock.get(u.variant_id) ?? -1) >= u.qty)
      ) {
        await repo.keepPaymentId(trx, order.id, paymentId ?? null);
        return 'refund_needed';
      }
      for (const u of units) {
        // Under the row locks taken above this cannot fail; if it ever does, the whole transaction is undone.
        if (!(await repo.takeStock(trx, u.product_id, u.qty, false, u.variant_id)))
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

/**
 * A move made from the back office (the state table says which an admin may make).
 * - shipping may carry the carrier and tracking number, saved with the move and quoted in the shopper's mail
 * - cancelling an order paid online refunds what is left of it through the payment provider (order-refund)
 */
export async function adminMove(
  deps: OrderDeps,
  publicId: string,
  to: OrderState,
  shipping: { carrier?: string; trackingNumber?: string },
  actor: AuditActor,
): Promise<Order> {
  const adminId = actor.id ?? undefined;
  if (!PUBLIC_ID_RE.test(publicId)) throw notFound('Order');
  const { id, refundId } = await transaction(deps.db, async (trx) => {
    let order = await repo.lockOrder(trx, { publicId });
    if (!order) throw notFound('Order');
    if (to === 'shipped' && (shipping.carrier || shipping.trackingNumber)) {
      const s = { carrier: shipping.carrier || null, tracking_number: shipping.trackingNumber || null };
      await repo.setShipping(trx, order.id, s);
      order = { ...order, ...s };
    }
    const from = order.state;
    await move(trx, order, to, 'admin', { config: deps.config, adminId });
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
      },
    });
    const refund =
      to === 'cancelled' && tookPayment(order) && refundableLeft(order) > 0
        ? await reserveRefund(
            trx,
            order,
            refundableLeft(order),
            'Order cancelled by the shop',
            'admin',
            adminId,
          )
        : null;
    return { id: order.id, refundId: refund };
  });
  if (refundId) await sendRefund(deps, refundId);
  return (await loadOrder(deps.db, { id }))!;
}

/**
 * Closes the payment window of unpaid online orders whose time is up: each becomes `payment_failed` (its stock
 * returned) and, given the configuration, the shopper gets the payment-failed mail with its "Pay now" link to the
 * order page, where the same order can be paid again. Safe with several API processes running it at once: each
 * order is re-checked under its row lock and moved with a conditional update, so exactly one process moves it,
 * the stock comes back once and one mail is written. Returns how many orders this call moved.
 */
export async function expireUnpaidOrders(
  db: Db,
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
        await move(trx, order, 'payment_failed', 'system', {
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
