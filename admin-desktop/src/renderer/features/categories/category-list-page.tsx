import { useQuery } from '@tanstack/react-query';
import type { Category } from '@voltcart/shared';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { CatalogTable } from '../../components/catalog-table';
import { Modal } from '../../components/modal';
import { SafeImage } from '../../components/safe-image';
import { paths } from '../../config/paths';
import { deleteWithConfirm, toggleWith } from '../../lib/actions';
import { api, imageSrc } from '../../lib/api';
import { useApiMutation } from '../../lib/mutations';
import { queries } from '../../lib/queries';
import { staleAfter } from '../../lib/query-keys';
import { DELETE_TEXTS } from '../../stores/dialog';

/** /admin/category: table, status toggle, View popup, Edit, Delete. */
export function CategoryListPage() {
  const list = useQuery(queries.categories());
  const toggle = useApiMutation((id: string) => api.category.toggle({ params: { id } }), staleAfter.category);
  const remove = useApiMutation((id: string) => api.category.remove({ params: { id } }), staleAfter.category);
  const [viewing, setViewing] = useState<Category | null>(null);

  return (
    <>
      <CatalogTable
        title="Categories"
        countLabel="categories"
        add={{ to: paths.categoryAdd, label: 'Add Category' }}
        query={list}
        emptyText="No categories available"
        column={{
          head: 'Image',
          cell: (c) => (
            <SafeImage className="thumb" src={imageSrc('categories', c.Image)} alt={c.name} size={40} />
          ),
        }}
        actions={(c) => (
          <div className="row-actions">
            <button className="btn btn-ghost btn-sm" onClick={() => setViewing(c)}>
              View
            </button>
            <Link to={paths.categoryEdit(c._id)} className="btn btn-ghost btn-sm">
              Edit
            </Link>
          </div>
        )}
        onToggle={(c) => toggleWith(() => toggle.mutateAsync(c._id))}
        onDelete={(c) =>
          deleteWithConfirm({ remove: () => remove.mutateAsync(c._id), doneText: DELETE_TEXTS.category })
        }
      />
      {viewing && (
        <Modal title="Category" onClose={() => setViewing(null)}>
          <div className="view-grid">
            <SafeImage
              className="view-image"
              src={imageSrc('categories', viewing.Image)}
              alt={viewing.name}
            />
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
