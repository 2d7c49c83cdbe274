import type { Config } from './config';
import type { Db } from './db/connection';
import type { Logger } from './lib/logger';
import { createPaymentProvider } from './lib/payments/create-payment-provider';
import { expireUnpaidOrders } from './modules/order/order-lifecycle.service';

/** How often each API process looks for unpaid online orders past their time. */
const SWEEP_INTERVAL_MS = 60_000;

/**
 * Services beyond the database and storage (payments, background sweeps), created once per process.
 * `values` become `c.var.<name>` in handlers; `close` stops any background work.
 * - `payments`: Razorpay when RAZORPAY_KEY_ID is set, the simulator otherwise
 * - the unpaid-order sweep runs every minute; several processes may run it at once (it uses conditional updates)
 */
export async function createServices(deps: { config: Config; db: Db; logger: Logger }) {
  const payments = createPaymentProvider(deps.config, deps.logger);
  if (payments.kind === 'simulator') deps.logger.info('payments: simulator (no RAZORPAY_KEY_ID configured)');

  let running: Promise<void> | null = null;
  const sweep = () => {
    if (running) return;
    running = expireUnpaidOrders(deps.db)
      .then((n) => {
        if (n) deps.logger.info('unpaid orders expired', { count: n });
      })
      .catch((e) => deps.logger.warn('unpaid-order sweep failed', { error: (e as Error).message }))
      .finally(() => {
        running = null;
      });
  };
  // unref: the timer alone never keeps the process (or a test run) alive.
  const timer = setInterval(sweep, SWEEP_INTERVAL_MS);
  timer.unref();

  return {
    values: { payments } as Record<string, unknown>,
    async close() {
      clearInterval(timer);
      await running;
    },
  };
}
