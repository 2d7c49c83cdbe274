import {
  dayStart,
  type StockActor,
  type StockMismatch,
  type StockMovement,
  type StockMovementsQuery,
  type StockReason,
  type StockVariant,
} from '@voltcart/shared';
import type { Db } from '../../db/connection';
import { notFound } from '../../errors';
import { giveStock } from '../order/order-stock.repository';
import * as lowStock from './low-stock.repository';
import * as repo from './stock-ledger.repository';

/** Why and by whom units moved (the ledger row's context). */
export interface StockContext {
  reason: StockReason;
  actor: StockActor;
  adminId?: number | null;
  orderId?: number | null;
  /** An order's public id, an import's file name, a courier's reference. */
  reference?: string;
  note?: string;
}

export type StockMove = repo.Move;

/**
 * The one call every change of units makes, in the change's own transaction and after it: one ledger row per
 * variant whose units moved.
 * - moves of the same variant are added up (one row each); a zero change writes nothing
 * - `units_after` is read from the variant as it now is, so the row holds what the change left
 * - low-stock alerts: a fall to the variant's threshold or below opens its alert (once: an open alert stays as it
 *   was; the staff mail follows from the background pass, low-stock.service.ts), a rise above it closes the alert
 *   (armed again). The rows written say the units and threshold, so a change that crosses neither way costs no
 *   further query (a checkout's usual case).
 */
export async function recordStock(trx: Db, moves: StockMove[], ctx: StockContext): Promise<void> {
  const sum = new Map<string, StockMove>();
  for (const m of moves) {
    const k = m.variantId !== undefined ? `i${m.variantId}` : `s${m.sku.toUpperCase()}`;
    const had = sum.get(k);
    sum.set(k, had ? { ...had, delta: had.delta + m.delta } : { ...m });
  }
  const changed = [...sum.values()].filter((m) => m.delta !== 0);
  if (!changed.length) return;
  const written = await repo.insertMovements(trx, changed, ctx);
  const low = written.filter((w) => w.delta < 0 && w.unitsAfter <= w.threshold);
  const above = written.filter((w) => w.delta > 0 && w.unitsAfter > w.threshold);
  if (low.length)
    await lowStock.openAlerts(
      trx,
      low.map((w) => w.variantId),
    );
  if (above.length)
    await lowStock.closeAlerts(
      trx,
      above.map((w) => w.variantId),
    );
}

/**
 * Puts units of an order back into sellable stock and writes their ledger rows (for returns received by the
 * shop): each line's variant and its product's figure, product rows first (the lock order), in the caller's
 * transaction. A variant deleted since the order has nothing to receive and writes nothing.
 */
export async function returnToStock(
  trx: Db,
  units: { productId: number; variantId: number | null; qty: number }[],
  ctx: Omit<StockContext, 'reason'> & { reason?: 'return' | 'refund' },
): Promise<void> {
  const sorted = [...units].sort(
    (a, b) => a.productId - b.productId || (a.variantId ?? 0) - (b.variantId ?? 0),
  );
  for (const u of sorted) await giveStock(trx, u.productId, u.qty, u.variantId);
  await recordStock(
    trx,
    sorted.flatMap((u) => (u.variantId === null ? [] : [{ variantId: u.variantId, delta: u.qty }])),
    { ...ctx, reason: ctx.reason ?? 'return' },
  );
}

const nextDay = (day: string) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

/** A product's stock trail, newest first, filtered by variant, reason and days (the shop's time zone). */
export async function listMovements(
  db: Db,
  productId: number,
  q: StockMovementsQuery,
): Promise<{
  movements: StockMovement[];
  hasMore: boolean;
  variants: { _id: string; sku: string; deleted: boolean }[];
}> {
  const variants = await repo.trailVariants(db, productId);
  if (!variants.length && !(await repo.productExists(db, productId))) throw notFound('Product');
  const rows = await repo.listMovements(db, {
    productId,
    variantId: q.variantId === undefined ? undefined : Number(q.variantId),
    reason: q.reason,
    from: q.from ? dayStart(q.from) : undefined,
    toBefore: q.to ? dayStart(nextDay(q.to)) : undefined,
    offset: (q.page - 1) * q.limit,
    limit: q.limit + 1,
  });
  return {
    movements: rows.slice(0, q.limit).map((r) => ({
      _id: String(r.id),
      at: new Date(r.at).toISOString(),
      variantId: String(r.variant_id),
      sku: r.sku,
      variantDeleted: Number(r.deleted) === 1,
      delta: Number(r.delta),
      before: Number(r.units_before),
      after: Number(r.units_after),
      reason: r.reason as StockReason,
      actor: r.actor as StockActor,
      who: r.admin_name ?? null,
      orderId: r.order_public_id ?? null,
      reference: r.reference,
      note: r.note,
    })),
    hasMore: rows.length > q.limit,
    variants: variants.map((v) => ({ _id: String(v.id), sku: v.sku, deleted: v.deleted })),
  };
}

/** A variant row of a stock report (product name, SKU and units read with it) as the API names it. */
export function toStockVariant(x: {
  variantId: number;
  productId: number;
  name: string;
  sku: string;
  units: number;
}): StockVariant {
  return {
    variantId: String(x.variantId),
    productId: String(x.productId),
    productName: x.name,
    sku: x.sku,
    units: x.units,
  };
}

/**
 * The reconciliation check: every variant's units equal the sum of its ledger rows (from its opening or first
 * row on). `mismatches` names each variant that differs; empty when the ledger explains every unit.
 */
export async function checkStock(
  db: Db,
  productIds?: number[],
): Promise<{ checked: number; mismatches: StockMismatch[] }> {
  const r = await repo.mismatches(db, productIds);
  return {
    checked: r.checked,
    mismatches: r.rows.map((x) => ({ ...toStockVariant(x), ledgerUnits: x.ledger })),
  };
}
