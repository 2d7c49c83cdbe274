import { useQuery } from '@tanstack/react-query';
import { formatINR } from '@voltcart/shared';
import { Link, useParams } from 'react-router-dom';
import { CheckIcon } from '../../components/ui/icons';
import { paths } from '../../config/paths';
import { queries } from '../../lib/queries';
import { useTitle } from '../../lib/use-title';
import { useSession } from '../../stores/session-store';
import './checkout.css';

export function ThankYouPage() {
  useTitle('Thank you');
  const { orderId = '' } = useParams();
  const loggedIn = useSession((s) => Boolean(s.userToken));
  // The order's details are a bonus: the page works from the id alone.
  const order = useQuery({ ...queries.order(orderId), enabled: loggedIn && Boolean(orderId) }).data?.order;

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
