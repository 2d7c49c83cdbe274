import type { Config } from '../../config';
import type { Db } from '../../db/connection';
import { AppError } from '../../errors';
import { readTaxSettings } from '../invoice/invoice.service';
import * as repo from './order.repository';

/**
 * What a packer needs for one order: where it goes and what goes in the box, with no prices; for cash on delivery
 * the amount the courier collects, and the parcel's weight when its products are weighed.
 */
export interface PackingSlip {
  orderId: string;
  placedAt: Date;
  shipTo: { name: string; address: string[]; contact: string };
  lines: { name: string; color: string; memory: string; sku: string; qty: number }[];
  notes: string;
  /** Cash on delivery not collected yet: the order's total; otherwise null. */
  codToCollectPaise: number | null;
  /** Σ units × weight; 0 when nothing is weighed. */
  weightGrams: number;
}

/**
 * The packing slips of the orders named, in the order they are named (each once).
 * - an id that names no order: 404 naming every such id
 */
export async function packingSlips(
  db: Db,
  config: Config,
  publicIds: string[],
): Promise<{ shopName: string; slips: PackingSlip[] }> {
  const orders = await repo.findByPublicIds(db, publicIds);
  const byId = new Map(orders.map((o) => [o.public_id, o]));
  const unknown = publicIds.filter((id) => !byId.has(id));
  if (unknown.length) {
    throw new AppError(
      404,
      'not_found',
      `${unknown.length === 1 ? 'Order' : 'Orders'} not found: ${unknown.join(', ')}.`,
    );
  }
  const ids = orders.map((o) => o.id);
  const [lines, weights] = await Promise.all([repo.linesOf(db, ids), repo.parcelWeights(db, ids)]);
  const { shopName } = await readTaxSettings(db, config);
  const slips = publicIds.map((id) => {
    const o = byId.get(id)!;
    return {
      orderId: o.public_id,
      placedAt: o.created_at,
      shipTo: {
        name: o.ship_name || (o.user_name ?? ''),
        address: [
          o.ship_adress_line1,
          o.ship_adress_line2,
          o.ship_landmark ? `Landmark: ${o.ship_landmark}` : '',
          `${o.ship_city}, ${o.ship_state} ${o.ship_postal_code}`,
          o.ship_country,
        ].filter(Boolean),
        contact: o.ship_contact,
      },
      lines: lines
        .filter((l) => l.order_id === o.id)
        .map((l) => ({
          name: l.name,
          color: l.color_name ?? '',
          memory: l.memory_size ? `${l.memory_size} GB` : '',
          sku: l.sku ?? '',
          qty: l.qty,
        })),
      notes: o.notes,
      codToCollectPaise: o.payment_mode === 0 && !o.paid_at ? o.total_paise : null,
      weightGrams: weights.get(o.id) ?? 0,
    };
  });
  return { shopName, slips };
}
