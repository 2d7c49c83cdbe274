import type { CodRules, DispatchCalendar, ShippingZone } from '@voltcart/shared';

/**
 * The shop's whole delivery set-up, as pricing and the pincode check read it (delivery.service.ts). A file of its
 * own: the app's dependencies (app-env.ts) name it for the copy each process keeps.
 */
export interface DeliveryConfig {
  zones: ShippingZone[];
  cod: CodRules;
  calendar: DispatchCalendar;
  /** The shop's free-shipping threshold (Settings, else FREE_SHIPPING_THRESHOLD). */
  freeShippingPaise: number;
  /** GST state code of the shop (tax settings), '' when not set. */
  shopStateCode: string;
}
