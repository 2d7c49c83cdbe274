import { MAX_STOCK_ALERTS, memoryLabel, type WaitingVariant } from '@voltcart/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/connection';
import { AppError, badRequest, notFound } from '../../errors';
import type { Logger } from '../../lib/logger';
import { transaction } from '../../lib/transaction';
import { enqueueMail } from '../mail/mail.service';
import * as repo from './stock-alert.repository';

export const STOCK_ALERT_MESSAGES = {
  created: 'We will e-mail you once when it is back in stock.',
  already: 'You are already on the list: we will e-mail you once when it is back in stock.',
  inStock: 'This option is in stock now: you can order it.',
  needEmail: 'Enter your e-mail address, or log in, to be told when it is back.',
  tooMany: `One address can wait for at most ${MAX_STOCK_ALERTS} products at a time.`,
  loaded: 'Waiting lists loaded.',
} as const;
const M = STOCK_ALERT_MESSAGES;

/**
 * Asks for one mail when a variant comes back:
 * - the variant must exist where shoppers can see it (404 otherwise) and not be for sale now (409 `in_stock`)
 * - a logged-in shopper's own address is used when no address is given; a guest must give one
 * - one waiting request per address and variant: a repeat is answered as done (`created` false), nothing added
 * - at most MAX_STOCK_ALERTS waiting requests per address
 */
export async function requestAlert(
  db: Db,
  input: { variantId: string; email?: string },
  shopper: { id: number; email: string } | null,
): Promise<{ created: boolean; msg: string }> {
  const v = await repo.variantFor(db, Number(input.variantId));
  if (!v?.status || v.categoryStatus === 0) throw notFound('Product option');
  if (v.enabled && v.in_stock && v.stock > 0) throw new AppError(409, 'in_stock', M.inStock);
  const email = input.email ?? shopper?.email;
  if (!email) throw badRequest(M.needEmail);
  // A repeat (the usual case of many requests) is answered from a plain read: no lock, no insert.
  if (await repo.isWaiting(db, Number(v.id), email)) return { created: false, msg: M.already };
  return transaction(db, async (trx) => {
    if ((await repo.countWaiting(trx, email)) >= MAX_STOCK_ALERTS) throw badRequest(M.tooMany);
    const created = await repo.insertAlert(trx, {
      variant_id: Number(v.id),
      product_id: Number(v.product_id),
      email,
      user_id: shopper?.id ?? null,
    });
    return { created, msg: created ? M.created : M.already };
  });
}

const BATCH = 200;

/**
 * Mails every address waiting for a variant that can be bought again, once each, through the outbox: called after
 * a change that may bring units back has committed (staff saves, CSV import, stock returned by an order). Each
 * request is marked in the transaction that writes its mail, so two callers at once send it once. A failure is
 * logged, never thrown: the change it follows is saved, and the next call sends what is left.
 */
export async function releaseStockAlerts(deps: { db: Db; config: Config; logger?: Logger }): Promise<number> {
  let sent = 0;
  try {
    for (;;) {
      const due = await repo.dueAlerts(deps.db, BATCH);
      if (due.length === 0) break;
      sent += await transaction(deps.db, async (trx) => {
        let n = 0;
        for (const a of due) {
          if (!(await repo.markNotified(trx, Number(a.id)))) continue;
          const options = [a.colorName, a.memory_size ? memoryLabel(Number(a.memory_size)) : null]
            .filter(Boolean)
            .join(', ');
          await enqueueMail(trx, deps.config, {
            kind: 'back_in_stock',
            to: a.email,
            data: {
              name: a.userName ?? '',
              path: `/product/${a.product_id}?sku=${encodeURIComponent(a.sku)}`,
              product: { name: a.productName, options },
            },
          });
          n++;
        }
        return n;
      });
      if (due.length < BATCH) break;
    }
  } catch (e) {
    deps.logger?.error('back-in-stock mails not written', { error: (e as Error).message });
  }
  return sent;
}

export async function waitingVariants(db: Db): Promise<{ variants: WaitingVariant[]; total: number }> {
  const rows = await repo.waitingByVariant(db);
  return {
    variants: rows.map((r) => ({
      variantId: String(r.id),
      sku: r.sku,
      productId: String(r.productId),
      productName: r.productName,
      colorName: r.colorName,
      memorySize: Number(r.memory_size) || null,
      stock: Number(r.stock),
      waiting: Number(r.waiting),
    })),
    total: rows.reduce((a, r) => a + Number(r.waiting), 0),
  };
}
