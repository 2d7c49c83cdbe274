import { useQuery } from '@tanstack/react-query';
import { ApiError } from '@voltcart/api-client/errors';
import { formatINR } from '@voltcart/shared';
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
        {order && (
          <p className="muted">
            {order.payment_mode === 1 ? 'Paid online' : 'Cash on Delivery'} · Total{' '}
            {formatINR(order.order_total)}
          </p>
        )}
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
