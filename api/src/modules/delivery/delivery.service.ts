import {
  codDecision,
  codFeePaise,
  DEFAULT_COD_MAX_PAISE,
  DELIVERY_MESSAGES,
  deliveryEstimate,
  GST_STATES,
  gstState,
  holidayProblems,
  isPincode,
  type PincodeCheck,
  type ShippingSettings,
  type ShippingSettingsBody,
  type ShippingZone,
  shippingChargePaise,
  toPaise,
  toRupees,
  zoneFor,
  zoneProblems,
} from '@voltcart/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/connection';
import { AppError, badRequest } from '../../errors';
import type { KeptValue } from '../../lib/kept-value';
import { transaction } from '../../lib/transaction';
import { type Actor, recordAudit } from '../audit/audit.service';
import { readSettings, writeSettings } from '../settings/settings.repository';
import * as repo from './delivery.repository';
import type { DeliveryConfig } from './delivery-config';
import { lookupPincode, type PincodePlace } from './pincode-directory';

const KEYS = repo.DELIVERY_KEYS;
const KNOWN_STATES = new Set(Object.values(GST_STATES));

const whole = (v: string | undefined, fallback: number) =>
  v !== undefined && /^\d+$/.test(v) && Number.isSafeInteger(Number(v)) ? Number(v) : fallback;

function list(v: string | undefined): string[] {
  if (v === undefined) return [];
  try {
    const parsed: unknown = JSON.parse(v);
    return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/** The settings the delivery rules read (delivery's own, the free-shipping threshold, the shop's state). */
export const DELIVERY_SETTINGS: readonly string[] = Object.values(KEYS);

/** The delivery rules from the zones and the saved settings (DELIVERY_SETTINGS) as read. */
export function deliveryConfigOf(
  zones: ShippingZone[],
  saved: Map<string, string>,
  config: Config,
): DeliveryConfig {
  return {
    zones,
    cod: {
      maxPaise: whole(saved.get(KEYS.codMaxPaise), DEFAULT_COD_MAX_PAISE),
      feePaise: whole(saved.get(KEYS.codFeePaise), 0),
      feeBp: whole(saved.get(KEYS.codFeeBp), 0),
      blockedPincodes: list(saved.get(KEYS.codBlocked)),
    },
    calendar: {
      cutoff: /^\d{2}:\d{2}$/.test(saved.get(KEYS.cutoff) ?? '') ? saved.get(KEYS.cutoff)! : '14:00',
      holidays: list(saved.get(KEYS.holidays)),
    },
    freeShippingPaise: whole(saved.get(KEYS.freeShippingPaise), toPaise(config.FREE_SHIPPING_THRESHOLD)),
    shopStateCode: gstState(saved.get(KEYS.shopState) ?? '')?.code ?? '',
  };
}

/** The zones read last per database (a test process runs many), with the version they were read at. */
const keptZones = new WeakMap<Db, { version: number; zones: ShippingZone[] }>();

/**
 * The shipping zones at `version` (zonesVersionColumn, read by checkout's first statement): the ones kept for that
 * version, else read now and kept. Only a change of the zones moves the version, so checkout reads and parses them
 * once per change, never older ones after a change has committed.
 */
export async function zonesAt(db: Db, owner: Db, version: number): Promise<ShippingZone[]> {
  const kept = keptZones.get(owner);
  if (kept?.version === version) return kept.zones;
  const zones = await repo.readZones(db);
  keptZones.set(owner, { version, zones });
  return zones;
}

/** The delivery rules as saved. */
async function readDeliveryConfig(db: Db, config: Config): Promise<DeliveryConfig> {
  const [zones, saved] = await Promise.all([repo.readZones(db), readSettings(db, [...DELIVERY_SETTINGS])]);
  return deliveryConfigOf(zones, saved, config);
}

/** A pincode as typed: six digits, or 400 with the message the shopper reads. */
function placeOf(pincode: string): PincodePlace {
  const pin = pincode.trim();
  if (!isPincode(pin)) throw badRequest(DELIVERY_MESSAGES.pincode);
  const place = lookupPincode(pin);
  if (!place) throw badRequest(DELIVERY_MESSAGES.unknownPincode(pin), 'unknown_pincode');
  return place;
}

/**
 * An address's pincode checked against its state: 400 for a pincode the directory does not know, 400
 * `wrong_state` for one in another state ("Pincode 560001 is in Karnataka, not Kerala. …").
 */
export function assertPincodeInState(pincode: string, stateCode: string): PincodePlace {
  const place = placeOf(pincode);
  if (stateCode !== place.stateCode) {
    const chosen = Object.entries(GST_STATES).find(([, c]) => c === stateCode)?.[0] ?? stateCode;
    throw badRequest(DELIVERY_MESSAGES.wrongState(place.pincode, place.state, chosen), 'wrong_state');
  }
  return place;
}

/** What an order to one pincode costs to ship and whether it may be paid in cash, for goods of a value and weight. */
interface Quote {
  place: PincodePlace;
  zone: ShippingZone | null;
  shippingPaise: number;
  freeFromPaise: number;
  cod: { cod: true } | { cod: false; reason: string };
  codFeePaise: number;
  estimate: { from: string; to: string } | null;
}

function quote(
  cfg: DeliveryConfig,
  place: PincodePlace,
  goodsPaise: number,
  weightGrams: number,
  now: Date,
): Quote {
  const zone = zoneFor(cfg.zones, place.pincode, place.stateCode);
  if (!zone) {
    const reason = DELIVERY_MESSAGES.notDelivered(place.pincode);
    return {
      place,
      zone,
      shippingPaise: 0,
      freeFromPaise: 0,
      cod: { cod: false, reason },
      codFeePaise: 0,
      estimate: null,
    };
  }
  const freeFromPaise = zone.freeFromPaise ?? cfg.freeShippingPaise;
  const shippingPaise = shippingChargePaise(zone, freeFromPaise, goodsPaise, weightGrams);
  const cod = codDecision(cfg.cod, zone, place.pincode, goodsPaise + shippingPaise);
  return {
    place,
    zone,
    shippingPaise,
    freeFromPaise,
    cod,
    codFeePaise: cod.cod ? codFeePaise(cfg.cod, goodsPaise + shippingPaise) : 0,
    estimate: deliveryEstimate(zone, cfg.calendar, now),
  };
}

/**
 * The public pincode check: the place, whether it is served, COD and its fee, the estimate, and for `amountPaise`
 * and `weightGrams` (the cart) the shipping charge. With `kept` (the public route) the zones and settings are read
 * through this process's short-lived copy; checkout and pricing always read them afresh.
 */
export async function checkPincode(
  db: Db,
  config: Config,
  pincode: string,
  cart: { amountPaise?: number; weightGrams?: number },
  now = new Date(),
  kept?: KeptValue<DeliveryConfig>,
): Promise<PincodeCheck> {
  const place = placeOf(pincode);
  const load = () => readDeliveryConfig(db, config);
  const q = quote(
    await (kept ? kept.get(load) : load()),
    place,
    cart.amountPaise ?? 0,
    cart.weightGrams ?? 0,
    now,
  );
  return {
    pincode: place.pincode,
    serviceable: q.zone !== null,
    zone: q.zone ? String(q.zone.id) : null,
    ...(!q.zone && { reason: DELIVERY_MESSAGES.notDelivered(place.pincode) }),
    city: place.district,
    district: place.district,
    state: place.state,
    stateCode: place.stateCode,
    stateIso: place.stateIso,
    cod: q.cod.cod,
    ...(!q.cod.cod && { codReason: q.cod.reason }),
    estimate: q.estimate,
    shipping: q.zone ? toRupees(q.shippingPaise) : null,
    codFee: toRupees(q.codFeePaise),
    freeShippingFrom: q.zone ? toRupees(q.freeFromPaise) : null,
  };
}

/** The delivery part of an order's PricingContext, and what the order keeps of it. */
export interface DeliveryCharges {
  shippingPaise: number;
  codFeePaise: number;
  intraState: boolean;
  place: PincodePlace;
  estimate: { from: string; to: string };
  /**
   * Cash on delivery asked where it is not offered: the refusal (400 `cod_unavailable`) for the caller to throw
   * once it has said what else changed (the checkout tells new prices first); null when nothing is refused.
   */
  codRefusal: AppError | null;
}

/**
 * The checkout's shipping charge, COD fee and intra-state flag for an order to `pincode` (the price step calls
 * it, so a quote and the placed order are priced from the same rules, and an address that changed zone since the
 * quote is priced again).
 * - a pincode that is not six digits, unknown, or outside every zone: 400 (`not_delivered` for the last)
 * - `stateCode` (the address's state, when given) must be the pincode's state: 400 `wrong_state`
 * - cash on delivery where it is not offered: `codRefusal`, a 400 `cod_unavailable` with the reason
 * - intra-state when the shop's state (tax settings) is the pincode's state
 */
export async function deliveryChargesFor(
  db: Db,
  config: Config,
  input: {
    pincode: string;
    stateCode?: string;
    goodsPaise: number;
    weightGrams: number;
    paymentMode: 0 | 1;
    now?: Date;
    /** The rules as already read (checkout reads them with its first statement); else read now. */
    setup?: DeliveryConfig;
  },
): Promise<DeliveryCharges> {
  const place = input.stateCode
    ? assertPincodeInState(input.pincode, input.stateCode)
    : placeOf(input.pincode);
  const cfg = input.setup ?? (await readDeliveryConfig(db, config));
  const q = quote(cfg, place, input.goodsPaise, input.weightGrams, input.now ?? new Date());
  if (!q.zone || !q.estimate)
    throw badRequest(
      `${DELIVERY_MESSAGES.notDelivered(place.pincode)}. Please choose another address.`,
      'not_delivered',
    );
  const codRefusal =
    input.paymentMode === 0 && !q.cod.cod
      ? badRequest(`${q.cod.reason}. Please pay online.`, 'cod_unavailable')
      : null;
  return {
    shippingPaise: q.shippingPaise,
    codFeePaise: input.paymentMode === 0 ? q.codFeePaise : 0,
    intraState: !!cfg.shopStateCode && cfg.shopStateCode === place.stateCode,
    place,
    estimate: q.estimate,
    codRefusal,
  };
}

function toJson(cfg: DeliveryConfig): ShippingSettings {
  return {
    zones: cfg.zones.map((z) => ({
      _id: String(z.id),
      name: z.name,
      states: [...z.states],
      pincodes: [...z.pincodes],
      bands: z.bands.map((b) => ({ fromGrams: b.fromGrams, toGrams: b.toGrams, fee: toRupees(b.feePaise) })),
      valueBands: z.valueBands.map((b) => ({
        from: toRupees(b.fromPaise),
        to: b.toPaise === null ? null : toRupees(b.toPaise),
        fee: toRupees(b.feePaise),
      })),
      freeFrom: z.freeFromPaise === null ? null : toRupees(z.freeFromPaise),
      cod: z.cod,
      dispatchDays: z.dispatchDays,
      transitMinDays: z.transitMinDays,
      transitMaxDays: z.transitMaxDays,
    })),
    cod: {
      max: toRupees(cfg.cod.maxPaise),
      fee: toRupees(cfg.cod.feePaise),
      feePercent: cfg.cod.feeBp / 100,
      blockedPincodes: [...cfg.cod.blockedPincodes],
    },
    calendar: { cutoff: cfg.calendar.cutoff, holidays: [...cfg.calendar.holidays] },
    freeShippingThreshold: toRupees(cfg.freeShippingPaise),
  };
}

export async function getShippingSettings(db: Db, config: Config): Promise<ShippingSettings> {
  return toJson(await readDeliveryConfig(db, config));
}

/**
 * Saves the whole shipping set-up in one transaction, after checking it (zoneProblems, holidayProblems): any
 * problem is a 400 `invalid_shipping` naming every one, and nothing changes.
 * - states may be given by name, ISO code or GST code; they are stored as GST codes
 * - holidays are kept sorted, without repeats
 */
export async function saveShippingSettings(
  db: Db,
  config: Config,
  actor: Actor,
  body: ShippingSettingsBody,
): Promise<ShippingSettings> {
  const problems: string[] = [];
  const zones = body.zones.map((z) => ({
    name: z.name,
    states: z.states.map((s) => {
      const st = gstState(s);
      if (!st) problems.push(`${z.name}: ${s} is not a state or union territory.`);
      return st?.code ?? s;
    }),
    pincodes: z.pincodes.map((p) => p.replace(/\s+/g, '')),
    bands: z.bands.map((b) => ({ fromGrams: b.fromGrams, toGrams: b.toGrams, feePaise: b.fee })),
    valueBands: z.valueBands.map((b) => ({ fromPaise: b.from, toPaise: b.to, feePaise: b.fee })),
    freeFromPaise: z.freeFrom,
    cod: z.cod,
    dispatchDays: z.dispatchDays,
    transitMinDays: z.transitMinDays,
    transitMaxDays: z.transitMaxDays,
  }));
  const holidays = [...new Set(body.calendar.holidays)].sort();
  problems.push(...zoneProblems(zones, KNOWN_STATES), ...holidayProblems(holidays));
  if (problems.length) throw new AppError(400, 'invalid_shipping', [...new Set(problems)].join(' '));
  await transaction(db, async (trx) => {
    const before = toJson(await readDeliveryConfig(trx, config));
    await repo.replaceZones(trx, zones);
    await writeSettings(trx, {
      [KEYS.codMaxPaise]: String(body.cod.max),
      [KEYS.codFeePaise]: String(body.cod.fee),
      [KEYS.codFeeBp]: String(Math.round(body.cod.feePercent * 100)),
      [KEYS.codBlocked]: JSON.stringify([...new Set(body.cod.blockedPincodes)].sort()),
      [KEYS.cutoff]: body.calendar.cutoff,
      [KEYS.holidays]: JSON.stringify(holidays),
    });
    await recordAudit(trx, {
      actor,
      action: 'settings.update',
      kind: 'settings',
      objectId: 'shipping',
      summary: 'Saved the shipping settings',
      before: { ...before },
      after: { ...toJson(await readDeliveryConfig(trx, config)) },
    });
  });
  return getShippingSettings(db, config);
}
