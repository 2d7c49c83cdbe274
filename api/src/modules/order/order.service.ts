import type { Order } from '@voltcart/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/connection';
import type { Logger } from '../../lib/logger';
import type { PaymentProvider } from '../../lib/payments/payment-provider';
import { toOrderJson } from './order.mapping';
import * as repo from './order.repository';

/**
 * Reading orders. The order module's other services: placing orders (order-checkout.service.ts), payment
 * results and Razorpay's webhook (order-payment.service.ts), state moves and expiry (order-lifecycle.service.ts),
 * the timeline and its mails (order-events.service.ts), refunds (order-refund.service.ts), and the shopper's
 * order page: details, cancel, pay now (order-shopper.service.ts).
 */

/** What the services that take payments need. */
export interface OrderDeps {
  db: Db;
  config: Config;
  logger: Logger;
  payments: PaymentProvider;
}

/** One order as the API answers it, or undefined. */
export async function loadOrder(
  db: Db,
  by: { id: number } | { publicId: string },
): Promise<Order | undefined> {
  const o = 'id' in by ? await repo.findById(db, by.id) : await repo.findByPublicId(db, by.publicId);
  if (!o) return undefined;
  return toOrderJson(o, await repo.linesOf(db, [o.id]));
}

/** A page of orders, newest first: a shopper's own (`userId`), or the back office's (by state, id or email). */
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
