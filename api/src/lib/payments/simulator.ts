import { randomBytes } from 'node:crypto';
import type { EmiPlan } from '@voltcart/shared';
import type {
  CreatedPaymentOrder,
  CreatedRefund,
  PaymentProvider,
  SignatureSecrets,
} from './payment-provider';
import { SignatureChecks } from './payment-provider';
import { paymentSignature } from './signatures';

const SIMULATOR_KEY_ID = 'rzp_test_simulator';

const token = (bytes: number) => randomBytes(bytes).toString('base64url').replace(/[-_]/g, 'x');

/**
 * Stands in for Razorpay in development and tests (never in production: loadConfig refuses to start without
 * Razorpay keys there). Same ids, same signatures, so the rest of the API cannot tell the difference.
 */
export class SimulatorProvider extends SignatureChecks implements PaymentProvider {
  readonly kind = 'simulator' as const;
  readonly keyId = SIMULATOR_KEY_ID;

  constructor(secrets: SignatureSecrets) {
    super(secrets);
  }

  async createOrder(input: { amountPaise: number }): Promise<CreatedPaymentOrder> {
    return { id: `order_sim_${token(12)}`, amountPaise: input.amountPaise, currency: 'INR' };
  }

  /** Refunds at once, as Razorpay's instant refunds do. */
  async refund(_input: { paymentId: string; amountPaise: number }): Promise<CreatedRefund> {
    return { id: `rfnd_sim_${token(12)}`, status: 'processed' };
  }

  /**
   * A sample of the plans a Razorpay test account lists (one bank's card EMI at usual interest, from ₹3,000), so
   * that development shows the EMI figure once staff turn it on.
   */
  async emiPlans(): Promise<EmiPlan[]> {
    return [3, 6, 9, 12].map((months, i) => ({
      bank: 'HDFC',
      months,
      interestPct: 14 + i,
      minPaise: 3000_00,
    }));
  }

  /** What Razorpay Checkout hands the storefront after a successful payment. */
  signPayment(razorpayOrderId: string) {
    const paymentId = `pay_sim_${token(12)}`;
    return {
      razorpay_order_id: razorpayOrderId,
      razorpay_payment_id: paymentId,
      razorpay_signature: paymentSignature(this.secrets.keySecret, razorpayOrderId, paymentId),
    };
  }
}
