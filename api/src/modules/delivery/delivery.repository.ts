import type { ShippingZone, ValueBand, WeightBand } from '@voltcart/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/connection';
import type { Trx } from '../../lib/transaction';

export const DELIVERY_KEYS = {
  codMaxPaise: 'cod_max_paise',
  codFeePaise: 'cod_fee_paise',
  codFeeBp: 'cod_fee_bp',
  codBlocked: 'cod_blocked_pincodes',
  cutoff: 'dispatch_cutoff',
  holidays: 'shop_holidays',
  freeShippingPaise: 'free_shipping_threshold_paise',
  shopState: 'tax_state',
} as const;

const json = <T>(v: unknown, fallback: T): T => {
  if (typeof v !== 'string') return (v as T) ?? fallback;
  try {
    return JSON.parse(v) as T;
  } catch {
    return fallback;
  }
};

/** The zones' version (moved on by a trigger at every change of a zone), as a column of a larger read. */
export const zonesVersionColumn = sql<
  number | string
>`(SELECT version FROM setup_versions WHERE name = 'shipping_zones')`;

/** Every shipping zone, in its order (position, then id). */
export async function readZones(db: Db): Promise<ShippingZone[]> {
  const rows = await db.selectFrom('shipping_zones').selectAll().orderBy('position').orderBy('id').execute();
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    states: json<string[]>(r.states, []),
    pincodes: json<string[]>(r.pincodes, []),
    bands: json<WeightBand[]>(r.bands, []),
    valueBands: json<ValueBand[]>(r.value_bands, []),
    freeFromPaise: r.free_from_paise === null ? null : Number(r.free_from_paise),
    cod: Boolean(r.cod),
    dispatchDays: r.dispatch_days,
    transitMinDays: r.transit_min_days,
    transitMaxDays: r.transit_max_days,
  }));
}

/** Replaces every zone with the given ones (in the caller's transaction). */
export async function replaceZones(trx: Trx, zones: readonly Omit<ShippingZone, 'id'>[]): Promise<void> {
  await trx.deleteFrom('shipping_zones').execute();
  if (!zones.length) return;
  await trx
    .insertInto('shipping_zones')
    .values(
      zones.map((z, i) => ({
        name: z.name.trim(),
        position: i,
        states: JSON.stringify(z.states),
        pincodes: JSON.stringify(z.pincodes),
        bands: JSON.stringify(z.bands),
        value_bands: JSON.stringify(z.valueBands),
        free_from_paise: z.freeFromPaise,
        cod: z.cod ? 1 : 0,
        dispatch_days: z.dispatchDays,
        transit_min_days: z.transitMinDays,
        transit_max_days: z.transitMaxDays,
      })),
    )
    .execute();
}
