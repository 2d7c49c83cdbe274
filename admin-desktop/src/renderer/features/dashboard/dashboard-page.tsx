import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import { isFirstLoad, QueryError } from '../../components/query-states';
import { PageHeader, Spinner } from '../../components/states';
import { paths } from '../../config/paths';
import { formatDateTime, formatINR } from '../../lib/format';
import { queries } from '../../lib/queries';
import { StateBadge } from '../orders/order-state';

const count = new Intl.NumberFormat('en-IN');

/** The dashboard: real figures from GET /admin/metrics (seed's static cards made live) and the latest orders. */
export function DashboardPage() {
  const navigate = useNavigate();
  const metrics = useQuery(queries.metrics());
  const recent = useQuery({ ...queries.orders({ limit: 6, page: 1 }), select: (d) => d.orders });
  const m = metrics.data;
  return (
    <>
      <PageHeader title="Dashboard" subtitle="Today at Voltcart" />
      <QueryError query={metrics} />
      <div className="cards">
        <div className="card stat stat-users">
          <span className="stat-label">Users</span>
          <strong className="stat-value" data-testid="metric-customers">
            {m ? count.format(m.customers) : '…'}
          </strong>
          <span className="stat-note">registered customers</span>
        </div>
        <div className="card stat stat-revenue">
          <span className="stat-label">Revenue</span>
          <strong className="stat-value" data-testid="metric-revenue">
            {m ? formatINR(m.revenue) : '…'}
          </strong>
          <span className="stat-note">total income</span>
        </div>
        <div className="card stat stat-orders">
          <span className="stat-label">Orders</span>
          <strong className="stat-value" data-testid="metric-orders-to-ship">
            {m ? count.format(m.ordersToShip) : '…'}
          </strong>
          <span className="stat-note">
            waiting to ship{m ? ` · ${count.format(m.orders)} orders in all` : ''}
          </span>
        </div>
      </div>

      <section className="panel">
        <div className="panel-head">
          <h2>Latest orders</h2>
          <Link to={paths.orders} className="btn btn-ghost btn-sm">
            All orders
          </Link>
        </div>
        {isFirstLoad(recent) ? (
          <Spinner />
        ) : recent.error && !recent.isFetching ? (
          <QueryError query={recent} />
        ) : recent.data?.length ? (
          <table className="table table-stack">
            <thead>
              <tr>
                <th>Order</th>
                <th>Date</th>
                <th>Customer</th>
                <th className="num">Total</th>
                <th>State</th>
              </tr>
            </thead>
            <tbody>
              {recent.data.map((o) => (
                <tr
                  key={o.order_id}
                  className="clickable"
                  tabIndex={0}
                  onClick={() => navigate(paths.order(o.order_id))}
                  onKeyDown={(e) => e.key === 'Enter' && navigate(paths.order(o.order_id))}
                >
                  <td className="mono" data-label="Order">
                    {o.order_id}
                  </td>
                  <td data-label="Date">{formatDateTime(o.createdAt)}</td>
                  <td data-label="Customer">
                    <div className="customer-cell ellipsis" title={o.user?.email}>
                      {o.user?.email ?? '-'}
                    </div>
                  </td>
                  <td className="num" data-label="Total">
                    {formatINR(o.order_total)}
                  </td>
                  <td data-label="State">
                    <StateBadge state={o.state} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="empty">No orders yet.</p>
        )}
      </section>
    </>
  );
}
