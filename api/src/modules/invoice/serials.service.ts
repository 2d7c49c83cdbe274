import type { LineSerials, SerialMatch } from '@voltcart/shared';
import type { Db } from '../../db/connection';
import { badRequest } from '../../errors';
import { transaction } from '../../lib/transaction';
import { type Actor, recordAudit } from '../audit/audit.service';
import * as repo from './invoice.repository';

/** An order line's name as the invoice prints it. */
const lineName = (l: { name: string; color_name: string | null; memory_size: number }) =>
  [l.name, l.color_name, l.memory_size ? `${l.memory_size} GB` : null].filter(Boolean).join(', ');

/** The serial numbers recorded for each line of an order (line 1 first). */
export async function lineSerials(db: Db, orderId: number): Promise<LineSerials[]> {
  const [lines, serials] = await Promise.all([repo.orderLines(db, orderId), repo.serialsOf(db, orderId)]);
  return lines.map((l, i) => ({
    line: i + 1,
    name: lineName(l),
    qty: l.qty,
    serials: serials.get(l.id) ?? [],
  }));
}

/**
 * Records the serial numbers of an order's units (staff, at packing), in one transaction; each line sent has its
 * list replaced.
 * - a line that is not in the order, more serials than the line's units, or a serial twice in the order: 400,
 *   nothing saved
 * - the order's invoice prints them under their item (also when it was issued before they were recorded)
 */
export async function saveSerials(
  db: Db,
  actor: Actor,
  order: { id: number; publicId: string },
  input: { line: number; serials: string[] }[],
): Promise<LineSerials[]> {
  await transaction(db, async (trx) => {
    const lines = await repo.orderLines(trx, order.id);
    const current = await repo.serialsOf(trx, order.id);
    const next = new Map(current);
    for (const { line, serials } of input) {
      const l = lines[line - 1];
      if (!l) throw badRequest(`Line ${line} is not in this order (it has ${lines.length}).`);
      if (serials.length > l.qty)
        throw badRequest(
          `Line ${line} has ${l.qty} ${l.qty === 1 ? 'unit' : 'units'}: at most ${l.qty} serial numbers.`,
        );
      next.set(
        l.id,
        serials.map((s) => s.toUpperCase()),
      );
    }
    const all = [...next.values()].flat();
    const twice = all.find((s, i) => all.indexOf(s) !== i);
    if (twice) throw badRequest(`Serial number ${twice} is given twice in this order.`);
    for (const { line } of input)
      await repo.replaceSerials(trx, order.id, lines[line - 1]!.id, next.get(lines[line - 1]!.id)!);
    await recordAudit(trx, {
      actor,
      action: 'order.serials',
      kind: 'order',
      objectId: order.publicId,
      summary: `Recorded serial numbers of order ${order.publicId}`,
      before: Object.fromEntries(
        input.map(({ line }) => [`line ${line}`, (current.get(lines[line - 1]!.id) ?? []).join(', ')]),
      ),
      after: Object.fromEntries(
        input.map(({ line }) => [`line ${line}`, next.get(lines[line - 1]!.id)!.join(', ')]),
      ),
    });
  });
  return lineSerials(db, order.id);
}

/** Units whose serial number starts with what was typed (at most 50, newest first). */
export async function searchSerials(db: Db, q: string): Promise<SerialMatch[]> {
  const rows = await repo.findSerials(db, q.toUpperCase(), 50);
  return rows.map((r) => ({
    serial: r.serial,
    orderId: r.public_id,
    line: Number(r.line),
    name: r.name,
    recordedAt: r.recorded_at.toISOString(),
  }));
}
