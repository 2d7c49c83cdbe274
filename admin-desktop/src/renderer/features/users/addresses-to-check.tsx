import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '@voltcart/api-client/http';
import { type AddressToCheck, GST_STATES } from '@voltcart/shared';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { TableHead } from '../../components/table-head';
import { paths } from '../../config/paths';
import { api } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { useApiMutation } from '../../lib/mutations';
import { queries } from '../../lib/queries';
import { staleAfter } from '../../lib/query-keys';
import { useCan } from '../../stores/session';
import { toast } from '../../stores/toast';

/**
 * "Addresses to check (N)" on the customer list: saved addresses and orders whose state could not be matched to a
 * state or union territory when addresses moved to pincodes. A saved address gets its state chosen from the list
 * (the API checks it against the pincode); an order keeps the address it was sent to and is listed for reference.
 * Nothing is shown when there is nothing to check.
 */
export function AddressesToCheck() {
  const list = useQuery(queries.addressesToCheck());
  const canFix = useCan('customers.write');
  const data = list.data;
  if (!data) return null;
  const count = data.total.addresses + data.total.orders;
  if (count === 0) return null;
  return (
    <details className="panel" aria-label="Addresses to check">
      <summary className="strong">Addresses to check ({count})</summary>
      <p className="muted">
        Their state did not match any state or union territory and was left as typed. Choose the right one: it
        is checked against the pincode.
      </p>
      {data.addresses.length > 0 && (
        <table className="table">
          <caption>Saved addresses ({data.total.addresses})</caption>
          <thead>
            <tr>
              <th>Customer</th>
              <th>Address</th>
              <th>State as typed</th>
              {canFix && <th>State</th>}
            </tr>
          </thead>
          <tbody>
            {data.addresses.map((a) => (
              <AddressRow key={a._id} address={a} canFix={canFix} />
            ))}
          </tbody>
        </table>
      )}
      {data.orders.length > 0 && (
        <table className="table">
          <caption>Orders ({data.total.orders}): shipped to the address as typed</caption>
          <TableHead columns={['Order', 'Customer', 'Address', 'State as typed', 'Placed']} />
          <tbody>
            {data.orders.map((o) => (
              <tr key={o._id}>
                <td>
                  <Link to={paths.order(o._id)}>{o._id}</Link>
                </td>
                <td>
                  <Link to={paths.customer(o.customer._id)}>{o.customer.name}</Link>
                </td>
                <td>{o.address}</td>
                <td>{o.state}</td>
                <td>{formatDate(o.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </details>
  );
}

function AddressRow({ address: a, canFix }: { address: AddressToCheck; canFix: boolean }) {
  const [code, setCode] = useState('');
  const fix = useApiMutation(
    (stateCode: string) =>
      api.customer.fixAddressState({ params: { addressId: a._id }, body: { stateCode } }),
    staleAfter.customer,
  );
  const save = async () => {
    try {
      toast.success((await fix.mutateAsync(code)).msg);
    } catch (e) {
      toast.error(errorMessage(e));
    }
  };
  return (
    <tr>
      <td>
        <Link to={paths.customer(a.customer._id)}>{a.customer.name}</Link>
        <div className="muted">{a.customer.email}</div>
      </td>
      <td>{a.address}</td>
      <td>{a.state}</td>
      {canFix && (
        <td>
          <select
            aria-label={`State for ${a.customer.name}, PIN ${a.postalCode}`}
            value={code}
            onChange={(e) => setCode(e.target.value)}
          >
            <option value="">Choose a state</option>
            {Object.entries(GST_STATES).map(([name, c]) => (
              <option key={c} value={c}>
                {name}
              </option>
            ))}
          </select>{' '}
          <button className="btn btn-primary" onClick={save} disabled={!code || fix.isPending}>
            Save
          </button>
        </td>
      )}
    </tr>
  );
}
