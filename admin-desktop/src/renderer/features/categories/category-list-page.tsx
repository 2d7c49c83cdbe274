import type { Category } from '@voltcart/shared';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Modal } from '../../components/modal';
import { SafeImage } from '../../components/safe-image';
import { ErrorBox, PageHeader, Spinner } from '../../components/states';
import { StatusToggle } from '../../components/status-toggle';
import { paths } from '../../config/paths';
import { deleteWithConfirm, toggleWith } from '../../lib/actions';
import { catalog, categoryImageUrl } from '../../lib/api';
import { useLoad } from '../../lib/hooks';
import { DELETE_TEXTS } from '../../stores/dialog';

/** /admin/category (seed §2): table, status toggle, View popup, Edit, Delete. */
export function CategoryListPage() {
  const list = useLoad(() => catalog.categories(), []);
  const [viewing, setViewing] = useState<Category | null>(null);
  // Seed §8: a failed list fetch empties the list (the error is shown above it).
  const rows = list.error ? [] : (list.data ?? []);

  return (
    <>
      <PageHeader
        title="Categories"
        subtitle={list.data ? `${list.data.length} categories` : undefined}
        actions={
          <Link to={paths.categoryAdd} className="btn btn-primary">
            Add Category
          </Link>
        }
      />
      {list.error && <ErrorBox message={list.error} onRetry={list.reload} />}
      <section className="panel">
        {list.loading && !list.data ? (
          <Spinner />
        ) : (
          <table className="table">
            <thead>
              <tr>
                <th className="idx">#</th>
                <th>Name</th>
                <th>Slug</th>
                <th>Image</th>
                <th>Status</th>
                <th>Actions</th>
                <th>Delete</th>
              </tr>
            </thead>
            <tbody>
              {rows.length === 0 ? (
                <tr>
                  <td colSpan={7} className="empty">
                    No categories available
                  </td>
                </tr>
              ) : (
                rows.map((c, i) => (
                  <tr key={c._id}>
                    <td className="idx">{i + 1}</td>
                    <td className="strong">{c.name}</td>
                    <td className="mono">{c.slug}</td>
                    <td>
                      <SafeImage className="thumb" src={categoryImageUrl(c.Image)} alt={c.name} size={40} />
                    </td>
                    <td>
                      <StatusToggle
                        on={c.status}
                        onLabel="Active"
                        offLabel="Inactive"
                        title="Click to change the status"
                        onToggle={() => toggleWith(() => catalog.toggleCategory(c._id), list.reload)}
                      />
                    </td>
                    <td>
                      <div className="row-actions">
                        <button className="btn btn-ghost btn-sm" onClick={() => setViewing(c)}>
                          View
                        </button>
                        <Link to={paths.categoryEdit(c._id)} className="btn btn-ghost btn-sm">
                          Edit
                        </Link>
                      </div>
                    </td>
                    <td>
                      <button
                        className="btn btn-danger-ghost btn-sm"
                        onClick={() =>
                          deleteWithConfirm({
                            remove: () => catalog.deleteCategory(c._id),
                            doneText: DELETE_TEXTS.category,
                            after: list.reload,
                          })
                        }
                      >
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
      {viewing && (
        <Modal title="Category" onClose={() => setViewing(null)}>
          <div className="view-grid">
            <SafeImage className="view-image" src={categoryImageUrl(viewing.Image)} alt={viewing.name} />
            <dl className="details">
              <dt>Name</dt>
              <dd>{viewing.name}</dd>
              <dt>Slug</dt>
              <dd className="mono">{viewing.slug}</dd>
              <dt>Status</dt>
              <dd>{viewing.status ? 'Active' : 'Inactive'}</dd>
              <dt>ID</dt>
              <dd className="mono">{viewing._id}</dd>
              <dt>Products</dt>
              <dd>{viewing.productCount}</dd>
            </dl>
          </div>
        </Modal>
      )}
    </>
  );
}
