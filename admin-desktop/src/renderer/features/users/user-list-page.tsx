import { useState } from 'react';
import { Pager } from '../../components/pager';
import { ErrorBox, PageHeader, Spinner } from '../../components/states';
import { adminClient } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { useDebounced, useLoad } from '../../lib/hooks';

const LIMIT = 50;

/** Customers with their order counts (GET /admin/users). */
export function UserListPage() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const q = useDebounced(search.trim(), 300);
  const list = useLoad(() => adminClient.users({ q: q || undefined, page, limit: LIMIT }), [q, page]);
  const rows = list.error ? [] : (list.data?.users ?? []);
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
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
        />
      </div>
      {list.error && <ErrorBox message={list.error} onRetry={list.reload} />}
      <section className="panel">
        {list.loading && !list.data ? (
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
                  <td className="idx">{(page - 1) * LIMIT + i + 1}</td>
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
        limit={LIMIT}
        count={rows.length}
        hasMore={Boolean(list.data?.hasMore)}
        onPage={setPage}
      />
    </>
  );
}
