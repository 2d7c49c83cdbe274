import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { CatalogTable } from '../../components/catalog-table';
import { paths } from '../../config/paths';
import { deleteWithConfirm, toggleWith } from '../../lib/actions';
import { api } from '../../lib/api';
import { useApiMutation } from '../../lib/mutations';
import { queries } from '../../lib/queries';
import { staleAfter } from '../../lib/query-keys';
import { DELETE_TEXTS } from '../../stores/dialog';

/** /admin/color: index, Name, Slug, HexCode, Status toggle, Actions (Edit), Delete. */
export function ColorListPage() {
  const list = useQuery(queries.colors());
  const toggle = useApiMutation((id: string) => api.color.toggle({ params: { id } }), staleAfter.color);
  const remove = useApiMutation((id: string) => api.color.remove({ params: { id } }), staleAfter.color);
  return (
    <CatalogTable
      title="Colors"
      countLabel="colours"
      add={{ to: paths.colorAdd, label: 'Add Color' }}
      query={list}
      emptyText="No colors available"
      column={{
        head: 'HexCode',
        cell: (c) => (
          <span className="hex">
            <span className="swatch" style={{ background: c.hexcode }} aria-hidden="true" />
            <span className="mono">{c.hexcode}</span>
          </span>
        ),
      }}
      actions={(c) => (
        <Link to={paths.colorEdit(c._id)} className="btn btn-ghost btn-sm">
          Edit
        </Link>
      )}
      onToggle={(c) => toggleWith(() => toggle.mutateAsync(c._id))}
      onDelete={(c) =>
        deleteWithConfirm({ remove: () => remove.mutateAsync(c._id), doneText: DELETE_TEXTS.color })
      }
    />
  );
}
