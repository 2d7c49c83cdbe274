import { useQuery } from '@tanstack/react-query';
import {
  DEFAULT_PROMISES,
  DEFAULT_SUPPORT_HOURS,
  type EmiPlan,
  freeShippingClaim,
  type ShopSettings,
} from '@voltcart/shared';
import { useSyncExternalStore } from 'react';
import { usePincode } from '../stores/pincode-store';
import { queries } from './queries';

/** Static shop contact details shown in the footer, the product page and the about page. */
export const SHOP_INFO = {
  hotline: '+91 80 4567 8900',
  hotlineHref: 'tel:+918045678900',
  address: '42, 2nd Floor, Brigade Road, Bengaluru, Karnataka 560025',
  mail: 'support@voltcart.in',
  shipsFrom: 'Voltcart warehouse, Bengaluru',
} as const;

/** What pages may claim, as staff set it: the settings, else the defaults (an API older than these settings). */
export interface ShopClaims {
  /**
   * ₹, what checkout gives: the zone of the shopper's remembered pincode, else the threshold true in every zone
   * (freeShippingClaim); null until the settings are known, or when no zone ships anywhere.
   */
  freeShippingThreshold: number | null;
  /** The gateway's EMI plans while staff offer EMI; none otherwise. */
  emiPlans: readonly EmiPlan[];
  supportHours: string;
  promises: readonly string[];
  /** The newsletter's first-order code, % off (0: none offered, or the settings are not known yet). */
  newsletterCodePercent: number;
}

const rememberedZone = () => usePincode.getState().zone;
const noZone = () => '';

/**
 * The shop's claims from its settings (prefetched by the server for every page, so the first render on the
 * server and in the browser agree). One source for the support hours, the promise strip and the EMI figure.
 */
export function useShopClaims(): ShopClaims {
  const s: Partial<ShopSettings> | undefined = useQuery(queries.settings()).data;
  // The server knows no pincode: the first render claims for every zone, then for the remembered one's.
  const zone = useSyncExternalStore(usePincode.subscribe, rememberedZone, noZone);
  return {
    freeShippingThreshold:
      s?.freeShippingThreshold === undefined
        ? null
        : freeShippingClaim({ ...s, freeShippingThreshold: s.freeShippingThreshold }, zone),
    emiPlans: (s?.emiEnabled && s.emiPlans) || [],
    supportHours: s?.supportHours || DEFAULT_SUPPORT_HOURS,
    promises: s?.promises ?? DEFAULT_PROMISES,
    newsletterCodePercent: s?.newsletterCodePercent ?? 0,
  };
}

/**
 * The free-shipping promise, true whatever the checkout charges below the threshold: "Free shipping over ₹999"
 * (every order when the threshold is 0); null while the settings are unknown.
 */
export function freeShippingText(threshold: number | null, formatINR: (n: number) => string): string | null {
  if (threshold == null) return null;
  return threshold > 0 ? `Free shipping over ${formatINR(threshold)}` : 'Free shipping on every order';
}

/** Whether an item at this price ships free (the card's FREE SHIPPING label); false while unknown. */
export function shipsFree(price: number, threshold: number | null): boolean {
  return threshold != null && price >= threshold;
}
