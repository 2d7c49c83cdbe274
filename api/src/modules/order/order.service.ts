import type { AdminOrdersQuery, Order } from '@voltcart/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/connection';
import { listCounts, readPage } from '../../lib/list-counts';
import type { Logger } from '../../lib/logger';
import type { PaymentProvider } from '../../lib/payments/payment-provider';
import { customerIdsMatching } from '../admin/admin.repository';
import { discountsOfOrders } from '../promotion/promotion-pricing.service';
import type { SearchEngine } from '../search/search-engine';
import { toOrderJson } from './order.mapping';
import * as repo from './order.repository';
import * as listRepo from './order-list.repository';
import { orderSearch } from './order-search';

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
  /** Units sold move the products' popularity in the search index (order-move.service.ts). */
  search: SearchEngine;
}

/** One order as the API answers it, or undefined. */
export async function loadOrder(
  db: Db,
  by: { id: number } | { publicId: string },
): Promise<Order | undefined> {
  const o = 'id' in by ? await repo.findById(db, by.id) : await repo.findByPublicId(db, by.publicId);
  if (!o) return undefined;
  const [lines, discounts] = await Promise.all([repo.linesOf(db, [o.id]), discountsOfOrders(db, [o.id])]);
  return toOrderJson(o, lines, discounts.get(o.id));
}

async function withLines(db: Db, rows: repo.OrderWithUser[]): Promise<Order[]> {
  const ids = rows.map((o) => o.id);
  const [lines, discounts] = await Promise.all([repo.linesOf(db, ids), discountsOfOrders(db, ids)]);
  const byOrder = new Map<number, repo.OrderLineRow[]>();
  for (const l of lines) byOrder.set(l.order_id, [...(byOrder.get(l.order_id) ?? []), l]);
  return rows.map((o) => toOrderJson(o, byOrder.get(o.id) ?? [], discounts.get(o.id)));
}

/** A page of the shopper's own orders, newest first. */
export async function listOrders(
  db: Db,
  f: { userId: number; page: number; limit: number },
): Promise<{ orders: Order[]; hasMore: boolean }> {
  const rows = await repo.listOrders(db, {
    userId: f.userId,
    offset: (f.page - 1) * f.limit,
    limit: f.limit + 1,
  });
  return { orders: await withLines(db, rows.slice(0, f.limit)), hasMore: rows.length > f.limit };
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);

/**
 * A page of the back office's order list with the total the filters match:
 * - `state` keeps one state or several; `payment_mode` cash on delivery (0) or online (1); `from` / `to` are whole
 *   days (UTC), both included; `minTotal` / `maxTotal` rupees, both included; `q` an order id (ours or
 *   Razorpay's) or its start or end, the phone number it ships to, the shopper's name or part of their email
 *   (order-search.ts)
 * - sorted by date (default, newest first), total, state or payment mode (newest first within each); ties by id
 * - the total first (kept per filter, lib/list-counts.ts), then the page read from the nearer end of the list
 */
export async function listAdminOrders(
  db: Db,
  f: AdminOrdersQuery,
): Promise<{ orders: Order[]; hasMore: boolean; total: number }> {
  const filter: listRepo.AdminOrderFilter = {
    states: f.state,
    paymentMode: f.payment_mode,
    q: f.q ? orderSearch(f.q) : undefined,
    shopperIds: f.q ? await customerIdsMatching(db, f.q) : undefined,
    from: f.from ? new Date(`${f.from}T00:00:00Z`) : undefined,
    before: f.to ? nextDay(f.to) : undefined,
    minPaise: f.minTotal !== undefined ? Math.round(f.minTotal * 100) : undefined,
    maxPaise: f.maxTotal !== undefined ? Math.round(f.maxTotal * 100) : undefined,
  };
  const offset = (f.page - 1) * f.limit;
  // A search also reads the customers' table, whose changes the orders' version does not follow.
  const total = filter.q
    ? await listRepo.countAdminOrders(db, filter)
    : await listCounts.count(db, 'orders', JSON.stringify(filter), () =>
        listRepo.countAdminOrders(db, filter),
      );
  const rows = await readPage({ offset, limit: f.limit, dir: f.dir }, total, (window) =>
    listRepo.listAdminOrders(db, { ...filter, sort: f.sort, ...window }),
  );
  return { orders: await withLines(db, rows), hasMore: offset + rows.length < total, total };
}
