import { errorMessage } from '@voltcart/api-client/http';
import { MANUAL_REFUND_LABELS, MANUAL_REFUND_METHODS, type OrderDetails } from '@voltcart/shared';
import { type FormEvent, useId, useState } from 'react';
import { FormError } from '../../components/catalog-form';
import { FormField, TextField } from '../../components/form-field';
import { TableHead } from '../../components/table-head';
import { api } from '../../lib/api';
import { formatDateTime, formatINR } from '../../lib/format';
import { useApiMutation } from '../../lib/mutations';
import { staleAfter } from '../../lib/query-keys';
import { typedRefund } from '../../lib/refund-amount';
import { useDialog } from '../../stores/dialog';
import { toast } from '../../stores/toast';

const REFUND_STATE = { pending: 'Pending', processed: 'Processed', failed: 'Refused' } as const;

type Method = (typeof MANUAL_REFUND_METHODS)[number];

/** The question asked before a refund goes out: it cannot be taken back. */
const confirmRefund = (rupees: number, cod: { method: Method; reference: string } | null) =>
  useDialog.getState().open({
    title: cod
      ? `Record a refund of ${formatINR(rupees)} paid by ${MANUAL_REFUND_LABELS[cod.method].toLowerCase()}?`
      : `Refund ${formatINR(rupees)} to the customer?`,
    text: cod
      ? `Record it only once the money has gone back to the customer${cod.reference ? ` (reference ${cod.reference})` : ''}. This cannot be undone.`
      : 'Razorpay sends it back to the card, UPI account or bank they paid with. This cannot be undone.',
    icon: 'warning',
    confirmText: cod ? 'Record refund' : 'Refund',
    cancelText: 'Cancel',
    danger: true,
  });

/**
 * Staff refund, in full or in part, with a reason: through Razorpay's refunds API for an order paid online; for a
 * cash-on-delivery order whose cash was collected, a refund staff made by cash, UPI or bank transfer is recorded
 * with its reference.
 * - the amount left is shown; a blank amount refunds all of it
 * - a confirmation names the amount before anything is sent: a refund cannot be undone
 * - the API's refusal is shown in the form: more than is left (another member of staff refunded meanwhile:
 *   the order loads again, so the amount left is the new one), or the gateway's own reason
 * - earlier refunds are listed with their state and, for a refused one, the gateway's reason
 */
export function RefundPanel({ details }: { details: OrderDetails }) {
  const orderId = details.order.order_id;
  const ids = { amount: useId(), reason: useId(), method: useId(), reference: useId() };
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [method, setMethod] = useState<Method>('upi');
  const [reference, setReference] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const refund = useApiMutation(
    (body: { amount?: number; reason: string; method?: Method; reference?: string }) =>
      api.order.refund({ params: { orderId }, body }),
    staleAfter.order,
    { refreshOnRefusal: true },
  );
  const left = details.payment.refundable;
  const cod = details.payment.mode === 'cod';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    const { rupees, problem: badAmount } = typedRefund(amount);
    if (badAmount) return setProblem(badAmount);
    if (rupees !== undefined && rupees > left)
      return setProblem(`At most ${formatINR(left)} is left to refund.`);
    if (!reason.trim()) return setProblem('Give the reason for the refund.');
    if (cod && method !== 'cash' && !reference.trim())
      return setProblem('Enter the UPI or bank transaction reference.');
    const how = cod ? { method, reference: reference.trim() } : null;
    if (!(await confirmRefund(rupees ?? left, how))) return;
    try {
      const reply = await refund.mutateAsync({
        amount: rupees,
        reason: reason.trim(),
        ...(how ? { method: how.method, reference: how.reference || undefined } : {}),
      });
      toast.reply(reply, 'Refund started.');
      setAmount('');
      setReason('');
      setReference('');
    } catch (err) {
      setProblem(errorMessage(err, 'The refund could not be made.'));
    }
  };

  return (
    <section className="panel" aria-labelledby="refund-title">
      <h2 id="refund-title">Refunds</h2>
      <p className="muted" data-testid="refund-left">
        {cod ? 'Collected' : 'Paid'} {formatINR(details.order.order_total)} · refunded{' '}
        {formatINR(details.payment.refunded)} · <strong>{formatINR(left)} left</strong>
      </p>
      {details.refunds.length > 0 && (
        <table className="table compact">
          <TableHead columns={['When', { label: 'Amount', className: 'num' }, 'Reason', 'How', 'State']} />
          <tbody>
            {details.refunds.map((r) => (
              <tr key={r._id}>
                <td>{formatDateTime(r.createdAt)}</td>
                <td className="num">{formatINR(r.amount)}</td>
                <td>{r.reason}</td>
                <td>
                  {r.method === 'gateway'
                    ? 'Razorpay'
                    : (MANUAL_REFUND_LABELS[r.method as Method] ?? r.method) +
                      (r.reference ? ` · ${r.reference}` : '')}
                </td>
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
      <FormError error={problem} />
      {left > 0 && (
        <form className="refund-form" onSubmit={submit} noValidate>
          <div className="refund-fields">
            <TextField
              id={ids.amount}
              label="Amount (₹)"
              inputMode="decimal"
              placeholder={`${left} (all that is left)`}
              value={amount}
              onValue={setAmount}
            />
            <TextField id={ids.reason} label="Reason" maxLength={300} value={reason} onValue={setReason} />
            {cod && (
              <>
                <FormField id={ids.method} label="Paid back by">
                  <select
                    id={ids.method}
                    value={method}
                    onChange={(e) => setMethod(e.target.value as Method)}
                  >
                    {MANUAL_REFUND_METHODS.map((m) => (
                      <option key={m} value={m}>
                        {MANUAL_REFUND_LABELS[m]}
                      </option>
                    ))}
                  </select>
                </FormField>
                <div className="field">
                  <label className="field-label" htmlFor={ids.reference}>
                    Reference{method === 'cash' ? ' (optional)' : ''}
                  </label>
                  <input
                    id={ids.reference}
                    maxLength={100}
                    placeholder={method === 'cash' ? 'Receipt number' : 'Transaction id'}
                    value={reference}
                    onChange={(e) => setReference(e.target.value)}
                  />
                </div>
              </>
            )}
          </div>
          <button type="submit" className="btn btn-danger-ghost" disabled={refund.isPending}>
            {refund.isPending ? 'Refunding…' : cod ? 'Record refund' : 'Refund'}
          </button>
        </form>
      )}
    </section>
  );
}
