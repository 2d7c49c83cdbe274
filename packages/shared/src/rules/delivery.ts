/**
 * Delivery rules shared by the API and the UIs: which zone a pincode is in, whether cash on delivery is offered
 * there, when a parcel arrives, and the checks of the staff's shipping settings. Money in integer paise.
 */
import { formatINR } from './money';

/** A weight band of a zone's rates: parcels from `fromGrams` (inclusive) up to `toGrams` (exclusive; null: no top). */
export interface WeightBand {
  fromGrams: number;
  toGrams: number | null;
  feePaise: number;
}

/**
 * An order value band of a zone's rates: goods worth `fromPaise` (inclusive) up to `toPaise` (exclusive; null: no
 * top) pay `feePaise` on top of their weight band's fee.
 */
export interface ValueBand {
  fromPaise: number;
  toPaise: number | null;
  feePaise: number;
}

/** A shipping zone as staff set it up. */
export interface ShippingZone {
  id: number;
  name: string;
  /** GST state codes the zone covers. */
  states: readonly string[];
  /** Pincode prefixes (1 to 6 digits: `79`, `7950`) or ranges of six-digit pincodes (`795001-795999`). */
  pincodes: readonly string[];
  /** Shipping charge by parcel weight, below the free-shipping threshold. */
  bands: readonly WeightBand[];
  /** Added to the weight band's fee by the goods' value, below the threshold; empty: nothing by value. */
  valueBands: readonly ValueBand[];
  /** Goods from this value ship free; null: the shop's free-shipping threshold. */
  freeFromPaise: number | null;
  /** Cash on delivery offered in this zone. */
  cod: boolean;
  /** Working days from the order (before the cut-off) to dispatch. */
  dispatchDays: number;
  transitMinDays: number;
  transitMaxDays: number;
}

/** The shop-wide cash-on-delivery rules. */
export interface CodRules {
  /** Largest order total paid in cash; 0 turns cash on delivery off. */
  maxPaise: number;
  /** The COD fee: a fixed amount plus a share of the order (basis points), both 0 when there is no fee. */
  feePaise: number;
  feeBp: number;
  /** Pincodes where cash on delivery is never offered (say, after repeated returns to origin). */
  blockedPincodes: readonly string[];
}

/** The shop-wide dispatch calendar: the daily cut-off (Indian time, `HH:MM`) and the shop's holidays. */
export interface DispatchCalendar {
  cutoff: string;
  /** `YYYY-MM-DD`, Indian dates. */
  holidays: readonly string[];
}

export const DEFAULT_COD_MAX_PAISE = 5_000_000;
export const MAX_HOLIDAYS = 60;

/** Whether a text is an Indian pincode as written: six digits, the first 1–9 (no PIN starts with 0). */
export function isPincode(value: string): boolean {
  return /^[1-9][0-9]{5}$/.test(value);
}

export const DELIVERY_MESSAGES = {
  pincode: 'Please enter a valid 6-digit pincode',
  unknownPincode: (pin: string) => `We could not find pincode ${pin}. Please check it.`,
  notDelivered: (pin: string) => `We do not deliver to ${pin} yet`,
  codOff: 'Cash on delivery is not available at the moment',
  codOverLimit: (maxPaise: number) =>
    `Cash on delivery is not available for orders over ${formatINR(maxPaise / 100)}`,
  codPincode: (pin: string) => `Cash on delivery is not available to ${pin}`,
  wrongState: (pin: string, state: string, chosen: string) =>
    `Pincode ${pin} is in ${state}, not ${chosen}. Please check the pincode or the state.`,
} as const;

/** One pincode entry of a zone as a range of six-digit pincodes, or null when it is not one. */
export function pincodeRange(entry: string): { from: number; to: number } | null {
  const t = entry.replace(/\s+/g, '');
  const range = /^([1-9]\d{5})-([1-9]\d{5})$/.exec(t);
  if (range) {
    const [from, to] = [Number(range[1]), Number(range[2])];
    return from <= to ? { from, to } : null;
  }
  if (!/^[1-9]\d{0,5}$/.test(t)) return null;
  const pad = 6 - t.length;
  return { from: Number(t) * 10 ** pad, to: (Number(t) + 1) * 10 ** pad - 1 };
}

/**
 * The zone a pincode ships in, or null when no zone takes it.
 * - a zone naming the pincode (prefix or range) wins over a zone naming its state: the more exact rule
 * - zones never overlap (zoneProblems refuses it), so at most one zone of each kind matches
 */
export function zoneFor<Z extends ShippingZone>(
  zones: readonly Z[],
  pincode: string,
  stateCode: string,
): Z | null {
  const pin = Number(pincode);
  const byPin = zones.find((z) =>
    z.pincodes.some((e) => {
      const r = pincodeRange(e);
      return r !== null && pin >= r.from && pin <= r.to;
    }),
  );
  return byPin ?? zones.find((z) => z.states.includes(stateCode)) ?? null;
}

/**
 * Whether cash on delivery is offered, and why not.
 * - COD limit 0: off everywhere; a zone without COD, or a blocked pincode: not there; an order total over the
 *   limit: not for that order (the total without the COD fee)
 */
export function codDecision(
  rules: CodRules,
  zone: Pick<ShippingZone, 'cod'>,
  pincode: string,
  totalPaise: number,
): { cod: true } | { cod: false; reason: string } {
  if (rules.maxPaise <= 0) return { cod: false, reason: DELIVERY_MESSAGES.codOff };
  if (!zone.cod || rules.blockedPincodes.includes(pincode))
    return { cod: false, reason: DELIVERY_MESSAGES.codPincode(pincode) };
  if (totalPaise > rules.maxPaise)
    return { cod: false, reason: DELIVERY_MESSAGES.codOverLimit(rules.maxPaise) };
  return { cod: true };
}

const IST_MS = 330 * 60_000;

const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/**
 * When a parcel ordered `now` arrives: `{ from, to }` as Indian dates `YYYY-MM-DD`.
 * - a working day is any day but Sunday and the shop's holidays; dispatch and transit both count working days
 * - an order on a working day before the cut-off counts that day as day 0 of dispatch; later, or on a day off,
 *   the next working day is day 0
 * - dispatch is `dispatchDays` working days after day 0; delivery `transitMinDays` to `transitMaxDays` working
 *   days after dispatch
 */
export function deliveryEstimate(
  zone: Pick<ShippingZone, 'dispatchDays' | 'transitMinDays' | 'transitMaxDays'>,
  calendar: DispatchCalendar,
  now: Date,
): { from: string; to: string } {
  const holidays = new Set(calendar.holidays);
  const ist = new Date(now.getTime() + IST_MS);
  const working = (d: Date) => d.getUTCDay() !== 0 && !holidays.has(dayOf(d));
  const next = (d: Date) => new Date(d.getTime() + 86_400_000);
  const addWorking = (d: Date, n: number) => {
    let day = d;
    for (let left = n; left > 0; ) {
      day = next(day);
      if (working(day)) left--;
    }
    return day;
  };
  const [h, m] = calendar.cutoff.split(':').map(Number);
  const minutes = ist.getUTCHours() * 60 + ist.getUTCMinutes();
  let day0 = new Date(Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), ist.getUTCDate()));
  if (!working(day0) || minutes >= (h ?? 0) * 60 + (m ?? 0)) {
    day0 = next(day0);
    while (!working(day0)) day0 = next(day0);
  }
  const dispatch = addWorking(day0, zone.dispatchDays);
  return {
    from: dayOf(addWorking(dispatch, zone.transitMinDays)),
    to: dayOf(addWorking(dispatch, zone.transitMaxDays)),
  };
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * An estimate as shoppers read it: "Delivery by Tue, 2 Dec" for one day, "Delivery 2–4 Dec" for a span in one
 * month, "Delivery 30 Nov – 2 Dec" across months.
 */
export function estimatePhrase(estimate: { from: string; to: string }): string {
  const f = new Date(`${estimate.from}T00:00:00Z`);
  const t = new Date(`${estimate.to}T00:00:00Z`);
  if (estimate.from === estimate.to)
    return `Delivery by ${DAYS[t.getUTCDay()]}, ${t.getUTCDate()} ${MONTHS[t.getUTCMonth()]}`;
  if (f.getUTCMonth() === t.getUTCMonth())
    return `Delivery ${f.getUTCDate()}–${t.getUTCDate()} ${MONTHS[t.getUTCMonth()]}`;
  return `Delivery ${f.getUTCDate()} ${MONTHS[f.getUTCMonth()]} – ${t.getUTCDate()} ${MONTHS[t.getUTCMonth()]}`;
}

/**
 * The problems of a zone list as staff would save it, each a sentence naming what is wrong; empty when right.
 * - names are filled and unique; a zone covers at least one state or pincode entry
 * - states are known GST state codes; pincode entries are prefixes or ranges (pincodeRange)
 * - no state in two zones, no pincode in two zones' entries (the overlap is named)
 * - weight bands start at 0 g, each starts where the one before ends (no gap, no overlap), only the last is open;
 *   fees are whole paise, not negative (the band is named)
 * - order value bands, when there are any, follow the same rules from ₹0
 * - dispatch and transit days are whole numbers from 0 to 30, transit from ≤ to
 */
export function zoneProblems(
  zones: readonly Omit<ShippingZone, 'id'>[],
  knownStates: ReadonlySet<string>,
): string[] {
  const problems: string[] = [];
  const names = new Set<string>();
  const stateOwner = new Map<string, string>();
  const ranges: { zone: string; entry: string; from: number; to: number }[] = [];
  for (const z of zones) {
    const name = z.name.trim();
    if (!name) problems.push('Every zone needs a name.');
    else if (names.has(name.toLowerCase())) problems.push(`Two zones are named ${name}.`);
    names.add(name.toLowerCase());
    if (!z.states.length && !z.pincodes.length) problems.push(`${name} covers no state and no pincode.`);
    for (const s of z.states) {
      if (!knownStates.has(s)) problems.push(`${name}: ${s} is not a state code.`);
      const owner = stateOwner.get(s);
      if (owner && owner !== name) problems.push(`${name} and ${owner} both cover state ${s}.`);
      stateOwner.set(s, name);
    }
    for (const e of z.pincodes) {
      const r = pincodeRange(e);
      if (!r) {
        problems.push(`${name}: ${e} is not a pincode prefix or range (like 79 or 795001-795999).`);
        continue;
      }
      const clash = ranges.find((o) => o.from <= r.to && r.from <= o.to);
      if (clash)
        problems.push(
          clash.zone === name
            ? `${name}: pincodes ${e} and ${clash.entry} overlap.`
            : `${name} (${e}) overlaps ${clash.zone} (${clash.entry}).`,
        );
      ranges.push({ zone: name, entry: e, ...r });
    }
    problems.push(...bandProblems(name, weightBandsAsRanges(z.bands), WEIGHT_WORDS));
    if (z.valueBands.length)
      problems.push(...bandProblems(name, valueBandsAsRanges(z.valueBands), VALUE_WORDS));
    if (z.freeFromPaise !== null && (!Number.isSafeInteger(z.freeFromPaise) || z.freeFromPaise < 0))
      problems.push(`${name}: the free-shipping value must be ₹0 or more.`);
    for (const [label, n] of [
      ['dispatch days', z.dispatchDays],
      ['transit days', z.transitMinDays],
      ['transit days', z.transitMaxDays],
    ] as const) {
      if (!Number.isInteger(n) || n < 0 || n > 30)
        problems.push(`${name}: ${label} must be a whole number from 0 to 30.`);
    }
    if (z.transitMinDays > z.transitMaxDays)
      problems.push(`${name}: transit days "from" must not be more than "to".`);
  }
  return [...new Set(problems)];
}

interface Range {
  from: number;
  to: number | null;
  feePaise: number;
}

interface BandWords {
  kind: string;
  at: (n: number) => string;
}

const WEIGHT_WORDS: BandWords = { kind: 'weight', at: (g) => `${g} g` };
const VALUE_WORDS: BandWords = { kind: 'order value', at: (p) => formatINR(p / 100) };

const weightBandsAsRanges = (bands: readonly WeightBand[]): Range[] =>
  bands.map((b) => ({ from: b.fromGrams, to: b.toGrams, feePaise: b.feePaise }));
const valueBandsAsRanges = (bands: readonly ValueBand[]): Range[] =>
  bands.map((b) => ({ from: b.fromPaise, to: b.toPaise, feePaise: b.feePaise }));

/** A band as staff read it: "the weight band 1000 g–5000 g", "the order value band from ₹1,000". */
const bandName = (w: BandWords, b: Range) =>
  b.to === null
    ? `the ${w.kind} band from ${w.at(b.from)}`
    : `the ${w.kind} band ${w.at(b.from)}–${w.at(b.to)}`;

function bandProblems(zone: string, bands: readonly Range[], w: BandWords): string[] {
  if (!bands.length) return [`${zone} needs at least one rate.`];
  const out: string[] = [];
  let expected = 0;
  bands.forEach((b, i) => {
    if (!Number.isSafeInteger(b.feePaise) || b.feePaise < 0)
      out.push(
        `${zone}: the rate of ${bandName(w, b)} must be ₹0 or more (got ${formatINR(b.feePaise / 100)}).`,
      );
    if (b.from !== expected) {
      out.push(
        b.from > expected
          ? `${zone}: the ${w.kind} bands leave a gap from ${w.at(expected)} to ${w.at(b.from)}.`
          : `${zone}: the ${w.kind} bands overlap at ${w.at(b.from)}.`,
      );
    }
    const last = i === bands.length - 1;
    if (!last && b.to === null) out.push(`${zone}: only the last ${w.kind} band may have no upper limit.`);
    if (last && b.to !== null) out.push(`${zone}: the last ${w.kind} band must have no upper limit.`);
    if (b.to !== null && (!Number.isSafeInteger(b.to) || b.to <= b.from))
      out.push(`${zone}: ${bandName(w, b)} must end above where it starts (${w.at(b.from)}).`);
    expected = b.to ?? expected;
  });
  return out;
}

/** The problems of the shop's holiday list: valid dates, no more than MAX_HOLIDAYS of them. */
export function holidayProblems(holidays: readonly string[]): string[] {
  const out: string[] = [];
  if (holidays.length > MAX_HOLIDAYS)
    out.push(`At most ${MAX_HOLIDAYS} holidays can be set (got ${holidays.length}).`);
  for (const d of holidays) {
    const t = new Date(`${d}T00:00:00Z`);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(d) || Number.isNaN(t.getTime()) || dayOf(t) !== d)
      out.push(`${d} is not a date (YYYY-MM-DD).`);
  }
  return out;
}
