import type { Services } from './app-env';
import type { Config } from './config';
import type { Db } from './db/connection';
import { createCourierProvider } from './lib/courier/create-courier-provider';
import type { Logger } from './lib/logger';
import { createPaymentProvider } from './lib/payments/create-payment-provider';
import { createMailTransport } from './modules/mail/mail-transport';
import { OutboxSender } from './modules/mail/outbox-sender';
import { expireUnpaidOrders } from './modules/order/order-lifecycle.service';
import { sendReminders } from './modules/reminder/reminder.service';
import { mailSummary } from './modules/reports/summary-mail.service';
import type { SearchEngine } from './modules/search/search-engine';
import { mailLowStock } from './modules/stock/low-stock.service';

/** How often each API process looks for unpaid online orders past their time. */
const SWEEP_INTERVAL_MS = 60_000;

/**
 * Services beyond the database, storage and search engine (payments, background sweeps), created once per
 * process. `values` become `c.var.<name>` in handlers; `close` stops any background work. The sweeps' order
 * moves keep the search index's units sold in step (`deps.search`, the app's own engine).
 * - `payments`: Razorpay when RAZORPAY_KEY_ID is set, the simulator otherwise
 * - `courier`: the courier-booking provider COURIER_PROVIDER names (manual by default)
 * - the mail outbox sender (modules/mail/outbox-sender.ts) delivers mails written by the services; several
 *   processes may run it at once (leases); tests that deliver mail start their own (`mailSender: false`)
 * - the unpaid-order sweep runs every minute (an expired order becomes payment_failed, and its shopper gets the
 *   payment-failed mail with the "Pay now" link); several processes may run it at once (conditional updates)
 * - staff mails, in the same minute: the low-stock crossings not mailed yet, and the Owner's summary mail when
 *   one is due (both lock what they mail, so several processes write each mail once)
 * - the same sweep writes the reminder mails (modules/reminder: a cart left waiting, a review request after
 *   delivery), each claimed by a conditional update in the transaction of its mail, so sent once
 */
export async function createServices(
  deps: { config: Config; db: Db; logger: Logger; search: SearchEngine },
  opts: { mailSender?: boolean; sweeps?: boolean } = {},
) {
  const payments = createPaymentProvider(deps.config, deps.logger);
  const courier = createCourierProvider(deps.config);
  const transport = createMailTransport(deps.config);
  const mail =
    opts.mailSender === false
      ? null
      : new OutboxSender(deps.db, transport, deps.logger, {
          keepSentDays: deps.config.OUTBOX_KEEP_DAYS,
        }).start();
  if (mail && transport.kind === 'file')
    deps.logger.info('mail: written as .eml files (no SMTP_URL configured)');
  if (payments.kind === 'simulator') deps.logger.info('payments: simulator (no RAZORPAY_KEY_ID configured)');

  let running: Promise<void> | null = null;
  const sweep = () => {
    if (running) return;
    running = expireUnpaidOrders(deps, { config: deps.config })
      .then((n) => {
        if (n) deps.logger.info('unpaid orders expired', { count: n });
      })
      .catch((e) => deps.logger.warn('unpaid-order sweep failed', { error: (e as Error).message }))
      .then(() => mailLowStock(deps.db, deps.config))
      .then((n) => {
        if (n) deps.logger.info('low-stock mail written', { variants: n });
      })
      .catch((e) => deps.logger.warn('low-stock mail failed', { error: (e as Error).message }))
      .then(() => mailSummary(deps.db, deps.config))
      .then((sent) => {
        if (sent) deps.logger.info('sales summary mail written');
      })
      .catch((e) => deps.logger.warn('sales summary mail failed', { error: (e as Error).message }))
      .then(() => sendReminders(deps))
      .finally(() => {
        running = null;
      });
  };
  // unref: the timer alone never keeps the process (or a test run) alive. Tests that check what a request changed
  // call the sweeps themselves (`sweeps: false`), so that none runs between a request and its check.
  const timer = opts.sweeps === false ? undefined : setInterval(sweep, SWEEP_INTERVAL_MS);
  timer?.unref();

  return {
    values: { payments, courier } satisfies Services,
    async close() {
      clearInterval(timer);
      await running;
      if (mail) await mail.stop();
      else transport.close();
    },
  };
}
