import {
  type Actor,
  canMove,
  countsAsSold,
  illegalMoveMessage,
  type OrderState,
  returnsStock,
  type StockReason,
} from '@voltcart/shared';
import { AppError, conflict } from '../../errors';
import type { Trx } from '../../lib/transaction';
import { issueCreditNote, issueInvoice } from '../invoice/invoice.service';
import { releasePromotions, retakePromotions } from '../promotion/promotion-pricing.service';
import type { SearchEngine } from '../search/search-engine';
import { recordStock } from '../stock/stock-ledger.service';
import * as repo from './order.repository';
import { readProducts } from './order-checkout.repository';
import { insertEvent } from './order-events.repository';
import { type EventOptions, recordOrderEvent } from './order-events.service';
import { giveStock, lockProducts, lockVariantStock, orderUnits, takeStock } from './order-stock.repository';

/**
 * Applies one move to an order row locked by the caller, after checking it against the state table, and records
 * it in the order's timeline with the shopper's mail (order-events.service.ts), in the same transaction.
 * - into `cancelled` / `payment_failed`, and into `refunded` before shipping: the stock goes back, guarded by
 *   `stock_returned` so it happens once
 * - into `returned` (return to origin): the units go back to sellable stock when staff say so (`restock`), or are
 *   counted damaged; a tax invoice already issued is cancelled by a credit note for what it has not credited yet
 * - into `delivered`, a cash-on-delivery order's cash is collected: `paid_at` is set
 * - into `paid` from a state whose stock was returned: the units are taken again; when they are gone, or their
 *   product or variant was switched off meanwhile, the order is left as it is, the payment id is kept for the
 *   refund, and 'refund_needed' is returned
 */
export async function move(
  trx: Trx,
  search: SearchEngine,
  order: repo.OrderRow,
  to: OrderState,
  actor: Actor,
  opts: MoveOptions = {},
): Promise<'moved' | 'refund_needed'> {
  const outcome = await changeState(trx, order, to, actor, opts);
  if (outcome !== 'moved') return outcome;
  // A cancelled or failed-payment order gives its discount uses back; waiting for payment again takes them back.
  if (to === 'cancelled' || to === 'payment_failed') await releasePromotions(trx, order.id);
  else if (to === 'pending_payment' || to === 'paid') await retakePromotions(trx, order.id, to === 'paid');
  const sold = countsAsSold(to);
  if (sold !== countsAsSold(order.state as OrderState)) {
    // Units sold (the products' popularity) follow the order into or out of the sold states, in this move.
    const deltas = new Map<number, number>();
    for (const u of await orderUnits(trx, order.id))
      deltas.set(u.product_id, (deltas.get(u.product_id) ?? 0) + (sold ? u.qty : -u.qty));
    await search.indexSales(trx, deltas);
  }
  await recordOrderEvent(trx, order, to, actor, opts);
  // The tax invoice: when an online order is paid, when a cash-on-delivery order ships.
  if (opts.config && (to === 'paid' || (to === 'shipped' && order.payment_mode === 0))) {
    const shopper = await repo.shopperOf(trx, order.user_id);
    const doc = await issueInvoice(trx, opts.config, order, shopper?.name ?? '');
    if (doc) await insertEvent(trx, { order_id: order.id, event: 'invoice_issued', actor, note: doc.number });
  }
  if (to === 'returned') {
    const note = await issueCreditNote(trx, order, {
      refund: null,
      amountPaise: order.total_paise,
      reason: 'Returned to origin',
    });
    if (note) {
      await insertEvent(trx, {
        order_id: order.id,
        event: 'credit_note_issued',
        actor,
        note: `${note.number} against ${note.against?.number}`,
        admin_id: opts.adminId ?? null,
      });
    }
  }
  return outcome;
}

export interface MoveOptions extends EventOptions {
  /** The payment that moves an order into `paid`. */
  paymentId?: string;
  /** When an order moved back into `pending_payment` expires. */
  expiresAt?: Date;
  /** `returned` only: its units go back to sellable stock (true) or are counted damaged (false). */
  restock?: boolean;
}

async function changeState(
  trx: Trx,
  order: repo.OrderRow,
  to: OrderState,
  actor: Actor,
  opts: MoveOptions,
): Promise<'moved' | 'refund_needed'> {
  const { paymentId, expiresAt = null } = opts;
  const from = order.state as OrderState;
  if (!canMove(from, to, actor)) throw conflict(illegalMoveMessage(from, to), 'illegal_move');

  if (to === 'returned') {
    const restock = opts.restock === true;
    const first = await repo.updateState(
      trx,
      order.id,
      from,
      {
        state: to,
        return_stock: restock ? 'sellable' : 'damaged',
        ...(restock ? { stock_returned: 1 } : {}),
        // Cash collected on a delivery recorded before its time was kept (it still counts as collected).
        ...(from === 'delivered' && order.payment_mode === 0 && !order.paid_at
          ? { paid_at: order.updated_at }
          : {}),
      },
      { stockReturned: 0 },
    );
    if (!first) throw conflict(illegalMoveMessage(from, to), 'illegal_move');
    if (restock) {
      const units = await orderUnits(trx, order.id);
      for (const u of units) await giveStock(trx, u.product_id, u.qty, u.variant_id);
      await recordStock(trx, variantMoves(units, 1), ledgerContext(order, 'return', actor, opts));
    }
    return 'moved';
  }

  if (to === 'delivered' && order.payment_mode === 0) {
    // Cash on delivery: the courier collected the cash at the door.
    await repo.updateState(trx, order.id, from, { state: to, paid_at: new Date() });
    return 'moved';
  }

  if (returnsStock(to, from)) {
    const first = await repo.updateState(
      trx,
      order.id,
      from,
      { state: to, stock_returned: 1 },
      { stockReturned: 0 },
    );
    if (first) {
      const units = await orderUnits(trx, order.id);
      for (const u of units) await giveStock(trx, u.product_id, u.qty, u.variant_id);
      await recordStock(
        trx,
        variantMoves(units, 1),
        ledgerContext(order, givenBackReason(to, actor), actor, opts),
      );
    } else {
      await repo.updateState(trx, order.id, from, { state: to });
    }
    return 'moved';
  }

  if (to === 'pending_payment') {
    // "Pay now" on a failed payment: the same order waits for payment again, holding its units again.
    if (order.stock_returned) {
      const units = await orderUnits(trx, order.id);
      for (const u of units) {
        if (!(await takeStock(trx, u.product_id, u.qty, true, u.variant_id))) {
          const [p] = await readProducts(trx, [u.product_id]);
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
      await recordStock(trx, variantMoves(units, -1), ledgerContext(order, 'retake', actor, opts));
    }
    await repo.updateState(trx, order.id, from, { state: to, stock_returned: 0, expires_at: expiresAt });
    return 'moved';
  }

  if (to === 'paid') {
    const paid = { razorpay_payment_id: paymentId ?? null, paid_at: new Date() };
    if (order.stock_returned) {
      const units = await orderUnits(trx, order.id);
      // A product or variant switched off meanwhile has no units to give: its units are not for sale, and
      // the payment is refunded instead.
      const stock = new Map(
        (
          await lockProducts(
            trx,
            units.map((u) => u.product_id),
          )
        ).map((p) => [p.id, p.status && p.in_stock ? p.stock : 0]),
      );
      const variantStock = await lockVariantStock(
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
        if (!(await takeStock(trx, u.product_id, u.qty, false, u.variant_id)))
          throw new Error('stock changed under a lock');
      }
      await recordStock(trx, variantMoves(units, -1), ledgerContext(order, 'retake', actor, opts));
      await repo.updateState(trx, order.id, from, { state: 'paid', stock_returned: 0, ...paid });
      return 'moved';
    }
    await repo.updateState(trx, order.id, from, { state: 'paid', ...paid });
    return 'moved';
  }

  await repo.updateState(trx, order.id, from, { state: to });
  return 'moved';
}

/** The ledger's reason for the units an order gives back by moving into `to`. */
function givenBackReason(to: OrderState, actor: Actor): StockReason {
  if (to === 'refunded') return 'refund';
  if (to === 'payment_failed') return actor === 'system' ? 'expired' : 'payment_failed';
  return 'cancel';
}

const variantMoves = (units: { variant_id: number | null; qty: number }[], sign: 1 | -1) =>
  units.flatMap((u) => (u.variant_id === null ? [] : [{ variantId: u.variant_id, delta: sign * u.qty }]));

const ledgerContext = (order: repo.OrderRow, reason: StockReason, actor: Actor, opts: MoveOptions) => ({
  reason,
  actor,
  adminId: opts.adminId ?? null,
  orderId: order.id,
  reference: order.public_id,
});
