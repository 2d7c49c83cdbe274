import type { Config } from '../../config';
import type { Db } from '../../db/connection';
import { AppError } from '../../errors';
import { readTaxSettings } from '../invoice/invoice.service';
import * as repo from './order.repository';

/** What a packer needs for one order: where it goes and what goes in the box, with no prices. */
export interface PackingSlip {
  orderId: string;
  placedAt: Date;
  shipTo: { name: string; address: string[]; contact: string };
  lines: { name: string; color: string; memory: string; sku: string; qty: number }[];
  notes: string;
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
  const lines = await repo.linesOf(
    db,
    orders.map((o) => o.id),
  );
  const { shopName } = await readTaxSettings(db, config);
  const slips = publicIds.map((id) => {
    const o = byId.get(id)!;
    return {
      orderId: o.public_id,
      placedAt: o.created_at,
      shipTo: {
        name: o.user_name ?? '',
        address: [
          o.ship_adress_line1,
          o.ship_adress_line2,
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
    };
  });
  return { shopName, slips };
}
