import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '@voltcart/api-client/http';
import { Link, useParams } from 'react-router-dom';
import { ObjectHistory } from '../../components/object-history';
import { StateBadge } from '../../components/order-state';
import { QueryError } from '../../components/query-states';
import { PageHeader, Spinner } from '../../components/states';
import { TableHead } from '../../components/table-head';
import { paths } from '../../config/paths';
import { api } from '../../lib/api';
import { formatDate, formatDateTime, formatINR } from '../../lib/format';
import { useApiMutation } from '../../lib/mutations';
import { queries } from '../../lib/queries';
import { staleAfter } from '../../lib/query-keys';
import { confirmWarning } from '../../stores/dialog';
import { useCan } from '../../stores/session';
import { toast } from '../../stores/toast';

/**
 * One customer: the account, addresses, latest orders and totals; block or unblock (GET / PUT /admin/users/:id);
 * the customer's own history (blocks and unblocks) for roles that may read it.
 */
export function CustomerPage() {
  const { id = '' } = useParams();
  const detail = useQuery(queries.customer(id));
  const canBlock = useCan('customers.write');
  const block = useApiMutation(
    (blocked: boolean) => api.customer.setBlocked({ params: { userId: id }, body: { blocked } }),
    staleAfter.customer,
  );
  const data = detail.data;
  const c = data?.customer;

  const toggle = async () => {
    if (!c) return;
    const blocking = !c.blocked;
    const ok = await confirmWarning({
      title: blocking ? `Block ${c.name}?` : `Unblock ${c.name}?`,
      text: blocking
        ? 'They will be logged out everywhere at once and cannot log in or order until you unblock them.'
        : 'They will be able to log in and order again.',
      confirmText: blocking ? 'Block' : 'Unblock',
      danger: blocking,
    });
    if (!ok) return;
    try {
      toast.success((await block.mutateAsync(blocking)).msg);
    } catch (e) {
      toast.error(errorMessage(e));
    }
  };

  return (
    <>
      <PageHeader
        title={c ? c.name : 'Customer'}
        subtitle={c ? c.email : undefined}
        actions={
          c &&
          canBlock && (
            <button
              className={`btn ${c.blocked ? 'btn-primary' : 'btn-danger'}`}
              onClick={toggle}
              disabled={block.isPending}
            >
              {c.blocked ? 'Unblock' : 'Block'}
            </button>
          )
        }
      />
      <p>
        <Link to={paths.users}>← All customers</Link>
      </p>
      <QueryError query={detail} />
      {!data || !c ? (
        !detail.error && <Spinner />
      ) : (
        <>
          <section className="panel" aria-labelledby="customer-details">
            <h2 id="customer-details">Details</h2>
            <dl className="csv-counts">
              <div>
                <dt>Status</dt>
                <dd>{c.blocked ? 'Blocked' : 'Active'}</dd>
              </div>
              <div>
                <dt>Joined</dt>
                <dd>{formatDate(c.createdAt)}</dd>
              </div>
              <div>
                <dt>Orders</dt>
                <dd>{data.totals.orders}</dd>
              </div>
              <div>
                <dt title="Paid online, or cash collected on delivery, less refunds (as the dashboard's revenue)">
                  Spent
                </dt>
                <dd>{formatINR(data.totals.spent)}</dd>
              </div>
            </dl>
            {c.blockedAt && <p className="muted">Blocked on {formatDateTime(c.blockedAt)}.</p>}
          </section>
          <section className="panel" aria-labelledby="customer-addresses">
            <h2 id="customer-addresses">Addresses</h2>
            {data.addresses.length === 0 ? (
              <p className="empty">No saved addresses.</p>
            ) : (
              <ul className="plain-list">
                {data.addresses.map((a) => (
                  <li key={a._id}>
                    {[a.adressLine1, a.adressLine2, a.city, a.state, a.postalCode, a.country]
                      .filter(Boolean)
                      .join(', ')}{' '}
                    · {a.contact}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section className="panel" aria-labelledby="customer-orders">
            <h2 id="customer-orders">Orders</h2>
            {data.orders.length === 0 ? (
              <p className="empty">No orders yet.</p>
            ) : (
              <table className="table">
                <TableHead
                  columns={['Order', 'Date', 'Payment', 'State', { label: 'Total', className: 'num' }]}
                />
                <tbody>
                  {data.orders.map((o) => (
                    <tr key={o._id}>
                      <td className="mono">
                        <Link to={paths.order(o.order_id)}>{o.order_id}</Link>
                      </td>
                      <td>{formatDateTime(o.createdAt)}</td>
                      <td>{o.payment_mode === 1 ? 'Online' : 'Cash on delivery'}</td>
                      <td>
                        <StateBadge state={o.state} />
                      </td>
                      <td className="num">{formatINR(o.order_total)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
          <ObjectHistory kind="customer" objectId={id} />
        </>
      )}
    </>
  );
}
