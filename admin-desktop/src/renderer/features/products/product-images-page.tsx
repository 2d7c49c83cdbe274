import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '@voltcart/api-client/http';
import type { UploadFile } from '@voltcart/shared';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { FileField } from '../../components/file-field';
import { ProgressBar } from '../../components/progress-bar';
import { isFirstLoad, QueryError } from '../../components/query-states';
import { SafeImage } from '../../components/safe-image';
import { PageHeader, Spinner } from '../../components/states';
import { paths } from '../../config/paths';
import { deleteWithConfirm } from '../../lib/actions';
import { api, imageSrc } from '../../lib/api';
import { useApiMutation } from '../../lib/mutations';
import { queries } from '../../lib/queries';
import { staleAfter } from '../../lib/query-keys';
import { DELETE_TEXTS } from '../../stores/dialog';
import { toast } from '../../stores/toast';

/** The API takes at most this many images per request: more are sent in several requests, one after another. */
export const PER_REQUEST = 20;

/** /admin/product/multiple/:productId: the product's gallery, add several images, remove one. */
export function ProductImagesPage() {
  const { productId = '' } = useParams();
  const product = useQuery(queries.product(productId));
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const addImages = useApiMutation(
    ({ images, onProgress }: { images: UploadFile[]; onProgress: (loaded: number, total: number) => void }) =>
      api.product.addImages(
        { params: { id: productId }, body: { images } },
        { onUploadProgress: onProgress, timeout: 0 },
      ),
    staleAfter.product,
  );
  const removeImage = useApiMutation(
    ({ id, file }: { id: string; file: string }) => api.product.removeImage({ params: { id, file } }),
    staleAfter.product,
  );

  const upload = async () => {
    if (!files.length) {
      toast.error('Choose one or more images first.');
      return;
    }
    setProgress(0);
    const size = (list: File[]) => list.reduce((s, f) => s + f.size, 0);
    const total = size(files) || 1;
    let done = 0;
    let uploaded = 0;
    // Files the product shows already are not added again (the API answers them "already there").
    let alreadyThere = 0;
    try {
      for (let i = 0; i < files.length; i += PER_REQUEST) {
        const batch = files.slice(i, i + PER_REQUEST);
        const reply = await addImages.mutateAsync({
          images: batch.map((f) => ({ blob: f, name: f.name })),
          onProgress: (loaded, t) =>
            setProgress(((done + (loaded / Math.max(1, t)) * size(batch)) / total) * 100),
        });
        done += size(batch);
        uploaded += batch.length;
        alreadyThere += reply.uploads.filter((u) => u.status === 'already_there').length;
        if (uploaded === files.length) {
          if (files.length <= PER_REQUEST) toast.reply(reply, 'Images uploaded.');
          else if (alreadyThere)
            toast.success(
              `${files.length - alreadyThere} images uploaded, ${alreadyThere} already there (not added again).`,
            );
          else toast.success(`${files.length} images uploaded.`);
        }
      }
      setFiles([]);
    } catch (e) {
      // The requests before the failed one went through: those images are in the gallery. The rest stay
      // chosen, so Upload tries them again.
      setFiles(files.slice(uploaded));
      const why = errorMessage(e, 'The images could not be uploaded.');
      toast.error(
        uploaded
          ? `${uploaded} of ${files.length} images were uploaded; the other ${files.length - uploaded} were not: ${why}`
          : why,
      );
    } finally {
      setProgress(null);
    }
  };

  const p = product.data;
  return (
    <>
      <PageHeader
        title="Product Images"
        subtitle={p ? p.name : undefined}
        actions={
          <Link to={paths.products} className="btn btn-ghost">
            Back to products
          </Link>
        }
      />
      {isFirstLoad(product) ? (
        <Spinner />
      ) : product.error && !product.isFetching ? (
        <QueryError query={product} />
      ) : p ? (
        <>
          <section className="panel form">
            <FileField
              label="Upload Images"
              name="images"
              multiple
              files={files}
              onChange={setFiles}
              hint="Choose several JPEG, PNG or WebP images; they are added to the gallery."
            />
            {files.length > PER_REQUEST && (
              <p className="hint" data-testid="upload-batches">
                {files.length} images chosen: all of them are uploaded, in{' '}
                {Math.ceil(files.length / PER_REQUEST)} requests of up to {PER_REQUEST}.
              </p>
            )}
            {progress !== null && <ProgressBar value={progress} label="Upload progress" />}
            <div className="form-actions">
              <button
                className="btn btn-primary"
                onClick={upload}
                disabled={progress !== null || !files.length}
              >
                {progress !== null ? `Uploading… ${Math.round(progress)}%` : 'Upload'}
              </button>
            </div>
          </section>
          <section className="panel">
            <div className="panel-head">
              <h2>Gallery</h2>
              <span className="muted">
                {p.images.length} image{p.images.length === 1 ? '' : 's'}
              </span>
            </div>
            <div className="gallery">
              {p.thumbnail && (
                <figure className="gallery-item gallery-thumb">
                  <SafeImage src={imageSrc('product', p.thumbnail, 'sm')} alt={`${p.name} thumbnail`} />
                  <figcaption>Thumbnail</figcaption>
                </figure>
              )}
              {p.images.map((img, i) => (
                <figure key={img} className="gallery-item" data-testid="gallery-image">
                  <SafeImage src={imageSrc('product', img, 'sm')} alt={`${p.name} image ${i + 1}`} />
                  <figcaption>
                    <span className="muted">#{i + 1}</span>
                    <button
                      className="btn btn-danger-ghost btn-sm"
                      onClick={() =>
                        deleteWithConfirm({
                          remove: () => removeImage.mutateAsync({ id: p._id, file: img }),
                          doneText: DELETE_TEXTS.image,
                        })
                      }
                    >
                      Remove
                    </button>
                  </figcaption>
                </figure>
              ))}
              {!p.images.length && <p className="empty">No gallery images yet.</p>}
            </div>
          </section>
        </>
      ) : null}
    </>
  );
}
