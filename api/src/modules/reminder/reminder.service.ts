import { createHmac, timingSafeEqual } from 'node:crypto';
import { formatINR, optionsLabel } from '@voltcart/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/connection';
import { badRequest, notFound } from '../../errors';
import type { Logger } from '../../lib/logger';
import { transaction } from '../../lib/transaction';
import { getCart } from '../cart/cart.service';
import { enqueueMail } from '../mail/mail.service';
import { reminderSettings } from '../settings/settings.service';
import * as repo from './reminder.repository';

export const REMINDER_MESSAGES = {
  on: 'Reminder mails are on.',
  off: 'Reminder mails are off: we will not write about a waiting cart or ask for reviews.',
  stopped: 'Done: we will not send you reminder mails any more. You can turn them on again in your profile.',
  badLink: 'This link is not valid. Turn reminder mails off in your profile instead.',
} as const;
const M = REMINDER_MESSAGES;

/** A cart untouched for longer than this past the reminder time is not reminded (a stale cart, not a lead). */
const CART_REMINDER_WINDOW_DAYS = 7;
const BATCH = 100;
const HOUR = 3_600_000;

/** The storefront path of a reminder mail's "Stop reminder mails" link. */
function stopRemindersPath(config: Config, userId: number): string {
  return `/account/stop-reminders?token=${encodeURIComponent(reminderToken(config, userId))}`;
}

/**
 * The signed token of the link: the account's number and an HMAC of it under the API's secret, so that the link
 * works without logging in and cannot be made for another account.
 */
export function reminderToken(config: Config, userId: number): string {
  return `${userId}.${signature(config, userId)}`;
}

function signature(config: Config, userId: number): string {
  return createHmac('sha256', config.JWT_SECRET).update(`reminder-mails:${userId}`).digest('base64url');
}

/** The mail's link: turns reminder mails off for the account it was signed for. */
export async function stopReminders(db: Db, config: Config, token: string): Promise<void> {
  const [id, sig] = token.split('.') as [string, string];
  const userId = Number(id);
  const expected = Buffer.from(signature(config, userId));
  const given = Buffer.from(sig);
  if (!Number.isSafeInteger(userId) || given.length !== expected.length || !timingSafeEqual(given, expected))
    throw badRequest(M.badLink, 'invalid_link');
  // A deleted account has nothing left to switch off: the answer is the same.
  await repo.setReminderMails(db, userId, false);
}

/** The profile's switch. */
export async function setReminderMails(db: Db, userId: number, on: boolean): Promise<void> {
  if (!(await repo.setReminderMails(db, userId, on))) throw notFound('Account');
}

/**
 * Abandoned-cart reminders, one per cart:
 * - a shopper's server cart that has not changed for `cartReminderHours` (setting; 0: off) gets one mail listing
 *   its lines (unit prices as the cart prices them) with a link back to the cart and a "Stop reminder mails" link
 * - never for an empty cart, after an order placed since the cart last changed, with reminders off, or for a
 *   cart untouched for more than CART_REMINDER_WINDOW_DAYS past the reminder time
 * - one per cart: a cart whose lines were all added after its reminder is a new cart
 * - the claim (a conditional update) and the mail are one transaction: several processes send it once
 * `now` is the clock (tests move it).
 */
export async function sendCartReminders(deps: { db: Db; config: Config }, now = new Date()): Promise<number> {
  const { cartHours } = await reminderSettings(deps.db);
  if (cartHours === 0 || !deps.config.MAIL_ENABLED) return 0;
  const cutoff = new Date(now.getTime() - cartHours * HOUR);
  const oldest = new Date(cutoff.getTime() - CART_REMINDER_WINDOW_DAYS * 24 * HOUR);
  let sent = 0;
  for (const cart of await repo.idleCarts(deps.db, cutoff, oldest, BATCH)) {
    const done = await transaction(deps.db, async (trx) => {
      if (!(await repo.claimCartReminder(trx, cart.user_id, cart.first_added, now))) return false;
      const lines = await getCart(trx, cart.user_id);
      if (lines.length === 0) return false;
      await enqueueMail(trx, deps.config, {
        kind: 'cart_reminder',
        to: cart.email,
        data: {
          name: cart.name,
          path: '/cart',
          items: lines.map((l) => {
            const options = optionsLabel(l.color?.name, l.memorySize);
            return {
              label: `${l.qty} × ${l.product_id.name}${options ? ` (${options})` : ''}: ${formatINR(l.unitPrice)} each`,
            };
          }),
          optOutPath: stopRemindersPath(deps.config, cart.user_id),
        },
      });
      return true;
    });
    if (done) sent += 1;
  }
  return sent;
}

/**
 * Review requests, once per order:
 * - `reviewRequestDays` (setting; 0: off) after an order was delivered, one mail lists its products the shopper
 *   has not reviewed yet, each with a link to its reviews, and a "Stop reminder mails" link
 * - the order is marked asked whether or not a mail goes (reminders off, all reviewed): it is never asked again
 * `now` is the clock (tests move it).
 */
export async function sendReviewRequests(
  deps: { db: Db; config: Config },
  now = new Date(),
): Promise<number> {
  const { reviewDays } = await reminderSettings(deps.db);
  if (reviewDays === 0 || !deps.config.MAIL_ENABLED) return 0;
  const cutoff = new Date(now.getTime() - reviewDays * 24 * HOUR);
  let sent = 0;
  for (const order of await repo.ordersToAsk(deps.db, cutoff, BATCH)) {
    const done = await transaction(deps.db, async (trx) => {
      if (!(await repo.claimReviewRequest(trx, order.id, now))) return false;
      const shopper = await repo.reminderRecipient(trx, order.user_id);
      if (!shopper) return false;
      const products = await repo.productsToReview(trx, order.id, order.user_id);
      if (products.length === 0) return false;
      await enqueueMail(trx, deps.config, {
        kind: 'review_request',
        to: shopper.email,
        data: {
          name: shopper.name,
          path: `/product/${products[0]!.id}#reviews`,
          items: products.map((p) => ({ label: p.name, path: `/product/${p.id}#reviews` })),
          optOutPath: stopRemindersPath(deps.config, order.user_id),
        },
      });
      return true;
    });
    if (done) sent += 1;
  }
  return sent;
}

/** Both reminder jobs, as the API process's sweep runs them; a failure is logged, never thrown. */
export async function sendReminders(deps: { db: Db; config: Config; logger: Logger }): Promise<void> {
  for (const [name, job] of [
    ['cart reminders', sendCartReminders],
    ['review requests', sendReviewRequests],
  ] as const) {
    try {
      const n = await job(deps);
      if (n) deps.logger.info(`${name} written`, { count: n });
    } catch (e) {
      deps.logger.warn(`${name} failed`, { error: (e as Error).message });
    }
  }
}
