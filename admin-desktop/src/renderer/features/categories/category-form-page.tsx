import { errorMessage } from '@voltcart/api-client/http';
import { type Category, slugify } from '@voltcart/shared';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { FileField } from '../../components/file-field';
import { SafeImage } from '../../components/safe-image';
import { ErrorBox, PageHeader, Spinner } from '../../components/states';
import { paths } from '../../config/paths';
import { catalog, categoryImageUrl } from '../../lib/api';
import { useLoad } from '../../lib/hooks';
import { toast } from '../../stores/toast';

/** /admin/category/add ('Create New Category') and /admin/category/edit/:categoryId ('Edit Category'). */
export function CategoryFormPage() {
  const { categoryId } = useParams();
  const current = useLoad(async () => (categoryId ? catalog.category(categoryId) : null), [categoryId]);
  return (
    <>
      <PageHeader title={categoryId ? 'Edit Category' : 'Create New Category'} />
      {categoryId && current.loading ? (
        <Spinner />
      ) : categoryId && current.error ? (
        <ErrorBox message={current.error} onRetry={current.reload} />
      ) : (
        <CategoryForm key={categoryId ?? 'new'} categoryId={categoryId} current={current.data ?? null} />
      )}
    </>
  );
}

/** The form itself, mounted once the category is loaded so its fields start filled in. */
function CategoryForm({ categoryId, current }: { categoryId?: string; current: Category | null }) {
  const editing = Boolean(categoryId);
  const navigate = useNavigate();
  const [name, setName] = useState(current?.name ?? '');
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) {
      setError('Please enter the category name.');
      return;
    }
    setBusy(true);
    setError(null);
    const image = files[0] ? { blob: files[0], name: files[0].name } : null;
    try {
      const reply = categoryId
        ? await catalog.updateCategory(categoryId, { name: name.trim(), image })
        : await catalog.createCategory({ name: name.trim(), image });
      toast.reply(reply, editing ? 'Category updated.' : 'Category created.');
      navigate(paths.categories);
    } catch (err) {
      setError(
        errorMessage(
          err,
          editing ? 'The category could not be saved.' : 'The category could not be created.',
        ),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="panel form" onSubmit={submit} noValidate>
      {error && (
        <div className="form-error" role="alert">
          {error}
        </div>
      )}
      <div className="field">
        <label className="field-label" htmlFor="category-name">
          Category Name
        </label>
        <input
          id="category-name"
          name="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder="e.g. Smartphones"
        />
      </div>
      <div className="field">
        <label className="field-label" htmlFor="category-slug">
          Slug
        </label>
        <input id="category-slug" name="slug" value={slugify(name)} readOnly className="readonly" />
        <span className="hint">Made from the name automatically.</span>
      </div>
      {current && (
        <div className="field">
          <span className="field-label">Current image</span>
          <SafeImage className="current-image" src={categoryImageUrl(current.Image)} alt={current.name} />
        </div>
      )}
      <FileField
        label="Upload File"
        name="Image"
        files={files}
        onChange={setFiles}
        hint="JPEG, PNG or WebP."
      />
      <div className="form-actions">
        <button className="btn btn-primary" type="submit" disabled={busy}>
          {editing ? 'Edit Category' : 'Create Category'}
        </button>
        <Link to={paths.categories} className="btn btn-ghost">
          Go Back
        </Link>
      </div>
    </form>
  );
}
