import { useInfiniteQuery } from '@tanstack/react-query';
import { errorMessage } from '@voltcart/api-client/errors';
import type { Order } from '@voltcart/shared';
import { formatINR, optionsLabel } from '@voltcart/shared';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Loading } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { api } from '../../lib/api';
import { formatOrderDate, orderStateLabel, paymentModeLabel } from '../../lib/order-state';
import { queryKeys } from '../../lib/query-keys';
import { useTitle } from '../../lib/use-title';
import { notify } from '../../stores/notifications-store';
import { endSession, refreshUser } from '../../stores/session-actions';
import { useSession } from '../../stores/session-store';
import { Done, FormProblem, useSubmit } from './account-forms';
import { ProfileEdits } from './profile-edits';
import './account.css';

export function ProfilePage() {
  useTitle('My account');
  const token = useSession((s) => s.userToken);
  const user = useSession((s) => s.data);
  const navigate = useNavigate();
  // Ends this account's sessions on every device (LOG OUT in the header ends this one only).
  const logOutEverywhere = async () => {
    if (await endSession({ everywhere: true })) notify.success('You have been logged out on every device.');
    else
      notify.error(
        'You have been logged out here, but the shop could not be reached to end your other sessions. Log in and try again.',
      );
    navigate(paths.home.to());
  };

  useEffect(() => {
    if (token) void refreshUser();
  }, [token]);

  if (!token || !user) {
    return (
      <div className="container page-message">
        <h1 className="page-message__title">Your account</h1>
        <p className="muted">Log in to see your details, saved addresses and orders.</p>
        <Link to={paths.login.to(paths.profile.to())} className="btn btn--primary">
          Go to login
        </Link>
      </div>
    );
  }

  const addresses = user.shipping_address ?? [];
  return (
    <div className="container profile">
      <h1 className="page-title">My account</h1>
      <div className="profile__layout">
        <section className="card profile__details" aria-labelledby="acct-title">
          <div className="profile__avatar" aria-hidden="true">
            {user.name.slice(0, 1).toUpperCase()}
          </div>
          <h2 id="acct-title" className="visually-hidden">
            Account details
          </h2>
          <dl className="profile__facts">
            <div>
              <dt>Name</dt>
              <dd>{user.name}</dd>
            </div>
            <div>
              <dt>Email</dt>
              <dd>
                {user.email}
                {user.emailVerified === false && <EmailConfirmation />}
              </dd>
            </div>
            <div>
              <dt>Saved addresses</dt>
              <dd>{addresses.length}</dd>
            </div>
          </dl>
          {addresses[0] && (
            <address className="profile__address muted">
              {addresses[0].adressLine1}, {addresses[0].city}, {addresses[0].state} {addresses[0].postalCode}
            </address>
          )}
          <Link to={paths.myAddress.to()} className="btn btn--ghost btn--block">
            My Address
          </Link>
          <button type="button" className="btn btn--ghost btn--block" onClick={logOutEverywhere}>
            Log out on every device
          </button>
        </section>
        <OrderHistory />
      </div>
      <ProfileEdits key={user._id} name={user.name} reminderMails={user.reminderMails !== false} />
    </div>
  );
}

/** An address not confirmed yet: says so, and mails a new link on request. */
function EmailConfirmation() {
  const [sent, setSent] = useState<string | null>(null);
  const { busy, problem, submit } = useSubmit(
    () => api.user.sendVerification(),
    (reply) => setSent(reply.msg),
  );
  return (
    <div className="profile__verify">
      <p className="muted">Not confirmed yet.</p>
      {sent ? (
        <Done>{sent}</Done>
      ) : (
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          onClick={() => void submit()}
          disabled={busy}
        >
          Send me a confirmation link
        </button>
      )}
      <FormProblem problem={problem} />
    </div>
  );
}

const ORDERS_PAGE = 10;

/** The shopper's orders, newest first, ten at a time ("Show older orders" adds the next ten). */
function OrderHistory() {
  const history = useInfiniteQuery({
    queryKey: queryKeys.orders.mine(ORDERS_PAGE),
    queryFn: ({ pageParam, signal }) =>
      api.order.mine({ query: { page: pageParam, limit: ORDERS_PAGE } }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last, _all, page) => (last.hasMore ? page + 1 : undefined),
  });
  const orders: Order[] | null = history.data ? history.data.pages.flatMap((p) => p.orders) : null;
  const hasMore = history.hasNextPage;
  const error = history.error ? errorMessage(history.error, 'Your orders could not be loaded.') : null;

  return (
    <section className="profile__orders" aria-labelledby="orders-title">
      <h2 id="orders-title" className="section-title section-title--small">
        Order history
      </h2>
      {error ? (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      ) : orders === null ? (
        <Loading label="Loading your orders" />
      ) : orders.length === 0 ? (
        <div className="card empty">
          <p className="empty__title">You have not placed any orders yet.</p>
          <Link to={paths.store.to()} className="btn btn--primary">
            Continue Shopping
          </Link>
        </div>
      ) : (
        <>
          <ul className="orders">
            {orders.map((o) => (
              <OrderCard key={o.order_id} order={o} />
            ))}
          </ul>
          {hasMore && (
            <button type="button" className="btn btn--ghost" onClick={() => void history.fetchNextPage()}>
              Show older orders
            </button>
          )}
        </>
      )}
    </section>
  );
}

function OrderCard({ order }: { order: Order }) {
  const state = orderStateLabel(order.state);
  return (
    <li className="card order" data-testid="order" data-order-id={order.order_id}>
      <div className="order__head">
        <div>
          <p className="order__id">
            Order <strong>{order.order_id}</strong>
          </p>
          <p className="muted small">{formatOrderDate(order.createdAt)}</p>
        </div>
        <span className={`state-badge state-badge--${state.tone}`}>{state.label}</span>
      </div>
      <ul className="order__lines">
        {order.lines.map((l, i) => (
          <li key={`${l.productId}-${i}`}>
            <span>
              {l.name}
              {(l.colorName || l.memorySize) && (
                <small className="muted"> {optionsLabel(l.colorName, l.memorySize)}</small>
              )}
              <small className="muted"> × {l.qty}</small>
            </span>
            <span>{formatINR(l.lineTotal)}</span>
          </li>
        ))}
      </ul>
      <div className="order__foot">
        <span className="muted">{paymentModeLabel(order.payment_mode)}</span>
        <span>
          Total <strong>{formatINR(order.order_total)}</strong>
        </span>
        <Link to={paths.order.to(order.order_id)} className="btn btn--ghost btn--sm">
          View order<span className="visually-hidden"> {order.order_id}</span>
        </Link>
      </div>
    </li>
  );
}
