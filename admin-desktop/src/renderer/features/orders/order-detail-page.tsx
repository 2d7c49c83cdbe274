import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '@voltcart/api-client/http';
import { addressLines, type OrderState } from '@voltcart/shared';
import { Fragment, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ObjectHistory } from '../../components/object-history';
import { adminMoves, StateBadge } from '../../components/order-state';
import { ProductCell } from '../../components/product-cell';
import { isFirstLoad, QueryError } from '../../components/query-states';
import { PageHeader, Spinner } from '../../components/states';
import { TableHead } from '../../components/table-head';
import { paths } from '../../config/paths';
import { api } from '../../lib/api';
import { getBridge } from '../../lib/bridge';
import { formatDateTime, formatINR } from '../../lib/format';
import { useApiMutation } from '../../lib/mutations';
import { queries } from '../../lib/queries';
import { staleAfter } from '../../lib/query-keys';
import { useDialog } from '../../stores/dialog';
import { useCan } from '../../stores/session';
import { toast } from '../../stores/toast';
import { OrderDocuments, OrderMails, OrderTimeline } from './order-activity';
import { OrderCourierPanel } from './order-courier-panel';
import { RefundPanel } from './order-refund-panel';
import { ReturnDialog } from './order-return-dialog';
import { OrderSerials } from './order-serials';
import { ShipDialog, type Shipment } from './order-ship-dialog';

/**
 * One order: lines, address, payment, and the moves staff may make from its state (see adminMoves; shipping
 * asks for the carrier and tracking number, a return to origin where the units go; cancelling a paid order, which
 * refunds it, is offered only to a role that may refund). When the API refuses a move anyway (someone else moved
 * the order meanwhile), its message is shown and the order loads again. Tracking details can be corrected after
 * shipping. Below: refunds, the courier booked through a provider (Book courier, label, tracking), invoice and credit notes, the order's e-mails and its timeline.
 */
export function OrderDetailPage() {
  const { orderId = '' } = useParams();
  const order = useQuery(queries.order(orderId));
  const [dialog, setDialog] = useState<'ship' | 'return' | 'tracking' | null>(null);
  const canRefund = useCan('orders.refund');
  const canWrite = useCan('orders.write');
  const setState = useApiMutation(
    (move: { state: OrderState; restock?: boolean } & Partial<Shipment>) =>
      api.order.setState({ params: { orderId }, body: move }),
    staleAfter.order,
    { refreshOnRefusal: true },
  );
  const tracking = useApiMutation(
    (body: Shipment) => api.order.tracking({ params: { orderId }, body }),
    staleAfter.order,
    { refreshOnRefusal: true },
  );
  const details = order.data;
  const o = details?.order;

  const apply = async (move: { state: OrderState; restock?: boolean } & Partial<Shipment>) => {
    try {
      toast.reply(await setState.mutateAsync(move), 'Order updated.');
      return true;
    } catch (e) {
      toast.error(errorMessage(e, 'The order could not be updated.'));
      return false;
    }
  };

  const saveTracking = async (s: Shipment) => {
    try {
      toast.reply(await tracking.mutateAsync(s), 'Tracking details saved.');
      setDialog(null);
    } catch (e) {
      toast.error(errorMessage(e, 'The tracking details could not be saved.'));
    }
  };

  const move = async (to: OrderState) => {
    if (to === 'shipped' || to === 'returned') {
      setDialog(to === 'shipped' ? 'ship' : 'return');
      return;
    }
    if (to === 'cancelled') {
      const ok = await useDialog.getState().open({
        title: 'Cancel this order?',
        text: 'The items go back into stock. What was paid online is refunded in full through Razorpay. This cannot be undone.',
        icon: 'warning',
        confirmText: 'Yes, cancel it',
        cancelText: 'Keep the order',
        danger: true,
      });
      if (!ok) return;
    }
    await apply({ state: to });
  };

  if (isFirstLoad(order)) return <Spinner />;
  if (order.error && !o) return <QueryError query={order} />;
  if (!details || !o) return null;
  const a = o.shipping_details;
  const saved = o.original_total - o.order_total;
  // Cancelling an order whose money the shop holds refunds it: only for a role that may refund.
  const moves = adminMoves(o.state).filter(
    (m) => m.to !== 'cancelled' || canRefund || !(o.payment_mode === 1 && details.payment.refundable > 0),
  );
  const shipped = ['shipped', 'delivered', 'returned'].includes(o.state);
  return (
    <>
      <PageHeader
        title={
          <>
            Order <span className="mono">{o.order_id}</span>
          </>
        }
        subtitle={`Placed ${formatDateTime(o.createdAt)} · updated ${formatDateTime(o.updatedAt)}`}
        actions={
          <Link to={paths.orders} className="btn btn-ghost">
            Back to orders
          </Link>
        }
      />
      <div className="order-bar panel">
        <div>
          <span className="muted small">State</span>
          <div>
            <StateBadge state={o.state} />
          </div>
        </div>
        <div className="order-moves">
          {moves.map((m) => (
            <button
              key={m.to}
              className={`btn ${m.tone}`}
              disabled={setState.isPending}
              onClick={() => move(m.to)}
            >
              {m.label}
            </button>
          ))}
        </div>
      </div>
      <div className="grid-3 order-info">
        <section className="panel">
          <h2>Customer</h2>
          <p className="strong">{o.user?.name ?? '-'}</p>
          <p className="muted">{o.user?.email ?? ''}</p>
        </section>
        <section className="panel">
          <h2>Shipping address</h2>
          {/* The shop's address lines; here each part on its own line, as on a parcel label. */}
          <address>
            {addressLines(a, { line2Apart: true, countryApart: true }).map((line, i) => (
              <Fragment key={i}>
                {i > 0 && <br />}
                {line}
              </Fragment>
            ))}
          </address>
        </section>
        <section className="panel">
          <h2>Payment</h2>
          <dl className="details compact">
            <dt>Mode</dt>
            <dd>{o.payment_mode === 1 ? 'Online (Razorpay)' : 'Cash on delivery'}</dd>
            <dt>Paid</dt>
            <dd>{details.payment.paidAt ? formatDateTime(details.payment.paidAt) : '-'}</dd>
            {(details.payment.carrier || shipped) && (
              <>
                <dt>Shipped with</dt>
                <dd>
                  <span data-testid="shipment">
                    {details.payment.carrier ?? '-'} ·{' '}
                    <span className="mono">{details.payment.trackingNumber ?? '-'}</span>
                  </span>
                  {shipped && canWrite && (
                    <button
                      type="button"
                      className="link-btn edit-tracking"
                      onClick={() => setDialog('tracking')}
                    >
                      Edit tracking
                    </button>
                  )}
                </dd>
              </>
            )}
            <dt>Razorpay order</dt>
            <dd className="mono">{o.razorpay_order_id ?? '-'}</dd>
            <dt>Payment id</dt>
            <dd className="mono">
              {o.razorpay_payment_id ? (
                <button
                  className="link-btn mono"
                  title="Open in the Razorpay dashboard"
                  onClick={() =>
                    void getBridge().app.openExternal(
                      `https://dashboard.razorpay.com/app/payments/${encodeURIComponent(o.razorpay_payment_id!)}`,
                    )
                  }
                >
                  {o.razorpay_payment_id}
                </button>
              ) : (
                '-'
              )}
            </dd>
          </dl>
        </section>
      </div>
      <section className="panel">
        <h2>Items</h2>
        <table className="table">
          <TableHead
            columns={[
              'Product',
              'Options',
              { label: 'Unit price', className: 'num' },
              { label: 'Qty', className: 'num' },
              { label: 'Total', className: 'num' },
            ]}
          />
          <tbody>
            {o.lines.map((l, i) => (
              <tr key={`${l.productId}-${i}`}>
                <td>
                  <ProductCell thumbnail={l.thumbnail}>
                    <span className="strong">{l.name}</span>
                  </ProductCell>
                </td>
                <td>
                  {[l.colorName, l.memorySize ? `${l.memorySize} GB` : null].filter(Boolean).join(' · ') ||
                    '-'}
                </td>
                <td className="num">
                  {formatINR(l.unitPrice)}
                  {l.unitOriginalPrice > l.unitPrice && (
                    <div className="muted small strike">{formatINR(l.unitOriginalPrice)}</div>
                  )}
                </td>
                <td className="num">{l.qty}</td>
                <td className="num strong">{formatINR(l.lineTotal)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            {saved > 0 && (
              <tr>
                <td colSpan={4} className="num muted">
                  Customer saved
                </td>
                <td className="num muted">{formatINR(saved)}</td>
              </tr>
            )}
            <tr>
              <td colSpan={4} className="num strong">
                Order total (GST incl.)
              </td>
              <td className="num strong">{formatINR(o.order_total)}</td>
            </tr>
          </tfoot>
        </table>
        {o.notes && (
          <p className="notes">
            <strong>Notes:</strong> {o.notes}
          </p>
        )}
      </section>
      {canRefund && (details.payment.refundable > 0 || details.refunds.length > 0) && (
        <RefundPanel details={details} />
      )}
      <OrderCourierPanel orderId={o.order_id} state={o.state} canWrite={canWrite} />
      <OrderSerials orderId={o.order_id} canWrite={canWrite} />
      <OrderDocuments orderId={o.order_id} documents={details.documents} />
      <OrderMails orderId={o.order_id} mails={details.mails ?? []} />
      <OrderTimeline timeline={details.timeline} />
      <ObjectHistory kind="order" objectId={orderId} />
      {dialog === 'ship' && (
        <ShipDialog
          busy={setState.isPending}
          onClose={() => setDialog(null)}
          onShip={(s) => void apply({ state: 'shipped', ...s }).then((done) => done && setDialog(null))}
        />
      )}
      {dialog === 'tracking' && (
        <ShipDialog
          busy={tracking.isPending}
          initial={{
            carrier: details.payment.carrier ?? '',
            trackingNumber: details.payment.trackingNumber ?? '',
          }}
          onClose={() => setDialog(null)}
          onShip={(s) => void saveTracking(s)}
        />
      )}
      {dialog === 'return' && (
        <ReturnDialog
          busy={setState.isPending}
          units={o.lines.reduce((n, l) => n + l.qty, 0)}
          onClose={() => setDialog(null)}
          onReturn={(restock) =>
            void apply({ state: 'returned', restock }).then((done) => done && setDialog(null))
          }
        />
      )}
    </>
  );
}
