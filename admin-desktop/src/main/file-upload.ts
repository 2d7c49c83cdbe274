import { openAsBlob } from 'node:fs';
import type { Client } from '@voltcart/api-client/client';
import type { BulkJob } from '../shared/ipc-contract';
import {
  type ImageUploadOptions,
  type ImageUploadResult,
  uploadProductImage,
} from '../shared/product-image-upload';
import { UploadError } from '../shared/upload-queue';

export interface FileUploadRequest extends ImageUploadOptions {
  client: Client;
  job: Pick<BulkJob, 'productId' | 'role' | 'colorId'>;
  filePath: string;
  /** The name sent with the file. */
  fileName: string;
  contentType: string;
}

/**
 * Sends one picture from disk with the API client. The file is a Blob backed by the file (`fs.openAsBlob`):
 * its bytes are read as they are sent, so memory use stays small whatever the file size, and the body length
 * is known in advance (the API can refuse an oversized file early). Failures: see uploadProductImage.
 */
export async function uploadImageFile(req: FileUploadRequest): Promise<ImageUploadResult> {
  let blob: Blob;
  try {
    blob = await openAsBlob(req.filePath, { type: req.contentType });
  } catch (e) {
    throw new UploadError(`Cannot read ${req.fileName}: ${(e as Error).message}`, false);
  }
  return uploadProductImage(req.client, req.job, { blob, name: req.fileName }, req);
}
