import type { Actor } from '@voltcart/shared';
import type { Config } from '../../config';
import type { Trx } from '../../lib/transaction';
import { enqueueMail } from '../mail/mail.service';
import type { MailKind, MailLine } from '../mail/mail-templates';
import { discountsOfOrders } from '../promotion/promotion-pricing.service';
import { ymd } from './order.mapping';
import * as repo from './order.repository';
import { insertEvent } from './order-events.repository';

/** What an order's timeline records: its states, and what happened to its money and documents. */
export type OrderEvent =
  | 'placed'
  | 'pending_payment'
  | 'paid'
  | 'payment_failed'
  | 'cancelled'
  | 'shipped'
  | 'delivered'
  | 'returned'
  | 'tracking_changed'
  | 'refunded'
  | 'refund_failed'
  | 'invoice_issued'
  | 'credit_note_issued'
  | 'refund_requested'
  | 'mail_resent';

/** The mail each event sends the shopper (events without one send none). */
const MAIL_OF: Partial<Record<OrderEvent, MailKind>> = {
  placed: 'order_placed',
  paid: 'payment_received',
  payment_failed: 'payment_failed',
  shipped: 'shipped',
  delivered: 'delivered',
  cancelled: 'cancelled',
  refunded: 'refunded',
};

export interface EventOptions {
  /** Mails are written only when the configuration is given (the expiry sweep cancels quietly). */
  config?: Config;
  note?: string;
  /** Lines already read by the caller (checkout), saving a query. */
  lines?: MailLine[];
  /** The shopper as already read by the caller (checkout), saving a query. */
  shopper?: { name: string; email: string } | null;
  /** The order's discounts as priced by the caller (checkout: not written yet when its mail is). */
  discounts?: { label: string; amountPaise: number }[];
  /** The shop's name as saved, already read by the caller (checkout), saving a query. */
  savedShopName?: string;
  refundPaise?: number;
  reason?: string;
  /** The member of staff who made the change. */
  adminId?: number;
}

const optionsText = (l: repo.OrderLineRow) =>
  [l.color_name, l.memory_size ? `${l.memory_size} GB` : null].filter(Boolean).join(', ');

/**
 * Records one event of an order in its timeline and writes the shopper's mail for it to the outbox, both in
 * the caller's transaction: the event, its mail and the change itself are committed together or not at all.
 */
export async function recordOrderEvent(
  trx: Trx,
  order: Pick<
    repo.OrderRow,
    'id' | 'public_id' | 'user_id' | 'total_paise' | 'payment_mode' | 'carrier' | 'tracking_number'
  > &
    Partial<Pick<repo.OrderRow, 'shipping_paise' | 'cod_fee_paise' | 'delivery_from' | 'delivery_to'>>,
  event: OrderEvent,
  actor: Actor,
  opts: EventOptions = {},
): Promise<void> {
  await insertEvent(trx, {
    order_id: order.id,
    event,
    actor,
    note: opts.note,
    admin_id: opts.adminId ?? null,
  });
  const kind = MAIL_OF[event];
  if (!kind || !opts.config?.MAIL_ENABLED) return;
  const shopper = opts.shopper !== undefined ? opts.shopper : await repo.shopperOf(trx, order.user_id);
  if (!shopper) return;
  const lines =
    opts.lines ??
    (await repo.linesOf(trx, [order.id])).map((l) => ({
      name: l.name,
      options: optionsText(l),
      qty: l.qty,
      unitPaise: l.unit_price_paise,
    }));
  const discounts =
    opts.discounts ??
    (await discountsOfOrders(trx, [order.id])).get(order.id)?.applied.map((d) => ({
      label: d.label,
      amountPaise: d.amountPaise,
    }));
  await enqueueMail(trx, opts.config, {
    kind,
    to: shopper.email,
    orderId: order.id,
    savedShopName: opts.savedShopName,
    data: {
      name: shopper.name,
      order: {
        publicId: order.public_id,
        totalPaise: order.total_paise,
        online: order.payment_mode === 1,
        lines,
        discounts,
        shippingPaise: order.shipping_paise,
        codFeePaise: order.cod_fee_paise,
        estimate:
          order.delivery_from && order.delivery_to
            ? { from: ymd(order.delivery_from), to: ymd(order.delivery_to) }
            : null,
        carrier: order.carrier,
        trackingNumber: order.tracking_number,
        refundPaise: opts.refundPaise,
        reason: opts.reason,
      },
    },
  });
}
