import { useQuery } from '@tanstack/react-query';
import { ApiError } from '@voltcart/api-client/errors';
import type { Order } from '@voltcart/shared';
import { formatINR, optionsLabel } from '@voltcart/shared';
import { Link, useParams } from 'react-router-dom';
import { CheckIcon } from '../../components/ui/icons';
import { Loading } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { queries } from '../../lib/queries';
import { useTitle } from '../../lib/use-title';
import { useSession } from '../../stores/session-store';
import './checkout.css';

export function ThankYouPage() {
  const { orderId = '' } = useParams();
  const loggedIn = useSession((s) => Boolean(s.userToken));
  // Thanks only for an order of the shopper's own: the API answers 404 for one that is not theirs or does not exist.
  const { data, error, isPending } = useQuery({
    ...queries.order(orderId),
    enabled: loggedIn && Boolean(orderId),
  });
  const order = data?.order;
  const unknown = !loggedIn || (error instanceof ApiError && (error.status === 404 || error.status === 400));
  useTitle(unknown ? 'Order not found' : 'Thank you');

  if (unknown) {
    return (
      <div className="container page-message">
        <h1 className="page-message__title">We could not find this order.</h1>
        <p className="muted">
          {loggedIn
            ? 'It does not exist, or it was placed from another account.'
            : 'Log in with the account you ordered from to see it.'}
        </p>
        {loggedIn ? (
          <Link to={paths.profile.to()} className="btn btn--primary">
            View my orders
          </Link>
        ) : (
          <Link to={paths.store.to()} className="btn btn--primary">
            Continue Shopping
          </Link>
        )}
      </div>
    );
  }
  if (loggedIn && isPending) return <Loading />;

  return (
    <div className="container thank-you">
      <div className="thank-you__card card">
        <span className="thank-you__icon" aria-hidden="true">
          <CheckIcon size={36} />
        </span>
        <h1 className="page-title">Thank you for your order!</h1>
        <p>
          Your order ID is{' '}
          <strong className="thank-you__id" data-testid="order-id">
            {orderId}
          </strong>
        </p>
        {order && <OrderSummary order={order} />}
        <p className="muted">We will let you know as soon as it ships. You can follow it in your profile.</p>
        <div className="thank-you__actions">
          <Link to={paths.store.to()} className="btn btn--primary">
            Continue Shopping
          </Link>
          {loggedIn && (
            <Link to={paths.order.to(orderId)} className="btn btn--ghost">
              View this order
            </Link>
          )}
        </div>
      </div>
    </div>
  );
}

/** How the order is paid, in the shopper's words. */
function paymentText(order: Order): string {
  if (order.payment_mode === 0)
    return `Cash on delivery: pay ${formatINR(order.order_total)} when it arrives`;
  if (order.state === 'pending_payment') return 'Online payment: waiting for the payment';
  if (order.state === 'payment_failed') return 'Online payment: the payment failed';
  return 'Paid online';
}

/** What was ordered (name, colour and memory, quantity, line total), the total and how it is paid. */
function OrderSummary({ order }: { order: Order }) {
  return (
    <section className="thank-you__summary" aria-labelledby="thank-you-items">
      <h2 id="thank-you-items" className="thank-you__summary-title">
        Your order
      </h2>
      <ul className="thank-you__lines">
        {order.lines.map((l, i) => {
          const options = optionsLabel(l.colorName, l.memorySize);
          return (
            <li key={`${l.productId}-${i}`} className="thank-you__line">
              <span>
                {l.name}
                {options && <small className="muted"> {options}</small>}
                <small className="muted"> × {l.qty}</small>
              </span>
              <span className="thank-you__amount">{formatINR(l.lineTotal)}</span>
            </li>
          );
        })}
      </ul>
      {order.discounts
        .filter((d) => d.amount > 0)
        .map((d, i) => (
          <p key={`${d.label}-${i}`} className="thank-you__line" data-testid="discount-line">
            <span>{d.label}</span>
            <span className="thank-you__amount">−{formatINR(d.amount)}</span>
          </p>
        ))}
      <p className="thank-you__line thank-you__total">
        <span>Total</span>
        <span className="thank-you__amount" data-testid="thank-you-total">
          {formatINR(order.order_total)}
        </span>
      </p>
      <p className="thank-you__payment" data-testid="payment-method">
        {paymentText(order)}
      </p>
    </section>
  );
}
