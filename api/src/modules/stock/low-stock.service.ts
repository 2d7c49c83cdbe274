import { type LowStockAlert, roleCan, STAFF_ROLES } from '@voltcart/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/connection';
import { notFound } from '../../errors';
import { transaction } from '../../lib/transaction';
import { type Actor, recordAudit } from '../audit/audit.service';
import { enqueueMail } from '../mail/mail.service';
import * as repo from './low-stock.repository';
import { toStockVariant } from './stock-ledger.service';

/** Rows of the dashboard's low-stock list. */
const LOW_STOCK_LIST_ROWS = 50;
/** Crossings one staff mail names at most (more wait for the next pass). */
const MAIL_ROWS = 100;

/** The dashboard's list: open alerts, fewest units first. */
export async function lowStockList(db: Db): Promise<{ alerts: LowStockAlert[]; total: number }> {
  const r = await repo.listOpen(db, LOW_STOCK_LIST_ROWS);
  return {
    total: r.total,
    alerts: r.rows.map((x) => ({
      ...toStockVariant(x),
      threshold: x.threshold,
      ownThreshold: x.ownThreshold,
      since: x.since.toISOString(),
    })),
  };
}

/**
 * Sets a variant's own low-stock threshold (null: the shop's), then sorts its alert again: open when it is now
 * at or below the threshold, closed when above. No mail: no unit moved, so nothing crossed.
 */
export async function setVariantThreshold(
  db: Db,
  actor: Actor,
  variantId: number,
  value: number | null,
): Promise<{ variantId: string; threshold: number; ownThreshold: number | null }> {
  return transaction(db, async (trx) => {
    const before = await trx
      .selectFrom('product_variants')
      .select(['product_id', 'sku', 'low_stock_threshold'])
      .where('id', '=', variantId)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw notFound('Variant');
    await repo.setThreshold(trx, variantId, value);
    await repo.resortAlerts(trx, [variantId]);
    await recordAudit(trx, {
      actor,
      action: 'product.low_stock_threshold',
      kind: 'product',
      objectId: Number(before.product_id),
      summary: `Low-stock threshold of ${before.sku}: ${value === null ? "the shop's" : `${value} units`}`,
      before: { lowStockThreshold: before.low_stock_threshold },
      after: { lowStockThreshold: value },
    });
    const now = await trx
      .selectFrom('product_variants')
      .select(['low_stock_threshold', repo.effectiveThreshold.as('threshold')])
      .where('id', '=', variantId)
      .executeTakeFirstOrThrow();
    return {
      variantId: String(variantId),
      threshold: Number(now.threshold),
      ownThreshold: now.low_stock_threshold === null ? null : Number(now.low_stock_threshold),
    };
  });
}

/** After these variants' thresholds changed (the variant table's save): their alerts sorted again (no mail). */
export async function resortVariantAlerts(db: Db, variantIds: number[]): Promise<void> {
  await repo.resortAlerts(db, variantIds);
}

/** After the shop's threshold changed: every variant's alert sorted again (no mail). */
export async function resortAllAlerts(db: Db): Promise<void> {
  await repo.resortAlerts(db);
}

/** Staff who look after stock (their role may change the catalogue), active, as mail recipients. */
async function stockStaff(db: Db): Promise<{ name: string; email: string }[]> {
  const roles = STAFF_ROLES.filter((r) => roleCan(r, 'catalog.write'));
  return db
    .selectFrom('admins')
    .select(['name', 'email'])
    .where('active', '=', 1)
    .where('role', 'in', roles)
    .orderBy('id')
    .execute();
}

/**
 * The background pass (each API process, every minute): the crossings not mailed yet go to the outbox as one mail
 * to each member of staff who looks after stock, and are marked mailed in the same transaction (rows another
 * process holds are skipped), so each crossing is mailed once. Returns how many crossings were mailed.
 */
export async function mailLowStock(db: Db, config: Config): Promise<number> {
  return transaction(db, async (trx) => {
    const rows = await repo.lockUnmailed(trx, MAIL_ROWS);
    if (!rows.length) return 0;
    for (const staff of await stockStaff(trx))
      await enqueueMail(trx, config, {
        kind: 'low_stock',
        to: staff.email,
        data: {
          name: staff.name,
          lowStock: rows.map((r) => ({ name: r.name, sku: r.sku, units: r.units, threshold: r.threshold })),
        },
      });
    await repo.markMailed(
      trx,
      rows.map((r) => r.variantId),
    );
    return rows.length;
  });
}
