import { Link } from 'react-router-dom';
import { ErrorBox, PageHeader, Spinner } from '../../components/states';
import { StatusToggle } from '../../components/status-toggle';
import { paths } from '../../config/paths';
import { deleteWithConfirm, toggleWith } from '../../lib/actions';
import { catalog } from '../../lib/api';
import { useLoad } from '../../lib/hooks';
import { DELETE_TEXTS } from '../../stores/dialog';

/** /admin/color (seed §2): index, Name, Slug, HexCode, Status toggle, Actions (Edit), Delete. */
export function ColorListPage() {
  const list = useLoad(() => catalog.colors(), []);
  const rows = list.error ? [] : (list.data ?? []);
  return (
    <>
      <PageHeader
        title="Colors"
        subtitle={list.data ? `${list.data.length} colours` : undefined}
        actions={
          <Link to={paths.colorAdd} className="btn btn-primary">
            Add Color
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
                <th>HexCode</th>
                <th>Status</th>
                <th>Actions</th>
                <th>Delete</th>
              </tr>
            </thead>
            <tbody>
              {rows.length === 0 ? (
                <tr>
                  <td colSpan={7} className="empty">
                    No colors available
                  </td>
                </tr>
              ) : (
                rows.map((c, i) => (
                  <tr key={c._id}>
                    <td className="idx">{i + 1}</td>
                    <td className="strong">{c.name}</td>
                    <td className="mono">{c.slug}</td>
                    <td>
                      <span className="hex">
                        <span className="swatch" style={{ background: c.hexcode }} aria-hidden="true" />
                        <span className="mono">{c.hexcode}</span>
                      </span>
                    </td>
                    <td>
                      <StatusToggle
                        on={c.status}
                        onLabel="Active"
                        offLabel="Inactive"
                        title="Click to change the status"
                        onToggle={() => toggleWith(() => catalog.toggleColor(c._id), list.reload)}
                      />
                    </td>
                    <td>
                      <Link to={paths.colorEdit(c._id)} className="btn btn-ghost btn-sm">
                        Edit
                      </Link>
                    </td>
                    <td>
                      <button
                        className="btn btn-danger-ghost btn-sm"
                        onClick={() =>
                          deleteWithConfirm({
                            remove: () => catalog.deleteColor(c._id),
                            doneText: DELETE_TEXTS.color,
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
    </>
  );
}
