import {
  type CodDue,
  type CodRemittance,
  type CodRemittanceBody,
  dayOf,
  formatINR,
  toPaise,
  toRupees,
} from '@voltcart/shared';
import type { Db } from '../../db/connection';
import { AppError, badRequest, conflict } from '../../errors';
import { transaction } from '../../lib/transaction';
import { type Actor, recordAudit } from '../audit/audit.service';
import { readAwbFile } from './awb-file';
import * as repo from './cod.repository';

const rupees = (paise: number) => formatINR(toRupees(paise));

/** A few AWBs for a message: "A, B, C and 4 more". */
const some = (awbs: string[]) =>
  awbs.length <= 3 ? awbs.join(', ') : `${awbs.slice(0, 3).join(', ')} and ${awbs.length - 3} more`;

const toRemittance = (r: Awaited<ReturnType<typeof repo.listRemittances>>[number]): CodRemittance => ({
  _id: String(r.id),
  carrier: r.carrier,
  amount: toRupees(Number(r.amount_paise)),
  due: toRupees(Number(r.due_paise)),
  shortBy: toRupees(Number(r.due_paise) - Number(r.amount_paise)),
  remittedOn: r.remitted_on,
  reference: r.reference,
  fileName: r.file_name,
  orders: Number(r.orders),
  recordedBy: r.admin_name,
  createdAt: new Date(r.created_at).toISOString(),
});

/**
 * Records a courier's remittance, in one transaction with the named orders locked:
 * - every AWB of the file names a cash-on-delivery order of this carrier (any case) that is delivered and that no
 *   remittance settled yet; otherwise nothing is recorded and the message names the AWBs at fault
 * - the amount may be less than the cash due on those orders (the courier's charges: `shortBy`), never more
 * - the date is not in the future (the shop's days); each order is settled once (its key in cod_remittance_orders)
 */
export async function recordRemittance(
  db: Db,
  actor: Actor,
  body: CodRemittanceBody,
  now: Date = new Date(),
): Promise<CodRemittance> {
  if (body.remittedOn > dayOf(now)) throw badRequest('Date received must not be in the future.');
  const file = readAwbFile(body.awbCsv);
  if ('error' in file) throw badRequest(file.error, file.code);
  const amountPaise = toPaise(body.amount);
  const carrier = body.carrier.trim();
  const id = await transaction(db, async (trx) => {
    const found = await repo.lockOrdersByAwb(
      trx,
      file.awbs.map((a) => a.awb),
    );
    const byAwb = new Map<string, typeof found>();
    for (const o of found) byAwb.set(o.awb.toUpperCase(), [...(byAwb.get(o.awb.toUpperCase()) ?? []), o]);
    const unknown: string[] = [];
    const settled: string[] = [];
    const orders: { orderId: number; awb: string; duePaise: number }[] = [];
    for (const { awb } of file.awbs) {
      const candidates = (byAwb.get(awb.toUpperCase()) ?? []).filter(
        (o) => o.cod && o.state === 'delivered' && o.carrier.trim().toUpperCase() === carrier.toUpperCase(),
      );
      if (!candidates.length) unknown.push(awb);
      else if (candidates.every((o) => o.remittanceId !== null)) settled.push(awb);
      else
        for (const o of candidates.filter((x) => x.remittanceId === null))
          orders.push({ orderId: o.id, awb, duePaise: o.duePaise });
    }
    if (unknown.length)
      throw badRequest(
        `${some(unknown)}: no delivered cash-on-delivery order of ${carrier} has ${unknown.length === 1 ? 'this AWB' : 'these AWBs'}. Nothing was recorded.`,
        'unknown_awb',
      );
    if (settled.length)
      throw conflict(
        `${some(settled)}: already settled by an earlier remittance. Nothing was recorded.`,
        'already_remitted',
      );
    const duePaise = orders.reduce((s, o) => s + o.duePaise, 0);
    if (amountPaise > duePaise)
      throw new AppError(
        400,
        'remittance_too_large',
        `${rupees(amountPaise)} is more than the ${rupees(duePaise)} due on the ${orders.length} order${orders.length === 1 ? '' : 's'} of this file. Check the amount or the file.`,
      );
    const remittanceId = await repo.insertRemittance(
      trx,
      {
        carrier,
        amount_paise: amountPaise,
        due_paise: duePaise,
        remitted_on: body.remittedOn,
        reference: body.reference.trim(),
        file_name: body.fileName.trim(),
        admin_id: actor.id,
      },
      orders,
    );
    await recordAudit(trx, {
      actor,
      action: 'order.cod_remittance',
      kind: 'order',
      objectId: null,
      summary: `Recorded ${carrier}'s COD remittance ${body.reference.trim()}: ${rupees(amountPaise)} for ${orders.length} order${orders.length === 1 ? '' : 's'} (${rupees(duePaise)} due)`,
    });
    return remittanceId;
  });
  const [row] = await repo.listRemittances(db, 0, 1, id);
  return toRemittance(row!);
}

export async function listRemittances(
  db: Db,
  q: { page: number; limit: number },
): Promise<{ remittances: CodRemittance[]; hasMore: boolean }> {
  const rows = await repo.listRemittances(db, (q.page - 1) * q.limit, q.limit + 1);
  return { remittances: rows.slice(0, q.limit).map(toRemittance), hasMore: rows.length > q.limit };
}

/** What each carrier still owes (delivered COD orders not settled), by age; the totals of all carriers. */
export async function codDue(
  db: Db,
  now: Date = new Date(),
): Promise<{ carriers: CodDue[]; orders: number; due: number }> {
  const rows = await repo.dueByCarrier(db, now);
  return {
    carriers: rows.map((r) => ({
      carrier: r.carrier,
      orders: r.orders,
      due: toRupees(r.duePaise),
      oldestDays: r.oldestDays,
      byAge: {
        upTo7: toRupees(r.byAge[0]),
        upTo15: toRupees(r.byAge[1]),
        upTo30: toRupees(r.byAge[2]),
        over30: toRupees(r.byAge[3]),
      },
    })),
    orders: rows.reduce((s, r) => s + r.orders, 0),
    due: toRupees(rows.reduce((s, r) => s + r.duePaise, 0)),
  };
}
