import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '@voltcart/api-client/errors';
import type { AccountExport } from '@voltcart/shared';
import { formatINR } from '@voltcart/shared';
import { Link } from 'react-router-dom';
import { Loading } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { api } from '../../lib/api';
import { useTitle } from '../../lib/use-title';
import { useSession } from '../../stores/session-store';
import './account.css';

/** Saves the export as a JSON file (the machine-readable copy). */
function downloadJson(data: AccountExport) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `my-data-${data.exportedAt.slice(0, 10)}.json`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** "Download my data": everything the shop keeps about the shopper, readable, and as JSON. */
export function MyDataPage() {
  useTitle('My data');
  const token = useSession((s) => s.userToken);
  const q = useQuery({
    queryKey: ['user', 'data'],
    queryFn: async () => (await api.user.exportData()).data,
    enabled: Boolean(token),
    staleTime: 0,
  });
  if (!token) {
    return (
      <div className="container page-message">
        <h1 className="page-message__title">My data</h1>
        <Link to={paths.login.to(paths.myData.to())} className="btn btn--primary">
          Log in to see your data
        </Link>
      </div>
    );
  }
  if (q.isPending) return <Loading />;
  if (q.isError) return <p className="container auth__problem">{errorMessage(q.error)}</p>;
  const d = q.data;
  return (
    <div className="container my-data">
      <h1 className="page-title">My data</h1>
      <p className="muted">
        Everything we keep about you, as of {new Date(d.exportedAt).toLocaleString('en-IN')}.
      </p>
      <p>
        <button type="button" className="btn btn--primary" onClick={() => downloadJson(d)}>
          Download as JSON
        </button>{' '}
        <button type="button" className="btn btn--ghost" onClick={() => window.print()}>
          Print or save as PDF
        </button>
      </p>
      <section className="card profile__details" aria-labelledby="data-profile">
        <h2 id="data-profile">Profile</h2>
        <p>
          {d.profile.name} · {d.profile.email} · customer since{' '}
          {new Date(d.profile.createdAt).toLocaleDateString('en-IN')} · newsletter:{' '}
          {d.newsletter ? 'yes' : 'no'}
        </p>
      </section>
      <section className="card profile__details" aria-labelledby="data-addresses">
        <h2 id="data-addresses">Saved addresses ({d.addresses.length})</h2>
        {d.addresses.length === 0 ? (
          <p className="muted">None.</p>
        ) : (
          <ul>
            {d.addresses.map((a) => (
              <li key={a._id}>
                {[a.adressLine1, a.adressLine2, a.city, a.state, a.postalCode, a.country, a.contact]
                  .filter(Boolean)
                  .join(', ')}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="card profile__details" aria-labelledby="data-orders">
        <h2 id="data-orders">Orders ({d.orders.length})</h2>
        {d.orders.length === 0 ? (
          <p className="muted">None.</p>
        ) : (
          <table>
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Placed</th>
                <th scope="col">State</th>
                <th scope="col">Items</th>
                <th scope="col">Total</th>
              </tr>
            </thead>
            <tbody>
              {d.orders.map((o) => (
                <tr key={o._id}>
                  <td>{o._id}</td>
                  <td>{new Date(o.placedAt).toLocaleDateString('en-IN')}</td>
                  <td>{o.state}</td>
                  <td>
                    {o.lines
                      .map((l) => `${l.qty} × ${l.name}${l.options ? ` (${l.options})` : ''}`)
                      .join('; ')}
                  </td>
                  <td>{formatINR(o.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
