import {
  DEFAULT_PROMISES,
  DEFAULT_SUPPORT_HOURS,
  type SettingsBody,
  type ShopSettings,
  SUMMARY_MAILS,
  type SummaryMail,
  toPaise,
  toRupees,
} from '@voltcart/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/connection';
import { transaction } from '../../lib/transaction';
import { type Actor, recordAudit } from '../audit/audit.service';
import { readZones } from '../delivery/delivery.repository';
import { resortAllAlerts } from '../stock/low-stock.service';
import * as repo from './settings.repository';

const KEYS = {
  shopName: 'shop_name',
  freeShippingPaise: 'free_shipping_threshold_paise',
  lowStockThreshold: 'low_stock_threshold',
  requireVerifiedEmail: 'require_verified_email',
  emiEnabled: 'emi_enabled',
  supportHours: 'support_hours',
  promises: 'promises',
  newsletterCodePercent: 'newsletter_code_percent',
  newsletterCodeDays: 'newsletter_code_days',
  summaryMail: 'summary_mail',
  cartReminderHours: 'cart_reminder_hours',
  reviewRequestDays: 'review_request_days',
} as const;

/** The reminder mails until staff set them: a cart untouched for 24 hours, a review request 7 days after delivery. */
const DEFAULT_REMINDERS = { cartHours: 24, reviewDays: 7 } as const;

/** The newsletter's first-order code until staff set it: 10 % off, for 30 days. */
const DEFAULT_NEWSLETTER_CODE = { percent: 10, days: 30 } as const;

/** The low-stock threshold until an admin sets one (the migration that added it writes the same). */
const DEFAULT_LOW_STOCK_THRESHOLD = 5;

export const SETTINGS_MESSAGES = {
  saved: 'Settings saved.',
  nothingToChange:
    'Send shopName, freeShippingThreshold, lowStockThreshold, requireVerifiedEmail, emiEnabled, supportHours, promises, newsletterCodePercent, newsletterCodeDays, summaryMail, cartReminderHours or reviewRequestDays to change.',
} as const;

/**
 * The shop settings shoppers and admins see.
 * - shop name and free-shipping threshold: the admin's saved values, else SHOP_NAME / FREE_SHIPPING_THRESHOLD
 * - freeShippingZones: each shipping zone's free-shipping threshold (its own, else the shop's); freeShippingFrom the
 *   highest of them (true wherever the shop delivers), null when no zone ships anywhere
 * - razorpayKeyId: the public key id (never the secret), or null
 * - paymentSimulator: true when no Razorpay key is configured (development, tests)
 * - requireVerifiedEmail: shoppers confirm their e-mail address before their first order (off unless saved on)
 * - emiEnabled: false until staff turn it on (the EMI figure is a claim only the payment gateway can back)
 * - supportHours and promises: the saved texts, else DEFAULT_SUPPORT_HOURS / DEFAULT_PROMISES
 * - the newsletter's first-order code: its % (else 10; 0 for shoppers when no mail is written) and days (else 30)
 * - admins only: the low-stock threshold (units), the saved value, else 5 (shoppers have no use for it); the
 *   Owner's summary mail ('off' unless saved)
 */
export async function getShopSettings(
  db: Db,
  config: Config,
  opts: { admin: boolean },
): Promise<ShopSettings> {
  const [saved, zones] = await Promise.all([repo.readSettings(db, Object.values(KEYS)), readZones(db)]);
  const paise = Number(saved.get(KEYS.freeShippingPaise));
  const freeShippingThreshold =
    Number.isSafeInteger(paise) && paise >= 0 && saved.has(KEYS.freeShippingPaise)
      ? toRupees(paise)
      : config.FREE_SHIPPING_THRESHOLD;
  // Each zone's own threshold, else the shop's: a page claims the highest unless it knows the shopper's zone.
  const zoneFree = zones.map(
    (z) =>
      [String(z.id), z.freeFromPaise === null ? freeShippingThreshold : toRupees(z.freeFromPaise)] as const,
  );
  const lowStock = units(saved.get(KEYS.lowStockThreshold)) ?? DEFAULT_LOW_STOCK_THRESHOLD;
  return {
    shopName: saved.get(KEYS.shopName) || config.SHOP_NAME,
    freeShippingThreshold,
    freeShippingFrom: zoneFree.length ? Math.max(...zoneFree.map(([, r]) => r)) : null,
    freeShippingZones: Object.fromEntries(zoneFree),
    razorpayKeyId: config.RAZORPAY_KEY_ID ?? null,
    paymentSimulator: !config.RAZORPAY_KEY_ID,
    requireVerifiedEmail: saved.get(KEYS.requireVerifiedEmail) === '1',
    emiEnabled: saved.get(KEYS.emiEnabled) === '1',
    emiPlans: [],
    supportHours: saved.get(KEYS.supportHours) || DEFAULT_SUPPORT_HOURS,
    promises: textList(saved.get(KEYS.promises)) ?? [...DEFAULT_PROMISES],
    // Shoppers are offered a code only when the shop writes mail (the code travels by mail).
    newsletterCodePercent:
      opts.admin || config.MAIL_ENABLED
        ? (units(saved.get(KEYS.newsletterCodePercent)) ?? DEFAULT_NEWSLETTER_CODE.percent)
        : 0,
    newsletterCodeDays: units(saved.get(KEYS.newsletterCodeDays)) ?? DEFAULT_NEWSLETTER_CODE.days,
    ...(opts.admin && {
      lowStockThreshold: lowStock,
      summaryMail: summaryMailOf(saved.get(KEYS.summaryMail)),
      cartReminderHours: units(saved.get(KEYS.cartReminderHours)) ?? DEFAULT_REMINDERS.cartHours,
      reviewRequestDays: units(saved.get(KEYS.reviewRequestDays)) ?? DEFAULT_REMINDERS.reviewDays,
    }),
  };
}

/** The saved summary mail choice; 'off' when none (or an unknown one) was saved. */
function summaryMailOf(saved: string | undefined): SummaryMail {
  return SUMMARY_MAILS.find((m) => m === saved) ?? 'off';
}

/** The Owner's summary mail choice alone (the background pass). */
export async function summaryMailSetting(db: Db): Promise<SummaryMail> {
  return summaryMailOf((await repo.readSettings(db, [KEYS.summaryMail])).get(KEYS.summaryMail));
}

/** A saved count of units, or undefined when it is missing or not a whole number ≥ 0. */
function units(saved: string | undefined): number | undefined {
  const n = Number(saved);
  return saved !== undefined && /^\d+$/.test(saved) && Number.isSafeInteger(n) ? n : undefined;
}

/** A saved list of texts, or undefined when none was saved (or it is not a JSON list of texts). */
function textList(saved: string | undefined): string[] | undefined {
  if (saved === undefined) return undefined;
  try {
    const list: unknown = JSON.parse(saved);
    return Array.isArray(list) && list.every((t) => typeof t === 'string') ? list : undefined;
  } catch {
    return undefined;
  }
}

/** The settings checkout reads with its first statement, besides the delivery rules'. */
export const CHECKOUT_SETTINGS = [KEYS.shopName, KEYS.requireVerifiedEmail] as const;

/** Whether shoppers must confirm their e-mail address before their first order, from the settings read. */
export const requiresVerifiedEmail = (saved: Map<string, string>): boolean =>
  saved.get(KEYS.requireVerifiedEmail) === '1';

/** The shop's name as saved ('' when never saved: mails then use SHOP_NAME), from the settings read. */
export const savedShopNameOf = (saved: Map<string, string>): string => saved.get(KEYS.shopName) ?? '';

/** The low-stock threshold alone (the product list's low-stock filter). */
export async function lowStockThreshold(db: Db): Promise<number> {
  const saved = await repo.readSettings(db, [KEYS.lowStockThreshold]);
  return units(saved.get(KEYS.lowStockThreshold)) ?? DEFAULT_LOW_STOCK_THRESHOLD;
}

/** The reminder mails' settings (0: that reminder is off). */
export async function reminderSettings(db: Db): Promise<{ cartHours: number; reviewDays: number }> {
  const saved = await repo.readSettings(db, [KEYS.cartReminderHours, KEYS.reviewRequestDays]);
  return {
    cartHours: units(saved.get(KEYS.cartReminderHours)) ?? DEFAULT_REMINDERS.cartHours,
    reviewDays: units(saved.get(KEYS.reviewRequestDays)) ?? DEFAULT_REMINDERS.reviewDays,
  };
}

export async function saveShopSettings(
  db: Db,
  config: Config,
  actor: Actor,
  input: SettingsBody,
): Promise<ShopSettings> {
  const values: Record<string, string> = {};
  if (input.shopName !== undefined) values[KEYS.shopName] = input.shopName;
  if (input.freeShippingThreshold !== undefined)
    values[KEYS.freeShippingPaise] = String(toPaise(input.freeShippingThreshold));
  if (input.lowStockThreshold !== undefined) values[KEYS.lowStockThreshold] = String(input.lowStockThreshold);
  if (input.requireVerifiedEmail !== undefined)
    values[KEYS.requireVerifiedEmail] = input.requireVerifiedEmail ? '1' : '0';
  if (input.emiEnabled !== undefined) values[KEYS.emiEnabled] = input.emiEnabled ? '1' : '0';
  if (input.supportHours !== undefined) values[KEYS.supportHours] = input.supportHours;
  if (input.promises !== undefined) values[KEYS.promises] = JSON.stringify(input.promises);
  if (input.newsletterCodePercent !== undefined)
    values[KEYS.newsletterCodePercent] = String(input.newsletterCodePercent);
  if (input.newsletterCodeDays !== undefined)
    values[KEYS.newsletterCodeDays] = String(input.newsletterCodeDays);
  if (input.summaryMail !== undefined) values[KEYS.summaryMail] = input.summaryMail;
  if (input.cartReminderHours !== undefined) values[KEYS.cartReminderHours] = String(input.cartReminderHours);
  if (input.reviewRequestDays !== undefined) values[KEYS.reviewRequestDays] = String(input.reviewRequestDays);
  await transaction(db, async (trx) => {
    const before = await getShopSettings(trx, config, { admin: true });
    await repo.writeSettings(trx, values);
    // The low-stock list follows a new shop threshold at once (variants with their own keep theirs).
    if (input.lowStockThreshold !== undefined && input.lowStockThreshold !== before.lowStockThreshold)
      await resortAllAlerts(trx);
    await recordAudit(trx, {
      actor,
      action: 'settings.update',
      kind: 'settings',
      objectId: 'shop',
      summary: 'Saved the shop settings',
      before: { ...before },
      after: { ...(await getShopSettings(trx, config, { admin: true })) },
    });
  });
  return getShopSettings(db, config, { admin: true });
}
