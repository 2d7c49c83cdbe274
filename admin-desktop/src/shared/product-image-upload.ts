import type { CallOptions, Client } from '@voltcart/api-client/client';
import { ApiError, errorMessage } from '@voltcart/api-client/http';
import type { PictureUpload, Product, UploadFile } from '@voltcart/shared';
import type { BulkJob } from './ipc-contract';
import { isRetryableStatus, UploadError } from './upload-queue';

export interface ImageUploadResult {
  product: Product;
  /** What the API did with the file (see PictureUpload). */
  upload: PictureUpload | null;
  /** The API skipped the file: it is one of the product's pictures already (uploads are idempotent). */
  alreadyThere: boolean;
}

export interface ImageUploadOptions {
  /** Cancels the upload while its bytes are being sent (see below). */
  signal?: AbortSignal;
  /** Bytes of the request body sent so far, of its whole length. */
  onProgress?: (sent: number, total: number) => void;
  /** No progress for this long, sending or awaiting the answer → the upload fails (retryable). */
  idleTimeoutMs?: number;
}

/** The API's failure (or a network failure) as an UploadError: 408/429/5xx and no answer are retryable. */
function toUploadError(e: unknown): UploadError {
  if (e instanceof UploadError) return e;
  if (e instanceof ApiError) return new UploadError(e.message, isRetryableStatus(e.status), e.status);
  return new UploadError(errorMessage(e, 'The upload failed.'), true);
}

/**
 * One picture of the bulk upload, sent with the API client (the desktop app's main process with a file read
 * from disk, the browser bridge with a chosen File): the thumbnail replaces the product's main picture
 * (PUT /product/update/:id), a gallery picture is added to its list (PATCH /product/multiple-images/:id), a
 * colour's picture to that colour's gallery (PATCH /product/:id/color-images/:colorId).
 * - `signal` cancels while the file is being sent, not after: once every byte is sent the API is already
 *   saving it, so cancelling then would only hide an upload that happened (and a retry would add the picture
 *   twice); the answer is awaited instead
 * - failures are UploadErrors carrying the API's message, retryable or not (see toUploadError)
 * - sending a file the product already has stores nothing: the result says `alreadyThere`
 */
export async function uploadProductImage(
  client: Client,
  job: Pick<BulkJob, 'productId' | 'role' | 'colorId'>,
  file: UploadFile,
  opts: ImageUploadOptions = {},
): Promise<ImageUploadResult> {
  if (opts.signal?.aborted) throw new UploadError('The upload was cancelled.', false);
  const sending = new AbortController();
  let stopped: UploadError | null = null;
  const stop = (why: UploadError) => {
    stopped ??= why;
    sending.abort();
  };
  let sentAll = false;
  const onAbort = () => {
    if (!sentAll) stop(new UploadError('The upload was cancelled.', false));
  };
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  let idle: ReturnType<typeof setTimeout> | undefined;
  const watch = () => {
    if (!opts.idleTimeoutMs) return;
    clearTimeout(idle);
    idle = setTimeout(
      () => stop(new UploadError('The shop server stopped answering during the upload.', true)),
      opts.idleTimeoutMs,
    );
  };
  watch();
  const call: CallOptions = {
    signal: sending.signal,
    // Large files on a slow line: only the idle watch above limits an upload's time.
    timeout: 0,
    onUploadProgress: (sent, total) => {
      watch();
      if (sent >= total) sentAll = true;
      opts.onProgress?.(sent, total);
    },
  };
  const params = { id: job.productId };
  try {
    const reply = job.colorId
      ? await client.variant.addColorImages(
          { params: { ...params, colorId: job.colorId }, body: { images: [file] } },
          call,
        )
      : job.role === 'thumbnail'
        ? await client.product.update({ params, body: { thumbnail: file } }, call)
        : await client.product.addImages({ params, body: { images: [file] } }, call);
    const upload = reply.uploads?.[0] ?? null;
    return { product: reply.product, upload, alreadyThere: upload?.status === 'already_there' };
  } catch (e) {
    throw stopped ?? toUploadError(e);
  } finally {
    clearTimeout(idle);
    opts.signal?.removeEventListener('abort', onAbort);
  }
}
