import { useQuery } from '@tanstack/react-query';
import { ApiError, errorMessage } from '@voltcart/api-client/errors';
import type { OrderDetails, OrderDocument } from '@voltcart/shared';
import { estimatePhrase, formatINR, optionsLabel, trackingUrl } from '@voltcart/shared';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { AddressBlock } from '../../components/address-block';
import { DiscountRows } from '../../components/discount-code';
import { Dialog } from '../../components/ui/dialog';
import { ProductImage } from '../../components/ui/product-image';
import { Loading } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { api, orderDocument } from '../../lib/api';
import { productImage } from '../../lib/images';
import { useApiMutation } from '../../lib/mutations';
import {
  canCancel,
  canPayNow,
  formatOrderDate,
  orderEventLabel,
  orderStateLabel,
  paymentModeLabel,
} from '../../lib/order-state';
import { queries } from '../../lib/queries';
import { staleAfter } from '../../lib/query-keys';
import { useTitle } from '../../lib/use-title';
import { useCart } from '../../stores/cart-store';
import { notify } from '../../stores/notifications-store';
import { useSession } from '../../stores/session-store';
import { OrderReturns } from './order-returns';
import { useOrderPayment } from './use-order-payment';
import './checkout.css';

type Message = { tone: 'error' | 'success'; text: string };

/**
 * The shopper's order: its lines, address, payment, timeline and documents; Cancel until it ships, and
 * Pay now for an online order still waiting for its payment (the same order, see useOrderPayment).
 */
export function OrderPage() {
  const { orderId = '' } = useParams();
  useTitle(`Order ${orderId}`);
  const token = useSession((s) => s.userToken);
  const details = useQuery({ ...queries.order(orderId), enabled: Boolean(token && orderId) });
  const payment = useOrderPayment();
  const [message, setMessage] = useState<Message | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [paying, setPaying] = useState(false);
  const messageRef = useRef<HTMLDivElement>(null);
  const cancel = useApiMutation(() => api.order.cancel({ params: { orderId }, body: {} }), staleAfter.order);
  const payNow = useApiMutation(() => api.order.payNow({ params: { orderId } }), staleAfter.order);

  // What an action led to is read where the shopper is: focus moves to the message.
  useEffect(() => {
    if (message) messageRef.current?.focus();
  }, [message]);

  // Logged out (a mail's "View your order" link): log in, then come back to this order.
  if (!token) return <Navigate to={paths.login.to(paths.order.to(orderId))} replace />;
  if (details.error && !details.data) {
    const missing = details.error instanceof ApiError && details.error.status === 404;
    return (
      <div className="container page-message">
        <h1 className="page-message__title">
          {missing ? 'Order not found.' : 'Your order could not be loaded.'}
        </h1>
        <p className="muted">
          {missing ? 'There is no order with this number in your account.' : errorMessage(details.error)}
        </p>
        <Link to={paths.profile.to()} className="btn btn--primary">
          My orders
        </Link>
      </div>
    );
  }
  if (!details.data) return <Loading label="Loading your order" />;

  const { order, timeline, payment: money, refunds, documents } = details.data;
  const state = orderStateLabel(order.state);
  const a = order.shipping_details;

  const doCancel = async () => {
    setConfirming(false);
    try {
      const reply = await cancel.mutateAsync();
      setMessage({ tone: 'success', text: reply.msg ?? 'Order cancelled.' });
    } catch (e) {
      setMessage({ tone: 'error', text: errorMessage(e, 'The order could not be cancelled.') });
    }
  };

  const doPay = async () => {
    setMessage(null);
    setPaying(true);
    try {
      const reply = await payNow.mutateAsync();
      const result = await payment.pay(reply.order_id, reply.payment, a.contact);
      setMessage(
        result.ok
          ? { tone: 'success', text: 'Payment received. Thank you!' }
          : { tone: 'error', text: `Payment failed. ${result.reason}` },
      );
    } catch (e) {
      setMessage({ tone: 'error', text: errorMessage(e, 'The payment could not be started.') });
    } finally {
      setPaying(false);
      // Pay now takes the order's lines out of the cart; a failed payment puts them back.
      void useCart.getState().loadFromServer();
    }
  };

  const busy = cancel.isPending || paying;
  return (
    <div className="container order-page">
      <p className="order-page__back">
        <Link to={paths.profile.to()}>← My orders</Link>
      </p>
      <div className="order-page__head">
        <div>
          <h1 className="page-title">
            Order <span className="order-page__id">{order.order_id}</span>
          </h1>
          <p className="muted">Placed {formatOrderDate(order.createdAt)}</p>
        </div>
        <span className={`state-badge state-badge--${state.tone}`} data-testid="order-state">
          {state.label}
        </span>
      </div>

      {message && (
        <div
          ref={messageRef}
          tabIndex={-1}
          role={message.tone === 'error' ? 'alert' : 'status'}
          className={`notice ${message.tone === 'error' ? 'notice--error' : 'notice--success'}`}
          data-testid="order-message"
        >
          <p>{message.text}</p>
        </div>
      )}

      {(canPayNow(order) || canCancel(order.state)) && (
        <div className="order-page__actions">
          {canPayNow(order) && (
            <button type="button" className="btn btn--primary" disabled={busy} onClick={() => void doPay()}>
              {paying ? 'Opening payment…' : `Pay now ${formatINR(order.order_total)}`}
            </button>
          )}
          {canCancel(order.state) && (
            <button
              type="button"
              className="btn btn--danger-ghost"
              disabled={busy}
              onClick={() => setConfirming(true)}
            >
              {cancel.isPending ? 'Cancelling…' : 'Cancel order'}
            </button>
          )}
        </div>
      )}

      {(order.state === 'delivered' || order.state === 'refunded') && (
        <OrderReturns orderId={order.order_id} cashOnDelivery={order.payment_mode === 0} />
      )}

      <div className="order-page__layout">
        <section className="card order-page__block" aria-labelledby="order-items">
          <h2 id="order-items">Items</h2>
          <ul className="order-page__lines">
            {order.lines.map((l, i) => (
              <li key={`${l.productId}-${i}`}>
                <ProductImage src={productImage(l.thumbnail, 'sm')} alt="" width={64} height={64} />
                <div>
                  <Link to={paths.product.to(l.productId)} className="order-page__name">
                    {l.name}
                  </Link>
                  <p className="muted small">
                    {[optionsLabel(l.colorName, l.memorySize), l.sku ? `SKU ${l.sku}` : null]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                  <p className="small">
                    {formatINR(l.unitPrice)} × {l.qty}
                  </p>
                </div>
                <span className="order-page__name">{formatINR(l.lineTotal)}</span>
              </li>
            ))}
          </ul>
          <dl className="summary__rows">
            <div>
              <dt>Shipping</dt>
              {order.shipping > 0 ? (
                <dd data-testid="order-shipping">{formatINR(order.shipping)}</dd>
              ) : (
                <dd className="text-success" data-testid="order-shipping">
                  FREE
                </dd>
              )}
            </div>
            {order.cod_fee > 0 && (
              <div>
                <dt>Cash on delivery fee</dt>
                <dd>{formatINR(order.cod_fee)}</dd>
              </div>
            )}
            {order.you_save > 0 && (
              <div className="summary__save">
                <dt>You saved</dt>
                <dd>{formatINR(order.you_save)}</dd>
              </div>
            )}
            <DiscountRows discounts={order.discounts} />
            <div className="summary__total">
              <dt>Order total (GST incl.)</dt>
              <dd>{formatINR(order.order_total)}</dd>
            </div>
          </dl>
        </section>

        <div className="order-page__side">
          <section className="card order-page__block" aria-labelledby="order-address">
            <h2 id="order-address">Delivery address</h2>
            {order.delivery_estimate && ['placed', 'paid', 'shipped'].includes(order.state) && (
              <p data-testid="order-estimate">
                <strong>{estimatePhrase(order.delivery_estimate)}</strong>
              </p>
            )}
            <AddressBlock address={a} layout={{ name: true, landmark: true }} />
          </section>

          <section className="card order-page__block" aria-labelledby="order-payment">
            <h2 id="order-payment">Payment</h2>
            <dl className="order-page__facts">
              <div>
                <dt>Method</dt>
                <dd>{paymentModeLabel(order.payment_mode)}</dd>
              </div>
              {money.paidAt && (
                <div>
                  <dt>Paid</dt>
                  <dd>{formatOrderDate(money.paidAt)}</dd>
                </div>
              )}
              {money.refunded > 0 && (
                <div>
                  <dt>Refunded</dt>
                  <dd>{formatINR(money.refunded)}</dd>
                </div>
              )}
              {money.carrier && (
                <div>
                  <dt>Carrier</dt>
                  <dd>{money.carrier}</dd>
                </div>
              )}
              {money.trackingNumber && (
                <div>
                  <dt>Tracking number</dt>
                  <dd className="order-page__id">{money.trackingNumber}</dd>
                </div>
              )}
            </dl>
            {trackingUrl(money.carrier, money.trackingNumber) && (
              <p>
                <a
                  href={trackingUrl(money.carrier, money.trackingNumber)!}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  Track your parcel
                </a>
              </p>
            )}
            {refunds.length > 0 && <Refunds refunds={refunds} />}
            {documents.length > 0 && <Documents orderId={order.order_id} documents={documents} />}
          </section>

          <section className="card order-page__block" aria-labelledby="order-timeline">
            <h2 id="order-timeline">Timeline</h2>
            <ol className="timeline" data-testid="timeline">
              {timeline.map((e, i) => (
                <li key={`${e.event}-${i}`}>
                  <span className="order-page__name">{orderEventLabel(e.event)}</span>
                  <time dateTime={e.at} className="muted small">
                    {formatOrderDate(e.at)}
                  </time>
                </li>
              ))}
            </ol>
          </section>
        </div>
      </div>

      {confirming && (
        <Dialog
          title="Cancel this order?"
          onDismiss={() => setConfirming(false)}
          footer={
            <>
              <button
                type="button"
                className="btn btn--ghost"
                onClick={() => setConfirming(false)}
                data-autofocus
              >
                Keep the order
              </button>
              <button type="button" className="btn btn--danger" onClick={() => void doCancel()}>
                Yes, cancel it
              </button>
            </>
          }
        >
          <p>
            {order.state === 'paid'
              ? `Your payment of ${formatINR(order.order_total)} is refunded to your original payment method.`
              : 'Nothing is charged for this order.'}
          </p>
        </Dialog>
      )}
      {payment.dialog}
    </div>
  );
}

const REFUND_STATE = { pending: 'in progress', processed: 'done', failed: 'delayed' } as const;

function Refunds({ refunds }: { refunds: OrderDetails['refunds'] }) {
  return (
    <>
      <h3 className="order-page__sub">Refunds</h3>
      <ul className="order-page__list" data-testid="refunds">
        {refunds.map((r) => (
          <li key={r._id}>
            {formatINR(r.amount)} · {REFUND_STATE[r.state]}
            <span className="muted small"> · {formatOrderDate(r.createdAt)}</span>
          </li>
        ))}
      </ul>
    </>
  );
}

/** Invoice and credit notes: the PDF needs the shopper's token, so it comes through the client as a file. */
function Documents({ orderId, documents }: { orderId: string; documents: OrderDocument[] }) {
  const [loading, setLoading] = useState<string | null>(null);
  const download = async (doc: OrderDocument) => {
    setLoading(doc.number);
    try {
      const file = await orderDocument(orderId, doc.kind === 'invoice' ? undefined : doc.number);
      const url = URL.createObjectURL(file.blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = file.fileName;
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (e) {
      notify.error(errorMessage(e, 'The document could not be downloaded.'));
    } finally {
      setLoading(null);
    }
  };
  return (
    <>
      <h3 className="order-page__sub">Documents</h3>
      <ul className="order-page__list" data-testid="documents">
        {documents.map((d) => (
          <li key={d.number}>
            <button
              type="button"
              className="link-btn"
              disabled={loading === d.number}
              aria-busy={loading === d.number}
              onClick={() => void download(d)}
            >
              {d.title ?? (d.kind === 'invoice' ? 'Tax invoice' : 'Credit note')} {d.number} (PDF)
            </button>
            <span className="muted small"> · {formatINR(d.total)}</span>
          </li>
        ))}
      </ul>
    </>
  );
}
