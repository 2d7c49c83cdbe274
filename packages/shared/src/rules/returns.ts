/**
 * Returns and replacements of delivered orders: the words, the window, what a category allows, and the share of
 * a line's money that goes back for some of its units. Money comes from the pricing function: a line's share is
 * taken from its `netPaise` (what the line cost after its share of the order's discounts), never priced again.
 */

/** Why the shopper sends units back. The first three are the shop's fault (see isShopFault). */
export const RETURN_REASONS = [
  'damaged',
  'defective',
  'wrong_item',
  'not_as_described',
  'changed_mind',
] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  damaged: 'Arrived damaged',
  defective: 'Defective (does not work)',
  wrong_item: 'Wrong item sent',
  not_as_described: 'Not as described',
  changed_mind: 'Changed my mind',
};

/** Refund the money, or replace the units (same product, this or another colour / memory size). */
export const RETURN_KINDS = ['refund', 'replacement'] as const;
export type ReturnKind = (typeof RETURN_KINDS)[number];

/**
 * The life of a request:
 * - `requested` → `approved` (pickup booked) or `rejected` (with the reason the shopper sees)
 * - `approved` → `received` (each unit inspected: sellable back to stock, or damaged and counted apart)
 * - `received` → `refunded` (refund requests) or `replaced` (replacement requests)
 * `rejected`, `refunded` and `replaced` close the request.
 */
export const RETURN_STATES = [
  'requested',
  'approved',
  'rejected',
  'received',
  'refunded',
  'replaced',
] as const;
export type ReturnState = (typeof RETURN_STATES)[number];

export const RETURN_STATE_LABELS: Record<ReturnState, string> = {
  requested: 'Requested',
  approved: 'Approved, pickup booked',
  rejected: 'Rejected',
  received: 'Received',
  refunded: 'Refunded',
  replaced: 'Replacement sent',
};

/** What a category allows after delivery. */
export const RETURN_POLICIES = ['returnable', 'replacement_only', 'none'] as const;
export type CategoryReturnPolicy = (typeof RETURN_POLICIES)[number];

export const RETURN_POLICY_LABELS: Record<CategoryReturnPolicy, string> = {
  returnable: 'Refund or replacement',
  replacement_only: 'Replacement only',
  none: 'Not returnable',
};

/** When shipping is refunded with a return (a setting). */
export const SHIPPING_REFUND_RULES = ['fault', 'always', 'never'] as const;
export type ShippingRefundRule = (typeof SHIPPING_REFUND_RULES)[number];

export const SHIPPING_REFUND_LABELS: Record<ShippingRefundRule, string> = {
  fault: 'Only when the shop was at fault (damaged, defective, wrong item, not as described)',
  always: 'Always',
  never: 'Never',
};

export const DEFAULT_RETURN_WINDOW_DAYS = 30;
export const MAX_RETURN_WINDOW_DAYS = 365;
export const MAX_RETURN_PHOTOS = 5;

/** The shop's fault: everything but "changed my mind". */
export const isShopFault = (reason: ReturnReason) => reason !== 'changed_mind';

/**
 * Whether shipping goes back with a refund:
 * - `always` / `never` as named; `fault` (the default) only for a reason that is the shop's fault
 */
export const refundsShipping = (rule: ShippingRefundRule, reason: ReturnReason) =>
  rule === 'always' || (rule === 'fault' && isShopFault(reason));

/**
 * The end of the return window: `days` whole days after the delivery instant. A request at or after it is
 * refused with that date.
 */
export function returnWindowCloses(deliveredAt: Date, days: number): Date {
  return new Date(deliveredAt.getTime() + days * 86_400_000);
}

/**
 * What a category allows a request of `kind`:
 * - `returnable`: refund or replacement
 * - `replacement_only`: replacement only
 * - `none`: nothing
 */
export const policyAllows = (policy: CategoryReturnPolicy, kind: ReturnKind) =>
  policy === 'returnable' || (policy === 'replacement_only' && kind === 'replacement');

/**
 * The share of a line's net amount for `units` more of its units, `before` already taken back:
 * - floor(net × (before + units) / qty) − floor(net × before / qty), in whole paise
 * - so the shares of all of a line's units, taken back in any number of requests, add up to its net exactly
 * - 0 for no units; units beyond the line's quantity are a programming error (RangeError)
 */
export function unitsSharePaise(netPaise: number, qty: number, before: number, units: number): number {
  if (![netPaise, qty, before, units].every(Number.isSafeInteger) || qty < 1 || before < 0 || units < 0)
    throw new RangeError('whole numbers expected');
  if (before + units > qty) throw new RangeError(`${before + units} units of a line of ${qty}`);
  const upTo = (n: number) => Math.floor((netPaise * n) / qty);
  return upTo(before + units) - upTo(before);
}

/** Indian Financial System Code: 4 letters (the bank), 0, 6 letters or digits (the branch). */
export const isIfsc = (v: string) => /^[A-Z]{4}0[A-Z0-9]{6}$/.test(v.trim().toUpperCase());

/** A UPI ID (virtual payment address): name@handle, e.g. asha.k@okicici. */
export const isUpiId = (v: string) => /^[a-zA-Z0-9._-]{2,256}@[a-zA-Z][a-zA-Z0-9.-]{1,63}$/.test(v.trim());

/** An Indian bank account number: 9 to 18 digits. */
export const isBankAccount = (v: string) => /^\d{9,18}$/.test(v.replace(/\s/g, ''));

/** A bank account number shown with all but its last 4 digits hidden. */
export const maskAccount = (v: string) => (v.length <= 4 ? v : `${'•'.repeat(v.length - 4)}${v.slice(-4)}`);

/** A day as shoppers in India read it: "12 December 2026" (India time). */
export const formatReturnDay = (d: Date) =>
  new Intl.DateTimeFormat('en-IN', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  }).format(d);
