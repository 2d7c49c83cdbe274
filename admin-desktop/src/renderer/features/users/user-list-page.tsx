import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { ListSearch } from '../../components/list-search';
import { Pager } from '../../components/pager';
import { ListBody, QueryError, rowsOf } from '../../components/query-states';
import { type SortDir, SortHeader } from '../../components/sort-header';
import { PageHeader } from '../../components/states';
import { paths } from '../../config/paths';
import { formatDate } from '../../lib/format';
import { useListParams } from '../../lib/list-params';
import { queries } from '../../lib/queries';
import { AddressesToCheck } from './addresses-to-check';

const LIMIT = 50;
type Sort = 'joined' | 'name' | 'email';
const SORTS: readonly Sort[] = ['joined', 'name', 'email'];

/**
 * Customers (GET /admin/users): search, blocked and joined-date filters, sort by name, email or joined date,
 * the total and a page jump, all kept in the address. A row opens the customer's page. Above the list, the
 * addresses whose state could not be matched, when there are any.
 */
export function UserListPage() {
  const { params, page, limit, search, q, setSearch, setPage, setFilter, setFilters } = useListParams({
    limit: LIMIT,
  });
  const sort = (SORTS as readonly string[]).includes(params.get('sort') ?? '')
    ? (params.get('sort') as Sort)
    : 'joined';
  const dir: SortDir = params.get('dir') === 'asc' ? 'asc' : 'desc';
  const blocked = params.get('blocked');
  const joinedFrom = params.get('joinedFrom') ?? '';
  const joinedTo = params.get('joinedTo') ?? '';
  const list = useQuery({
    ...queries.customers({
      q: q || undefined,
      page,
      limit,
      sort,
      dir,
      blocked: blocked === 'true' || blocked === 'false' ? blocked : undefined,
      joinedFrom: joinedFrom || undefined,
      joinedTo: joinedTo || undefined,
    }),
    placeholderData: keepPreviousData,
  });
  const rows = rowsOf(list, (d) => d.users);
  const filtered = Boolean(q || blocked || joinedFrom || joinedTo);
  const onSort = (column: Sort, to: 'asc' | 'desc') => {
    setFilters({ sort: column === 'joined' ? null : column, dir: to === 'desc' ? null : to });
  };
  // Every sortable column shows, and changes, the one sort of the list.
  const sorted = { sort, dir, onSort };
  return (
    <>
      <PageHeader title="Users" subtitle="Customer accounts" />
      <AddressesToCheck />
      <div className="toolbar">
        <ListSearch
          label="Search users"
          placeholder="Search by name or email…"
          value={search}
          onSearch={setSearch}
        />
        <label className="inline-label">
          Status
          <select value={blocked ?? ''} onChange={(e) => setFilter('blocked', e.target.value || null)}>
            <option value="">All</option>
            <option value="false">Active</option>
            <option value="true">Blocked</option>
          </select>
        </label>
        <label className="inline-label">
          Joined from
          <input
            type="date"
            value={joinedFrom}
            onChange={(e) => setFilter('joinedFrom', e.target.value || null)}
          />
        </label>
        <label className="inline-label">
          to
          <input
            type="date"
            value={joinedTo}
            onChange={(e) => setFilter('joinedTo', e.target.value || null)}
          />
        </label>
      </div>
      <QueryError query={list} />
      <section className="panel">
        <ListBody
          query={list}
          count={rows.length}
          empty={filtered ? 'No customers match.' : 'No customers yet.'}
        >
          <table className="table">
            <thead>
              <tr>
                <th className="idx">#</th>
                <SortHeader label="Name" column="name" {...sorted} />
                <SortHeader label="Email" column="email" {...sorted} />
                <th className="num">Orders</th>
                <SortHeader label="Joined" column="joined" firstDir="desc" {...sorted} />
                <th>Status</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((u, i) => (
                <tr key={u._id}>
                  <td className="idx">{(page - 1) * limit + i + 1}</td>
                  <td className="strong">
                    <Link to={paths.customer(u._id)}>{u.name}</Link>
                  </td>
                  <td>{u.email}</td>
                  <td className="num">{u.orderCount}</td>
                  <td>{formatDate(u.createdAt)}</td>
                  <td>{u.blocked ? <span className="badge badge-bad">Blocked</span> : 'Active'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ListBody>
      </section>
      <Pager page={page} limit={limit} count={rows.length} reply={list.data} onPage={setPage} />
    </>
  );
}
