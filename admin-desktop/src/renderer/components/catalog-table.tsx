import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { isFirstLoad, QueryError, rowsOf } from './query-states';
import { PageHeader, Spinner } from './states';
import { StatusToggle } from './status-toggle';

interface CatalogItem {
  _id: string;
  name: string;
  slug: string;
  status: boolean;
}

/**
 * The category and colour lists: a count, the Add button, a table of index, Name, Slug, one column
 * of the resource's own, a status toggle, actions and Delete.
 */
export function CatalogTable<T extends CatalogItem>(props: {
  title: string;
  /** 'categories' → "12 categories" under the title. */
  countLabel: string;
  add: { to: string; label: string };
  query: UseQueryResult<T[]>;
  emptyText: string;
  column: { head: string; cell: (item: T) => ReactNode };
  actions: (item: T) => ReactNode;
  onToggle: (item: T) => Promise<void>;
  onDelete: (item: T) => void;
}) {
  const { query } = props;
  const rows = rowsOf(query, (items) => items);
  return (
    <>
      <PageHeader
        title={props.title}
        subtitle={query.data ? `${query.data.length} ${props.countLabel}` : undefined}
        actions={
          <Link to={props.add.to} className="btn btn-primary">
            {props.add.label}
          </Link>
        }
      />
      <QueryError query={query} />
      <section className="panel">
        {isFirstLoad(query) ? (
          <Spinner />
        ) : (
          <table className="table">
            <thead>
              <tr>
                <th className="idx">#</th>
                <th>Name</th>
                <th>Slug</th>
                <th>{props.column.head}</th>
                <th>Status</th>
                <th>Actions</th>
                <th>Delete</th>
              </tr>
            </thead>
            <tbody>
              {rows.length === 0 ? (
                <tr>
                  <td colSpan={7} className="empty">
                    {props.emptyText}
                  </td>
                </tr>
              ) : (
                rows.map((item, i) => (
                  <tr key={item._id}>
                    <td className="idx">{i + 1}</td>
                    <td className="strong">{item.name}</td>
                    <td className="mono">{item.slug}</td>
                    <td>{props.column.cell(item)}</td>
                    <td>
                      <StatusToggle
                        on={item.status}
                        onLabel="Active"
                        offLabel="Inactive"
                        title="Click to change the status"
                        onToggle={() => props.onToggle(item)}
                      />
                    </td>
                    <td>{props.actions(item)}</td>
                    <td>
                      <button className="btn btn-danger-ghost btn-sm" onClick={() => props.onDelete(item)}>
                        Delete
                      </button>
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}
