import type { ShippingZone, ValueBand, WeightBand } from '@voltcart/shared';
import { sql } from 'kysely';
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

/**
 * Every shipping zone as one column, a JSON array (NULL without zones): read along with other figures in one
 * statement (checkout reads it with its first). Parse it with zonesOf.
 */
export const zonesColumn = sql<unknown>`(SELECT JSON_ARRAYAGG(JSON_OBJECT(
    'id', id, 'position', position, 'name', name, 'states', states, 'pincodes', pincodes, 'bands', bands,
    'value_bands', value_bands, 'free_from_paise', free_from_paise, 'cod', cod, 'dispatch_days', dispatch_days,
    'transit_min_days', transit_min_days, 'transit_max_days', transit_max_days))
  FROM shipping_zones)`;

interface ZoneJson {
  id: number;
  position: number;
  name: string;
  states: unknown;
  pincodes: unknown;
  bands: unknown;
  value_bands: unknown;
  free_from_paise: number | null;
  cod: number;
  dispatch_days: number;
  transit_min_days: number;
  transit_max_days: number;
}

/** The zones of a zonesColumn, in their order (position, then id). */
export function zonesOf(raw: unknown): ShippingZone[] {
  const rows = json<ZoneJson[] | null>(raw, null) ?? [];
  return rows
    .sort((a, b) => a.position - b.position || a.id - b.id)
    .map((r) => ({
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
