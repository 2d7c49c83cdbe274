import { shopDayTime } from '@voltcart/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/connection';
import { transaction } from '../../lib/transaction';
import { enqueueMail } from '../mail/mail.service';
import { issueWelcomeCode } from '../promotion/welcome-code.service';
import { getShopSettings } from '../settings/settings.service';
import { hasOrders, insertSignup } from './newsletter.repository';

const NEWSLETTER_MESSAGES = {
  subscribed: 'Thanks for subscribing! We will write when new products and offers arrive.',
  withCode: (percent: number) =>
    `Thanks for subscribing! Your ${percent}% off code for your first order is on its way to your inbox.`,
  hasOrders:
    'Thanks for subscribing! The first-order code is for new customers, and this address already has orders with us, so we have not sent one.',
  already: 'You are already subscribed.',
} as const;

/**
 * Subscribes an email (already trimmed and lower-cased by the schema); `created` is false for a repeat.
 * - one transaction: the sign-up, the first-order code and its mail are written together or not at all
 * - a new address gets a single-use code for a first order (the settings' percentage, valid the settings' days),
 *   mailed through the outbox; the answer says so only when it is so
 * - an address with an account that has orders gets no code (it could not use it), and is told why
 * - no code when the shop offers none (0 %) or writes no mail
 */
export async function subscribe(
  db: Db,
  config: Config,
  email: string,
): Promise<{ created: boolean; msg: string }> {
  return transaction(db, async (trx) => {
    const created = await insertSignup(trx, email);
    if (!created) return { created, msg: NEWSLETTER_MESSAGES.already };
    const settings = await getShopSettings(trx, config, { admin: true });
    const percent = settings.newsletterCodePercent;
    if (!config.MAIL_ENABLED || percent <= 0) return { created, msg: NEWSLETTER_MESSAGES.subscribed };
    if (await hasOrders(trx, email)) return { created, msg: NEWSLETTER_MESSAGES.hasOrders };
    const now = new Date();
    const { code, expiresAt } = await issueWelcomeCode(trx, {
      percent,
      days: settings.newsletterCodeDays,
      now,
    });
    await enqueueMail(trx, config, {
      kind: 'newsletter_code',
      to: email,
      data: {
        name: '',
        secret: code,
        path: '/store',
        offer: { percent, until: shopDayTime(expiresAt, now) },
      },
    });
    return { created, msg: NEWSLETTER_MESSAGES.withCode(percent) };
  });
}
