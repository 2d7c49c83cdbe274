import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '@voltcart/api-client/http';
import { type Category, slugify } from '@voltcart/shared';
import { type FormEvent, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { CatalogForm, NameSlugFields } from '../../components/catalog-form';
import { FileField } from '../../components/file-field';
import { LoadForEdit } from '../../components/query-states';
import { SafeImage } from '../../components/safe-image';
import { PageHeader } from '../../components/states';
import { paths } from '../../config/paths';
import { api, imageSrc } from '../../lib/api';
import { useApiMutation } from '../../lib/mutations';
import { queries } from '../../lib/queries';
import { staleAfter } from '../../lib/query-keys';
import { useUnsavedChanges } from '../../lib/unsaved-changes';
import { toast } from '../../stores/toast';

/** /admin/category/add ('Create New Category') and /admin/category/edit/:categoryId ('Edit Category'). */
export function CategoryFormPage() {
  const { categoryId } = useParams();
  const current = useQuery({ ...queries.category(categoryId ?? ''), enabled: Boolean(categoryId) });
  return (
    <>
      <PageHeader title={categoryId ? 'Edit Category' : 'Create New Category'} />
      <LoadForEdit query={current} editing={Boolean(categoryId)}>
        {(category) => <CategoryForm key={categoryId ?? 'new'} categoryId={categoryId} current={category} />}
      </LoadForEdit>
    </>
  );
}

/** The form itself, mounted once the category is loaded so its fields start filled in. */
function CategoryForm({ categoryId, current }: { categoryId?: string; current: Category | null }) {
  const editing = Boolean(categoryId);
  const navigate = useNavigate();
  const [name, setName] = useState(current?.name ?? '');
  const [files, setFiles] = useState<File[]>([]);
  const [invalid, setInvalid] = useState<string | null>(null);
  const { allowLeave } = useUnsavedChanges(name !== (current?.name ?? '') || files.length > 0);
  const save = useApiMutation(
    (body: { name: string; slug: string; Image: { blob: File; name: string } | null }) => {
      return categoryId
        ? api.category.update({ params: { id: categoryId }, body })
        : api.category.create({ body });
    },
    staleAfter.category,
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) {
      setInvalid('Please enter the category name.');
      return;
    }
    setInvalid(null);
    const image = files[0] ? { blob: files[0], name: files[0].name } : null;
    save.mutate(
      { name: name.trim(), slug: slugify(name.trim()), Image: image },
      {
        onSuccess: (reply) => {
          toast.reply(reply, editing ? 'Category updated.' : 'Category created.');
          allowLeave();
          navigate(paths.categories);
        },
      },
    );
  };

  const failed = editing ? 'The category could not be saved.' : 'The category could not be created.';
  return (
    <CatalogForm
      onSubmit={submit}
      error={invalid ?? (save.error ? errorMessage(save.error, failed) : null)}
      busy={save.isPending}
      submitLabel={editing ? 'Edit Category' : 'Create Category'}
      backTo={paths.categories}
    >
      <NameSlugFields
        idPrefix="category"
        label="Category Name"
        placeholder="e.g. Smartphones"
        name={name}
        onName={setName}
      />
      {current && (
        <div className="field">
          <span className="field-label">Current image</span>
          <SafeImage
            className="current-image"
            src={imageSrc('categories', current.Image)}
            alt={current.name}
          />
        </div>
      )}
      <FileField
        label="Upload File"
        name="Image"
        files={files}
        onChange={setFiles}
        hint="JPEG, PNG or WebP."
      />
    </CatalogForm>
  );
}
