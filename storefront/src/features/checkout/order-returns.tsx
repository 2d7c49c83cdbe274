import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '@voltcart/api-client/errors';
import {
  formatINR,
  MAX_RETURN_PHOTOS,
  RETURN_REASON_LABELS,
  RETURN_REASONS,
  RETURN_STATE_LABELS,
  type ReturnableLine,
  type ReturnKind,
  type ReturnReason,
  type ReturnRequestView,
} from '@voltcart/shared';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { env } from '../../config/env';
import { paths } from '../../config/paths';
import { api } from '../../lib/api';
import { useApiMutation } from '../../lib/mutations';
import { formatOrderDate } from '../../lib/order-state';
import { staleAfter } from '../../lib/query-keys';
import './order-returns.css';

/** The order's returns: under the orders' key, so whatever makes orders stale makes them stale too. */
const returnsKey = (orderId: string) => ['orders', 'returns', orderId] as const;

/**
 * "Return or replace" on a delivered order's page, and the state of each request made: the shopper chooses lines
 * and units, refund or replacement (another colour or memory size at the same price), a reason, a comment and up
 * to 5 photos; a cash-on-delivery refund also says where the money goes (UPI ID, or bank account + IFSC).
 */
export function OrderReturns({ orderId, cashOnDelivery }: { orderId: string; cashOnDelivery: boolean }) {
  const data = useQuery({
    queryKey: returnsKey(orderId),
    queryFn: async ({ signal }) => {
      const { requests, window, lines } = await api.returns.ofOrder({ params: { orderId } }, { signal });
      return { requests, window, lines };
    },
  });
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);
  if (!data.data) return null;
  const { requests, window, lines } = data.data;
  const canAsk = window.open && lines.some((l) => l.available > 0 && l.policy !== 'none');
  if (!requests.length && !canAsk) return null;
  return (
    <section className="card order-page__block returns" aria-labelledby="order-returns">
      <h2 id="order-returns">Returns and replacements</h2>
      {done && (
        <p ref={doneRef} tabIndex={-1} role="status" className="notice notice--success">
          {done}
        </p>
      )}
      {requests.length > 0 && <Requests requests={requests} />}
      {canAsk && !open && (
        <>
          <p className="muted small">
            You can ask for a return or a replacement until {formatOrderDate(window.closesAt!)} ({window.days}{' '}
            days after delivery).
          </p>
          <button type="button" className="btn btn--ghost" onClick={() => setOpen(true)}>
            Return or replace
          </button>
        </>
      )}
      {canAsk && open && (
        <ReturnForm
          orderId={orderId}
          lines={lines}
          cashOnDelivery={cashOnDelivery}
          onCancel={() => setOpen(false)}
          onDone={(msg) => {
            setOpen(false);
            setDone(msg);
          }}
        />
      )}
    </section>
  );
}

function Requests({ requests }: { requests: ReturnRequestView[] }) {
  return (
    <ul className="returns__list" data-testid="return-requests">
      {requests.map((r) => (
        <li key={r._id} className="returns__request">
          <p>
            <strong>{r.kind === 'refund' ? 'Return' : 'Replacement'}</strong>{' '}
            <span className="order-page__id">{r._id}</span> ·{' '}
            <span data-testid="return-state">{RETURN_STATE_LABELS[r.state]}</span>
            <span className="muted small"> · {formatOrderDate(r.createdAt)}</span>
          </p>
          <ul className="small">
            {r.lines.map((l) => (
              <li key={l.lineId}>
                {l.qty} × {l.name}
                {l.options ? ` (${l.options})` : ''}
                {l.replacement ? ` → ${l.replacement.label}` : ''}
              </li>
            ))}
          </ul>
          <p className="small muted">Reason: {RETURN_REASON_LABELS[r.reason]}</p>
          {r.pickup && (
            <p className="small">
              Pickup: {r.pickup.carrier}, AWB <span className="order-page__id">{r.pickup.awb}</span>
            </p>
          )}
          {r.rejectReason && <p className="small">Not accepted: {r.rejectReason}</p>}
          {r.notice && <p className="small">{r.notice}</p>}
          {r.kind === 'refund' && r.state !== 'rejected' && (
            <p className="small">
              {r.refund
                ? `Refund of ${formatINR(r.refund.amount)} ${r.refund.state === 'processed' ? 'made' : 'in progress'}`
                : `Refund due once the items are back: ${formatINR(r.refundable)}`}
              {r.refundTo.method === 'upi' && ` to UPI ID ${r.refundTo.upiId}`}
              {r.refundTo.method === 'bank' && ` to account ${r.refundTo.account} (${r.refundTo.ifsc})`}
            </p>
          )}
          {r.toPay > 0 && <p className="small">Price difference to pay on delivery: {formatINR(r.toPay)}</p>}
          {r.replacementOrderId && (
            <p className="small">
              Replacement order{' '}
              <Link to={paths.order.to(r.replacementOrderId)} className="order-page__id">
                {r.replacementOrderId}
              </Link>
            </p>
          )}
          {r.photos.length > 0 && (
            <div className="returns__photos">
              {r.photos.map((p, i) => (
                <img
                  key={p}
                  src={`${env().apiUrl}${p}`}
                  alt={`Your attachment ${i + 1} to request ${r._id}`}
                  width={64}
                  height={64}
                />
              ))}
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

interface Choice {
  qty: number;
  variantId: string;
}

function ReturnForm(props: {
  orderId: string;
  lines: ReturnableLine[];
  cashOnDelivery: boolean;
  onCancel: () => void;
  onDone: (msg: string) => void;
}) {
  const id = useId();
  const [kind, setKind] = useState<ReturnKind>('refund');
  const [reason, setReason] = useState<ReturnReason | ''>('');
  const [comment, setComment] = useState('');
  const [chosen, setChosen] = useState<Record<string, Choice | undefined>>({});
  const [photos, setPhotos] = useState<File[]>([]);
  const [to, setTo] = useState<'upi' | 'bank'>('upi');
  const [upiId, setUpiId] = useState('');
  const [account, setAccount] = useState('');
  const [ifsc, setIfsc] = useState('');
  const [holder, setHolder] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const problemRef = useRef<HTMLParagraphElement>(null);
  const send = useApiMutation(
    (body: Parameters<typeof api.returns.request>[0]['body']) =>
      api.returns.request({ params: { orderId: props.orderId }, body }),
    staleAfter.order,
  );
  useEffect(() => {
    if (problem) problemRef.current?.focus();
  }, [problem]);

  const allowed = (l: ReturnableLine) =>
    l.available > 0 &&
    (l.policy === 'returnable' || (l.policy === 'replacement_only' && kind === 'replacement'));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const lines = props.lines
      .filter((l) => allowed(l) && chosen[l.lineId])
      .map((l) => {
        const c = chosen[l.lineId]!;
        return {
          lineId: l.lineId,
          qty: c.qty,
          ...(kind === 'replacement' && c.variantId ? { variantId: c.variantId } : {}),
        };
      });
    if (!lines.length) return setProblem('Choose at least one item to send back.');
    if (!reason) return setProblem('Choose a reason.');
    if (photos.length > MAX_RETURN_PHOTOS) return setProblem(`Choose at most ${MAX_RETURN_PHOTOS} photos.`);
    const refundTo =
      kind === 'refund' && props.cashOnDelivery
        ? to === 'upi'
          ? { upiId }
          : { bankAccount: account, ifsc, accountName: holder }
        : {};
    setProblem(null);
    try {
      const reply = await send.mutateAsync({
        kind,
        reason,
        comment,
        lines: JSON.stringify(lines),
        ...refundTo,
        photos: photos.map((f) => ({ blob: f, name: f.name })),
      });
      props.onDone(reply.msg);
    } catch (err) {
      setProblem(errorMessage(err, 'Your request could not be sent.'));
    }
  };

  return (
    <form
      className="returns__form"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-labelledby={`${id}-title`}
    >
      <h3 id={`${id}-title`} className="order-page__sub">
        Return or replace items
      </h3>
      <fieldset className="returns__choice">
        <legend>What would you like?</legend>
        <label>
          <input type="radio" name="kind" checked={kind === 'refund'} onChange={() => setKind('refund')} /> A
          refund
        </label>
        <label>
          <input
            type="radio"
            name="kind"
            checked={kind === 'replacement'}
            onChange={() => setKind('replacement')}
          />{' '}
          A replacement
        </label>
      </fieldset>

      <fieldset className="returns__lines">
        <legend>Items</legend>
        {props.lines.map((l) => {
          const c = chosen[l.lineId];
          const can = allowed(l);
          const why = l.openRequest
            ? `Request ${l.openRequest} is open for this item.`
            : l.available === 0
              ? 'Already returned.'
              : l.policy === 'none'
                ? 'This item cannot be returned.'
                : l.policy === 'replacement_only' && kind === 'refund'
                  ? 'This item can be replaced, not refunded.'
                  : null;
          // A replacement costs what was paid or more (the difference paid on delivery), never less.
          const options = l.variants.filter((v) => v.priceDifference >= 0);
          return (
            <div key={l.lineId} className="returns__line">
              <label>
                <input
                  type="checkbox"
                  disabled={!can}
                  checked={can && !!c}
                  onChange={(e) =>
                    setChosen((s) => ({
                      ...s,
                      [l.lineId]: e.target.checked ? { qty: 1, variantId: l.variantId ?? '' } : undefined,
                    }))
                  }
                />{' '}
                {l.name}
                {l.options ? ` (${l.options})` : ''}
              </label>
              {why && <p className="muted small">{why}</p>}
              {can && c && (
                <div className="returns__line-options">
                  <div className="field">
                    <label htmlFor={`${id}-qty-${l.lineId}`}>Units</label>
                    <select
                      id={`${id}-qty-${l.lineId}`}
                      value={c.qty}
                      onChange={(e) =>
                        setChosen((s) => ({ ...s, [l.lineId]: { ...c, qty: Number(e.target.value) } }))
                      }
                    >
                      {Array.from({ length: l.available }, (_, i) => i + 1).map((n) => (
                        <option key={n} value={n}>
                          {n}
                        </option>
                      ))}
                    </select>
                  </div>
                  {kind === 'replacement' && options.length > 1 && (
                    <div className="field">
                      <label htmlFor={`${id}-variant-${l.lineId}`}>Replace with</label>
                      <select
                        id={`${id}-variant-${l.lineId}`}
                        value={c.variantId}
                        onChange={(e) =>
                          setChosen((s) => ({ ...s, [l.lineId]: { ...c, variantId: e.target.value } }))
                        }
                      >
                        {options.map((v) => (
                          <option key={v.variantId} value={v.variantId}>
                            {v.label}
                            {v.variantId === l.variantId ? ' (the same)' : ''}
                            {v.priceDifference > 0
                              ? ` (+${formatINR(v.priceDifference)} each, paid on delivery)`
                              : ''}
                            {v.inStock ? '' : ' – out of stock now, sent when back'}
                          </option>
                        ))}
                      </select>
                    </div>
                  )}
                </div>
              )}
            </div>
          );
        })}
      </fieldset>

      <div className="field">
        <label htmlFor={`${id}-reason`}>Reason</label>
        <select
          id={`${id}-reason`}
          value={reason}
          onChange={(e) => setReason(e.target.value as ReturnReason)}
          required
        >
          <option value="">Choose a reason</option>
          {RETURN_REASONS.map((r) => (
            <option key={r} value={r}>
              {RETURN_REASON_LABELS[r]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-comment`}>
          Comment <span className="field__opt">(optional)</span>
        </label>
        <textarea
          id={`${id}-comment`}
          rows={3}
          maxLength={1000}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-photos`}>
          Photos <span className="field__opt">(optional, up to {MAX_RETURN_PHOTOS})</span>
        </label>
        <input
          id={`${id}-photos`}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif"
          multiple
          onChange={(e) => setPhotos([...(e.target.files ?? [])])}
          aria-describedby={`${id}-photos-hint`}
        />
        <small id={`${id}-photos-hint`} className="muted">
          JPEG, PNG, WebP or AVIF. Show the damage or the label if you can.
        </small>
      </div>

      {kind === 'refund' && props.cashOnDelivery && (
        <fieldset className="returns__choice">
          <legend>Where should we send your refund?</legend>
          <p className="muted small">
            You paid in cash on delivery, so we send the money to your UPI ID or bank.
          </p>
          <label>
            <input type="radio" name="to" checked={to === 'upi'} onChange={() => setTo('upi')} /> To a UPI ID
          </label>
          <label>
            <input type="radio" name="to" checked={to === 'bank'} onChange={() => setTo('bank')} /> To a bank
            account
          </label>
          {to === 'upi' ? (
            <div className="field">
              <label htmlFor={`${id}-upi`}>UPI ID</label>
              <input
                id={`${id}-upi`}
                value={upiId}
                onChange={(e) => setUpiId(e.target.value)}
                placeholder="name@okicici"
                autoComplete="off"
              />
            </div>
          ) : (
            <>
              <div className="field">
                <label htmlFor={`${id}-holder`}>Account holder</label>
                <input id={`${id}-holder`} value={holder} onChange={(e) => setHolder(e.target.value)} />
              </div>
              <div className="field">
                <label htmlFor={`${id}-account`}>Account number</label>
                <input
                  id={`${id}-account`}
                  value={account}
                  inputMode="numeric"
                  onChange={(e) => setAccount(e.target.value)}
                  autoComplete="off"
                />
              </div>
              <div className="field">
                <label htmlFor={`${id}-ifsc`}>IFSC</label>
                <input
                  id={`${id}-ifsc`}
                  value={ifsc}
                  maxLength={11}
                  onChange={(e) => setIfsc(e.target.value.toUpperCase())}
                  placeholder="HDFC0001234"
                  autoComplete="off"
                />
              </div>
            </>
          )}
        </fieldset>
      )}

      {problem && (
        <p ref={problemRef} tabIndex={-1} className="notice notice--error" role="alert">
          {problem}
        </p>
      )}
      <div className="order-page__actions">
        <button
          type="submit"
          className="btn btn--primary"
          disabled={send.isPending}
          aria-busy={send.isPending}
        >
          {send.isPending ? 'Sending…' : 'Send request'}
        </button>
        <button type="button" className="btn btn--ghost" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
