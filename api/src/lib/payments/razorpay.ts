import type { EmiPlan } from '@voltcart/shared';
import Razorpay from 'razorpay';
import {
  type CreatedPaymentOrder,
  type CreatedRefund,
  PaymentError,
  type PaymentProvider,
  SignatureChecks,
  type SignatureSecrets,
} from './payment-provider';

/** The part of the SDK's internal axios instance we adjust (timeout; tests also re-point its base URL). */
interface SdkHttp {
  defaults: { timeout?: number; baseURL?: string };
}

/**
 * Razorpay through its official SDK. The SDK needs wrapping:
 * - a 4xx/5xx answer is thrown as a plain object `{statusCode, error: {code, description}}`, not an Error
 * - a network failure or timeout makes the SDK itself throw a TypeError (it reads `.status` of a missing response)
 * - it has no timeout of its own
 * Every failure therefore becomes a PaymentError, and a call never waits longer than `timeoutMs`.
 */
export class RazorpayProvider extends SignatureChecks implements PaymentProvider {
  readonly kind = 'razorpay' as const;
  readonly sdk: Razorpay;
  private readonly timeoutMs: number;
  /** The EMI plans last asked for, and until when they stand. */
  private plans: { list: EmiPlan[]; until: number } | null = null;

  constructor(
    readonly keyId: string,
    secrets: SignatureSecrets,
    opts: { timeoutMs?: number } = {},
  ) {
    super(secrets);
    this.timeoutMs = opts.timeoutMs ?? 10_000;
    this.sdk = new Razorpay({ key_id: keyId, key_secret: secrets.keySecret });
    this.http.defaults.timeout = this.timeoutMs;
  }

  /** The SDK's axios instance (not part of its typed surface). */
  get http(): SdkHttp {
    return (this.sdk.api as unknown as { rq: SdkHttp }).rq;
  }

  async refund(input: {
    paymentId: string;
    amountPaise: number;
    notes?: Record<string, string>;
  }): Promise<CreatedRefund> {
    try {
      const refund = await this.withDeadline(
        this.sdk.payments.refund(input.paymentId, { amount: input.amountPaise, notes: input.notes ?? {} }),
      );
      if (!refund || typeof refund.id !== 'string' || !refund.id) {
        throw new PaymentError('unavailable', 'Razorpay answered without a refund id');
      }
      if (refund.status === 'failed')
        throw new PaymentError('rejected', 'Razorpay answered that the refund failed');
      return { id: refund.id, status: refund.status === 'processed' ? 'processed' : 'pending' };
    } catch (e) {
      throw toPaymentError(e);
    }
  }

  /**
   * The EMI plans of the account's payment methods (`GET /v1/methods`: `emi` and `emi_options`), asked at most
   * once an hour (five minutes after a failure, which offers no plans meanwhile).
   */
  async emiPlans(): Promise<EmiPlan[]> {
    const now = Date.now();
    if (this.plans && this.plans.until > now) return this.plans.list;
    let list: EmiPlan[] = [];
    let ttl = 60 * 60_000;
    try {
      list = emiPlansOf(await this.withDeadline(this.sdk.payments.fetchPaymentMethods()));
    } catch {
      ttl = 5 * 60_000;
    }
    this.plans = { list, until: now + ttl };
    return list;
  }

  /** Races a call against the provider timeout (axios' own timeout does not cover DNS and TLS). */
  private async withDeadline<T>(call: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new PaymentError('timeout', `Razorpay did not answer within ${this.timeoutMs} ms`)),
        this.timeoutMs + 1000,
      );
    });
    try {
      return await Promise.race([call, deadline]);
    } finally {
      clearTimeout(timer);
    }
  }

  async createOrder(input: {
    amountPaise: number;
    receipt: string;
    notes?: Record<string, string>;
  }): Promise<CreatedPaymentOrder> {
    try {
      const order = await this.withDeadline(
        this.sdk.orders.create({
          amount: input.amountPaise,
          currency: 'INR',
          receipt: input.receipt,
          notes: input.notes ?? {},
        }),
      );
      if (!order || typeof order.id !== 'string' || !order.id) {
        throw new PaymentError('unavailable', 'Razorpay answered without an order id');
      }
      return { id: order.id, amountPaise: Number(order.amount), currency: 'INR' };
    } catch (e) {
      throw toPaymentError(e);
    }
  }
}

/** The card EMI plans of a methods answer; anything not shaped as documented is left out. */
function emiPlansOf(methods: unknown): EmiPlan[] {
  const m = methods as { emi?: unknown; emi_options?: unknown } | null;
  if (!m || m.emi !== true || !m.emi_options || typeof m.emi_options !== 'object') return [];
  const plans: EmiPlan[] = [];
  for (const [bank, options] of Object.entries(m.emi_options as Record<string, unknown>)) {
    if (!Array.isArray(options)) continue;
    for (const o of options as { duration?: unknown; interest?: unknown; min_amount?: unknown }[]) {
      const { duration, interest, min_amount } = o ?? {};
      if (
        Number.isInteger(duration) &&
        (duration as number) > 0 &&
        typeof interest === 'number' &&
        interest >= 0 &&
        Number.isInteger(min_amount) &&
        (min_amount as number) >= 0
      )
        plans.push({
          bank,
          months: duration as number,
          interestPct: interest,
          minPaise: min_amount as number,
        });
    }
  }
  return plans;
}

/** Turns whatever the SDK threw into a PaymentError with a message fit for the log. */
export function toPaymentError(e: unknown): PaymentError {
  if (e instanceof PaymentError) return e;
  if (e && typeof e === 'object' && 'statusCode' in e) {
    const { statusCode, error } = e as {
      statusCode: number;
      error?: { code?: string; description?: string };
    };
    const detail = [error?.code, error?.description].filter(Boolean).join(': ') || 'no details';
    return new PaymentError(
      statusCode >= 400 && statusCode < 500 ? 'rejected' : 'unavailable',
      `Razorpay answered ${statusCode} (${detail})`,
      statusCode,
    );
  }
  const message = e instanceof Error ? e.message : String(e);
  return new PaymentError('unavailable', `Razorpay could not be reached (${message})`);
}
