import type { pincodeQuery, shippingSettingsBody } from '../schemas/delivery';
import { route } from './define';

/** What the shop answers for a pincode (the product page's "Check delivery", the cart and the checkout). */
export interface PincodeCheck {
  pincode: string;
  /** Some zone ships there. */
  serviceable: boolean;
  /** The id of the zone it ships in (ShopSettings.freeShippingZones); null when not serviceable. */
  zone: string | null;
  /** "We do not deliver to 795001 yet" when not serviceable. */
  reason?: string;
  /** The district, offered as the city of an address (the shopper may write another). */
  city: string;
  district: string;
  state: string;
  /** GST state code (`29`), as addresses store it. */
  stateCode: string;
  /** ISO 3166-2:IN code (`KA`). */
  stateIso: string;
  cod: boolean;
  codReason?: string;
  /** Indian dates `YYYY-MM-DD`; null when not serviceable. */
  estimate: { from: string; to: string } | null;
  /** Shipping charge in ₹ for `?amount=` and `?weight=` (the cart's goods; 0 g when not given); null when not serviceable. */
  shipping: number | null;
  /** The COD fee in ₹ for that amount (0 when there is none, or COD is not offered). */
  codFee: number;
  /** Goods from this value (₹) ship free to this pincode; null when not serviceable. */
  freeShippingFrom: number | null;
}

export interface ShippingZoneJson {
  _id: string;
  name: string;
  states: string[];
  pincodes: string[];
  bands: { fromGrams: number; toGrams: number | null; fee: number }[];
  /** ₹: goods from `from` up to `to` (null: no top) pay `fee` on top of the weight band's fee. */
  valueBands: { from: number; to: number | null; fee: number }[];
  /** ₹; null: the shop's free-shipping threshold. */
  freeFrom: number | null;
  cod: boolean;
  dispatchDays: number;
  transitMinDays: number;
  transitMaxDays: number;
}

export interface ShippingSettings {
  zones: ShippingZoneJson[];
  cod: { max: number; fee: number; feePercent: number; blockedPincodes: string[] };
  calendar: { cutoff: string; holidays: string[] };
  /** The shop's free-shipping threshold (Settings), for zones that set none. */
  freeShippingThreshold: number;
}

/** Delivery: the public pincode check, and the staff's shipping set-up (zones and rates, COD rules, holidays). */
export const delivery = {
  pincode: route('GET /delivery/pincode/:pincode', 'public')
    .query<typeof pincodeQuery>()
    .reply<{ delivery: PincodeCheck }>(),
  settings: route('GET /delivery/settings', 'settings.read').reply<{ shipping: ShippingSettings }>(),
  saveSettings: route('PUT /delivery/settings', 'settings.write')
    .body<typeof shippingSettingsBody>()
    .reply<{ shipping: ShippingSettings }>(),
};
