// The shop's claims before staff set their own. No schema library in this file: the storefront's first load
// imports it.

/** The most promise texts the strip under the header shows. */
export const MAX_PROMISES = 4;

/**
 * The promises the storefront shows until staff save their own: only what the shop does whatever its other
 * settings (cash on delivery, GST invoices, payment through Razorpay). Free shipping is shown from the threshold.
 */
export const DEFAULT_PROMISES = [
  'Cash on delivery',
  'Bill with every order',
  'Secure online payment',
] as const;

/** Support hours until staff save their own: the one text the footer, product and about pages show. */
export const DEFAULT_SUPPORT_HOURS = 'Mon–Sat, 9 am – 8 pm';

/** What the shop settings say about free shipping (ShopSettings). */
export interface FreeShippingSettings {
  freeShippingThreshold: number;
  freeShippingFrom?: number | null;
  freeShippingZones?: Record<string, number>;
}

/**
 * The free-shipping threshold (₹) a page may claim ("Free shipping over ₹999", FREE SHIPPING on a card), or null
 * for no claim. Checkout must give what the page claims:
 * - the shopper's zone known (the zone of the pincode they checked, `zone`): that zone's threshold
 * - otherwise the threshold that holds in every zone (the highest), so the claim is true wherever the order goes
 * - no zone ships anywhere: null
 * - settings from an API older than zones (no freeShippingFrom): the shop's threshold
 */
export function freeShippingClaim(s: FreeShippingSettings, zone: string): number | null {
  const own = zone ? s.freeShippingZones?.[zone] : undefined;
  if (own !== undefined) return own;
  return s.freeShippingFrom === undefined ? s.freeShippingThreshold : s.freeShippingFrom;
}
