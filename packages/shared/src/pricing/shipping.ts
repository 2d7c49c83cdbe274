import type { CodRules, ShippingZone } from '../rules/delivery';
import { DEFAULT_GST_RATE_BP } from './price-goods';

/**
 * The shipping charge of a parcel, before discounts (the PricingContext's `shippingPaise`).
 * - goods worth `freeFromPaise` or more ship free (the zone's threshold, else the shop's)
 * - otherwise the fee of the weight band the parcel falls in (from ≤ weight < to; the last band has no top), plus
 *   the fee of the order value band the goods fall in (from ≤ value < to), when the zone has value bands
 * - a figure beyond every band (only when the bands are not saved right) takes the last band's fee
 */
export function shippingChargePaise(
  zone: Pick<ShippingZone, 'bands' | 'valueBands'>,
  freeFromPaise: number,
  goodsPaise: number,
  weightGrams: number,
): number {
  if (goodsPaise >= freeFromPaise) return 0;
  const fee = <B extends { feePaise: number }>(bands: readonly B[], inside: (b: B) => boolean) =>
    (bands.find(inside) ?? bands[bands.length - 1])?.feePaise ?? 0;
  return (
    fee(zone.bands, (b) => weightGrams >= b.fromGrams && (b.toGrams === null || weightGrams < b.toGrams)) +
    fee(zone.valueBands, (b) => goodsPaise >= b.fromPaise && (b.toPaise === null || goodsPaise < b.toPaise))
  );
}

/**
 * The cash-on-delivery fee of an order (the PricingContext's `codFeePaise`): the fixed fee plus `feeBp` of the
 * order's total before the fee, rounded to the nearest paisa; 0 when paid online.
 */
export function codFeePaise(rules: Pick<CodRules, 'feePaise' | 'feeBp'>, totalPaise: number): number {
  return rules.feePaise + Math.round((totalPaise * rules.feeBp) / 10_000);
}

/**
 * The GST rate of shipping and the COD fee (the PricingContext's `chargesRateBp`): the highest rate of the
 * order's goods, as the charges follow the principal supply; DEFAULT_GST_RATE_BP for an order without lines.
 */
export function chargesRateBp(lines: readonly { gstRateBp?: number | null }[]): number {
  return lines.length
    ? Math.max(...lines.map((l) => l.gstRateBp ?? DEFAULT_GST_RATE_BP))
    : DEFAULT_GST_RATE_BP;
}
