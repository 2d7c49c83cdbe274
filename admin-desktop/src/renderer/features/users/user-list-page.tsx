import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Pager } from '../../components/pager';
import { isFirstLoad, QueryError, rowsOf } from '../../components/query-states';
import { PageHeader, Spinner } from '../../components/states';
import { formatDate } from '../../lib/format';
import { useListParams } from '../../lib/list-params';
import { queries } from '../../lib/queries';

const LIMIT = 50;

/** Customers with their order counts (GET /admin/users). */
export function UserListPage() {
  const { page, limit, search, q, setSearch, setPage } = useListParams({ limit: LIMIT });
  const list = useQuery({
    ...queries.customers({ q: q || undefined, page, limit }),
    placeholderData: keepPreviousData,
  });
  const rows = rowsOf(list, (d) => d.users);
  return (
    <>
      <PageHeader title="Users" subtitle="Customer accounts" />
      <div className="toolbar">
        <input
          type="search"
          className="search"
          aria-label="Search users"
          placeholder="Search by name or email…"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      <QueryError query={list} />
      <section className="panel">
        {isFirstLoad(list) ? (
          <Spinner />
        ) : rows.length === 0 ? (
          <p className="empty">{q ? 'No customers match.' : 'No customers yet.'}</p>
        ) : (
          <table className="table">
            <thead>
              <tr>
                <th className="idx">#</th>
                <th>Name</th>
                <th>Email</th>
                <th className="num">Orders</th>
                <th>Joined</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((u, i) => (
                <tr key={u._id}>
                  <td className="idx">{(page - 1) * limit + i + 1}</td>
                  <td className="strong">{u.name}</td>
                  <td>{u.email}</td>
                  <td className="num">{u.orderCount}</td>
                  <td>{formatDate(u.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <Pager
        page={page}
        limit={limit}
        count={rows.length}
        hasMore={Boolean(list.data?.hasMore)}
        onPage={setPage}
      />
    </>
  );
}
