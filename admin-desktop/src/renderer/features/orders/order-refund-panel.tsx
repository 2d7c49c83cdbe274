import { errorMessage } from '@voltcart/api-client/http';
import type { OrderDetails } from '@voltcart/shared';
import { type FormEvent, useId, useState } from 'react';
import { api } from '../../lib/api';
import { formatDateTime, formatINR } from '../../lib/format';
import { useApiMutation } from '../../lib/mutations';
import { staleAfter } from '../../lib/query-keys';
import { toast } from '../../stores/toast';

const REFUND_STATE = { pending: 'Pending', processed: 'Processed', failed: 'Refused' } as const;

/** Rupees left to refund of an order paid online (what was paid less what is refunded or being refunded). */
export function refundableLeft(details: OrderDetails): number {
  const { order, payment } = details;
  if (payment.mode !== 'online' || !payment.paidAt) return 0;
  return Math.max(0, Math.round(order.order_total * 100) - Math.round(payment.refunded * 100)) / 100;
}

/**
 * Staff refund of an order paid online, in full or in part, with a reason (Razorpay's refunds API).
 * - the amount left is shown; a blank amount refunds all of it
 * - the API's refusal is shown in the form: more than is left (another member of staff refunded meanwhile:
 *   the order loads again, so the amount left is the new one), or the gateway's own reason
 * - earlier refunds are listed with their state and, for a refused one, the gateway's reason
 */
export function RefundPanel({ details }: { details: OrderDetails }) {
  const orderId = details.order.order_id;
  const ids = { amount: useId(), reason: useId() };
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const refund = useApiMutation(
    (body: { amount?: number; reason: string }) => api.order.refund({ params: { orderId }, body }),
    staleAfter.order,
    { refreshOnRefusal: true },
  );
  const left = refundableLeft(details);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    const rupees = amount.trim() === '' ? undefined : Number(amount);
    if (rupees !== undefined && !(rupees > 0))
      return setProblem('Enter an amount of at least ₹0.01, or leave it blank.');
    if (rupees !== undefined && rupees > left)
      return setProblem(`At most ${formatINR(left)} is left to refund.`);
    if (!reason.trim()) return setProblem('Give the reason for the refund.');
    try {
      const reply = await refund.mutateAsync({ amount: rupees, reason: reason.trim() });
      toast.reply(reply, 'Refund started.');
      setAmount('');
      setReason('');
    } catch (err) {
      setProblem(errorMessage(err, 'The refund could not be made.'));
    }
  };

  return (
    <section className="panel" aria-labelledby="refund-title">
      <h2 id="refund-title">Refunds</h2>
      <p className="muted" data-testid="refund-left">
        Paid {formatINR(details.order.order_total)} · refunded {formatINR(details.payment.refunded)} ·{' '}
        <strong>{formatINR(left)} left</strong>
      </p>
      {details.refunds.length > 0 && (
        <table className="table compact">
          <thead>
            <tr>
              <th>When</th>
              <th className="num">Amount</th>
              <th>Reason</th>
              <th>State</th>
            </tr>
          </thead>
          <tbody>
            {details.refunds.map((r) => (
              <tr key={r._id}>
                <td>{formatDateTime(r.createdAt)}</td>
                <td className="num">{formatINR(r.amount)}</td>
                <td>{r.reason}</td>
                <td>
                  {REFUND_STATE[r.state]}
                  {r.error && <div className="muted small">{r.error}</div>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {/* Outside the form: a refusal that leaves nothing to refund (all refunded meanwhile) stays readable. */}
      {problem && (
        <div className="form-error" role="alert">
          {problem}
        </div>
      )}
      {left > 0 && (
        <form className="refund-form" onSubmit={submit} noValidate>
          <div className="refund-fields">
            <div className="field">
              <label className="field-label" htmlFor={ids.amount}>
                Amount (₹)
              </label>
              <input
                id={ids.amount}
                inputMode="decimal"
                placeholder={`${left} (all that is left)`}
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
              />
            </div>
            <div className="field">
              <label className="field-label" htmlFor={ids.reason}>
                Reason
              </label>
              <input
                id={ids.reason}
                maxLength={300}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
            </div>
          </div>
          <button type="submit" className="btn btn-danger-ghost" disabled={refund.isPending}>
            {refund.isPending ? 'Refunding…' : 'Refund'}
          </button>
        </form>
      )}
    </section>
  );
}
