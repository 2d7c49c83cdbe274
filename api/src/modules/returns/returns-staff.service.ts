import {
  formatINR,
  MANUAL_REFUND_LABELS,
  RETURN_REASON_LABELS,
  RETURN_STATES,
  type ReturnDetails,
  type ReturnReason,
  type ReturnRequestView,
  type ReturnState,
  type ReturnsListQuery,
  toRupees,
} from '@voltcart/shared';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import { type Trx, transaction } from '../../lib/transaction';
import { type Actor, recordAudit } from '../audit/audit.service';
import { issueCreditNote } from '../invoice/invoice.service';
import * as orders from '../order/order.repository';
import type { OrderDeps } from '../order/order.service';
import * as orderEvents from '../order/order-events.repository';
import { newPublicId } from '../order/order-id';
import { staffRefund } from '../order/order-refund.service';
import * as orderStock from '../order/order-stock.repository';
import { recordStock, returnToStock } from '../stock/stock-ledger.service';
import * as repo from './returns.repository';
import { differenceOf, RETURN_ID_RE, toViews } from './returns.service';
import { mailReturn } from './returns-mail';

/**
 * The back office's side of returns: the list, one request with its history, and its moves (permission
 * `returns.write`). Every move locks the order row, then the request row (the order's lock order), and checks the
 * request's state under those locks, so two members of staff acting at once end with one move.
 * - approve (with a manual pickup: carrier + AWB) a requested one; approving an approved one again changes nothing
 * - reject (with the reason the shopper sees) a requested or approved one: its lines are free again
 * - receive an approved one: each line's units inspected as sellable (back to stock in the same transaction) or
 *   damaged (counted apart); together exactly the line's units
 * - refund a received refund request: at most its lines' share plus the shipping the policy refunds, through the
 *   payment gateway for an order paid online, or to the shopper's UPI ID / bank account for cash on delivery
 *   (recorded with the transaction reference); a credit note for those lines against the tax invoice
 * - replace a received replacement request: a new order at ₹0 with the same (or the chosen) variant, its stock
 *   taken with the guarded update; out of stock, the request stays open and the shopper sees why
 */

export async function listReturns(db: OrderDeps['db'], q: ReturnsListQuery) {
  const filter = { state: q.state, q: q.q };
  const offset = (q.page - 1) * q.limit;
  const [rows, total, counts, damaged] = await Promise.all([
    repo.listRequests(db, { ...filter, offset, limit: q.limit }),
    repo.countRequests(db, filter),
    repo.countsByState(db),
    repo.damagedUnits(db),
  ]);
  return {
    requests: await toViews(db, rows, { staff: true }),
    total,
    hasMore: offset + rows.length < total,
    counts: Object.fromEntries(RETURN_STATES.map((s) => [s, counts.get(s) ?? 0])) as Record<
      ReturnState,
      number
    >,
    damagedUnits: damaged,
  };
}

export async function returnDetails(db: OrderDeps['db'], publicId: string): Promise<ReturnDetails> {
  if (!RETURN_ID_RE.test(publicId)) throw notFound('Return request');
  const row = await repo.findRequest(db, publicId);
  if (!row) throw notFound('Return request');
  const [view, events, order, shopper] = await Promise.all([
    toViews(db, [row], { staff: true }),
    repo.eventsOf(db, row.id),
    orders.findById(db, row.order_id),
    repo.shopperOfOrder(db, row.order_id),
  ]);
  return {
    request: view[0]!,
    history: events.map((e) => ({
      event: e.event,
      actor: e.actor,
      note: e.note,
      at: e.created_at.toISOString(),
      ...(e.admin_name ? { by: `${e.admin_name} <${e.admin_email}>` } : {}),
    })),
    order: {
      state: order!.state,
      paymentMode: order!.payment_mode === 1 ? 'online' : 'cod',
      total: toRupees(order!.total_paise),
      refunded: toRupees(order!.refunded_paise),
    },
    shopper: shopper ? { name: shopper.name, email: shopper.email } : null,
  };
}

/** Locks the request's order, then the request; 404 for an unknown id. */
async function lockBoth(trx: Trx, publicId: string) {
  if (!RETURN_ID_RE.test(publicId)) throw notFound('Return request');
  const seen = await repo.findRequest(trx, publicId);
  if (!seen) throw notFound('Return request');
  const order = (await orders.lockOrder(trx, { id: seen.order_id }))!;
  const row = (await repo.lockRequest(trx, publicId))!;
  return { order, row };
}

const refused = (row: repo.ReturnRow, what: string) =>
  conflict(`This request is ${row.state}: it cannot be ${what}.`, 'return_state');

async function step(
  trx: Trx,
  orderPublicId: string,
  row: repo.ReturnRow,
  event: string,
  actor: Actor,
  note: string,
  summary: string,
  after: Record<string, unknown> = {},
) {
  await repo.insertEvent(trx, { request_id: row.id, event, actor: 'admin', note, admin_id: actor.id });
  await recordAudit(trx, {
    actor,
    action: `return.${event}`,
    // Filed under the order (the history's kinds are the shop's objects; a return belongs to its order).
    kind: 'order',
    objectId: orderPublicId,
    summary: summary.slice(0, 255),
    before: { state: row.state },
    after,
  });
}

/** Mails the shopper the staff's decision on the request, read again so that the mail shows it as decided. */
async function mailDecision(
  trx: Trx,
  deps: OrderDeps,
  kind: 'return_approved' | 'return_rejected',
  publicId: string,
  orderPublicId: string,
) {
  await mailReturn(trx, deps.config, kind, (await repo.lockRequest(trx, publicId))!, orderPublicId);
}

export async function approveReturn(
  deps: OrderDeps,
  publicId: string,
  pickup: { carrier: string; awb: string },
  actor: Actor,
): Promise<{ changed: boolean }> {
  return transaction(deps.db, async (trx) => {
    const { order, row } = await lockBoth(trx, publicId);
    if (row.state === 'approved') return { changed: false };
    if (row.state !== 'requested') throw refused(row, 'approved');
    await repo.updateRequest(trx, row.id, {
      state: 'approved',
      pickup_carrier: pickup.carrier,
      pickup_awb: pickup.awb,
    });
    await step(
      trx,
      order.public_id,
      row,
      'approved',
      actor,
      `Pickup: ${pickup.carrier}, AWB ${pickup.awb}`,
      `Approved return ${row.public_id}`,
      {
        state: 'approved',
        ...pickup,
      },
    );
    await mailDecision(trx, deps, 'return_approved', publicId, order.public_id);
    return { changed: true };
  });
}

export async function rejectReturn(
  deps: OrderDeps,
  publicId: string,
  reason: string,
  actor: Actor,
): Promise<void> {
  await transaction(deps.db, async (trx) => {
    const { order, row } = await lockBoth(trx, publicId);
    if (row.state !== 'requested' && row.state !== 'approved') throw refused(row, 'rejected');
    await repo.updateRequest(trx, row.id, { state: 'rejected', reject_reason: reason });
    await repo.closeLines(trx, row.id);
    await step(
      trx,
      order.public_id,
      row,
      'rejected',
      actor,
      reason,
      `Rejected return ${row.public_id}: ${reason}`,
      {
        state: 'rejected',
        reason,
      },
    );
    await mailDecision(trx, deps, 'return_rejected', publicId, order.public_id);
  });
}

export async function receiveReturn(
  deps: OrderDeps,
  publicId: string,
  inspected: { lineId: string; sellable: number; damaged: number }[],
  actor: Actor,
): Promise<void> {
  await transaction(deps.db, async (trx) => {
    const { order, row } = await lockBoth(trx, publicId);
    if (row.state !== 'approved') throw refused(row, 'marked received (approve it first)');
    const lines = await repo.linesOfRequests(trx, [row.id]);
    const byLine = new Map(inspected.map((i) => [i.lineId, i]));
    if (byLine.size !== inspected.length) throw badRequest('Name each line once.', 'return_quantity');
    for (const i of inspected) {
      if (!lines.some((l) => String(l.order_line_id) === i.lineId))
        throw badRequest(`Line ${i.lineId} is not part of this request.`, 'return_quantity');
    }
    // Lock order of stock rows: products, then variants, by id.
    const sorted = [...lines].sort(
      (a, b) => a.product_id - b.product_id || Number(a.variant_id) - Number(b.variant_id),
    );
    const notes: string[] = [];
    const back: { productId: number; variantId: number | null; qty: number }[] = [];
    for (const l of sorted) {
      const i = byLine.get(String(l.order_line_id));
      if (!i)
        throw badRequest(
          `Say how the units of ${l.name} came back (sellable or damaged).`,
          'return_quantity',
        );
      if (i.sellable + i.damaged !== l.qty) {
        throw badRequest(
          `${l.name}: ${l.qty} unit${l.qty === 1 ? '' : 's'} came back; sellable and damaged must add up to ${l.qty} (got ${i.sellable + i.damaged}).`,
          'return_quantity',
        );
      }
      await repo.setInspection(trx, l.id, i.sellable, i.damaged);
      if (i.sellable > 0) back.push({ productId: l.product_id, variantId: l.variant_id, qty: i.sellable });
      notes.push(`${l.name}: ${i.sellable} sellable, ${i.damaged} damaged`);
    }
    // Sellable units back in stock, each with its ledger row.
    await returnToStock(trx, back, {
      actor: 'admin',
      adminId: actor.id,
      orderId: order.id,
      reference: row.public_id,
    });
    await repo.updateRequest(trx, row.id, { state: 'received' });
    await step(
      trx,
      order.public_id,
      row,
      'received',
      actor,
      notes.join('; '),
      `Received return ${row.public_id}`,
      {
        state: 'received',
        lines: inspected,
      },
    );
  });
}

/**
 * Refunds a received refund request through the order's refund path (order-refund.service.ts), in its
 * transaction: the request is marked refunded and its credit note issued for its own lines there.
 */
export async function refundReturn(
  deps: OrderDeps,
  publicId: string,
  input: { amountPaise?: number; reference?: string },
  actor: Actor,
): Promise<void> {
  if (!RETURN_ID_RE.test(publicId)) throw notFound('Return request');
  const seen = await repo.findRequest(deps.db, publicId);
  if (!seen) throw notFound('Return request');
  const view = (await toViews(deps.db, [seen], { staff: true }))[0]!;
  checkRefundable(seen, view, input);
  const order = (await orders.findById(deps.db, seen.order_id))!;
  const reason = `Return ${seen.public_id}: ${RETURN_REASON_LABELS[seen.reason as ReturnReason]}`;
  const manual =
    seen.refund_method === 'gateway'
      ? undefined
      : { method: seen.refund_method as 'upi' | 'bank', reference: input.reference };
  try {
    await staffRefund(deps, order.public_id, {
      amountPaise: input.amountPaise ?? toPaiseOf(view.refundable),
      reason,
      manual,
      actor,
      within: async (trx, lockedOrder, refundId) => {
        const row = (await repo.lockRequest(trx, publicId))!;
        const now = (await toViews(trx, [row], { staff: true }))[0]!;
        checkRefundable(row, now, input);
        const amount = input.amountPaise ?? toPaiseOf(now.refundable);
        await repo.updateRequest(trx, row.id, { state: 'refunded', refund_id: refundId });
        await repo.closeLines(trx, row.id);
        // The credit note names the returned lines: each invoice line (the order's lines, in order) weighs its share.
        const lines = await orders.linesOf(trx, [lockedOrder.id]);
        const shares = await repo.linesOfRequests(trx, [row.id]);
        const weights = lines.map((l) =>
          shares.filter((s) => s.order_line_id === l.id).reduce((a, s) => a + s.share_paise, 0),
        );
        const quantities = lines.map((l) =>
          shares.filter((s) => s.order_line_id === l.id).reduce((a, s) => a + s.qty, 0),
        );
        const note = await issueCreditNote(trx, lockedOrder, {
          refund: { id: refundId },
          amountPaise: amount,
          reason,
          weights,
          quantities,
        });
        if (note) {
          await orderEvents.insertEvent(trx, {
            order_id: lockedOrder.id,
            event: 'credit_note_issued',
            actor: 'admin',
            note: `${note.number} against ${note.against?.number}`,
            admin_id: actor.id,
          });
        }
        const how = manual
          ? `${MANUAL_REFUND_LABELS[manual.method]}${manual.reference ? `, ref. ${manual.reference}` : ''}`
          : 'payment gateway';
        await step(
          trx,
          lockedOrder.public_id,
          row,
          'refunded',
          actor,
          `${formatINR(toRupees(amount))} (${how})${note ? `; credit note ${note.number}` : ''}`,
          `Refunded return ${row.public_id}: ${formatINR(toRupees(amount))}`,
          { state: 'refunded', amount: toRupees(amount) },
        );
      },
    });
  } catch (e) {
    // Refused by the gateway: the refund was undone; the request waits for another try.
    if (e instanceof AppError && e.code === 'refund_refused') {
      await transaction(deps.db, async (trx) => {
        const row = (await repo.lockRequest(trx, publicId))!;
        await repo.updateRequest(trx, row.id, { state: 'received', refund_id: null });
        await trx.updateTable('return_lines').set({ open: 1 }).where('request_id', '=', row.id).execute();
        await repo.insertEvent(trx, {
          request_id: row.id,
          event: 'refund_failed',
          actor: 'payment',
          note: e.message.slice(0, 300),
          admin_id: null,
        });
      });
    }
    throw e;
  }
}

const toPaiseOf = (rupees: number) => Math.round(rupees * 100);

function checkRefundable(
  row: repo.ReturnRow,
  view: ReturnRequestView,
  input: { amountPaise?: number; reference?: string },
) {
  if (row.kind !== 'refund')
    throw conflict('This is a replacement request: send the replacement instead.', 'return_state');
  if (row.state === 'refunded') throw conflict('This request has already been refunded.', 'return_state');
  if (row.state !== 'received') throw refused(row, 'refunded before its items are received');
  const most = toPaiseOf(view.refundable);
  if (input.amountPaise !== undefined && input.amountPaise > most) {
    throw new AppError(
      400,
      'refund_too_large',
      `At most ${formatINR(view.refundable)} can be refunded for this request (its items' share${view.shippingRefund ? ' and shipping' : ''}).`,
      { left: view.refundable },
    );
  }
  if (row.refund_method !== 'gateway' && !input.reference) {
    throw badRequest(
      `Send the refund to the shopper's ${row.refund_method === 'upi' ? 'UPI ID' : 'bank account'} first, then record its transaction reference.`,
      'refund_method',
    );
  }
}

class OutOfStock extends Error {
  constructor(readonly notice: string) {
    super(notice);
  }
}

/** Sends the replacement of a received replacement request. Returns the replacement order's id. */
export async function replaceReturn(deps: OrderDeps, publicId: string, actor: Actor): Promise<string> {
  try {
    return await transaction(deps.db, async (trx) => {
      const { order, row } = await lockBoth(trx, publicId);
      if (row.kind !== 'replacement')
        throw conflict('This is a refund request: refund it instead.', 'return_state');
      if (row.state !== 'received') throw refused(row, 'replaced before its items are received');
      const lines = await repo.linesOfRequests(trx, [row.id]);
      const wanted = lines
        .map((l) => ({ ...l, send: l.replacement_variant_id ?? l.variant_id }))
        .sort((a, b) => a.product_id - b.product_id || Number(a.send) - Number(b.send));
      for (const l of wanted) {
        // The no-oversell rule: the guarded update takes the units only while they are there and on sale.
        if (!(await orderStock.takeStock(trx, l.product_id, l.qty, true, l.send))) {
          throw new OutOfStock(
            `${l.name} is out of stock for the replacement: we will send it as soon as it is back.`,
          );
        }
      }
      const replacementId = newPublicId();
      // A dearer option: the replacement order costs the difference, paid in cash on its delivery.
      const toPay = differenceOf(wanted).totalPaise;
      const newId = await orders.insertOrder(trx, {
        public_id: replacementId,
        user_id: order.user_id,
        state: toPay > 0 ? 'placed' : 'paid',
        payment_mode: toPay > 0 ? 0 : order.payment_mode,
        total_paise: toPay,
        original_total_paise: toPay,
        razorpay_order_id: null,
        razorpay_payment_id: null,
        ship_adress_line1: order.ship_adress_line1,
        ship_adress_line2: order.ship_adress_line2,
        ship_city: order.ship_city,
        ship_state: order.ship_state,
        ship_postal_code: order.ship_postal_code,
        ship_country: order.ship_country,
        ship_contact: order.ship_contact,
        notes: `Replacement for return ${row.public_id} of order ${order.public_id}`,
        expires_at: null,
        paid_at: toPay > 0 ? null : new Date(),
      });
      await recordStock(
        trx,
        wanted.flatMap((l) => (l.send === null ? [] : [{ variantId: Number(l.send), delta: -l.qty }])),
        { reason: 'order', actor: 'admin', adminId: actor.id, orderId: newId, reference: replacementId },
      );
      const variants = await repo.variantsOf(trx, [...new Set(wanted.map((l) => l.product_id))]);
      await orders.insertLines(
        trx,
        wanted.map((l) => {
          const v = variants.find((x) => x.id === l.send);
          const diff = Math.max(0, Number(l.price_diff_paise));
          return {
            order_id: newId,
            product_id: l.product_id,
            name: l.name,
            color_id: v?.color_id ?? 0,
            color_name: v ? v.color_name : l.color_name,
            memory_size: v?.memory_size ?? l.memory_size,
            unit_price_paise: diff,
            unit_original_paise: diff,
            qty: l.qty,
            thumbnail: l.thumbnail,
            variant_id: l.send,
            sku: v?.sku ?? null,
          };
        }),
      );
      await orderEvents.insertEvent(trx, {
        order_id: newId,
        event: toPay > 0 ? 'placed' : 'paid',
        actor: 'admin',
        note:
          toPay > 0
            ? `Replacement for return ${row.public_id}: ${formatINR(toRupees(toPay))} price difference, cash on delivery`
            : `Replacement at ₹0 for return ${row.public_id}`,
        admin_id: actor.id,
      });
      await repo.updateRequest(trx, row.id, { state: 'replaced', replacement_order_id: newId, notice: null });
      await repo.closeLines(trx, row.id);
      await step(
        trx,
        order.public_id,
        row,
        'replaced',
        actor,
        `Replacement order ${replacementId}`,
        `Replaced return ${row.public_id}`,
        {
          state: 'replaced',
          order: replacementId,
        },
      );
      await mailReturn(trx, deps.config, 'replacement_shipped', row, order.public_id, {
        replacementOrderId: replacementId,
        toPayPaise: toPay,
      });
      return replacementId;
    });
  } catch (e) {
    if (!(e instanceof OutOfStock)) throw e;
    await transaction(deps.db, async (trx) => {
      const { row } = await lockBoth(trx, publicId);
      if (row.notice !== e.notice) {
        await repo.updateRequest(trx, row.id, { notice: e.notice });
        await repo.insertEvent(trx, {
          request_id: row.id,
          event: 'waiting_for_stock',
          actor: 'admin',
          note: e.notice,
          admin_id: actor.id,
        });
      }
    });
    throw new AppError(409, 'out_of_stock', `${e.notice} The request stays open.`);
  }
}
