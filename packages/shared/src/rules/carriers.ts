/**
 * The couriers Indian shops ship with, and where a shopper follows a parcel on each one's own site.
 * - `{number}` in a tracking page is replaced by the tracking (AWB) number, URL-encoded; a page without it opens
 *   the courier's tracking form (India Post), and the number is shown beside the link
 */
export interface Carrier {
  id: string;
  name: string;
  trackingPage: string;
}

export const CARRIERS: readonly Carrier[] = [
  { id: 'delhivery', name: 'Delhivery', trackingPage: 'https://www.delhivery.com/track/package/{number}' },
  {
    id: 'bluedart',
    name: 'Blue Dart',
    trackingPage: 'https://www.bluedart.com/web/guest/trackdartresultthirdparty?trackFor=0&trackNo={number}',
  },
  { id: 'dtdc', name: 'DTDC', trackingPage: 'https://www.dtdc.in/trace.asp?strCnno={number}' },
  {
    id: 'speedpost',
    name: 'India Post Speed Post',
    trackingPage: 'https://www.indiapost.gov.in/_layouts/15/dop.portal.tracking/trackconsignment.aspx',
  },
  { id: 'ekart', name: 'Ekart', trackingPage: 'https://ekartlogistics.com/shipmenttrack/{number}' },
  {
    id: 'xpressbees',
    name: 'Xpressbees',
    trackingPage: 'https://www.xpressbees.com/shipment/tracking?awbNo={number}',
  },
  { id: 'shiprocket', name: 'Shiprocket', trackingPage: 'https://shiprocket.co/tracking/{number}' },
];

const fold = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
const ALIASES: Record<string, string> = {
  indiapost: 'speedpost',
  speedpost: 'speedpost',
  bluedartexpress: 'bluedart',
};

/** The carrier an order's carrier text names (its name or id, case and spaces ignored), or null. */
export function carrierOf(text: string | null | undefined): Carrier | null {
  if (!text) return null;
  const f = fold(text);
  const id = ALIASES[f] ?? f;
  return CARRIERS.find((c) => c.id === id || fold(c.name) === f) ?? null;
}

/** The page where a parcel is followed, or null when the carrier is not one of CARRIERS or there is no number. */
export function trackingUrl(
  carrier: string | null | undefined,
  number: string | null | undefined,
): string | null {
  const c = carrierOf(carrier);
  const n = number?.trim();
  if (!c || !n) return null;
  return c.trackingPage.replace('{number}', encodeURIComponent(n));
}
