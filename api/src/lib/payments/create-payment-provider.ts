import type { Config } from '../../config';
import type { Logger } from '../logger';
import { type PaymentProvider, signatureSecrets } from './payment-provider';
import { RazorpayProvider } from './razorpay';
import { SimulatorProvider } from './simulator';

/** Razorpay when a key id is configured, the simulator otherwise (loadConfig refuses that in production). */
export function createPaymentProvider(
  config: Config,
  logger: Logger,
  opts: { timeoutMs?: number } = {},
): PaymentProvider {
  const secrets = signatureSecrets(config);
  if (config.RAZORPAY_KEY_ID) {
    if (!secrets.webhookSecret) {
      logger.warn('RAZORPAY_WEBHOOK_SECRET is not set: Razorpay webhooks will be refused');
    }
    return new RazorpayProvider(config.RAZORPAY_KEY_ID, secrets, opts);
  }
  return new SimulatorProvider(secrets);
}
