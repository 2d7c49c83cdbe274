import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '@voltcart/api-client/errors';
import type { PaymentCheckout, RazorpayResponse } from '@voltcart/shared';
import { useState } from 'react';
import { api } from '../../lib/api';
import { useApiMutation } from '../../lib/mutations';
import { queries } from '../../lib/queries';
import { staleAfter } from '../../lib/query-keys';
import { useSession } from '../../stores/session-store';
import { payWithRazorpay } from './payment';
import { SimulatorDialog } from './simulator-dialog';

const SHOP_NAME_FALLBACK = 'Voltcart';

export type PaymentResult = { ok: true } | { ok: false; reason: string };

/** Razorpay's reasons come without a full stop ("Payment window closed"); shown as sentences. */
const failed = (reason: string): PaymentResult => ({
  ok: false,
  reason: /[.!?]$/.test(reason) ? reason : `${reason}.`,
});

interface Simulated {
  orderId: string;
  amountPaise: number;
  settle: (result: PaymentResult) => void;
}

/**
 * Pays one online order: the checkout's first attempt and every retry ("Pay now") go through here, with the
 * same order id, so a retry never makes a new order.
 * - Razorpay Checkout, or the simulator's dialog when the shop has no payment keys
 * - success: the signed response is confirmed by the API; failure or a closed window: the API is told (stock
 *   back, lines back in the cart) and the promise settles with the reason to show
 * - both change stock and the shopper's orders (staleAfter.order)
 */
export function useOrderPayment() {
  const user = useSession((s) => s.data);
  const shopName = useQuery(queries.settings()).data?.shopName || SHOP_NAME_FALLBACK;
  const [simulated, setSimulated] = useState<Simulated | null>(null);
  const [signing, setSigning] = useState(false);
  const settle = useApiMutation((call: () => Promise<unknown>) => call(), staleAfter.order);

  const fail = async (orderId: string, reason: string): Promise<PaymentResult> => {
    try {
      await settle.mutateAsync(() => api.order.paymentFailed({ body: { order_id: orderId, reason } }));
    } catch {
      // the order stays unpaid either way; the reason still applies
    }
    return failed(reason);
  };

  const confirm = async (orderId: string, response: RazorpayResponse): Promise<PaymentResult> => {
    try {
      await settle.mutateAsync(() =>
        api.order.success({ body: { order_id: orderId, razorpay_response: response } }),
      );
      return { ok: true };
    } catch (e) {
      return {
        ok: false,
        reason: errorMessage(e, 'Your payment could not be confirmed. Please contact us.'),
      };
    }
  };

  const pay = async (
    orderId: string,
    payment: PaymentCheckout | undefined,
    contact?: string,
  ): Promise<PaymentResult> => {
    if (!payment) {
      return {
        ok: false,
        reason: 'The online payment could not be started. Please try again or choose Cash on Delivery.',
      };
    }
    if (payment.simulator) {
      return new Promise<PaymentResult>((resolve) =>
        setSimulated({ orderId, amountPaise: payment.amount, settle: resolve }),
      );
    }
    try {
      const outcome = await payWithRazorpay({
        key: payment.key_id,
        order_id: payment.razorpay_order_id,
        amount: payment.amount,
        currency: 'INR',
        name: shopName,
        description: `Order ${orderId}`,
        prefill: { name: user?.name, email: user?.email, contact },
        notes: { order_id: orderId },
        theme: { color: '#0b5cff' },
      });
      return outcome.ok ? await confirm(orderId, outcome.response) : await fail(orderId, outcome.reason);
    } catch (e) {
      await fail(orderId, 'Payment window could not be opened');
      return {
        ok: false,
        reason: errorMessage(e, 'The payment window could not be opened. Please try again.'),
      };
    }
  };

  const paySimulated = async (s: Simulated) => {
    setSigning(true);
    let result: PaymentResult;
    try {
      const { razorpay_response: response } = await api.order.simulatorSign({
        body: { order_id: s.orderId, outcome: 'success' },
      });
      result = await confirm(s.orderId, response);
    } catch (e) {
      await fail(s.orderId, 'Simulator could not sign the payment');
      result = { ok: false, reason: errorMessage(e, 'Simulator could not sign the payment') };
    } finally {
      setSigning(false);
    }
    setSimulated(null);
    s.settle(result);
  };

  const failSimulated = async (s: Simulated, reason: string) => {
    setSimulated(null);
    s.settle(await fail(s.orderId, reason));
  };

  const dialog = simulated && (
    <SimulatorDialog
      orderId={simulated.orderId}
      amountPaise={simulated.amountPaise}
      busy={signing}
      onPay={() => void paySimulated(simulated)}
      onFail={(reason) => void failSimulated(simulated, reason)}
    />
  );

  return { pay, dialog };
}
