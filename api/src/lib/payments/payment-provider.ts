import type { EmiPlan } from '@voltcart/shared';
import { type Config, SIMULATOR_SECRET } from '../../config';
import { verifyPaymentSignature, verifyWebhookSignature } from './signatures';

export interface CreatedPaymentOrder {
  /** Razorpay's order id (`order_…`), or `order_sim_…` from the simulator. */
  id: string;
  amountPaise: number;
  currency: 'INR';
}

export interface CreatedRefund {
  /** Razorpay's refund id (`rfnd_…`), or `rfnd_sim_…` from the simulator. */
  id: string;
  /** Razorpay answers `pending` until the bank confirms (then `refund.processed` arrives) or `processed`. */
  status: 'pending' | 'processed';
}

/** Why creating the remote payment order failed: the caller answers 502 either way, the log tells which. */
export class PaymentError extends Error {
  constructor(
    readonly reason: 'rejected' | 'unavailable' | 'timeout',
    message: string,
    readonly statusCode?: number,
  ) {
    super(message);
    this.name = 'PaymentError';
  }
}

/**
 * Online payments, Razorpay or the simulator. Both create an order for the checkout dialog and check the
 * signatures that come back (checkout result and webhooks) with the same HMAC rules.
 */
export interface PaymentProvider {
  readonly kind: 'razorpay' | 'simulator';
  /** Public key id the storefront gives Razorpay Checkout. */
  readonly keyId: string;
  /** Creates the payment order; throws PaymentError (never a raw SDK value) on any failure. */
  createOrder(input: {
    amountPaise: number;
    receipt: string;
    notes?: Record<string, string>;
  }): Promise<CreatedPaymentOrder>;
  /**
   * Refunds (part of) a captured payment; throws PaymentError on any failure ('rejected' when the provider
   * refused it, 'unavailable'/'timeout' when it is not known whether the refund was made).
   */
  refund(input: {
    paymentId: string;
    amountPaise: number;
    notes?: Record<string, string>;
  }): Promise<CreatedRefund>;
  /**
   * The card EMI plans the gateway offers this shop (none when it offers no EMI or cannot be asked): what the
   * product page's monthly figure may say. Never throws.
   */
  emiPlans(): Promise<EmiPlan[]>;
  verifyPayment(razorpayOrderId: string, paymentId: string, signature: unknown): boolean;
  /** False as well when no webhook secret is configured (production without RAZORPAY_WEBHOOK_SECRET). */
  verifyWebhook(rawBody: Buffer | string, signature: unknown): boolean;
}

export interface SignatureSecrets {
  keySecret: string;
  webhookSecret: string | null;
}

/** Shared signature checks for both providers. */
export abstract class SignatureChecks {
  constructor(protected readonly secrets: SignatureSecrets) {}
  verifyPayment(razorpayOrderId: string, paymentId: string, signature: unknown): boolean {
    return verifyPaymentSignature(this.secrets.keySecret, razorpayOrderId, paymentId, signature);
  }
  verifyWebhook(rawBody: Buffer | string, signature: unknown): boolean {
    if (!this.secrets.webhookSecret) return false;
    return verifyWebhookSignature(this.secrets.webhookSecret, rawBody, signature);
  }
}

/**
 * Secrets from the configuration:
 * - the key secret signs checkout results; the simulator falls back to a fixed development secret
 * - webhooks use RAZORPAY_WEBHOOK_SECRET; outside production, without one, the key (or simulator) secret, so
 *   that development and tests can post signed webhooks. In production without it every webhook is refused.
 */
export function signatureSecrets(config: Config): SignatureSecrets {
  const keySecret = config.RAZORPAY_KEY_SECRET ?? SIMULATOR_SECRET;
  const webhookSecret =
    config.RAZORPAY_WEBHOOK_SECRET ?? (config.NODE_ENV === 'production' ? null : keySecret);
  return { keySecret, webhookSecret };
}
