import { type CustomerDetail, type OrderState, toRupees } from '@voltcart/shared';
import type { Db } from '../../db/connection';
import { notFound } from '../../errors';
import { transaction } from '../../lib/transaction';
import { toAdminCustomer } from '../admin/admin.service';
import { type Actor, recordAudit } from '../audit/audit.service';
import { listAddresses } from '../user/user.repository';
import { toAddress } from '../user/user.service';
import * as repo from './customer.repository';

const CUSTOMER_MESSAGES = {
  blocked: (name: string) =>
    `${name} is blocked: they cannot log in or order, and their sessions have ended.`,
  unblocked: (name: string) => `${name} is unblocked: they can log in again.`,
} as const;

const ORDERS_SHOWN = 50;

/** One customer for the back office: account, addresses, latest orders and totals. */
export async function getCustomer(db: Db, id: number): Promise<CustomerDetail> {
  const row = await repo.findCustomer(db, id);
  if (!row) throw notFound('Customer');
  const [addresses, orders, spent] = await Promise.all([
    listAddresses(db, id),
    repo.latestOrders(db, id, ORDERS_SHOWN),
    repo.spentPaise(db, id),
  ]);
  const customer = toAdminCustomer({ ...row, id: Number(row.id) });
  return {
    customer: { ...customer, blockedAt: row.blocked_at ? row.blocked_at.toISOString() : null },
    addresses: addresses.map(toAddress),
    orders: orders.map((o) => ({
      _id: o.public_id,
      order_id: o.public_id,
      state: o.state as OrderState,
      payment_mode: Number(o.payment_mode) === 1 ? 1 : 0,
      order_total: toRupees(Number(o.total_paise)),
      createdAt: o.created_at.toISOString(),
    })),
    totals: { orders: customer.orderCount, spent: toRupees(spent) },
  };
}

/**
 * Blocks or unblocks a customer, in one transaction (the row locked):
 * - blocking sets `blocked_at` and moves the token version on, so every token of the account stops working at
 *   once (each request checks it); login is refused while blocked (user.service)
 * - blocking a blocked account (or unblocking an active one) changes nothing, and writes no history
 * - a change writes one history record (kind `customer`) in the same transaction
 */
export async function setBlocked(
  db: Db,
  actor: Actor,
  id: number,
  blocked: boolean,
): Promise<{ detail: CustomerDetail; msg: string }> {
  const name = await transaction(db, async (trx) => {
    const row = await repo.findCustomer(trx, id, true);
    if (!row) throw notFound('Customer');
    if ((row.blocked_at !== null) !== blocked) {
      await repo.setBlocked(trx, id, blocked);
      await recordAudit(trx, {
        actor,
        action: blocked ? 'customer.block' : 'customer.unblock',
        kind: 'customer',
        objectId: id,
        summary: `${blocked ? 'Blocked' : 'Unblocked'} ${row.name} (${row.email})`,
        before: { blocked: !blocked },
        after: { blocked },
      });
    }
    return row.name;
  });
  return {
    detail: await getCustomer(db, id),
    msg: blocked ? CUSTOMER_MESSAGES.blocked(name) : CUSTOMER_MESSAGES.unblocked(name),
  };
}
