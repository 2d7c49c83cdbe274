import { formatINR } from '@voltcart/shared';
import { Dialog } from '../../components/ui/dialog';

interface Props {
  orderId: string;
  /** Paise, as the payment provider receives it. */
  amountPaise: number;
  busy: boolean;
  onPay: () => void;
  onFail: (reason: string) => void;
}

/**
 * Stand-in for Razorpay Checkout when the shop has no payment keys (development, tests): the API signs
 * the result exactly as Razorpay would, so the same confirmation path runs. Clearly labelled as a test.
 */
export function SimulatorDialog({ orderId, amountPaise, busy, onPay, onFail }: Props) {
  return (
    <Dialog
      title="Payment simulator — no real money"
      className="simulator"
      onDismiss={() => !busy && onFail('Payment window closed')}
      footer={
        <>
          <button
            type="button"
            className="btn btn--danger-ghost"
            disabled={busy}
            onClick={() => onFail('Simulated failure')}
          >
            Fail
          </button>
          <button type="button" className="btn btn--primary" disabled={busy} onClick={onPay} data-autofocus>
            {busy ? 'Processing…' : 'Pay'}
          </button>
        </>
      }
    >
      <p className="simulator__badge">TEST MODE</p>
      <p>
        This shop has no payment keys configured, so no card is charged. Choose <strong>Pay</strong> to
        simulate a successful payment or <strong>Fail</strong> to simulate a declined one.
      </p>
      <dl className="simulator__facts">
        <div>
          <dt>Order</dt>
          <dd>{orderId}</dd>
        </div>
        <div>
          <dt>Amount</dt>
          <dd>{formatINR(amountPaise / 100)}</dd>
        </div>
      </dl>
    </Dialog>
  );
}
