import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '@voltcart/api-client/http';
import { formatINR, RETURN_REASON_LABELS, type ReturnDetails } from '@voltcart/shared';
import { type FormEvent, useId, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { FormError } from '../../components/catalog-form';
import { FormActions, TextAreaField, TextField } from '../../components/form-field';
import { Modal } from '../../components/modal';
import { isFirstLoad, QueryError } from '../../components/query-states';
import { PageHeader, Spinner } from '../../components/states';
import { TableHead } from '../../components/table-head';
import { paths } from '../../config/paths';
import { api, getApiUrl } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useApiMutation } from '../../lib/mutations';
import { typedRefund } from '../../lib/refund-amount';
import { confirmWarning } from '../../stores/dialog';
import { toast } from '../../stores/toast';
import { ReturnBadge } from './return-badge';
import { returnsKey } from './returns-list-page';

/** What the moves make stale: the returns, and the orders (stock, refunds, credit notes). */
const stale = [returnsKey, ['orders'], ['products']] as const;

const EVENT_LABELS: Record<string, string> = {
  requested: 'Requested by the shopper',
  approved: 'Approved',
  rejected: 'Rejected',
  received: 'Received and inspected',
  refunded: 'Refunded',
  refund_failed: 'Refund refused by the gateway',
  replaced: 'Replacement sent',
  waiting_for_stock: 'Waiting for stock',
};

/**
 * One return request: the shopper's items, reason, comment and photos, where a refund goes, its history; and the
 * move its state allows: approve (manual pickup: carrier + AWB) or reject (the shopper sees the reason), mark
 * received (each unit sellable, back to stock, or damaged), then refund (a cash-on-delivery refund is sent by
 * staff to the shopper's UPI ID or bank account first, and recorded with its reference) or send the replacement.
 */
export function ReturnDetailPage() {
  const { returnId = '' } = useParams();
  const details = useQuery({
    queryKey: [...returnsKey, 'detail', returnId],
    queryFn: ({ signal }) => api.returns.get({ params: { returnId } }, { signal }),
  });
  const [dialog, setDialog] = useState<'approve' | 'reject' | null>(null);
  const d = details.data;
  if (isFirstLoad(details)) return <Spinner />;
  if (details.error && !d) return <QueryError query={details} />;
  if (!d) return null;
  const r = d.request;
  return (
    <>
      <PageHeader
        title={
          <>
            {r.kind === 'refund' ? 'Return' : 'Replacement'} <span className="mono">{r._id}</span>
          </>
        }
        subtitle={`Asked ${formatDateTime(r.createdAt)} · order ${r.orderId}`}
        actions={
          <Link to={paths.returns} className="btn btn-ghost">
            Back to returns
          </Link>
        }
      />
      <div className="order-bar panel">
        <div>
          <span className="muted small">State</span>
          <div data-testid="return-state">
            <ReturnBadge state={r.state} />
          </div>
        </div>
        <div className="order-moves">
          {r.state === 'requested' && (
            <>
              <button type="button" className="btn btn-primary" onClick={() => setDialog('approve')}>
                Approve
              </button>
              <button type="button" className="btn btn-danger-ghost" onClick={() => setDialog('reject')}>
                Reject
              </button>
            </>
          )}
          {r.state === 'approved' && (
            <button type="button" className="btn btn-danger-ghost" onClick={() => setDialog('reject')}>
              Reject
            </button>
          )}
          {r.state === 'received' && r.kind === 'replacement' && <ReplaceButton returnId={r._id} />}
        </div>
      </div>
      {r.notice && (
        <p className="form-error" role="status">
          {r.notice}
        </p>
      )}
      <div className="grid-3 order-info">
        <section className="panel">
          <h2>Shopper</h2>
          <p className="strong">{d.shopper?.name ?? '-'}</p>
          <p className="muted">{d.shopper?.email ?? ''}</p>
          <p>
            Order{' '}
            <Link to={paths.order(r.orderId)} className="mono">
              {r.orderId}
            </Link>{' '}
            ({d.order.paymentMode === 'cod' ? 'cash on delivery' : 'paid online'}, {formatINR(d.order.total)})
          </p>
        </section>
        <section className="panel">
          <h2>Request</h2>
          <dl className="details compact">
            <dt>Reason</dt>
            <dd>{RETURN_REASON_LABELS[r.reason]}</dd>
            <dt>Comment</dt>
            <dd>{r.comment || '-'}</dd>
            {r.pickup && (
              <>
                <dt>Pickup</dt>
                <dd>
                  {r.pickup.carrier} · <span className="mono">{r.pickup.awb}</span>
                </dd>
              </>
            )}
            {r.rejectReason && (
              <>
                <dt>Rejected</dt>
                <dd>{r.rejectReason}</dd>
              </>
            )}
            {r.replacementOrderId && (
              <>
                <dt>Replacement</dt>
                <dd>
                  <Link to={paths.order(r.replacementOrderId)} className="mono">
                    {r.replacementOrderId}
                  </Link>
                </dd>
              </>
            )}
          </dl>
        </section>
        <section className="panel">
          <h2>Money</h2>
          <dl className="details compact">
            <dt>Refund due</dt>
            <dd>{r.kind === 'refund' ? formatINR(r.refundable) : 'None (replacement)'}</dd>
            {r.toPay > 0 && (
              <>
                <dt>Shopper pays</dt>
                <dd>{formatINR(r.toPay)} on delivery of the replacement (price difference)</dd>
              </>
            )}
            {r.shippingRefund > 0 && (
              <>
                <dt>Of which shipping</dt>
                <dd>{formatINR(r.shippingRefund)}</dd>
              </>
            )}
            <dt>Refund to</dt>
            <dd data-testid="refund-to">
              {r.refundTo.method === 'gateway' && 'The original online payment (Razorpay)'}
              {r.refundTo.method === 'upi' && (
                <>
                  UPI ID <span className="mono">{r.refundTo.upiId}</span>
                </>
              )}
              {r.refundTo.method === 'bank' && (
                <>
                  {r.refundTo.accountName}, account <span className="mono">{r.refundTo.account}</span>, IFSC{' '}
                  <span className="mono">{r.refundTo.ifsc}</span>
                </>
              )}
            </dd>
            {r.refund && (
              <>
                <dt>Refunded</dt>
                <dd>
                  {formatINR(r.refund.amount)} ({r.refund.state}
                  {r.refund.reference ? `, ref. ${r.refund.reference}` : ''})
                </dd>
              </>
            )}
          </dl>
        </section>
      </div>
      {r.state === 'approved' ? (
        <ReceiveForm details={d} />
      ) : (
        <section className="panel">
          <h2>Items</h2>
          <LinesTable details={d} />
        </section>
      )}
      {r.state === 'received' && r.kind === 'refund' && <RefundForm details={d} />}
      {r.photos.length > 0 && (
        <section className="panel">
          <h2>Photos</h2>
          <div className="return-photos">
            {r.photos.map((p, i) => (
              <img
                key={p}
                src={`${getApiUrl()}${p}`}
                alt={`Shopper's attachment ${i + 1}`}
                width={160}
                height={160}
              />
            ))}
          </div>
        </section>
      )}
      <section className="panel">
        <h2>History</h2>
        <ol className="timeline" data-testid="return-history">
          {d.history.map((h, i) => (
            <li key={`${h.event}-${i}`}>
              <span className="strong">{EVENT_LABELS[h.event] ?? h.event}</span>{' '}
              <span className="muted small">
                {formatDateTime(h.at)}
                {h.by ? ` · ${h.by}` : ''}
              </span>
              {h.note && <div className="small">{h.note}</div>}
            </li>
          ))}
        </ol>
      </section>
      {dialog === 'approve' && <ApproveDialog returnId={r._id} onClose={() => setDialog(null)} />}
      {dialog === 'reject' && <RejectDialog returnId={r._id} onClose={() => setDialog(null)} />}
    </>
  );
}

function LinesTable({ details }: { details: ReturnDetails }) {
  return (
    <table className="table">
      <TableHead
        columns={[
          'Item',
          { label: 'Units', className: 'num' },
          { label: 'Sellable', className: 'num' },
          { label: 'Damaged', className: 'num' },
          { label: 'Share', className: 'num' },
        ]}
      />
      <tbody>
        {details.request.lines.map((l) => (
          <tr key={l.lineId}>
            <td>
              {l.name}
              {l.options ? ` (${l.options})` : ''}
              {l.replacement
                ? ` → ${l.replacement.label}${l.replacement.priceDifference > 0 ? ` (+${formatINR(l.replacement.priceDifference)} each)` : ''}`
                : ''}
            </td>
            <td className="num">{l.qty}</td>
            <td className="num">{l.sellable ?? '-'}</td>
            <td className="num">{l.damaged ?? '-'}</td>
            <td className="num">{formatINR(l.share)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function useMove<V>(run: (v: V) => Promise<{ flag?: number; msg?: string }>) {
  return useApiMutation(run, stale, { refreshOnRefusal: true });
}

function ApproveDialog({ returnId, onClose }: { returnId: string; onClose: () => void }) {
  const ids = { carrier: useId(), awb: useId() };
  const [carrier, setCarrier] = useState('');
  const [awb, setAwb] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const approve = useMove((body: { carrier: string; awb: string }) =>
    api.returns.approve({ params: { returnId }, body }),
  );
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!carrier.trim()) return setProblem('Enter the pickup carrier.');
    if (!awb.trim()) return setProblem('Enter the AWB number of the pickup.');
    try {
      toast.reply(await approve.mutateAsync({ carrier: carrier.trim(), awb: awb.trim() }), 'Approved.');
      onClose();
    } catch (err) {
      setProblem(errorMessage(err, 'The request could not be approved.'));
    }
  };
  return (
    <Modal title="Approve and book the pickup" onClose={onClose}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <FormError error={problem} />
        <p className="muted small">
          Book the pickup with the carrier, then enter its AWB: the shopper is mailed both.
        </p>
        <TextField
          id={ids.carrier}
          label="Pickup carrier"
          maxLength={60}
          value={carrier}
          onValue={setCarrier}
        />
        <TextField id={ids.awb} label="AWB number" maxLength={60} value={awb} onValue={setAwb} />
        <FormActions busy={approve.isPending} label="Approve" busyLabel="Approving…" onCancel={onClose} />
      </form>
    </Modal>
  );
}

function RejectDialog({ returnId, onClose }: { returnId: string; onClose: () => void }) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const reject = useMove((body: { reason: string }) => api.returns.reject({ params: { returnId }, body }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) return setProblem('Give the reason: the shopper reads it.');
    try {
      toast.reply(await reject.mutateAsync({ reason: reason.trim() }), 'Rejected.');
      onClose();
    } catch (err) {
      setProblem(errorMessage(err, 'The request could not be rejected.'));
    }
  };
  return (
    <Modal title="Reject this request" onClose={onClose}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <FormError error={problem} />
        <TextAreaField
          id={id}
          label="Reason for the shopper"
          rows={3}
          maxLength={300}
          value={reason}
          onValue={setReason}
        />
        <FormActions
          busy={reject.isPending}
          label="Reject"
          busyLabel="Rejecting…"
          danger
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}

/** The parcel arrived: each line's units split into sellable (back to stock) and damaged (kept apart). */
function ReceiveForm({ details }: { details: ReturnDetails }) {
  const r = details.request;
  const [sellable, setSellable] = useState<Record<string, number>>(() =>
    Object.fromEntries(r.lines.map((l) => [l.lineId, l.qty])),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const receive = useMove((lines: { lineId: string; sellable: number; damaged: number }[]) =>
    api.returns.receive({ params: { returnId: r._id }, body: { lines } }),
  );
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    try {
      const reply = await receive.mutateAsync(
        r.lines.map((l) => ({
          lineId: l.lineId,
          sellable: sellable[l.lineId] ?? 0,
          damaged: l.qty - (sellable[l.lineId] ?? 0),
        })),
      );
      toast.reply(reply, 'Received.');
    } catch (err) {
      setProblem(errorMessage(err, 'The items could not be marked received.'));
    }
  };
  return (
    <section className="panel" aria-labelledby="receive-title">
      <h2 id="receive-title">Receive and inspect</h2>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <FormError error={problem} />
        <table className="table">
          <TableHead
            columns={[
              'Item',
              { label: 'Units back', className: 'num' },
              { label: 'Sellable (back to stock)', className: 'num' },
              { label: 'Damaged', className: 'num' },
            ]}
          />
          <tbody>
            {r.lines.map((l) => (
              <tr key={l.lineId}>
                <td>
                  {l.name}
                  {l.options ? ` (${l.options})` : ''}
                </td>
                <td className="num">{l.qty}</td>
                <td className="num">
                  <input
                    type="number"
                    min={0}
                    max={l.qty}
                    aria-label={`Sellable units of ${l.name}`}
                    value={sellable[l.lineId] ?? 0}
                    onChange={(e) =>
                      setSellable((s) => ({
                        ...s,
                        [l.lineId]: Math.max(0, Math.min(l.qty, Math.floor(Number(e.target.value) || 0))),
                      }))
                    }
                  />
                </td>
                <td className="num">{l.qty - (sellable[l.lineId] ?? 0)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <FormActions busy={receive.isPending} label="Mark received" busyLabel="Saving…" />
      </form>
    </section>
  );
}

function RefundForm({ details }: { details: ReturnDetails }) {
  const r = details.request;
  const ids = { amount: useId(), reference: useId() };
  const [amount, setAmount] = useState('');
  const [reference, setReference] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const manual = r.refundTo.method !== 'gateway';
  const refund = useMove((body: { amount?: number; reference?: string }) =>
    api.returns.refund({ params: { returnId: r._id }, body }),
  );
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    const { rupees, problem: badAmount } = typedRefund(amount);
    if (badAmount) return setProblem(badAmount);
    if (rupees !== undefined && rupees > r.refundable)
      return setProblem(`At most ${formatINR(r.refundable)} can be refunded for this request.`);
    if (manual && !reference.trim()) return setProblem('Enter the UPI or bank transaction reference.');
    const ok = await confirmWarning({
      title: manual
        ? `Record a refund of ${formatINR(rupees ?? r.refundable)} sent by ${r.refundTo.method === 'upi' ? 'UPI' : 'bank transfer'}?`
        : `Refund ${formatINR(rupees ?? r.refundable)} through Razorpay?`,
      text: manual
        ? 'Record it only once the money has gone to the account shown. A credit note is issued for the returned items. This cannot be undone.'
        : 'Razorpay sends it back to what the shopper paid with. A credit note is issued for the returned items. This cannot be undone.',
      confirmText: manual ? 'Record refund' : 'Refund',
      danger: true,
    });
    if (!ok) return;
    try {
      toast.reply(
        await refund.mutateAsync({ amount: rupees, reference: manual ? reference.trim() : undefined }),
        'Refunded.',
      );
    } catch (err) {
      setProblem(errorMessage(err, 'The refund could not be made.'));
    }
  };
  return (
    <section className="panel" aria-labelledby="refund-title">
      <h2 id="refund-title">Refund</h2>
      <form onSubmit={(e) => void submit(e)} className="form" noValidate>
        <FormError error={problem} />
        <div className="field">
          <label className="field-label" htmlFor={ids.amount}>
            Amount (₹), at most {formatINR(r.refundable)}
          </label>
          <input
            id={ids.amount}
            inputMode="decimal"
            placeholder={String(r.refundable)}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
        </div>
        {manual && (
          <TextField
            id={ids.reference}
            label="Transaction reference"
            maxLength={100}
            value={reference}
            onValue={setReference}
          />
        )}
        <FormActions
          busy={refund.isPending}
          label={manual ? 'Record refund' : 'Refund'}
          busyLabel="Refunding…"
        />
      </form>
    </section>
  );
}

function ReplaceButton({ returnId }: { returnId: string }) {
  const replace = useMove(() => api.returns.replace({ params: { returnId } }));
  return (
    <button
      type="button"
      className="btn btn-primary"
      disabled={replace.isPending}
      onClick={() =>
        void replace
          .mutateAsync(undefined)
          .then((r) => toast.reply(r, 'Replacement sent.'))
          .catch((err) => toast.error(errorMessage(err, 'The replacement could not be sent.')))
      }
    >
      {replace.isPending ? 'Sending…' : 'Send replacement'}
    </button>
  );
}
